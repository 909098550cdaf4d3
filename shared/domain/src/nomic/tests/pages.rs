//! The game's public pages, read as a player reads them: the front page
//! says whose day it is and what is open until when (nomic 201, 202, 113),
//! each proposal is a card showing its change on the rule's text (nomic
//! 103) with its votes as cast (nomic 113).
//!
//! The week played (UK time is GMT in March 2026): chris amends rule 208 on
//! Monday 16 March, all five vote yes; dave's enactment on Tuesday gets
//! chris's no and is defeated under unanimity (nomic 204); ben's repeal of
//! rule 212 on Wednesday gets one yes and is adopted; alext proposes to
//! transmute rule 211 on Thursday and dave votes yes. The pages are read at
//! noon on Thursday 19 March.

use super::*;
use crate::page::Listing;

fn week() -> Game {
    let mut g = Game::new();
    let n = g.propose(
        "chris",
        "2026-03-16T10:00:00Z",
        amend(
            208,
            "Each player always has exactly one vote, cast in the voting thread.",
        ),
    );
    assert_eq!(n, 301);
    g.votes(&ALL, "2026-03-16T12:00:00Z", 301, Vote::Yes);
    g.propose(
        "dave",
        "2026-03-17T10:00:00Z",
        enact("Players may wear hats."),
    );
    g.vote("chris", "2026-03-17T11:00:00Z", 302, Vote::No);
    g.votes(
        &["dave", "ben", "alext", "alexw"],
        "2026-03-17T11:00:00Z",
        302,
        Vote::Yes,
    );
    g.propose(
        "ben",
        "2026-03-18T10:00:00Z",
        RuleChange::Repeal { rule: 212 },
    );
    g.vote("chris", "2026-03-18T11:00:00Z", 303, Vote::Yes);
    g.propose(
        "alext",
        "2026-03-19T10:00:00Z",
        RuleChange::Transmute { rule: 211 },
    );
    g.vote("dave", "2026-03-19T11:00:00Z", 304, Vote::Yes);
    g
}

fn noon_thursday() -> DateTime<Utc> {
    at("2026-03-19T12:00:00Z")
}

fn page(g: &Game, path: &[&str], now: DateTime<Utc>) -> String {
    let c = g.competition();
    c.game
        .page(c, path, now)
        .unwrap_or_else(|| panic!("no page {path:?}"))
        .body
}

#[test]
fn nomic_201_202_113_the_front_page_says_whose_day_it_is_and_what_is_open_until_when() {
    let g = week();
    assert_eq!(g.status(301), ProposalStatus::InEffect);
    assert_eq!(g.status(302), ProposalStatus::Defeated);
    assert_eq!(g.status(303), ProposalStatus::InEffect);
    let front = page(&g, &[], noon_thursday());
    assert!(
        front.contains("Today, Thursday 19 March, is <strong>alext</strong>'s day (nomic 201)."),
        "{front}"
    );
    assert!(front.contains("alext has made today's proposal"), "{front}");
    // nomic 113: voting closes at the end of the UK day, Thursday's 23:59.
    assert!(
        front.contains("voting open until <strong>Thu 19 Mar 23:59 UK time</strong>"),
        "{front}"
    );
    assert!(front.contains("reach <strong>200 points</strong> wins (nomic 210)"));
    // nomic 204: unanimity until the end of the second circuit, which ends
    // with Friday 27 March (the module's calendar).
    assert!(
        front.contains("after Friday 27 March (2 complete circuits of turns), a simple majority"),
        "{front}"
    );
    // Before Thursday's proposal, at 09:00 GMT, alext may still propose
    // until 19:00 (nomic 202); on Saturday nobody may (nomic 201).
    let mut before = Game::new();
    before.tick("2026-03-19T09:00:00Z");
    let morning = page(&before, &[], at("2026-03-19T09:00:00Z"));
    assert!(
        morning.contains("alext may propose a rule-change until <strong>19:00 UK time</strong>"),
        "{morning}"
    );
    let evening = page(&before, &[], at("2026-03-19T19:00:00Z"));
    assert!(
        evening.contains("alext's time to propose ended at 19:00 UK time"),
        "{evening}"
    );
    let saturday = page(&before, &[], at("2026-03-21T12:00:00Z"));
    assert!(
        saturday.contains("It is the weekend in the UK"),
        "{saturday}"
    );
    assert!(saturday.contains("Next: Monday 23 March, <strong>chris</strong>'s day."));
}

