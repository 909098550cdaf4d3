//! The public pages as a person sees them, in a real headless
//! Chromium driven through chromedriver: one competition of each kind played
//! through the API and marked public, then each kind's pages loaded and read.
//!
//! On every page: no console error, no serious or critical axe-core
//! violation, no horizontal overflow at 375 px. Every sort of page of each
//! kind (its front page, round/1, player/1, phase/1, …) is also read at
//! 375 and 1280 px: no cell narrower than its longest word, and a
//! whole-page screenshot at each width (`{kind}-{sort}-{width}.png`). Per kind: the Swiss standings in the order of the event's
//! standings and round 3's pairings white against black; the Diplomacy
//! board's map with every unit of Fall 1902 drawn in its province; the
//! World Masters standings; the ACWC Qualification standings in the
//! order of its standings resource and round 1's matches; the club's leaderboard in order, its
//! W/D/L and signed changes, and a winner's score chart; the Nomic rule book, every rule in
//! order, its front page (whose day, what is open until when) and its proposals as cards
//! with their changes marked, no text narrower than a word at 375 and 1280 px; each
//! competition's iCalendar feed read by a real parser; the index listing
//! the public competitions, each kind named in words, and not the private one, and the private
//! competition's page answering 404.
//!
//! Needs Chromium and chromedriver, so it is ignored by `cargo test`;
//! `scripts/browser-test.sh` installs them and runs it with `--ignored`:
//! `WEBDRIVER_URL` (chromedriver), `AXE_JS` (axe-core's `axe.min.js`) and
//! `BROWSER_SHOTS` (where screenshots go).

mod app;
mod driver;
mod pages;
mod scenario;

use driver::{strings, Browser, WIDE, WIDTH};
use serde_json::json;
use std::path::PathBuf;

/// What the run found wrong.
#[derive(Default)]
pub struct Findings {
    pub failures: Vec<String>,
    /// The harness's own check keeps its planted faults out of the log.
    pub quiet: bool,
}

impl Findings {
    pub fn fail(&mut self, what: String) {
        if !self.quiet {
            println!("FAIL {what}");
        }
        self.failures.push(what);
    }
}

/// Pages longer than this many elements are checked by axe-core without
/// its colour-contrast rule, which alone takes tens of seconds over them on
/// two cores (the colours are the one stylesheet's, checked on the shorter
/// pages).
const AXE_CONTRAST_ELEMENTS: u64 = 1000;

/// The checks every page gets: loads without a console error and fits
/// 375 px; and when `axe`, (an HTML page; not the browser's own view of a
/// JSON or SVG answer) passes axe-core.
pub async fn every_page(b: &Browser, url: &str, axe: bool, found: &mut Findings) {
    let started = std::time::Instant::now();
    for error in b.visit(url).await {
        found.fail(format!("{url}: console error: {error}"));
    }
    let (scroll, inner) = b.widths().await;
    if inner > u64::from(WIDTH) {
        found.fail(format!("{url}: the window is {inner} px wide, not {WIDTH}"));
    }
    if scroll > u64::from(WIDTH) {
        let wide = b.js(WIDEST, vec![json!(WIDTH)]).await;
        let wide = wide.as_str().unwrap_or_default();
        found.fail(format!(
            "{url}: overflows a {WIDTH} px screen (scrollWidth {scroll}; {wide})"
        ));
    }
    let html = b
        .js("return document.contentType === 'text/html';", vec![])
        .await;
    let elements = b
        .js("return document.getElementsByTagName('*').length;", vec![])
        .await
        .as_u64()
        .unwrap_or(0);
    let contrast = elements <= AXE_CONTRAST_ELEMENTS;
    let axed = axe && html == true;
    if axed {
        for violation in b.axe(contrast).await {
            found.fail(format!("{url}: axe-core: {violation}"));
        }
    }
    if !found.quiet {
        println!(
            "checked {url} ({elements} elements{}, {:.1} s)",
            match (axed, contrast) {
                (false, _) => ", no axe-core",
                (true, false) => ", axe-core without colour contrast",
                (true, true) => "",
            },
            started.elapsed().as_secs_f64()
        );
    }
}

/// A page's every sort read at both widths as a person reads it: at a
/// phone's and a laptop's width no cell is narrower than its longest word
/// (text wrapped a letter a line), and the whole page is saved as
/// `name-375.png` and `name-1280.png`.
pub async fn at_both_widths(b: &Browser, name: &str, found: &mut Findings) {
    let url = b.js("return location.pathname;", vec![]).await;
    for width in [WIDTH, WIDE] {
        b.resize(width, 812).await;
        for cell in strings(&b.js(NARROW_CELLS, vec![]).await) {
            found.fail(format!("{url} at {width} px: {cell}"));
        }
        b.whole_page(&format!("{name}-{width}"), width).await;
    }
}

