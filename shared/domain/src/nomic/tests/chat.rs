//! The voting thread as the game's input (nomic 107, 113, 201, 202, 208,
//! 209, 212, 214): messages decided as the moves they make, replies
//! resolved to what they answer, threads and accounts linked.
//!
//! Calendar as in `mod.rs`: Monday 16 March 2026 is chris's day, Tuesday 17
//! dave's; on Monday the Judge is Friday's alexw, on Tuesday Monday's chris.

use super::*;
use crate::nomic::chat::{check_points, Noted, Thread, Threads};
use crate::nomic::rulebook::RuleBookExport;

fn thread(topic: &str) -> Thread {
    Thread {
        chat: "telegram:-100".into(),
        topic: Some(topic.into()),
    }
}

fn threads() -> Threads {
    Threads {
        voting: thread("1"),
        points: thread("2"),
        discussion: Some(thread("3")),
    }
}

/// `who` posts `text` as message `message`, replying to `reply_to`.
fn post(
    g: &mut Game,
    who: &str,
    now: &str,
    message: &str,
    text: &str,
    reply_to: Option<&str>,
) -> Result<Vec<Recorded>, Refusal> {
    g.run(
        who,
        now,
        Command::VotingThreadMessage {
            message: message.into(),
            text: text.into(),
            reply_to: reply_to.map(str::to_owned),
        },
    )
}

fn clause_of(r: Result<Vec<Recorded>, Refusal>) -> String {
    r.expect_err("must be refused")
        .clause
        .map(|c| c.into_owned())
        .unwrap_or_default()
}

#[test]
fn nomic_107_a_rule_change_message_on_the_proposers_day_is_a_proposal_noted_for_replies() {
    let mut g = Game::new();
    post(
        &mut g,
        "chris",
        "2026-03-16T10:00:00Z",
        "11",
        "Rule-change: repeal Rule 207",
        None,
    )
    .unwrap();
    let p = g.nomic().proposal(301).expect("proposal 301");
    assert_eq!(p.change, RuleChange::Repeal { rule: 207 });
    assert_eq!(g.nomic().chat.messages["11"], Noted::Proposal(301));
    // nomic 202: not dave's day.
    let late = post(
        &mut g,
        "dave",
        "2026-03-16T11:00:00Z",
        "12",
        "Rule-change: repeal Rule 208",
        None,
    );
    assert_eq!(clause_of(late), "nomic 202");
    assert!(!g.nomic().chat.messages.contains_key("12"));
}

#[test]
fn nomic_113_208_a_vote_replies_to_the_proposal_and_a_later_message_does_not_count() {
    let mut g = Game::new();
    post(
        &mut g,
        "chris",
        "2026-03-16T10:00:00Z",
        "11",
        "Rule-change: repeal Rule 207",
        None,
    )
    .unwrap();
    post(
        &mut g,
        "dave",
        "2026-03-16T10:05:00Z",
        "12",
        "Vote: Yes",
        Some("11"),
    )
    .unwrap();
    assert_eq!(
        g.nomic().proposal(301).unwrap().votes[&user("dave")],
        Vote::Yes
    );
    // A second message from the same player does not change the vote.
    let again = post(
        &mut g,
        "dave",
        "2026-03-16T10:06:00Z",
        "13",
        "Vote: No",
        Some("11"),
    );
    assert_eq!(clause_of(again), "nomic 113");
    assert_eq!(
        g.nomic().proposal(301).unwrap().votes[&user("dave")],
        Vote::Yes
    );
    // A vote that replies to nothing names no proposal.
    let loose = post(
        &mut g,
        "ben",
        "2026-03-16T10:07:00Z",
        "14",
        "Vote: Yes",
        None,
    );
    assert_eq!(clause_of(loose), "nomic 113");
    let unclear = post(
        &mut g,
        "ben",
        "2026-03-16T10:08:00Z",
        "15",
        "Vote: perhaps",
        Some("11"),
    );
    assert_eq!(clause_of(unclear), "nomic 113");
    // After the end of the day of submission, voting has completed.
    let late = post(
        &mut g,
        "ben",
        "2026-03-17T00:00:01Z",
        "16",
        "Vote: Yes",
        Some("11"),
    );
    assert_eq!(clause_of(late), "nomic 113");
}

