//! Each kind's deadlines through `Rulebook::deadlines`, the times worked by
//! hand from its rulebook, and what stays secret.

// Each state is built from the kind's empty state one stated fact at a time.
#![allow(clippy::field_reassign_with_default)]

use super::*;
use crate::chess::acwc::settings::Settings as AcwcSettings;
use crate::chess::acwc::state::{Championship, Round};
use crate::chess::acwc::vocabulary::Stage;
use crate::chess::swiss_event::settings::Settings as SwissSettings;
use crate::chess::swiss_event::SwissEvent;
use crate::diplomacy::game::event::Event as GameEvent;
use crate::diplomacy::game::position::Position;
use crate::diplomacy::game::state::{apply, NmrCase};
use crate::diplomacy::game::Board;
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::reserves::ReserveCall;
use crate::diplomacy::tournament::state::Settings as WmSettings;
use crate::diplomacy::tournament::Tournament;
use crate::ladder::Ladder;
use crate::ladder::{Ban, Member};
use crate::nomic::turns::AllocatedDay;
use crate::nomic::Nomic;

fn keyed<'a>(ds: &'a [Deadline], key: &str) -> &'a Deadline {
    ds.iter()
        .find(|d| d.key == key)
        .unwrap_or_else(|| panic!("no {key} in {ds:?}"))
}

fn now() -> DateTime<Utc> {
    at("2026-11-26T12:00:00Z")
}

#[test]
fn dutch_a3_swiss_rounds_appear_at_the_regulations_times() {
    // By hand: the regulations pair round 1 on Saturday 5 December 2026 at
    // 10:00 UTC and round 2 at 15:00 the same day.
    let mut s = SwissEvent::default();
    let mut settings = SwissSettings::rounds(5);
    settings.round_times = vec![at("2026-12-05T10:00:00Z"), at("2026-12-05T15:00:00Z")];
    s.settings = Some(settings);
    let ds = s.deadlines(&env(Kind::Swiss), None, now());
    assert_eq!(ds.len(), 2);
    assert_eq!(keyed(&ds, "round-2").at, at("2026-12-05T15:00:00Z"));
    assert_eq!(keyed(&ds, "round-1").clause, "dutch A3");
    assert!(
        parsed(&competition_feed(&env(Kind::Swiss), &ds, now()))
            .components
            .len()
            == 2
    );
}

#[test]
fn acwc_iv_d_the_qualification_start_is_the_only_deadline_while_entries_are_open() {
    // By hand: the 2019 championship's Qualification starts Monday 30
    // September 2019 00:00 UTC.
    let mut c = Championship::default();
    c.settings = Some(AcwcSettings::acwc_2019());
    let ds = c.deadlines(&env(Kind::Acwc), None, now());
    assert_eq!(ds.len(), 1);
    assert_eq!(
        keyed(&ds, "qualification-starts").at,
        at("2019-09-30T00:00:00Z")
    );
}

#[test]
fn acwc_iv_f_and_v_c_a_rounds_sunday_deadline_and_wednesday_offers() {
    // By hand: round 1 of the Qualification published Monday 30 September
    // 2019; its matches end by Sunday 6 October 23:59:59 UTC (IV.F) and the
    // offers are due four days before, Wednesday 2 October 23:59:59 (V.C).
    let mut c = Championship::default();
    c.settings = Some(AcwcSettings::acwc_2019());
    c.stage = Stage::Qualification;
    c.rounds.push(Round {
        stage: Stage::Qualification,
        number: 1,
        published_at: at("2019-09-30T00:00:00Z"),
        deadline: at("2019-10-06T23:59:59Z"),
        matches: vec![],
        bye: None,
    });
    let ds = c.deadlines(&env(Kind::Acwc), None, now());
    assert_eq!(keyed(&ds, "qualification-1").at, at("2019-10-06T23:59:59Z"));
    assert_eq!(keyed(&ds, "qualification-1").clause, "acwc IV.F");
    assert_eq!(
        keyed(&ds, "qualification-1-offers").at,
        at("2019-10-02T23:59:59Z")
    );
}

