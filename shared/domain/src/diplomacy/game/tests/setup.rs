//! wm D.I.1: setting the game up.

use super::*;

#[test]
fn wm_d_i_1_b_house_rules_stated_at_outset_are_public() {
    let g = Game1::with(|s| s.house_rules.partial_order_sets = PartialOrderSets::MergeByUnit);
    let v: serde_json::Value = serde_json::from_str(&g.view("stranger")).unwrap();
    assert_eq!(
        v["settings"]["house_rules"]["partial_order_sets"],
        "merge-by-unit"
    );
    assert_eq!(v["settings"]["house_rules"]["late_orders"], "refused");
    assert_eq!(v["position"]["phase"], "S1901M");
    assert_eq!(g.competition().next_due(), Some(h(120)));
    // Players hold the player role (the "my competitions" index follows).
    assert!(g.competition().has_role(&u("england-player"), Role::Player));
}

#[test]
fn wm_d_i_1_b_house_rules_fixed_once_the_game_starts() {
    let mut g = Game1::new();
    refused(
        g.run(
            "gm",
            Command::SetUp {
                settings: settings(|_| {}),
            },
            h(1),
        ),
        "wm D.I.1.b",
    );
}

#[test]
fn wm_d_i_1_only_the_gm_sets_up_and_not_as_a_player() {
    let mut g = Game1::bare();
    let err = g
        .run(
            "org",
            Command::SetUp {
                settings: settings(|_| {}),
            },
            start(),
        )
        .unwrap_err();
    assert_eq!(err.kind, RefusalKind::Forbidden);
    let s = settings(|s| {
        s.players.insert(Power::Italy, u("gm"));
    });
    refused(
        g.run("gm", Command::SetUp { settings: s }, start()),
        "wm D.I.1.a",
    );
}

#[test]
fn wm_d_vii_4_a_turns_not_faster_than_minimums_without_consent() {
    let mut g = Game1::bare();
    let fast = |s: &mut Settings| s.turn_lengths.movement_hours = 48;
    refused(
        g.run(
            "gm",
            Command::SetUp {
                settings: settings(fast),
            },
            start(),
        ),
        "wm D.VII.4.a",
    );
    let early = |s: &mut Settings| s.first_deadline = h(48);
    refused(
        g.run(
            "gm",
            Command::SetUp {
                settings: settings(early),
            },
            start(),
        ),
        "wm D.VII.4.a",
    );
    let consented = settings(|s| {
        fast(s);
        s.players_consent_to_faster = true;
    });
    assert!(g
        .run(
            "gm",
            Command::SetUp {
                settings: consented
            },
            start()
        )
        .is_ok());
}

#[test]
fn wm_d_ii_2_the_order_set_identification_policy_is_stated_and_public() {
    let mut g = Game1::bare();
    // A policy that says nothing is refused.
    let blank = |s: &mut Settings| s.house_rules.order_set_identification = "  ".into();
    refused(
        g.run(
            "gm",
            Command::SetUp {
                settings: settings(blank),
            },
            start(),
        ),
        "wm D.II.2",
    );
    let stated = |s: &mut Settings| {
        s.house_rules.order_set_identification = "subject line: power and phase".into()
    };
    g.run(
        "gm",
        Command::SetUp {
            settings: settings(stated),
        },
        start(),
    )
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&g.view("stranger")).unwrap();
    assert_eq!(
        v["settings"]["house_rules"]["order_set_identification"], "subject line: power and phase",
        "wm D.II.2 the policy is public"
    );
}

/// wm D.VII.4.b: the rules set deadlines in UTC; the GM may also name the
/// time zone the players read them in, which must exist and is public (the
/// pages show each deadline in it too).
#[test]
fn wm_d_vii_4_b_a_board_may_name_the_time_zone_its_players_read() {
    let mut g = Game1::bare();
    let nowhere = |s: &mut Settings| s.time_zone = Some("Mars/Olympus".into());
    let r = g.run(
        "gm",
        Command::SetUp {
            settings: settings(nowhere),
        },
        start(),
    );
    assert_eq!(r.unwrap_err().kind, RefusalKind::Invalid);
    let paris = |s: &mut Settings| s.time_zone = Some("Europe/Paris".into());
    g.run(
        "gm",
        Command::SetUp {
            settings: settings(paris),
        },
        start(),
    )
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&g.view("stranger")).unwrap();
    assert_eq!(v["settings"]["time_zone"], "Europe/Paris");
}

/// wm B.8.b: a power's team, told of its NMRs, names at least one member.
#[test]
fn wm_b_8_b_a_listed_team_is_not_empty() {
    let mut g = Game1::bare();
    let empty = settings(|s| {
        s.teams.insert(Power::Italy, BTreeSet::new());
    });
    refused(
        g.run("gm", Command::SetUp { settings: empty }, start()),
        "wm B.8.b",
    );
    let team = settings(|s| {
        s.teams
            .insert(Power::Italy, BTreeSet::from([u("italy-player"), u("mate")]));
    });
    g.run("gm", Command::SetUp { settings: team }, start())
        .unwrap();
}

/// wm A.1, A.12: the GM is non-playing and neutral. Made GM, France's
/// player would read every power's orders before the adjudication; the
/// grant is refused naming the clause, and a user with no power may be GM.
#[test]
fn wm_a_1_a_player_holding_a_power_is_not_made_gm() {
    let mut g = Game1::new();
    let grant = |user: &str| EnvCommand::GrantRole {
        user: u(user),
        role: Role::GameMaster,
    };
    let refusal = g.env("org", grant(&player(Power::France))).unwrap_err();
    assert_eq!(refusal.clause.as_deref(), Some("wm A.1"), "{refusal:?}");
    assert!(!g
        .competition()
        .has_role(&u(&player(Power::France)), Role::GameMaster));
    assert!(g.env("org", grant("second-gm")).is_ok());
}
