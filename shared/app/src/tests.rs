//! The forms of every kind's commands: generated from the schemas, read
//! back into the command each describes, and never a panic on what a
//! browser (or anyone) posts.

use crate::form::{Form, Input};
use crate::kinds::{generator, kind_forms};
use crate::read::read;
use crate::render::{placed, Placed};
use arbiter_domain::competition::Kind;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn form<'f>(all: &'f [Form], action: &str, variant: Option<&str>) -> &'f Form {
    all.iter()
        .find(|f| f.action == action && f.variant.as_deref() == variant)
        .unwrap_or_else(|| panic!("no form {action} {variant:?}"))
}

fn pairs(fields: &[(&str, &str)]) -> Vec<(String, String)> {
    fields
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// Every action of every kind a person may send from a browser has a
/// form; what only a channel sends has none.
#[test]
fn every_action_of_every_kind_has_a_form() {
    for kind in Kind::ALL.iter().copied() {
        let all = kind_forms(kind);
        let mut generator = generator();
        let root: Value = kind.command_schema(&mut generator).into();
        let defs = generator.take_definitions(true);
        let name = root["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
        let actions: Vec<&str> = defs[name]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["properties"]["action"]["const"].as_str().unwrap())
            .collect();
        // What only a chat bot may send (a Nomic voting-thread message) has
        // no form: the REST routes refuse it from anyone else.
        let (channel, browser): (Vec<&str>, Vec<&str>) =
            actions.iter().partition(|a| kind.channel_only(a));
        for action in &browser {
            assert!(
                all.iter().any(|f| f.action == *action),
                "{kind:?}: no form for {action}"
            );
        }
        for action in &channel {
            assert!(
                all.iter().all(|f| f.action != *action),
                "{kind:?}: a form for the channel's {action}"
            );
        }
        assert!(all.len() >= browser.len());
    }
}

/// A Swiss result report: fields by type, read back into the command
/// the API reads (`report-result` with a round, a board and a result).
#[test]
fn a_swiss_report_reads_back_into_its_command() {
    let all = kind_forms(Kind::Swiss);
    let f = form(&all, "report-result", None);
    let round = f.fields.iter().find(|f| f.name() == "round").unwrap();
    assert_eq!(round.input, Input::Integer);
    assert!(round.required);
    let result = f.fields.iter().find(|f| f.name() == "result").unwrap();
    let Input::Choice(options) = &result.input else {
        panic!("a result is chosen: {:?}", result.input)
    };
    let values: Vec<&str> = options.iter().map(|o| o.value.as_str()).collect();
    assert!(
        values.contains(&"1-0") && values.contains(&"1/2-1/2"),
        "{values:?}"
    );
    let body = read(
        f,
        &pairs(&[("round", "2"), ("board", "4"), ("result", "0-1")]),
    )
    .unwrap();
    assert_eq!(
        body,
        json!({"action": "report-result", "round": 2, "board": 4, "result": "0-1"})
    );
}

/// Nested settings are fields of their own, labelled without the object
/// they all sit in; an empty optional field is left out so the
/// command's default applies.
#[test]
fn a_swiss_set_up_nests_its_settings() {
    let all = kind_forms(Kind::Swiss);
    let f = form(&all, "set-up", None);
    let rounds = f
        .fields
        .iter()
        .find(|f| f.name() == "settings.rounds")
        .unwrap();
    assert_eq!(rounds.label(), "Rounds");
    assert!(f.fields[0].required, "the required fields come first");
    let body = read(
        f,
        &pairs(&[("settings.rounds", "7"), ("settings.half_point_byes", "")]),
    )
    .unwrap();
    assert_eq!(body["settings"]["rounds"], 7);
    assert!(body["settings"].get("half_point_byes").is_none(), "{body}");
}

/// nomic 103(1): a rule-change comes as enact, amend, repeal, transmute
/// or as written; each is a form of its own with the tag fixed.
#[test]
fn nomic_propose_splits_by_rule_change() {
    let all = kind_forms(Kind::Nomic);
    let variants: Vec<&str> = all
        .iter()
        .filter(|f| f.action == "propose")
        .filter_map(|f| f.variant.as_deref())
        .collect();
    for v in ["enact", "amend", "repeal", "transmute"] {
        assert!(variants.contains(&v), "{variants:?}");
    }
    let amend = form(&all, "propose", Some("amend"));
    let body = read(
        amend,
        &pairs(&[
            ("change.op", "amend"),
            ("change.rule", "301"),
            ("change.text", "First line.\nSecond line."),
        ]),
    )
    .unwrap();
    assert_eq!(
        body,
        json!({"action": "propose", "change": {"op": "amend", "rule": 301,
               "text": ["First line.", "Second line."]}})
    );
}

/// Diplomacy orders are one per line; a list of strings.
#[test]
fn diplomacy_orders_are_lines() {
    let all = kind_forms(Kind::DiplomacyGame);
    let f = form(&all, "submit-orders", None);
    let body = read(
        f,
        &pairs(&[
            ("power", "FRANCE"),
            ("phase", "S1901M"),
            ("orders", "A PAR - BUR\r\n\r\nF BRE - MAO\n"),
            ("final", "true"),
        ]),
    )
    .unwrap();
    assert_eq!(body["orders"], json!(["A PAR - BUR", "F BRE - MAO"]));
    assert_eq!(body["final"], true);
    // An unticked box sends nothing: false.
    let body = read(
        f,
        &pairs(&[
            ("power", "FRANCE"),
            ("phase", "S1901M"),
            ("orders", "A PAR H"),
        ]),
    )
    .unwrap();
    assert_eq!(body["final"], false);
}

/// A draw's seed is the edge's (wm B.2): no form asks for it.
#[test]
fn no_form_asks_for_a_seed_the_edge_draws() {
    let all = kind_forms(Kind::DiplomacyTournament);
    let pair = form(&all, "pair-round", None);
    assert!(pair.fields.iter().all(|f| f.name() != "seed"), "{pair:?}");
}

/// What cannot be its field's type is named, beside the field.
#[test]
fn unreadable_values_are_named() {
    let all = kind_forms(Kind::Swiss);
    let f = form(&all, "report-result", None);
    let unread = read(f, &pairs(&[("round", "two"), ("result", "1-0")])).unwrap_err();
    let fields: Vec<&str> = unread.iter().map(|u| u.field.as_str()).collect();
    assert_eq!(fields, ["board", "round"], "{unread:?}");
    assert_eq!(unread[0].why, "is required");
}

/// A rendered form carries its anti-forgery token and key, shows a fixed
/// field read-only, and escapes what it shows.
#[test]
fn a_rendered_form_carries_its_token_and_escapes() {
    let all = kind_forms(Kind::Swiss);
    let f = form(&all, "report-result", None);
    let fixed: Map<String, Value> = [("board".to_owned(), json!(4))].into_iter().collect();
    let values = pairs(&[("round", "<script>alert(1)</script>")]);
    let html = placed(&Placed {
        form: f,
        post_to: "/app/c/x",
        title: "Report".into(),
        slot: "s".into(),
        fixed: &fixed,
        values: &values,
        refusal: None,
        csrf: "tok",
        key: "k1".into(),
        beside: None,
    })
    .into_string();
    assert!(html.contains(r#"name="csrf" value="tok""#));
    assert!(html.contains(r#"name="_key" value="k1""#));
    assert!(
        html.contains(r#"name="board" value="4" readonly"#),
        "{html}"
    );
    assert!(!html.contains("<script>"), "{html}");
}

proptest! {
    /// Whatever is posted to whatever form, reading it answers a body or
    /// the fields it could not read: never a panic.
    #[test]
    fn any_post_to_any_form_is_read_or_refused(
        kind in 0..Kind::ALL.len(),
        pick in any::<prop::sample::Index>(),
        posted in prop::collection::vec(("[a-z_.]{1,20}", ".{0,40}"), 0..8),
    ) {
        let all = kind_forms(Kind::ALL[kind]);
        let f = pick.get(&all);
        let mut sent: Vec<(String, String)> = posted;
        // And every field of the form, with a number whatever its type.
        sent.extend(f.fields.iter().map(|field| (field.name(), "12".to_owned())));
        match read(f, &sent) {
            Ok(body) => prop_assert_eq!(body["action"].as_str(), Some(f.action.as_str())),
            Err(unread) => prop_assert!(!unread.is_empty()),
        }
    }
}

/// Every kind's presets are commands of their kind, fill their form, and
/// the form sends them back as they are: what the organizer starts from is
/// what the command gets.
#[test]
fn presets_fill_their_forms_and_read_back_unchanged() {
    let mut seen = 0;
    for kind in Kind::ALL.iter().copied() {
        let all = kind_forms(kind);
        for preset in kind.presets() {
            let f = form(&all, preset.action, None);
            let sent = crate::read::filled(f, &preset.fields);
            let body = read(f, &sent).unwrap_or_else(|e| panic!("{}: {e:?}", preset.name));
            let mut expected = preset.fields.clone();
            expected["action"] = json!(preset.action);
            // Compared as the kind reads them: an unticked box sends
            // `false`, which is what an absent one defaults to.
            let sent = kind
                .command(body)
                .unwrap_or_else(|e| panic!("{}: {e}", preset.name));
            let meant = kind.command(expected).expect("a preset is a command");
            assert_eq!(sent, meant, "{}", preset.name);
            seen += 1;
        }
    }
    assert!(seen >= 5, "the Swiss and Nomic presets at least");
}