fn started_board(deadline: &str) -> Board {
    let mut b = Board::default();
    b.position = Some(Position::initial());
    b.deadline = Some(at(deadline));
    b
}

#[test]
fn wm_d_vii_4_b_the_phases_order_deadline_moves_with_an_extension_and_keeps_its_uid() {
    // By hand: S1901M due Friday 4 December 2026 18:00 UTC; a 24-hour
    // extension (wm D.VII.5) moves it to Saturday 5 December 18:00, the
    // same event (key phase-S1901M).
    let mut b = started_board("2026-12-04T18:00:00Z");
    let ds = b.deadlines(&env(Kind::DiplomacyGame), None, now());
    assert_eq!(keyed(&ds, "phase-S1901M").at, at("2026-12-04T18:00:00Z"));
    let granted = GameEvent::ExtensionGranted {
        power: Power::France,
        hours: 24,
        charged: true,
        guaranteed: false,
        holiday: None,
        deadline: at("2026-12-05T18:00:00Z"),
    };
    apply(&mut b, &granted, now());
    let ds = b.deadlines(&env(Kind::DiplomacyGame), None, now());
    assert_eq!(ds.len(), 1);
    assert_eq!(keyed(&ds, "phase-S1901M").at, at("2026-12-05T18:00:00Z"));
}

#[test]
fn wm_d_vii_6_a_an_nmr_contact_deadline_and_no_deadline_while_withheld() {
    // By hand: France missed S1901M and must contact the GM by Sunday 6
    // December 12:00 UTC; the phase is withheld (wm D.VII.6.b), so no order
    // deadline is listed until the GM sets one.
    let mut b = started_board("2026-12-04T18:00:00Z");
    b.withheld = true;
    b.nmrs.insert(
        Power::France,
        NmrCase::AwaitingContact {
            phase: "S1901M".into(),
            contact_by: at("2026-12-06T12:00:00Z"),
        },
    );
    let ds = b.deadlines(&env(Kind::DiplomacyGame), None, now());
    assert_eq!(ds.len(), 1);
    assert_eq!(
        keyed(&ds, "nmr-france-S1901M").at,
        at("2026-12-06T12:00:00Z")
    );
}

#[test]
fn wm_d_vii_2_the_early_adjudication_instant_is_never_listed() {
    // By hand: whatever sets are final, the feed lists the published
    // deadline only; the early instant of wm D.VII.2 would tell that every
    // set is final. Here, no submissions: one deadline.
    let b = started_board("2026-12-04T18:00:00Z");
    let ds = b.deadlines(&env(Kind::DiplomacyGame), Some(&u("alice")), now());
    assert_eq!(
        ds.iter().map(|d| d.key.as_str()).collect::<Vec<_>>(),
        ["phase-S1901M"]
    );
}

fn tournament_with_call() -> Tournament {
    let mut t = Tournament::default();
    t.settings = Some(WmSettings {
        entry_deadline: at("2026-12-01T00:00:00Z"),
    });
    t.reserves = vec![u("rita")];
    t.calls.push(ReserveCall {
        id: 1,
        board: 0,
        power: Power::Italy,
        permanent: false,
        closes_at: at("2026-12-02T20:00:00Z"),
        answers: vec![],
        accepted: None,
        closed: false,
    });
    t
}

#[test]
fn wm_b_2_the_entry_deadline_is_public() {
    // By hand: entries close 1 December 2026 00:00 UTC, for everyone.
    let t = tournament_with_call();
    let ds = t.deadlines(&env(Kind::DiplomacyTournament), None, now());
    assert_eq!(ds.len(), 1);
    assert_eq!(keyed(&ds, "entries-close").at, at("2026-12-01T00:00:00Z"));
}

