//! nomic 101, 102, 103, 108, 109, 110, 112, 116, 211, 213 and the export format.

use super::*;
use crate::nomic::rulebook::{prevailing, rewrite_references, Label};
use proptest::prelude::*;

#[test]
fn nomic_export_round_trip_of_the_seed_is_equal_json() {
    let original: serde_json::Value = serde_json::from_str(SEED).unwrap();
    let book = RuleBookExport::from_json(&original).unwrap();
    assert_eq!(book.to_json(), original);
    // And through a whole game: imported, then exported unchanged.
    let g = Game::new();
    assert_eq!(export_rules(g.nomic()).to_json(), original);
}

/// nomic 101: an organizer who names no rule book imports the shipped
/// Initial Set; `{"action":"import-rules"}` reads as exactly that.
#[test]
fn nomic_101_import_without_rules_imports_the_shipped_initial_set() {
    let command: crate::nomic::Command =
        serde_json::from_str(r#"{"action":"import-rules"}"#).unwrap();
    let crate::nomic::Command::ImportRules { rules } = command else {
        panic!("not an import");
    };
    // 18 rules numbered 101–118 and 15 numbered 201–215: 33 in all.
    assert_eq!(rules.rules.len(), 33);
    assert_eq!(rules, seed());
}

#[test]
fn nomic_101_initial_set_is_101_to_118_and_201_to_215() {
    let book = seed();
    let mut numbers: Vec<u32> = book.in_effect().map(|r| r.label.number).collect();
    numbers.sort();
    let expected: Vec<u32> = (101..=118).chain(201..=215).collect();
    assert_eq!(numbers, expected);
}

#[test]
fn nomic_101_game_begins_only_with_rules_in_effect() {
    let t = at("2026-03-14T10:00:00Z");
    let mut g = Game::bare();
    g.ok(
        "org",
        t,
        Command::SeatPlayer {
            player: user("ann"),
            day: AllocatedDay::Monday,
        },
    );
    let e = g
        .run_at(
            "org",
            t,
            Command::Begin {
                settings: Settings::default(),
            },
        )
        .unwrap_err();
    assert_eq!(e.clause.as_deref(), Some("nomic 101"));
}

#[test]
fn nomic_102_labels_mark_immutable_rules() {
    assert_eq!(
        Label::parse("109[I]"),
        Some(Label {
            number: 109,
            immutable: true
        })
    );
    assert_eq!(
        Label::parse("203"),
        Some(Label {
            number: 203,
            immutable: false
        })
    );
    assert_eq!(Label::parse("I203"), None);
    assert_eq!(Label::parse(""), None);
    assert_eq!(Label::parse("[I]"), None);
    let book = seed();
    assert_eq!(book.in_effect().filter(|r| r.label.immutable).count(), 18);
    // 201..=215: fifteen mutable rules.
    assert_eq!(book.mutable_count(), 15);
}

#[test]
fn nomic_103_immutable_rules_are_not_amended_or_repealed() {
    let mut g = Game::new();
    assert_eq!(
        g.refused("chris", "2026-03-16T10:00:00Z", amend(113, "x")),
        "nomic 103"
    );
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-16T10:00:00Z",
            RuleChange::Repeal { rule: 101 }
        ),
        "nomic 103"
    );
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-16T10:00:00Z",
            RuleChange::Repeal { rule: 299 }
        ),
        "nomic 103"
    );
    // Refused proposals are not proper: they get no number (nomic 109).
    assert_eq!(g.nomic().next_number(), 301);
}

#[test]
fn nomic_103_enactment_creates_a_mutable_rule_numbered_by_its_proposal() {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-16T10:00:00Z",
        enact("Players shall be polite."),
    );
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    let r = g.nomic().rules.current.find(301).unwrap();
    assert!(!r.label.immutable);
    assert_eq!(r.record.text, vec!["Players shall be polite.".to_string()]);
    // The seed's ids are 0..=32: the new record is 33.
    assert_eq!(r.id, "33");
    assert_eq!(r.record.date, "2026-03-17");
}

