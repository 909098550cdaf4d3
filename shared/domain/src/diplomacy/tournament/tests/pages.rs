//! The tournament's pages as a reader sees them: teams by name, players
//! with their team, scores to two decimals, a board's result in words and
//! its scores, a link to the board's own pages.

use super::*;
use crate::diplomacy::tournament::model::Stage;
use crate::diplomacy::tournament::simulate::random_report;
use rand::SeedableRng;

/// The page at `path` of `h`'s tournament, read at an instant after every
/// round these tests play (the pages read nothing of it but the hour).
fn page(h: &Harness, path: &[&str]) -> String {
    let read_at = "2030-01-01T00:00:00Z".parse().expect("an instant");
    h.env.game.page(&h.env, path, read_at).expect("a page").body
}

/// Every number written with a decimal point in `html` has at most two
/// decimals: the longest run of digits after a point.
fn most_decimals(html: &str) -> usize {
    let b = html.as_bytes();
    let mut most = 0;
    for i in 1..b.len() {
        if b[i] == b'.' && b[i - 1].is_ascii_digit() {
            let run = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            most = most.max(run);
        }
    }
    most
}

#[test]
fn wm_c_1_c_3_a_boards_result_reads_in_words_with_its_scores_and_its_own_pages() {
    // By hand, centres AUS ENG FRA GER ITA RUS TUR = 0 3 9 6 5 8 3 at the
    // last year (wm C.1–C.3): France first 32 + 9 = 41.00, Russia 16 + 8 =
    // 24.00, Germany 8 + 6 = 14.00, Italy 4 + 5 = 9.00, England and Turkey
    // share fifth and sixth, (2 + 1) / 2 + 3 = 4.50, Austria eliminated
    // 0.00. The report names the board's own competition, which the page
    // links.
    let mut h = teams(7, &[]);
    pair(&mut h).unwrap();
    let seating = state(&h).rounds[0].boards[0].seating.clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut report = random_report(&mut rng, Stage::RoundOne, &seating, None);
    report.result.reason = crate::diplomacy::game::event::EndReason::LastYear;
    report.result.centers = Power::ALL.into_iter().zip([0, 3, 9, 6, 5, 8, 3]).collect();
    report.result.eliminated = vec![Power::Austria];
    report.game = Some(crate::envelope::CompetitionId::try_from("wm-board-1").expect("an id"));
    let cmd = Command::ReportBoard {
        board: 0,
        report,
        reserve_takeovers: Default::default(),
    };
    run(&mut h, "gm1", cmd).unwrap();
    let html = page(&h, &["round", "1"]);
    let one = &html[html.find("<h3>Board 1</h3>").expect("board 1")..];
    let one = &one[..one.find("<h3>Board 2</h3>").expect("board 2")];
    for score in ["41.00", "24.00", "14.00", "9.00", "4.50", "0.00"] {
        assert!(one.contains(&format!("<td>{score}</td>")), "{score}: {one}");
    }
    assert!(
        one.contains("the last year (1909) set at the outset (wm B.3)"),
        "{one}"
    );
    assert!(one.contains("href=\"/pages/wm-board-1\""), "{one}");
    // Each seat by its player, with the team they play for.
    let austria = seating.seats[&Power::Austria].as_str();
    let team = austria.split('-').next().unwrap_or_default();
    assert!(
        one.contains(&format!(
            "{austria}<br><span class=\"muted\">Team {team}</span>"
        )),
        "{one}"
    );
    let two = &html[html.find("<h3>Board 2</h3>").expect("board 2")..];
    assert!(two.contains("Not reported yet."));
}

#[test]
fn closed_rounds_standings_name_teams_and_show_two_decimals() {
    // wm C.6–C.7: round one closed: the team table by the teams' names
    // ("Team t5", never the id "t5"), every number to two decimals at
    // most (the exact scores have thirds: 162.333…), the players with
    // their teams; the front page shows the first ten players.
    let h = semi_final_drawn();
    for html in [page(&h, &[]), page(&h, &["round", "1"])] {
        assert!(most_decimals(&html) <= 2, "{html}");
        assert!(html.contains("<td>Team t5</td>"), "{html}");
        assert!(!html.contains("<td>t5</td>"), "{html}");
        assert!(html.contains("<br><span class=\"muted\">Team t5</span>"));
    }
    let front = page(&h, &[]);
    assert!(
        front.contains("Standings after round 1, round one"),
        "{front}"
    );
    assert!(front.contains("The first 10 of 56"), "{front}");
    assert!(front.contains("Next to be drawn: final."), "{front}");
}