#[test]
fn wm_b_8_d_a_call_to_the_reserves_is_listed_to_the_reserves_only() {
    // By hand: the call closes 2 December 20:00 UTC; the tournament's view
    // does not publish calls, so an anonymous reader and another player do
    // not see it, the reserve rita does.
    let t = tournament_with_call();
    let e = env(Kind::DiplomacyTournament);
    assert!(t
        .deadlines(&e, Some(&u("paul")), now())
        .iter()
        .all(|d| d.key != "reserve-call-1"));
    let ds = t.deadlines(&e, Some(&u("rita")), now());
    assert_eq!(keyed(&ds, "reserve-call-1").at, at("2026-12-02T20:00:00Z"));
    assert_eq!(keyed(&ds, "reserve-call-1").concerns, vec![u("rita")]);
}

#[test]
fn nomic_202_the_allocated_days_deadline_is_19_00_uk_time_in_gmt_and_bst() {
    // By hand: now is Thursday 26 November 2026 12:00 UTC. Alice's day is
    // Monday: the next is 30 November, 19:00 GMT = 19:00 UTC. Bob's day is
    // Thursday: today, 19:00 GMT is still ahead, so 26 November 19:00 UTC.
    // In summer, Wednesday 3 June 2026 12:00 UTC: Alice's Monday 8 June
    // 19:00 BST = 18:00 UTC.
    let mut n = Nomic::default();
    n.begun_at = Some(at("2026-11-02T09:00:00Z"));
    n.players.insert(u("alice"), AllocatedDay::Monday);
    n.players.insert(u("bob"), AllocatedDay::Thursday);
    let e = env(Kind::Nomic);
    let ds = n.deadlines(&e, None, now());
    assert_eq!(
        keyed(&ds, "proposal-alice-2026-11-30").at,
        at("2026-11-30T19:00:00Z")
    );
    assert_eq!(
        keyed(&ds, "proposal-bob-2026-11-26").at,
        at("2026-11-26T19:00:00Z")
    );
    assert_eq!(
        keyed(&ds, "proposal-alice-2026-11-30").concerns,
        vec![u("alice")]
    );
    let summer = n.deadlines(&e, None, at("2026-06-03T12:00:00Z"));
    assert_eq!(
        keyed(&summer, "proposal-alice-2026-06-08").at,
        at("2026-06-08T18:00:00Z")
    );
}

#[test]
fn nomic_204_the_switch_to_simple_majority_is_listed() {
    // By hand: the state says adoption becomes a simple majority at
    // 7 December 2026 00:00 UTC.
    let mut n = Nomic::default();
    n.majority_from = Some(at("2026-12-07T00:00:00Z"));
    let ds = n.deadlines(&env(Kind::Nomic), None, now());
    assert_eq!(keyed(&ds, "simple-majority").at, at("2026-12-07T00:00:00Z"));
}

#[test]
fn club_ii_9_2_a_ban_ends_at_00_00_club_time_on_its_friday() {
    // By hand: a ban expiring Friday 4 December 2026 ends at 00:00 London
    // time (GMT in December) = 00:00 UTC; the ladder opened Monday 2
    // November 2026, so its first week (named by Friday 6 November) closes
    // Saturday 7 November 00:00 GMT (club II.6).
    let mut l = Ladder::default();
    l.opened = Some(at("2026-11-02T10:00:00Z"));
    let mut m = Member::new(1200, at("2026-11-02T10:00:00Z"));
    m.ban = Some(Ban {
        power_use: 1,
        reason: "test".into(),
        expires: Some("2026-12-04".parse().expect("date")),
        ends_at: Some(l.settings.ban_ends("2026-12-04".parse().expect("date"))),
    });
    l.members.insert(u("mallory"), m);
    let ds = l.deadlines(&env(Kind::ClubLadder), None, now());
    assert_eq!(keyed(&ds, "ban-mallory").at, at("2026-12-04T00:00:00Z"));
    assert_eq!(keyed(&ds, "week-2026-11-07").at, at("2026-11-07T00:00:00Z"));
}