#[test]
fn nomic_201_a_voting_thread_message_at_the_weekend_is_void() {
    let mut g = Game::new();
    // Saturday 21 March 2026.
    let r = post(
        &mut g,
        "chris",
        "2026-03-21T10:00:00Z",
        "20",
        "Point of Order: is it Saturday?",
        None,
    );
    assert_eq!(clause_of(r), "nomic 201");
    assert!(g.nomic().points_of_order.is_empty());
    assert!(g.nomic().chat.messages.is_empty());
}

#[test]
fn a_message_is_read_once() {
    let mut g = Game::new();
    post(
        &mut g,
        "chris",
        "2026-03-16T10:00:00Z",
        "11",
        "Rule-change: repeal Rule 207",
        None,
    )
    .unwrap();
    let again = g
        .run(
            "chris",
            "2026-03-16T10:00:01Z",
            Command::VotingThreadMessage {
                message: "11".into(),
                text: "Point of Order: x".into(),
                reply_to: None,
            },
        )
        .expect_err("the same message again");
    assert_eq!(again.kind, crate::refusal::RefusalKind::Conflict);
    assert!(g.nomic().points_of_order.is_empty());
}

#[test]
fn nomic_214_judgement_dispute_and_agreement_reference_the_point_by_replying() {
    let mut g = Game::new();
    post(
        &mut g,
        "chris",
        "2026-03-16T10:00:00Z",
        "11",
        "Rule-change: repeal Rule 207",
        None,
    )
    .unwrap();
    // A Point of Order replying to the proposal is about it.
    post(
        &mut g,
        "ben",
        "2026-03-16T10:10:00Z",
        "21",
        "Point of Order: 301 is improper",
        Some("11"),
    )
    .unwrap();
    let po = g.nomic().point_of_order(1).unwrap();
    assert_eq!(po.proposal, Some(301));
    assert_eq!(po.judge, user("alexw"));
    // A Judgement that replies to nothing does not reference the Point.
    let loose = post(
        &mut g,
        "alexw",
        "2026-03-16T10:20:00Z",
        "22",
        "Judgement: it is proper",
        None,
    );
    assert_eq!(clause_of(loose), "nomic 214");
    post(
        &mut g,
        "alexw",
        "2026-03-16T10:21:00Z",
        "23",
        "Judgement: it is proper",
        Some("21"),
    )
    .unwrap();
    assert_eq!(g.nomic().chat.messages["23"], Noted::PointOfOrder(1));
    post(
        &mut g,
        "ben",
        "2026-03-16T10:30:00Z",
        "24",
        "Dispute: it was late",
        Some("23"),
    )
    .unwrap();
    assert!(g
        .nomic()
        .point_of_order(1)
        .unwrap()
        .judgement
        .as_ref()
        .unwrap()
        .disputed_at
        .is_some());
    // One agreement invokes the Judgement.
    post(
        &mut g,
        "dave",
        "2026-03-16T10:40:00Z",
        "25",
        "I agree with Judgement",
        Some("24"),
    )
    .unwrap();
    assert!(!g.nomic().point_of_order(1).unwrap().active());
}