#[test]
fn nomic_209_210_the_score_race_ranks_the_players_by_points_towards_the_win() {
    let g = week();
    let front = page(&g, &[], noon_thursday());
    // Each player has a bar from the lowest score (or 0) to the 200 that win.
    let first = g
        .nomic()
        .points
        .iter()
        .max_by_key(|(u, p)| (**p, std::cmp::Reverse((*u).clone())))
        .map(|(u, _)| u.as_str().to_owned())
        .unwrap();
    let race = &front[front.find("<ol class=\"race\">").expect("the race")..];
    let leader = race.find(&format!("<strong>{first}</strong>")).unwrap();
    for p in ALL {
        assert!(
            race.find(&format!("<strong>{p}</strong>")).unwrap() >= leader,
            "{race}"
        );
    }
    assert_eq!(race.matches("<meter").count(), 5, "{race}");
    assert!(race.contains("max=\"200\""), "{race}");
}

#[test]
fn nomic_103_each_proposal_shows_its_change_on_the_rules_text() {
    let body = page(&week(), &["proposals"], noon_thursday());
    assert!(!body.contains("<table"), "cards, not a table: {body}");
    // Open first, then decided, newest first.
    let at = |s: &str| body.find(s).unwrap_or_else(|| panic!("no {s:?} in {body}"));
    assert!(at("id=\"p304\"") < at("id=\"p303\""));
    assert!(at("id=\"p303\"") < at("id=\"p302\""));
    assert!(at("id=\"p302\"") < at("id=\"p301\""));
    // The amendment: the words kept, "vote." struck, the new words added;
    // the rule takes the proposal's number (nomic 109).
    assert!(
        body.contains(
            "Each player always has exactly one <del>vote.</del> <ins>vote, cast in the voting thread.</ins>"
        ),
        "{body}"
    );
    assert!(body.contains("Amend rule 208 <span class=\"muted\">(now rule 301, nomic 109)</span>"));
    // The enactment, all added, and defeated.
    assert!(body.contains("<ins>Players may wear hats.</ins>"));
    assert!(body.contains("Proposal 302 <span class=\"badge defeated\">Defeated</span>"));
    // The repeal strikes rule 212's text as it stood.
    assert!(body.contains("Repeal rule 212"));
    assert!(
        body.contains("<del>Players may discuss any topics"),
        "{body}"
    );
    // The transmutation: mutable to immutable.
    assert!(body.contains("Rule 211 becomes <del>mutable</del> <ins>immutable</ins>"));
    assert!(body.contains("Proposal 304 <span class=\"badge open\">Open</span>"));
}

#[test]
fn nomic_113_the_votes_are_shown_as_cast_and_who_has_not_voted_while_open() {
    let body = page(&week(), &["proposals"], noon_thursday());
    let card = |n: u32| {
        let from = body.find(&format!("id=\"p{n}\"")).unwrap();
        let to = body[from..].find("</article>").unwrap() + from;
        body[from..to].to_owned()
    };
    let open = card(304);
    assert!(open.contains("<strong>Yes (1): </strong>dave"), "{open}");
    assert!(open.contains("<strong>No (0): </strong>nobody"), "{open}");
    assert!(
        open.contains("Not voted yet: alext, alexw, ben, chris"),
        "{open}"
    );
    let defeated = card(302);
    assert!(
        defeated.contains("<strong>No (1): </strong>chris"),
        "{defeated}"
    );
    assert!(
        defeated.contains("Count: 4 yes, 1 no, of 5 players."),
        "{defeated}"
    );
    assert!(!defeated.contains("Not voted yet"));
}

#[test]
fn nomic_201_the_index_line_names_the_kind_whose_day_it_is_and_the_players() {
    let g = week();
    let c = g.competition();
    assert_eq!(
        c.game.listing(c, noon_thursday()),
        Listing {
            kind: "Nomic game",
            status: "In play: alext's day".into(),
            dates: Some("Begun 15 Mar 2026".into()),
            size: Some("5 players".into()),
        }
    );
    let bare = Game::bare();
    let c = bare.competition();
    assert_eq!(c.game.listing(c, noon_thursday()).status, "Not begun");
}