/// nomic 117: "Rule-changes that affect rules needed to allow or apply
/// rule-changes are as permissible as other rule-changes. Even rule-changes
/// that amend or repeal their own authority are permissible." On Monday 16
/// March chris proposes to repeal 202, the rule that lets him propose on his
/// day; on Tuesday dave proposes to amend 204, the rule under which his own
/// proposal is adopted. Both are proper (numbered 301 and 302), adopted
/// unanimously and take effect: 202 is gone, and 204 is now rule 302 (109).
#[test]
fn nomic_117_rule_changes_may_change_the_rule_change_rules_and_their_own_authority() {
    let mut g = Game::new();
    let p = g.propose(
        "chris",
        "2026-03-16T09:00:00Z",
        RuleChange::Repeal { rule: 202 },
    );
    assert_eq!(p, 301);
    g.votes(&ALL, "2026-03-16T10:00:00Z", p, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(p), ProposalStatus::InEffect);
    assert!(g.nomic().rules.current.find(202).is_none());
    let q = g.propose(
        "dave",
        "2026-03-17T09:00:00Z",
        amend(
            204,
            "A rule-change is adopted if and only if the vote is unanimous among the votes cast.",
        ),
    );
    assert_eq!(q, 302);
    g.votes(&ALL, "2026-03-17T10:00:00Z", q, Vote::Yes);
    g.tick("2026-03-18T00:00:00Z");
    assert_eq!(g.status(q), ProposalStatus::InEffect);
    assert!(g.nomic().rules.current.find(204).is_none());
    assert!(g.nomic().rules.current.find(302).is_some());
}

#[test]
fn nomic_103_repeal_takes_a_rule_out_of_effect_but_keeps_its_record() {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-16T10:00:00Z",
        RuleChange::Repeal { rule: 212 },
    );
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    let book = &g.nomic().rules.current;
    assert!(book.find(212).is_none());
    assert_eq!(book.rules["29"].ineffect, "0");
    assert_eq!(book.mutable_count(), 14);
}

#[test]
fn nomic_108_no_rule_change_takes_effect_before_its_vote_completes() {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-16T10:00:00Z",
        amend(207, "A defeated proposal costs 5 points."),
    );
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    // The schedule runs late: the change still dates from the completion.
    g.tick("2026-03-17T00:04:00Z");
    let completion = at("2026-03-17T00:00:00Z");
    let before = g
        .nomic()
        .rules
        .as_of(completion - chrono::Duration::seconds(1))
        .unwrap();
    let after = g.nomic().rules.as_of(completion).unwrap();
    assert!(before.find(207).is_some() && before.find(301).is_none());
    assert!(after.find(207).is_none() && after.find(301).is_some());
    assert_eq!(
        g.nomic().proposal(n).unwrap().took_effect_at,
        Some(completion)
    );
    // Before the import there is no rule book.
    assert!(g.nomic().rules.as_of(at("2026-01-01T00:00:00Z")).is_none());
}

#[test]
fn nomic_109_numbers_run_from_301_whether_adopted_or_not() {
    let mut g = Game::new();
    let a = g.propose("chris", "2026-03-16T10:00:00Z", enact("A"));
    g.vote("dave", "2026-03-16T11:00:00Z", a, Vote::No);
    let b = g.propose("dave", "2026-03-17T10:00:00Z", enact("B"));
    g.vote("dave", "2026-03-17T11:00:00Z", b, Vote::Yes);
    assert_eq!((a, b), (301, 302));
    g.tick("2026-03-18T00:00:00Z");
    assert_eq!(g.status(301), ProposalStatus::Defeated);
    assert_eq!(g.status(302), ProposalStatus::InEffect);
    // 301 was defeated; the rule enacted by 302 is numbered 302.
    assert!(g.nomic().rules.current.find(302).is_some());
    assert!(g.nomic().rules.current.find(301).is_none());
}

