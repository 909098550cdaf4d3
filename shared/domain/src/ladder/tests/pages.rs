//! The club's public pages as a member reads them (club J.3: the
//! leaderboard is published): each member's games won, drawn and lost, the
//! latest games with their results and signed changes, and a member's games
//! from their own side.
//!
//! The session of Friday 9 January 2026 (London on GMT), K = 32 (club
//! II.3): ann beats bob at 100 against 100 (+16, and bob stays at the
//! floor, club II.2: 0); cat (100) draws ann (116) with White: E = 1/(1 +
//! 10^(16/400)) = 0.477, 32 × 0.023 = 0.74, so cat +1 and ann −1; ann (115)
//! loses to cat (101) with White: E = 1/(1 + 10^(−14/400)) = 0.520, 32 ×
//! −0.520 = −16.6, so −17, which the floor stops at −15 for ann, +17 for
//! cat. Scores: cat 118, ann 100, bob 100, dan 100 (no games).

use super::super::testkit::*;
use super::super::GameResult::*;
use crate::page::Listing;

fn session() -> Club {
    let mut c = Club::new();
    c.join(&["ann", "bob", "cat", "dan"]);
    for (white, black, result, played, registered) in [
        ("ann", "bob", WhiteWins, "12:35", "12:40"),
        ("cat", "ann", Draw, "12:45", "12:50"),
        ("ann", "cat", BlackWins, "12:55", "13:00"),
    ] {
        c.at(&format!("2026-01-09T{registered}:00Z"));
        c.ok(
            white,
            game(white, black, result, &format!("2026-01-09T{played}:00Z")),
        );
    }
    assert_eq!(
        ["cat", "ann", "bob", "dan"].map(|m| c.score(m)),
        [118, 100, 100, 100]
    );
    c
}

fn page(c: &Club, path: &[&str]) -> String {
    let comp = c.competition();
    comp.game
        .page(comp, path, c.now)
        .unwrap_or_else(|| panic!("no page {path:?}"))
        .body
}

#[test]
fn club_j_3_the_leaderboard_shows_each_members_games_won_drawn_and_lost() {
    let front = page(&session(), &[]);
    // W, D, L after the score: cat won 1 and drew 1; ann won, drew and
    // lost 1 each; bob lost 1.
    let row = |m: &str| {
        let from = front
            .find(&format!(">{m}</a>"))
            .unwrap_or_else(|| panic!("{m}: {front}"));
        let to = front[from..].find("</tr>").unwrap() + from;
        front[from..to].to_owned()
    };
    assert!(
        row("cat").contains("<td>118</td><td>1</td><td>1</td><td>0</td>"),
        "{}",
        row("cat")
    );
    assert!(
        row("ann").contains("<td>100</td><td>1</td><td>1</td><td>1</td>"),
        "{}",
        row("ann")
    );
    assert!(
        row("bob").contains("<td>100</td><td>0</td><td>0</td><td>1</td>"),
        "{}",
        row("bob")
    );
    assert!(front.contains("<abbr title=\"Won\">W</abbr>"));
    assert!(!front.contains("through –"), "no dash for a date not known");
}

#[test]
fn club_ii_3_the_recent_games_show_results_and_signed_changes_newest_first() {
    let front = page(&session(), &[]);
    let recent = &front[front.find("Recent games").unwrap()..];
    let last = recent
        .find("ann</a> <span class=\"muted\">\u{2212}15</span></td><td>0\u{2013}1</td><td><a href=\"/pages/club/member/cat\">cat</a> <span class=\"muted\">+17</span>")
        .unwrap_or_else(|| panic!("{recent}"));
    let draw = recent
        .find("cat</a> <span class=\"muted\">+1</span></td><td>\u{bd}\u{2013}\u{bd}</td>")
        .unwrap_or_else(|| panic!("{recent}"));
    let first = recent
        .find("ann</a> <span class=\"muted\">+16</span></td><td>1\u{2013}0</td><td><a href=\"/pages/club/member/bob\">bob</a> <span class=\"muted\">0</span>")
        .unwrap_or_else(|| panic!("{recent}"));
    assert!(last < draw && draw < first, "newest first: {recent}");
    // Read in 2026: the year goes without saying; read a year later, it
    // is said.
    assert!(recent.contains("<th scope=\"row\">9 Jan</th>"), "{recent}");
    let c = session();
    let comp = c.competition();
    let later = comp
        .game
        .page(comp, &[], at("2027-01-15T12:00:00Z"))
        .unwrap()
        .body;
    assert!(
        later.contains("<th scope=\"row\">9 Jan 2026</th>"),
        "{later}"
    );
}

#[test]
fn club_ii_3_a_members_games_read_from_their_side_with_a_real_minus() {
    let c = session();
    let ann = page(&c, &["member", "ann"]);
    for expected in [
        "Lost against <a href=\"/pages/club/member/cat\">cat</a><span class=\"muted\"> with White</span></td><td>\u{2212}15</td>",
        "Drew against <a href=\"/pages/club/member/cat\">cat</a><span class=\"muted\"> with Black</span></td><td>\u{2212}1</td>",
        "Won against <a href=\"/pages/club/member/bob\">bob</a><span class=\"muted\"> with White</span></td><td>+16</td>",
        "<dd>1 won, 1 drawn, 1 lost</dd>",
    ] {
        assert!(ann.contains(expected), "{expected}\n{ann}");
    }
    assert!(
        !ann.contains("white-wins") && !ann.contains("Result"),
        "{ann}"
    );
    let dan = page(&c, &["member", "dan"]);
    assert!(dan.contains("No games counted yet."), "{dan}");
    assert!(!dan.contains("<svg"), "no chart without games");
}

#[test]
fn club_j_3_the_index_line_names_the_kind_the_latest_game_and_the_members() {
    let c = session();
    let comp = c.competition();
    assert_eq!(
        comp.game.listing(comp, c.now),
        Listing {
            kind: "Club ladder",
            status: "Latest game 9 Jan 2026".into(),
            dates: Some("Since 9 Jan 2026".into()),
            size: Some("4 members".into()),
        }
    );
    let empty = Club::new();
    let comp = empty.competition();
    let line = comp.game.listing(comp, empty.now);
    assert_eq!(
        (line.status.as_str(), line.size),
        ("No games counted yet", None)
    );
    assert!(page(&empty, &[]).contains("No games counted yet."));
}