/// The cells (of a table, a definition list or a list) narrower than the
/// longest word they hold: text broken a letter or two a line. Words are
/// measured in the cell's own font; a word may break after its hyphens and
/// slashes, and one longer than 24 letters (a digest, an address) anywhere.
const NARROW_CELLS: &str = r#"
const ctx = document.createElement('canvas').getContext('2d');
const out = [];
for (const el of document.querySelectorAll('td, th, dd, dt, li, caption, p, h3, h4')) {
  if (el.getClientRects().length === 0 || el.closest('svg')) continue;
  const cs = getComputedStyle(el);
  if (cs.whiteSpace.startsWith('nowrap') || cs.whiteSpace === 'pre') continue;
  const inner = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  let longest = '', px = 0;
  // A browser may break a word after a hyphen or a slash ("Semi-|final",
  // "france-|player"): each such part is a word here.
  for (const w of el.innerText.split(/\s+|(?<=[-\/])/)) {
    if (w.length < 2 || w.length > 24) continue;
    const m = ctx.measureText(w).width;
    if (m > px) { px = m; longest = w; }
  }
  if (px > inner + 1) out.push(`${el.tagName.toLowerCase()} "${el.innerText.trim().slice(0, 30)}" is ${Math.round(inner)} px wide, its word "${longest}" ${Math.round(px)} px`);
}
return out.slice(0, 5);
"#;

/// The innermost elements reaching past the screen's right edge, for the
/// failure's message.
const WIDEST: &str = r#"
const [width] = arguments;
const past = [...document.body.querySelectorAll('*')]
  .filter(e => e.getBoundingClientRect().right > width && ![...e.children].some(c => c.getBoundingClientRect().right > width));
return past.slice(0, 3).map(e => `${e.tagName.toLowerCase()}${e.className ? '.' + e.className : ''} "${e.textContent.trim().slice(0, 30)}" to ${Math.round(e.getBoundingClientRect().right)} px`).join(', ');
"#;

/// A page with one fault of each kind the checks look for (a console
/// error, an image without text, no title or language, a 600 px box) must
/// fail each of them: the harness is not blind.
async fn harness_catches_a_bad_page(b: &Browser) {
    let page = "data:text/html,<body><script>console.error('planted')</script>\
                <img src='data:,'><div style='width:600px'>wide</div></body>";
    let mut found = Findings {
        quiet: true,
        ..Findings::default()
    };
    every_page(b, page, true, &mut found).await;
    let all = found.failures.join("\n");
    for expected in ["planted", "image-alt", "document-title", "overflows"] {
        assert!(
            all.contains(expected),
            "the harness missed {expected}:\n{all}"
        );
    }
    // A cell as narrow as a letter, the way the old proposals table
    // wrapped "Proposal", is found.
    let narrow = "data:text/html,<table><tr><td style='width:8px;max-width:8px;overflow-wrap:anywhere'>Proposal text</td></tr></table>";
    b.client.goto(narrow).await.expect("page loads");
    let planted = strings(&b.js(NARROW_CELLS, vec![]).await);
    assert_eq!(planted.len(), 1, "the narrow-cell check missed {planted:?}");
    println!(
        "the harness fails a bad page ({} findings) and a letter-wide cell",
        found.failures.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium and chromedriver: scripts/browser-test.sh runs it"]
async fn public_pages_in_headless_chromium() {
    let started = std::time::Instant::now();
    let webdriver = std::env::var("WEBDRIVER_URL").unwrap_or("http://127.0.0.1:9515".into());
    let axe_path = std::env::var("AXE_JS").expect("AXE_JS: axe-core's axe.min.js");
    let axe = std::fs::read_to_string(&axe_path).expect("axe-core's source");
    let shots = PathBuf::from(std::env::var("BROWSER_SHOTS").unwrap_or("browser-shots".into()));

    let s = arbiter_e2e::embedded().await;
    let visits = scenario::play(&s).await;
    println!(
        "scenario played in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let b = Browser::open(&webdriver, axe, shots.clone()).await;
    harness_catches_a_bad_page(&b).await;
    pages::tables_read_right(&b).await;
    let mut found = Findings::default();
    pages::check_all(&s, &b, &visits, &mut found).await;
    let played = std::time::Instant::now();
    app::play(&arbiter_e2e::embedded().await, &b, &mut found).await;
    println!("the app played in {:.1} s", played.elapsed().as_secs_f64());
    b.client.clone().close().await.expect("close the session");

    println!(
        "browser test: {} failures in {:.1} s; screenshots in {}",
        found.failures.len(),
        started.elapsed().as_secs_f64(),
        shots.display()
    );
    assert!(
        found.failures.is_empty(),
        "the pages failed:\n{}",
        found.failures.join("\n")
    );
}