#[test]
fn nomic_109_amended_rule_takes_the_proposals_number_and_110_references_follow() {
    let mut g = Game::new();
    // Rule 214 says "This has precedence over Rule 206", and 206's note
    // mentions "Rule 214"; amend 206.
    let n = g.propose(
        "chris",
        "2026-03-16T10:00:00Z",
        amend(206, "Adopted rule-changes take effect at once."),
    );
    g.votes(&ALL, "2026-03-16T11:00:00Z", n, Vote::Yes);
    g.tick("2026-03-17T00:00:00Z");
    let book = &g.nomic().rules.current;
    assert!(book.find(206).is_none());
    let amended = book.find(301).unwrap();
    assert_eq!(amended.id, "23");
    assert_eq!(amended.record.label, "301");
    let r214 = book.find(214).unwrap();
    assert!(r214.record.text[4].contains("This has precedence over Rule 301."));
    assert!(!r214.record.text.concat().contains("Rule 206"));
    // The old version is still readable.
    let old = g.nomic().rules.as_of(at("2026-03-16T23:59:59Z")).unwrap();
    assert!(old.find(214).unwrap().record.text[4].contains("Rule 206."));
}

#[test]
fn nomic_110_reference_rewriting_matches_whole_numbers_only() {
    assert_eq!(
        rewrite_references("see Rule 206.", 206, 301).as_deref(),
        Some("see Rule 301.")
    );
    assert_eq!(
        rewrite_references("Rules 2061 and rule\n206", 206, 301).as_deref(),
        Some("Rules 2061 and rule\n301")
    );
    assert_eq!(rewrite_references("Rule-change 206", 206, 301), None);
    assert_eq!(rewrite_references("overrule 206", 206, 301), None);
    assert_eq!(
        rewrite_references("Rule 113’s", 113, 302).as_deref(),
        Some("Rule 302’s")
    );
}

#[test]
fn nomic_112_immutable_rule_prevails_over_mutable() {
    let book = seed();
    let p = prevailing(&book, 206, 108).unwrap();
    assert_eq!((p.rule, p.clause), (108, "nomic 112"));
}

#[test]
fn nomic_213_lower_number_prevails_unless_a_rule_claims_precedence() {
    let book = seed();
    // Two mutable rules, no claims: the lower number.
    let p = prevailing(&book, 203, 207).unwrap();
    assert_eq!((p.rule, p.clause), (203, "nomic 213"));
    // 214 says "This has precedence over Rule 206": it beats the lower 206.
    assert_eq!(prevailing(&book, 206, 214).unwrap().rule, 214);
    // 215 "takes precedence over every other rule determining the winner".
    assert_eq!(prevailing(&book, 210, 215).unwrap().rule, 215);
    // Two immutable rules: the lower number.
    assert_eq!(prevailing(&book, 113, 105).unwrap().rule, 105);
    assert!(prevailing(&book, 203, 999).is_none());
}

/// A rule book of `mutable` mutable rules (201...) and one immutable (101).
pub fn small_book(mutable: u32) -> RuleBookExport {
    let mut v = serde_json::json!({"rules": {}});
    let mut add = |id: u32, label: String| {
        v["rules"][id.to_string()] = serde_json::json!({
            "text": [format!("Rule {label}.")], "notes": [], "label": label,
            "ineffect": "1", "date": "2019-02-11", "linksto": [], "proplinks": [id.to_string()]
        });
    };
    add(0, "101[I]".into());
    for i in 0..mutable {
        add(i + 1, (201 + i).to_string());
    }
    RuleBookExport::from_json(&v).unwrap()
}

#[test]
fn nomic_116_the_last_mutable_rule_may_not_be_repealed_or_transmuted() {
    let mut g = Game::with_rules(small_book(1));
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-16T10:00:00Z",
            RuleChange::Repeal { rule: 201 }
        ),
        "nomic 116"
    );
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-16T10:00:00Z",
            RuleChange::Transmute { rule: 201 }
        ),
        "nomic 116"
    );
    // Amending it is fine: it stays mutable.
    g.propose("chris", "2026-03-16T10:00:00Z", amend(201, "new"));
}