#[test]
fn nomic_107_a_proposal_as_written_is_voted_on_scored_and_leaves_the_book_as_it_is() {
    let mut g = Game::new();
    let before = g.nomic().rules.current.clone();
    post(
        &mut g,
        "chris",
        "2026-03-16T10:00:00Z",
        "11",
        "Rule-change: Every player shall greet the Judge.",
        None,
    )
    .unwrap();
    assert_eq!(
        g.nomic().proposal(301).unwrap().change,
        RuleChange::AsWritten {
            text: "Every player shall greet the Judge.".into()
        }
    );
    for (i, p) in ["dave", "ben", "alext", "alexw", "chris"]
        .iter()
        .enumerate()
    {
        post(
            &mut g,
            p,
            "2026-03-16T11:00:00Z",
            &format!("3{i}"),
            "Vote: Yes",
            Some("11"),
        )
        .unwrap();
    }
    g.tick("2026-03-17T00:00:00Z");
    assert_eq!(g.status(301), ProposalStatus::InEffect);
    let after: &RuleBookExport = &g.nomic().rules.current;
    assert_eq!(after, &before);
    // nomic 203: no rule took number 301, so R is still 215:
    // floor(max(10, 215 - 290) * 5/5) = 10.
    assert_eq!(g.points("chris"), 10);
}

#[test]
fn the_organizer_links_three_distinct_threads() {
    let mut g = Game::new();
    let by_player = g.run(
        "ben",
        "2026-03-16T10:00:00Z",
        Command::LinkThreads { threads: threads() },
    );
    assert!(by_player.is_err());
    let mut same = threads();
    same.points = same.voting.clone();
    let r = g.run(
        "org",
        "2026-03-16T10:00:00Z",
        Command::LinkThreads { threads: same },
    );
    assert_eq!(clause_of(r), "nomic 212");
    let events = g
        .run(
            "org",
            "2026-03-16T10:00:00Z",
            Command::LinkThreads { threads: threads() },
        )
        .unwrap();
    assert_eq!(g.nomic().chat.threads, Some(threads()));
    let keys = events[0].event.found_under();
    assert_eq!(keys, vec!["#chat:telegram:-100".to_owned()]);
}

#[test]
fn a_chat_account_is_one_players_and_a_link_code_works_once() {
    let mut g = Game::new();
    let link = |account: &str, code: &str| Command::LinkChatAccount {
        account: account.into(),
        code: code.into(),
    };
    g.run("ben", "2026-03-16T10:00:00Z", link("telegram:7", "c1"))
        .unwrap();
    assert_eq!(g.nomic().chat.player("telegram:7"), Some(&user("ben")));
    // The same code again, even for another account, is refused.
    assert!(g
        .run("ben", "2026-03-16T10:01:00Z", link("telegram:8", "c1"))
        .is_err());
    // Another player cannot take ben's account.
    assert!(g
        .run("dave", "2026-03-16T10:02:00Z", link("telegram:7", "c2"))
        .is_err());
    // Someone outside the game cannot link at all.
    assert_eq!(
        g.run("zed", "2026-03-16T10:03:00Z", link("telegram:9", "c3"))
            .unwrap_err()
            .clause
            .as_deref(),
        Some("nomic 201")
    );
    // Ben moving to a new account drops the old one.
    g.run("ben", "2026-03-16T10:04:00Z", link("telegram:10", "c4"))
        .unwrap();
    assert_eq!(g.nomic().chat.player("telegram:7"), None);
    assert_eq!(g.nomic().chat.player("telegram:10"), Some(&user("ben")));
}

#[test]
fn nomic_209_a_correction_in_the_points_thread_is_checked_against_the_points_held() {
    let g = Game::new();
    // Everyone starts with the Initial Set's 0 points.
    assert_eq!(
        check_points(g.nomic(), "ben: 0 (+0)").as_deref(),
        Some("Correct: ben has 0 points (nomic 209).")
    );
    assert_eq!(
        check_points(g.nomic(), "Ben: 150 (+4)").as_deref(),
        Some("Not so: ben has 0 points, not 150 (nomic 209: anyone may correct a wrong total).")
    );
    assert_eq!(check_points(g.nomic(), "nobody: 3"), None);
    assert_eq!(check_points(g.nomic(), "good morning"), None);
}
