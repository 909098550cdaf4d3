//! A whole Antichess World Championship through the envelope's
//! `competition::decide`/`apply` with a fake clock: 40 entrants (some
//! refused, one second account, one TD exception), every Qualification
//! round with a withdrawal, an engine-mark disqualification and two
//! forfeits, the Candidates, and a Final that reaches Armageddon.

use arbiter_domain::chess::acwc::testkit::{at, facts, settings_2019, user, World};
use arbiter_domain::chess::acwc::{
    Command, Disqualification, EntrantStatus, FinalPhase, Mark, MarkKind, NoShowChoice, Stage,
    FINAL,
};
use arbiter_domain::competition::{Event, UserId};
use chrono::Duration;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn name(i: u32) -> String {
    format!("p{i:02}")
}

/// Plays a match game by game: the first wins 40%, draws 20%. In the
/// Qualification the players stop once one reaches 5.5 (acwc III.F.1).
fn simulate(rng: &mut ChaCha8Rng, early_stop: bool) -> (u32, u32) {
    let (mut a, mut b) = (0, 0);
    for _ in 0..10 {
        match rng.gen_range(0..100) {
            0..=39 => a += 2,
            40..=59 => {
                a += 1;
                b += 1
            }
            _ => b += 2,
        }
        if early_stop && (a >= 11 || b >= 11) {
            break;
        }
    }
    (a, b)
}

fn clause_of(w: &mut World, actor: &str, cmd: Command) -> String {
    let before = w.competition().clone();
    let r = w.run(actor, cmd).unwrap_err();
    assert_eq!(&before, w.competition(), "a refusal changes nothing");
    r.clause.map(|c| c.into_owned()).unwrap_or_default()
}

/// Negotiates (three offers by the first player, the second accepts the
/// second offer), then reports and confirms a simulated score.
fn play_round(w: &mut World, rng: &mut ChaCha8Rng, skip: &[UserId]) {
    let round = w.champ().rounds.last().unwrap().clone();
    let early = round.stage == Stage::Qualification;
    w.now = round.published_at + Duration::hours(1);
    let base = round.published_at + Duration::days(1);
    for id in &round.matches {
        let m = w.champ().matches[id].clone();
        if m.finished() || skip.iter().any(|s| m.plays(s)) {
            continue;
        }
        for k in 0..3 {
            let t = base + Duration::hours(13 * k);
            w.run(
                m.first.as_str(),
                Command::OfferTime {
                    match_id: id.clone(),
                    at: t,
                },
            )
            .unwrap();
        }
        w.run(
            m.second.as_str(),
            Command::AcceptOffer {
                match_id: id.clone(),
                at: base + Duration::hours(13),
            },
        )
        .unwrap();
    }
    w.now = base + Duration::hours(15);
    for id in &round.matches {
        let m = w.champ().matches[id].clone();
        if m.finished() || skip.iter().any(|s| m.plays(s)) {
            continue;
        }
        let (a, b) = simulate(rng, early);
        w.run(
            m.second.as_str(),
            Command::ReportResult {
                match_id: id.clone(),
                first: a,
                second: b,
            },
        )
        .unwrap();
        w.run(
            m.first.as_str(),
            Command::ConfirmResult {
                match_id: id.clone(),
            },
        )
        .unwrap();
    }
}

fn status(w: &World, u: &str) -> EntrantStatus {
    w.champ().entrant(&user(u)).unwrap().status.clone()
}

