//! The TD's correction of a game of the Final (acwc I.C, III.H).

use super::*;
use crate::chess::acwc::vocabulary::Event;

/// Holder p1 and three entrants: two qualify (p2, p3), the Candidates'
/// winner meets p1 in the Final. Returns the world at the Final and the
/// challenger. The Final's own tests start here too.
pub(super) fn to_final() -> (World, UserId) {
    let mut w = World::new(at(REGISTRATION));
    let mut s = settings_2019();
    s.holder = Some(user("p1"));
    w.run("org", Command::Configure { settings: s }).unwrap();
    for i in 1..=3 {
        w.run(
            &format!("p{i}"),
            Command::Register {
                facts: facts(&format!("a{i}"), 2400 - i),
            },
        )
        .unwrap();
    }
    start(&mut w);
    while w.champ().stage == Stage::Qualification {
        finish_round(&mut w);
    }
    while w.champ().stage == Stage::Candidates {
        let r = w.champ().rounds.last().unwrap().clone();
        for id in &r.matches {
            report(&mut w, id, 12, 8);
        }
    }
    assert_eq!(w.champ().stage, Stage::Final);
    let challenger = w
        .champ()
        .final_match
        .as_ref()
        .unwrap()
        .opponent(&user("p1"))
        .clone();
    (w, challenger)
}

/// Game `g` reported by p1 and confirmed by the challenger.
fn play(w: &mut World, challenger: &UserId, g: u32, winner: Option<UserId>) {
    w.run("p1", Command::ReportFinalGame { game: g, winner })
        .unwrap();
    w.run(
        challenger.as_str(),
        Command::ConfirmResult {
            match_id: "final".into(),
        },
    )
    .unwrap();
}

fn correct(game: u32, winner: Option<UserId>) -> Command {
    Command::CorrectFinalGame {
        game,
        winner,
        reason: "the score sheet".into(),
    }
}

/// p1 wins game 1, games 2–13 drawn: after 12 games p1 leads 6.5–5.5, one
/// point, short of the two III.H.2 asks, so two more games (III.H.3); game
/// 13 is played. The TD corrects game 1 to a draw: 6.5–6.5 after 13, no
/// champion, the Final goes on at game 14; the other games stand.
#[test]
fn acwc_i_c_the_td_corrects_a_recorded_game_of_the_final() {
    let (mut w, c) = to_final();
    play(&mut w, &c, 1, Some(user("p1")));
    for g in 2..=13 {
        play(&mut w, &c, g, None);
    }
    let out = w.run("td", correct(1, None)).unwrap();
    assert_eq!(out.len(), 1);
    let f = w.champ().final_match.clone().unwrap();
    assert_eq!(f.games.len(), 13);
    assert!(f.games.iter().all(|g| g.winner.is_none()));
    assert_eq!(w.champ().stage, Stage::Final);
    // The next game is 14.
    play(&mut w, &c, 14, None);
    assert_eq!(w.champ().final_match.as_ref().unwrap().games.len(), 14);
}

/// p1 wins game 1, games 2–14 drawn: 6.5–5.5 after 12 (one point), 7.5–6.5
/// after 14, so the Final goes on to 16. The TD corrects game 2 to a p1 win:
/// after 12 games p1 led 7–5, two points, which decided the Final at the
/// first checkpoint (III.H.2); games 13–14 were played in error and p1 is
/// champion at once.
#[test]
fn acwc_i_c_iii_h_2_a_correction_that_decided_an_earlier_checkpoint_decides_the_final() {
    let (mut w, c) = to_final();
    play(&mut w, &c, 1, Some(user("p1")));
    for g in 2..=14 {
        play(&mut w, &c, g, None);
    }
    assert_eq!(w.champ().stage, Stage::Final);
    let out = w.run("td", correct(2, Some(user("p1")))).unwrap();
    assert!(out.iter().any(|r| matches!(
        &r.event,
        crate::competition::Event::Acwc(Event::ChampionDecided { champion }) if *champion == user("p1")
    )));
    assert_eq!(w.champ().champion, Some(user("p1")));
    assert_eq!(w.champ().stage, Stage::Finished);
}

/// Only the TD corrects; only a recorded game (3 are recorded: game 4 is
/// refused); only to a result it does not already have; a reason is given;
/// the winner plays the Final; and once the Final is decided it stands.
#[test]
fn acwc_i_c_a_final_game_correction_is_the_tds_on_a_recorded_game() {
    let (mut w, c) = to_final();
    for g in 1..=3 {
        play(&mut w, &c, g, None);
    }
    assert!(w.run("p1", correct(1, Some(user("p1")))).is_err());
    let r = w.run("td", correct(4, None)).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Conflict);
    let r = w.run("td", correct(2, None)).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Conflict);
    assert!(w
        .run(
            "td",
            Command::CorrectFinalGame {
                game: 2,
                winner: Some(user("p1")),
                reason: " ".into(),
            },
        )
        .is_err());
    let r = w.run("td", correct(2, Some(user("p3x")))).unwrap_err();
    assert_eq!(r.kind, RefusalKind::Invalid);
    // Games 1–3 drawn, p1 wins 4–12: 10.5–1.5 after 12, decided at the first
    // checkpoint (III.H.2).
    for g in 4..=12 {
        play(&mut w, &c, g, Some(user("p1")));
    }
    w.tick();
    assert_eq!(w.champ().stage, Stage::Finished);
    assert!(w.run("td", correct(1, Some(c.clone()))).is_err());
}
