//! wm B.8.b, D.VII.6, D.IX.2, D.VII.1: who is told what, through the envelope's
//! `notice::notices` (with its secrecy guard) on real commits.

use super::*;
use crate::notice::{Audience, Notice, Topic};

fn users(names: &[&str]) -> Audience {
    Audience::Users(names.iter().map(|n| u(n)).collect())
}

fn everyone_seated_and_gm() -> Audience {
    let mut names: Vec<String> = Power::ALL.into_iter().map(player).collect();
    names.push("gm".into());
    Audience::Users(names.iter().map(|n| u(n)).collect())
}

impl Game1 {
    /// Plays 1901, then lets `missing` miss Spring 1902 at its deadline.
    fn nmr_in_1902(&mut self, missing: Power) {
        let now = self.play_1901();
        for p in Power::ALL.into_iter().filter(|p| *p != missing) {
            self.submit(p, &[], false, now).unwrap();
        }
        let deadline = self.board().deadline.unwrap();
        self.tick(deadline);
    }
}

fn of_topic(notices: &[Notice], topic: Topic) -> Vec<&Notice> {
    notices.iter().filter(|n| n.topic == topic).collect()
}

/// wm B.8.b: "the GM will notify the TD who will send an email to both the Team
/// Captain and Team Members": exactly the TDs, the captain and the team.
#[test]
fn wm_b_8_b_an_nmr_in_a_team_round_reaches_the_tds_the_captain_and_the_team() {
    let mut g = Game1::with(|s| {
        s.captains.insert(Power::Germany, u("germany-captain"));
        s.teams.insert(
            Power::Germany,
            ["germany-player", "mate-1", "mate-2"]
                .into_iter()
                .map(u)
                .collect(),
        );
    });
    g.env(
        "org",
        EnvCommand::GrantRole {
            user: u("atd"),
            role: Role::AssistantTournamentDirector,
        },
    )
    .unwrap();
    g.nmr_in_1902(Power::Germany);
    let all = g.notices();
    let nmr = of_topic(&all, Topic::Nmr);
    assert_eq!(nmr.len(), 1, "{all:#?}");
    let n = nmr[0];
    assert_eq!(n.clause, "wm B.8.b");
    assert_eq!(n.event, "nmr-recorded");
    assert_eq!(
        n.audience,
        users(&[
            "td",
            "atd",
            "germany-captain",
            "germany-player",
            "mate-1",
            "mate-2"
        ])
    );
    assert!(
        n.text.contains("Germany") && n.text.contains("S1902M"),
        "{}",
        n.text
    );
    assert!(n.text.contains("units held"), "wm D.VII.6.c: {}", n.text);
}

/// wm D.VII.6.a, c: without a team the player must contact the GM; the TD, the
/// GM and the player hear of the NMR, under the clause the board recorded.
#[test]
fn wm_d_vii_6_c_an_nmr_in_an_individual_round_reaches_the_td_the_gm_and_the_player() {
    let mut g = Game1::new();
    g.nmr_in_1902(Power::Germany);
    let all = g.notices();
    let nmr = of_topic(&all, Topic::Nmr);
    assert_eq!(nmr.len(), 1);
    assert_eq!(nmr[0].clause, "wm D.VII.6.c");
    assert_eq!(nmr[0].audience, users(&["td", "gm", "germany-player"]));
}

/// wm D.VII.6.b, B.8.b: an NMR in Spring 1901 withholds the results; the TD,
/// the GM, the captain and the player who missed are told once.
#[test]
fn wm_d_vii_6_b_a_withheld_1901_phase_is_told_to_the_td_gm_captain_and_player() {
    let mut g = Game1::with(|s| {
        s.captains.insert(Power::Russia, u("russia-captain"));
    });
    for p in Power::ALL.into_iter().filter(|p| *p != Power::Russia) {
        g.submit(p, &[], true, h(1)).unwrap();
    }
    g.tick(h(120));
    let all = g.notices();
    let nmr = of_topic(&all, Topic::Nmr);
    assert_eq!(nmr.len(), 1);
    assert_eq!(nmr[0].clause, "wm D.VII.6.b");
    assert_eq!(
        nmr[0].audience,
        users(&["td", "gm", "russia-captain", "russia-player"])
    );
    assert!(
        of_topic(&all, Topic::Adjudication).is_empty(),
        "nothing released"
    );
}

/// wm D.IX.2, D.VIII.4: an adjudication goes to the seven players, the GM and
/// the public, naming the phase, the next one and its deadline; no order is
/// quoted. The early adjudication at Tuesday 6 January 12:00 sets Fall 1901's
/// deadline 120 hours on (wm D.VII.4.a's default week): Sunday 11 January 12:00.
#[test]
fn wm_d_ix_2_an_adjudication_is_published_to_the_players_the_gm_and_the_public() {
    let mut g = Game1::new();
    g.submit(Power::France, &["A PAR - BUR", "A MAR - SPA"], true, h(1))
        .unwrap();
    g.all_final(h(2));
    g.tick(h(24));
    let all = g.notices();
    let adj = of_topic(&all, Topic::Adjudication);
    assert_eq!(adj.len(), 2, "{all:#?}");
    assert_eq!(adj[0].audience, everyone_seated_and_gm());
    assert_eq!(adj[1].audience, Audience::Public);
    for n in adj {
        assert_eq!(n.clause, "wm D.IX.2");
        assert_eq!(n.event, "phase-adjudicated");
        assert_eq!(
            n.text,
            "S1901M has been adjudicated. Next phase: F1901M, deadline 2026-01-11 12:00:00 UTC."
        );
        assert!(!n.text.contains("BUR") && !n.text.contains("PAR"));
    }
}