#[test]
fn acwc_championship_of_forty_players_ends_in_armageddon() {
    let mut rng = ChaCha8Rng::seed_from_u64(2019);
    let mut settings = settings_2019();
    settings.holder = Some(user(&name(1)));
    settings.runner_up = Some(user(&name(2)));
    let mut w = World::new(at("2019-09-02T10:00:00Z"));
    w.run(
        "org",
        Command::Configure {
            settings: settings.clone(),
        },
    )
    .unwrap();

    // --- Registration (acwc I.D, II) ---
    for i in 1..=40 {
        let rating = 2600 - i * 15 + rng.gen_range(0..10);
        w.run(
            &name(i),
            Command::Register {
                facts: facts(&format!("acc{i}"), rating),
            },
        )
        .unwrap();
    }
    let mut young = facts("young", 2000);
    young.account_created_at = at("2019-05-01T00:00:00Z");
    assert_eq!(
        clause_of(&mut w, "young", Command::Register { facts: young }),
        "acwc II.A.1"
    );
    let mut few = facts("few", 2000);
    few.rated_games.insert("antichess".into(), 40);
    assert_eq!(
        clause_of(&mut w, "few", Command::Register { facts: few.clone() }),
        "acwc II.A.2"
    );
    let mut marked = facts("marked", 2000);
    marked.marks.push(Mark {
        kind: MarkKind::Engine,
        at: at("2018-04-01T00:00:00Z"),
    });
    assert_eq!(
        clause_of(&mut w, "marked", Command::Register { facts: marked }),
        "acwc II.C.1"
    );
    assert_eq!(
        clause_of(
            &mut w,
            "td",
            Command::Register {
                facts: facts("fox", 2000)
            }
        ),
        "acwc I.D"
    );
    // II.C.4: p17's second account disqualifies p17 too.
    let mut alt = facts("acc17-alt", 2300);
    alt.other_accounts.push("acc17".into());
    w.run("alt", Command::Register { facts: alt }).unwrap();
    assert_eq!(
        status(&w, "p17"),
        EntrantStatus::Disqualified {
            reason: Disqualification::SecondAccount
        }
    );
    // II.B: the TD's exception for "few".
    w.run(
        "td",
        Command::GrantException {
            user: user("few"),
            reason: "long-time Antichess streamer".into(),
        },
    )
    .unwrap();
    w.run("few", Command::Register { facts: few }).unwrap();
    let active = w.champ().entrants.iter().filter(|e| e.active()).count();
    assert_eq!(active, 40);

    // --- Qualification (acwc III.F, IV) ---
    w.now = at("2019-09-30T00:00:00Z");
    assert!(!w.tick().is_empty());
    assert!(w.tick().is_empty(), "a second tick changes nothing");
    assert_eq!(w.champ().qualification.len(), 38);
    assert_eq!(w.champ().qualification_rounds, 6);

    let mut forfeiter: Option<UserId> = None;
    for round in 1..=6 {
        assert_eq!(w.champ().stage, Stage::Qualification);
        let r = w.champ().rounds.last().unwrap().clone();
        assert_eq!(r.number, round);
        let mut skip = vec![];
        match round {
            2 => {
                // VIII.A.1: a withdrawal gives the opponent the match.
                let id = &r.matches[3];
                let m = w.champ().matches[id].clone();
                w.now = r.published_at + Duration::minutes(30);
                w.run(m.second.as_str(), Command::Withdraw).unwrap();
                assert_eq!(w.champ().matches[id].winner(), Some(&m.first));
            }
            3 => {
                // VI.D: a no-show: the first forfeit of the forfeiter.
                let id = &r.matches[5];
                let m = w.champ().matches[id].clone();
                forfeiter = Some(m.second.clone());
                let t = r.published_at + Duration::days(1);
                w.now = r.published_at + Duration::hours(1);
                w.run(
                    m.first.as_str(),
                    Command::OfferTime {
                        match_id: id.clone(),
                        at: t,
                    },
                )
                .unwrap();
                w.run(
                    m.second.as_str(),
                    Command::AcceptOffer {
                        match_id: id.clone(),
                        at: t,
                    },
                )
                .unwrap();
                w.now = t + Duration::minutes(10);
                w.run(
                    m.first.as_str(),
                    Command::ClaimNoShow {
                        match_id: id.clone(),
                        choice: NoShowChoice::ClaimWin,
                    },
                )
                .unwrap();
                skip.push(m.second.clone());
            }
            4 => {
                // VI.B, VI.F: the second forfeit disqualifies.
                let f = forfeiter.clone().unwrap();
                let id = r
                    .matches
                    .iter()
                    .find(|id| w.champ().matches[*id].plays(&f))
                    .unwrap()
                    .clone();
                w.now = r.published_at + Duration::hours(2);
                let rec = w
                    .run(
                        "td",
                        Command::DeclareForfeit {
                            match_id: id,
                            loser: f.clone(),
                            reason: "refused the rematch".into(),
                        },
                    )
                    .unwrap();
                assert!(rec.iter().any(|r| r.clause.as_deref() == Some("acwc VI.F")));
                assert_eq!(
                    status(&w, f.as_str()),
                    EntrantStatus::Disqualified {
                        reason: Disqualification::TwoForfeits
                    }
                );
                // VII.A: a private accusation.
                w.run(
                    "p05",
                    Command::ReportCheating {
                        accused: user("p30"),
                        details: "suspicious speed".into(),
                    },
                )
                .unwrap();
            }
            5 => {
                // VII.C, VIII.A.2: an engine mark for other games.
                play_round(&mut w, &mut rng, &[]);
                if w.champ().rounds.last().unwrap().number == 5 {
                    panic!("round 5 should be complete");
                }
                let cheat = w.champ().rounds[4]
                    .matches
                    .iter()
                    .map(|id| w.champ().matches[id].clone())
                    .find(|m| m.winner().is_some())
                    .and_then(|m| m.winner().cloned())
                    .unwrap();
                // Published round 6 already: the cheater's round-6 match goes to the opponent.
                let rec = w
                    .run(
                        "td",
                        Command::RecordMark {
                            player: cheat.clone(),
                            mark: Mark {
                                kind: MarkKind::Engine,
                                at: w.now,
                            },
                        },
                    )
                    .unwrap();
                assert!(rec
                    .iter()
                    .any(|r| r.clause.as_deref() == Some("acwc VIII.A.2")));
                for m in w
                    .champ()
                    .matches
                    .values()
                    .filter(|m| m.stage == Stage::Qualification && m.plays(&cheat))
                {
                    assert_ne!(
                        m.winner(),
                        Some(&cheat),
                        "{} still won by the cheater",
                        m.id
                    );
                }
                continue;
            }
            _ => {}
        }
        play_round(&mut w, &mut rng, &skip);
    }
    assert_eq!(
        w.champ().stage,
        Stage::Candidates,
        "the Qualification is over"
    );
    let standings = arbiter_domain::chess::acwc::standings::qualification_standings(w.champ());
    // III.F.3: sorted by points then the sum of opponents' seeds.
    for pair in standings.windows(2) {
        assert!(
            pair[0].points > pair[1].points
                || (pair[0].points == pair[1].points
                    && pair[0].opponents_seeds >= pair[1].opponents_seeds)
        );
    }
    let qualifiers: Vec<UserId> = standings
        .iter()
        .filter(|r| r.active)
        .take(3)
        .map(|r| r.player.clone())
        .collect();
    let seats = w.champ().candidates.clone();
    assert_eq!(seats.len(), 4);
    assert!(seats.contains(&user("p02")));
    for q in &qualifiers {
        assert!(seats.contains(q));
    }

    // --- Candidates (acwc III.G) ---
    for _ in 1..=3 {
        assert_eq!(w.champ().stage, Stage::Candidates);
        play_round(&mut w, &mut rng, &[]);
    }
    assert_eq!(w.champ().stage, Stage::Final);
    let table = arbiter_domain::chess::acwc::standings::candidates_table(w.champ());
    let challenger = table[0].player.clone();
    let f = w.champ().final_match.clone().unwrap();
    assert_eq!(
        (f.first.clone(), f.second.clone()),
        (user("p01"), challenger.clone())
    );

    // --- The Final (acwc III.H): every pair of games split, so Armageddon. ---
    w.now += Duration::days(3);
    for pair in 0..15 {
        let order = if rng.gen_bool(0.5) {
            [user("p01"), challenger.clone()]
        } else {
            [challenger.clone(), user("p01")]
        };
        for (k, winner) in order.into_iter().enumerate() {
            let game = pair * 2 + k as u32 + 1;
            let reporter = if game.is_multiple_of(2) {
                "p01"
            } else {
                challenger.as_str()
            };
            let confirmer = if game.is_multiple_of(2) {
                challenger.as_str()
            } else {
                "p01"
            };
            w.run(
                reporter,
                Command::ReportFinalGame {
                    game,
                    winner: Some(winner),
                },
            )
            .unwrap();
            w.run(
                confirmer,
                Command::ConfirmResult {
                    match_id: FINAL.into(),
                },
            )
            .unwrap();
        }
        w.now += Duration::hours(1);
    }
    let settings = w.champ().settings.clone().unwrap();
    let f = w.champ().final_match.clone().unwrap();
    assert_eq!(f.phase(&settings.format), FinalPhase::ArmageddonBidding);
    w.run("p01", Command::BidForWhite { seconds: 100 }).unwrap();
    w.run(challenger.as_str(), Command::BidForWhite { seconds: 120 })
        .unwrap();
    let a = w.champ().final_match.clone().unwrap().armageddon.unwrap();
    assert_eq!(
        (a.white.clone(), a.black.clone()),
        (user("p01"), challenger.clone())
    );
    // III.H.6.i: a draw in Armageddon: Black is champion.
    w.run(
        "p01",
        Command::ReportFinalGame {
            game: 31,
            winner: None,
        },
    )
    .unwrap();
    w.run(
        challenger.as_str(),
        Command::ConfirmResult {
            match_id: FINAL.into(),
        },
    )
    .unwrap();
    assert_eq!(w.champ().champion, Some(challenger.clone()));
    assert_eq!(w.champ().stage, Stage::Finished);

    // Views and the audit log.
    let view = w.competition().view(Some(&user("p03")));
    assert_eq!(view.game["champion"], serde_json::json!(challenger));
    assert_eq!(view.game["final"]["decided"], serde_json::json!(true));
    assert!(view.game.get("cheating_reports").is_none());
    let td_view = w.competition().view(Some(&user("td")));
    assert_eq!(
        td_view.game["cheating_reports"].as_array().unwrap().len(),
        1
    );
    let hidden = |viewer: &str| {
        w.log()
            .iter()
            .flat_map(|c| c.log_entry(w.competition(), Some(&user(viewer))).events)
            .filter(|r| {
                matches!(
                    &r.event,
                    Event::Acwc(arbiter_domain::chess::acwc::Event::CheatingReported { .. })
                )
            })
            .count()
    };
    assert_eq!(hidden("p03"), 0);
    assert_eq!(hidden("td"), 1);
    let trf = arbiter_domain::chess::acwc::qualification_trf(w.champ());
    assert_eq!(
        arbiter_domain::chess::trf::read(&trf)
            .unwrap()
            .players()
            .count(),
        38
    );

    // The audit log survives the store: every commit round-trips through JSON.
    for commit in w.log() {
        let json = serde_json::to_string(commit).unwrap();
        assert_eq!(
            &serde_json::from_str::<arbiter_domain::competition::Commit>(&json).unwrap(),
            commit
        );
    }

    // Running the schedules twice changes nothing.
    let before = w.competition().clone();
    w.now += Duration::days(7);
    assert!(w.tick().is_empty());
    assert!(w.tick().is_empty());
    assert_eq!(before.game, w.competition().game);
    assert_eq!(w.competition().next_due(), None);
}
