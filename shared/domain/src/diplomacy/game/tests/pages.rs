//! The board's public pages as a spectator reads them: the phase and the
//! deadline in words, which powers have their orders in (never what), the
//! map linked to its full-size picture; a finished board's ending in words
//! and its scores to two decimals.

use super::*;

impl Game1 {
    /// The public page at `path`.
    fn page(&self, path: &[&str]) -> String {
        let c = self.competition();
        c.game.page(c, path, start()).expect("a page").body
    }
}

#[test]
fn wm_d_ii_1_the_front_page_says_the_phase_the_deadline_and_whose_orders_are_in() {
    // By hand: the board starts Monday 5 January 2026 at noon UTC, Spring
    // 1901's deadline 120 hours later, Saturday 10 January at noon UTC
    // (13:00 in Paris, CET, the board's own zone). Austria has sent orders,
    // not final; nobody else has.
    let mut g = Game1::with(|s| s.time_zone = Some("Europe/Paris".into()));
    g.submit(Power::Austria, &["A VIE - GAL"], false, h(1))
        .unwrap();
    let html = g.page(&[]);
    assert!(html.contains("<h2>Spring 1901, movement</h2>"), "{html}");
    assert!(html.contains(
        "<time datetime=\"2026-01-10T12:00:00Z\" data-countdown=\"\">Sat 10 Jan 2026, 12:00 UTC</time>"
    ));
    assert!(
        html.contains("Sat 10 Jan, 13:00 CET (Europe/Paris)"),
        "{html}"
    );
    assert!(html.contains("<script src=\"/pages/time.js\" defer></script>"));
    assert!(html.contains("1 of 7: Austria"), "{html}");
    // wm D.VIII.4: that Austria ordered, never what.
    assert!(
        !html.contains("VIE - GAL") && !html.contains("GAL"),
        "{html}"
    );
    // The map links its full-size picture, and the heading is no code.
    assert!(html.contains("<a href=\"/pages/board/map/1.svg\">Open the full-size map</a>"));
    assert!(!html.contains("Now:"));
}

#[test]
fn wm_d_ix_4_a_drawn_board_says_so_in_words_with_scores_to_two_decimals() {
    // By hand (wm C.1–C.3): a draw of all seven in Spring 1901; Russia
    // first on 4 centres, 32 + 4 = 36.00; the six others tie on 3 for
    // second to seventh, (16 + 8 + 4 + 2 + 1 + 0) / 6 + 3 = 8.1666…,
    // shown 8.17.
    let mut g = Game1::new();
    g.propose_draw(Power::Italy, h(1));
    g.all_vote_yes(1, h(2));
    g.all_final(h(3));
    g.tick(h(24));
    let html = g.page(&[]);
    assert!(
        html.contains(
            "Draw agreed in Spring 1901, shared by Austria, England, France, Germany, Italy, Russia and Turkey (wm D.IX.4)."
        ),
        "{html}"
    );
    assert!(
        html.contains("<td>36.00</td>") && html.contains("<td>8.17</td>"),
        "{html}"
    );
    assert!(!html.contains("8.166"), "{html}");
    // Over: no deadline, no countdown, no phase heading.
    assert!(
        !html.contains("Orders due") && !html.contains("time.js"),
        "{html}"
    );
    assert!(html.contains("The final position."));
}

#[test]
fn the_centres_chart_counts_each_year_from_its_winter() {
    // By hand: 1901 played to its end with every order set empty, so no
    // unit moves and no centre changes hands: the start and the end of 1901
    // both read Russia 4, every other power 3 (22 centres owned).
    let mut g = Game1::new();
    g.play_1901();
    let html = g.page(&[]);
    assert!(
        html.contains("<th scope=\"col\">Start</th><th scope=\"col\">1901</th>"),
        "{html}"
    );
    assert!(html.contains("<title id=\"centres-t\">Supply centres by year</title>"));
    assert!(html.contains("Russia 4 to 4; Turkey 3 to 3."), "{html}");
}