#[test]
fn nomic_211_no_more_than_25_mutable_rules() {
    let mut g = Game::with_rules(small_book(25));
    assert_eq!(
        g.refused("chris", "2026-03-16T10:00:00Z", enact("one too many")),
        "nomic 211"
    );
    assert_eq!(
        g.refused(
            "chris",
            "2026-03-16T10:00:00Z",
            RuleChange::Transmute { rule: 101 }
        ),
        "nomic 211"
    );
    // At 24, enacting one more is allowed.
    let mut g = Game::with_rules(small_book(24));
    g.propose("chris", "2026-03-16T10:00:00Z", enact("the 25th"));
}

#[test]
fn nomic_import_refuses_bad_books_with_a_reason() {
    for bad in [
        "[]",
        "{}",
        r#"{"rules": {"x": {"text": [], "notes": [], "label": "1", "ineffect": "1", "date": "", "linksto": [], "proplinks": []}}}"#,
        r#"{"rules": {"1": {"text": [], "notes": [], "label": "one", "ineffect": "1", "date": "", "linksto": [], "proplinks": []}}}"#,
        r#"{"rules": {"1": {"text": [], "notes": [], "label": "1", "ineffect": "yes", "date": "", "linksto": [], "proplinks": []}}}"#,
        r#"{"rules": {"1": {"text": [], "notes": [], "label": "1"}}}"#,
    ] {
        assert!(RuleBookExport::from_json_str(bad).is_err(), "{bad}");
    }
    let dup = r#"{"rules": {
        "1": {"text": [], "notes": [], "label": "201", "ineffect": "1", "date": "", "linksto": [], "proplinks": []},
        "2": {"text": [], "notes": [], "label": "201", "ineffect": "1", "date": "", "linksto": [], "proplinks": []}}}"#;
    assert_eq!(
        RuleBookExport::from_json_str(dup)
            .unwrap_err()
            .clause
            .as_deref(),
        Some("nomic 109")
    );
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        "[a-z0-9\\[\\]I]{0,6}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map(
                prop_oneof![
                    Just("rules".to_string()),
                    Just("text".to_string()),
                    Just("label".to_string()),
                    Just("ineffect".to_string()),
                    Just("notes".to_string()),
                    "[a-z0-9]{1,4}"
                ],
                inner,
                0..5
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

fn arb_record() -> impl Strategy<Value = serde_json::Value> {
    (
        prop::collection::vec(".{0,20}", 0..3),
        prop::collection::vec((".{0,10}", ".{0,5}", "[0-9-]{0,10}"), 0..2),
        1u32..1000,
        any::<bool>(),
        "[0-9-]{0,10}",
        prop::collection::vec("[0-9]{1,3}", 0..3),
    )
        .prop_map(|(text, notes, n, imm, date, links)| {
            let notes: Vec<_> = notes
                .into_iter()
                .map(|(c, a, d)| serde_json::json!({"content": c, "author": a, "date": d}))
                .collect();
            serde_json::json!({
                "text": text, "notes": notes,
                "label": if imm { format!("{n}[I]") } else { n.to_string() },
                "ineffect": "0", "date": date, "linksto": links.clone(), "proplinks": links,
            })
        })
}

proptest! {
    #[test]
    fn nomic_import_never_panics_on_arbitrary_text(s in ".{0,200}") {
        let _ = RuleBookExport::from_json_str(&s);
    }

    #[test]
    fn nomic_import_never_panics_on_arbitrary_json(v in arb_json()) {
        if let Ok(book) = RuleBookExport::from_json(&v) {
            // Whatever imports exports to the same JSON.
            prop_assert_eq!(book.to_json(), v);
        }
    }

    #[test]
    fn nomic_import_export_round_trip(records in prop::collection::btree_map(0u32..500, arb_record(), 0..8),
                                      author in ".{0,10}") {
        let rules: serde_json::Map<String, serde_json::Value> =
            records.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let v = serde_json::json!({"rules": rules, "author": author, "date": "2019-02-11"});
        let book = RuleBookExport::from_json(&v).unwrap();
        prop_assert_eq!(book.to_json(), v);
    }
}