/// wm D.IX.2: "the GM will not reveal any information regarding the specific
/// votes of an individual power": submitting orders, proposing and voting tell
/// nobody anything, and the result says only "failed".
#[test]
fn wm_d_ix_2_orders_and_votes_cause_no_notice_and_a_result_names_no_voter() {
    let mut g = Game1::new();
    g.submit(Power::France, &["A PAR - BUR"], false, h(1))
        .unwrap();
    assert!(g.notices().is_empty(), "wm D.VIII.4: orders are secret");
    g.propose_draw(Power::England, h(1));
    assert!(g.notices().is_empty());
    g.run(
        &player(Power::Italy),
        Command::RecordVote {
            proposal: 1,
            ballot: Ballot::No,
        },
        h(2),
    )
    .unwrap();
    assert!(g.notices().is_empty(), "a secret vote");
    g.all_final(h(3));
    g.tick(h(24));
    let all = g.notices();
    let result = of_topic(&all, Topic::VoteResult);
    assert_eq!(result.len(), 2);
    assert_eq!(result[0].audience, everyone_seated_and_gm());
    assert_eq!(result[1].audience, Audience::Public);
    assert_eq!(
        result[0].text,
        "Proposal 1, a draw among Austria, England, France, Germany, Italy, Russia, Turkey \
         (voted with the orders of S1901M), failed."
    );
    // wm D.IX.2: a failed proposal is published together with the adjudication.
    assert_eq!(of_topic(&all, Topic::Adjudication).len(), 2);
    let json = serde_json::to_string(&all).unwrap();
    assert!(!json.contains("BUR") && !json.contains("\"no\""), "{json}");
}

/// wm D.IX.2, D.IX.4, C.1–C.3: a passed draw is published instead of the
/// adjudication, with the scores: Russia leads alone on 4 centres (32 + 4 = 36);
/// the six others share places 2–7, (16 + 8 + 4 + 2 + 1 + 0) / 6 = 5.1667, plus
/// 3 centres: 8.17.
#[test]
fn wm_d_ix_2_a_passed_draw_is_published_with_the_scores_instead_of_an_adjudication() {
    let mut g = Game1::new();
    g.propose_draw(Power::England, h(1));
    g.all_vote_yes(1, h(2));
    g.all_final(h(3));
    g.tick(h(24));
    let all = g.notices();
    assert!(of_topic(&all, Topic::Adjudication).is_empty());
    let vote = of_topic(&all, Topic::VoteResult);
    assert!(vote[0].text.ends_with("passed."), "{}", vote[0].text);
    let results = of_topic(&all, Topic::Results);
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].clause, "wm D.IX.4");
    let text = &results[0].text;
    assert!(text.contains("a draw was agreed"), "{text}");
    assert!(text.contains("Russia: 36 (4 centres)"), "{text}");
    assert!(text.contains("Austria: 8.17 (3 centres)"), "{text}");
}

/// wm D.VII.1: reminders 24 and 1 hours before Spring 1901's deadline (h(120)),
/// to every player without final orders, never to one who has them.
#[test]
fn wm_d_vii_1_reminders_at_24_and_1_hours_before_the_deadline_skip_final_orders() {
    let mut g = Game1::new();
    g.submit(Power::England, &[], true, h(1)).unwrap();
    g.submit(Power::France, &[], false, h(1)).unwrap();
    let due = |g: &Game1, at: DateTime<Utc>| g.competition().reminders(at);
    assert!(due(&g, h(120 - 25)).is_empty(), "d - 25h: not yet");
    let day = due(&g, h(120 - 24));
    assert_eq!(day.len(), 1);
    assert_eq!(day[0].hours_before, 24);
    assert_eq!(day[0].deadline, h(120));
    assert_eq!(day[0].occasion, "S1901M");
    assert_eq!(day[0].clause, "wm D.VII.1");
    let expected: BTreeSet<UserId> = Power::ALL
        .into_iter()
        .filter(|p| *p != Power::England)
        .map(|p| u(&player(p)))
        .collect();
    assert_eq!(day[0].users, expected, "France's set is not final");
    assert!(day[0]
        .text
        .starts_with("You have not yet submitted final orders for S1901M."));
    let hour = due(&g, h(120 - 1));
    assert_eq!(
        hour.iter().map(|r| r.hours_before).collect::<Vec<_>>(),
        [24, 1]
    );
    assert!(due(&g, h(120)).is_empty(), "the deadline has come");
    // Everyone final: nobody to remind.
    g.all_final(h(2));
    assert!(due(&g, h(119)).is_empty());
}
