//! The Swiss event's script: entries (one by the arbiter), a half-point
//! bye, round 1 paired on demand, a report, a dispute, the arbiter's
//! results (a forfeit withdraws its no-show, dutch G), round 2 paired by
//! the schedule. A Swiss keeps no secret (dutch F1 publishes everything).

use super::{act, at, create, grant, step, Script};
use arbiter_domain::competition::Kind;
use serde_json::json;

pub fn swiss() -> Script {
    let k = Kind::Swiss;
    let t0 = at("2026-05-01T10:00:00Z");
    let r1 = at("2026-05-02T10:00:00Z");
    let mut steps = vec![
        step(t0, "org", create(k)),
        step(t0, "org", grant("arb", "arbiter")),
        step(
            t0,
            "org",
            act(
                k,
                "set-up",
                json!({"settings": {"rounds": 3, "half_point_byes": 1,
                    "late_entries_until_round": 2,
                    "tiebreaks": ["buchholz-cut-1", "sonneborn-berger"],
                    "round_times": ["2026-05-02T09:00:00Z", "2026-05-03T09:00:00Z"]}}),
            ),
        ),
    ];
    for (p, rating) in [("ann", 2200), ("bob", 2100), ("cat", 2000), ("dan", 1900)] {
        steps.push(step(
            t0,
            p,
            act(
                k,
                "register",
                json!({"entry": {"name": p, "rating": rating}}),
            ),
        ));
    }
    steps.extend([
        step(
            t0,
            "arb",
            act(
                k,
                "register",
                json!({"player": "eve", "entry": {"name": "Eve", "rating": 1800, "title": "WFM", "federation": "ENG"}}),
            ),
        ),
        step(t0, "eve", act(k, "request-bye", json!({"round": 2}))),
        step(r1, "arb", act(k, "pair-round", json!({}))),
        // Round 1 (F4, E5): ann-cat, dan-bob; eve has the bye.
        step(r1, "ann", act(k, "report-result", json!({"round": 1, "board": 1, "result": "1-0"}))),
        step(r1, "dan", act(k, "report-result", json!({"round": 1, "board": 2, "result": "1-0"}))),
        step(r1, "bob", act(k, "dispute-result", json!({"round": 1, "board": 2}))),
        step(r1, "arb", act(k, "set-result", json!({"round": 1, "board": 2, "result": "-+", "reason": "dan did not appear"}))),
        step(at("2026-05-03T09:00:00Z"), "schedule", json!({"command": "tick"})),
    ]);
    let probes = vec![
        step(
            r1,
            "arb",
            act(
                k,
                "set-pairing",
                json!({"round": 2, "reason": "r",
            "boards": [{"white": "ann", "black": "bob"}], "bye": "cat"}),
            ),
        ),
        step(
            t0,
            "arb",
            act(
                k,
                "import-trf",
                json!({"trf": "001    1      A                                 2000", "players": {"1": "ann"}}),
            ),
        ),
        step(r1, "cat", act(k, "withdraw", json!({}))),
        step(r1, "arb", act(k, "reinstate", json!({"player": "dan"}))),
        step(r1, "bob", act(k, "announce-absence", json!({"round": 3}))),
        step(r1, "bob", act(k, "cancel-absence", json!({"round": 3}))),
    ];
    Script {
        probes,
        kind: k,
        id: "conformance-swiss",
        steps,
        secrets: vec![],
        viewers: &["org", "arb", "ann", "bob", "cat", "dan", "eve", "outsider"],
        participants: &["ann", "bob", "cat", "dan", "eve"],
    }
}
