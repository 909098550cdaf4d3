//! Each kind's pages, read as a person reads them: the index lists the
//! public competitions and not the private one; each competition's page and
//! the pages it links to pass [`every_page`]; then what that kind's reader
//! looks for (standings, round 3's pairings, the map of Fall 1902, the
//! calendar).

use crate::driver::{strings, Browser};
use crate::scenario::{self, Visit, PRIVATE};
use crate::{at_both_widths, every_page, Findings};
use arbiter_e2e::{TestServer, TestStore};
use serde_json::{json, Value};

/// At most this many linked pages a competition (the step's time is
/// bounded).
const LINKED_PAGES: usize = 8;

async fn status<S: TestStore>(s: &TestServer<S>, path: &str) -> (u16, String) {
    let r = s.http.get(s.url(path)).send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.text().await.unwrap_or_default())
}

pub async fn check_all<S: TestStore>(
    s: &TestServer<S>,
    b: &Browser,
    visits: &[Visit],
    found: &mut Findings,
) {
    let index = s.url("/pages");
    every_page(b, &index, true, found).await;
    at_both_widths(b, "index", found).await;
    index_names_each_kind(b, visits, found).await;
    let links = links_to(b, "/pages/").await;
    for v in visits {
        if !links.iter().any(|l| l == &format!("/pages/{}", v.id)) {
            found.fail(format!("/pages does not link {} ({})", v.id, v.kind));
        }
    }
    if links.iter().any(|l| l.contains(PRIVATE)) {
        found.fail(format!("/pages links the private {PRIVATE}"));
    }
    let (code, _) = status(s, &format!("/pages/{PRIVATE}")).await;
    if code != 404 {
        found.fail(format!(
            "the private competition's page answers {code}, not 404"
        ));
    }
    for v in visits {
        competition(s, b, v, found).await;
    }
}

/// `links` split into the first of each sort, in order, and the rest.
fn first_of_each_sort(
    links: Vec<String>,
    sort: impl Fn(&str) -> String,
) -> (Vec<String>, Vec<String>) {
    let mut sorts = std::collections::BTreeSet::new();
    links.into_iter().partition(|l| sorts.insert(sort(l)))
}

/// The same-origin links of the current page whose path starts with
/// `prefix`, without query or fragment, each once.
async fn links_to(b: &Browser, prefix: &str) -> Vec<String> {
    let found = b
        .js(
            "const [prefix] = arguments;
             const out = new Set();
             for (const a of document.querySelectorAll('a[href]')) {
               const u = new URL(a.href, location.href);
               if (u.origin === location.origin && u.pathname.startsWith(prefix)) out.add(u.pathname);
             }
             return [...out];",
            vec![json!(prefix)],
        )
        .await;
    strings(&found)
}

async fn competition<S: TestStore>(
    s: &TestServer<S>,
    b: &Browser,
    v: &Visit,
    found: &mut Findings,
) {
    let path = format!("/pages/{}", v.id);
    let (code, _) = status(s, &path).await;
    if code != 200 {
        found.fail(format!("{path} ({}) answers {code}", v.kind));
        return;
    }
    every_page(b, &s.url(&path), true, found).await;
    at_both_widths(b, v.kind, found).await;
    // The page and the pages it links to, for what the kind shows.
    let mut read = vec![path.clone()];
    let mut linked = links_to(b, &format!("{path}/")).await;
    // Not HTML: the calendar, the maps, a Swiss event's TRF files.
    linked.retain(|l| !l.ends_with(".ics") && !l.ends_with(".svg") && !l.ends_with(".txt"));
    let sort = |l: &str| {
        l[path.len() + 1..]
            .split('/')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    // Every sort of page first (round/1, player/1, …), then more of them up
    // to the bound: each template is read, and the step's time bounded.
    let (firsts, more) = first_of_each_sort(linked, sort);
    let more = more
        .into_iter()
        .take(LINKED_PAGES.saturating_sub(firsts.len()));
    for l in &firsts {
        every_page(b, &s.url(l), true, found).await;
        at_both_widths(b, &format!("{}-{}", v.kind, sort(l)), found).await;
        read.push(l.clone());
    }
    for l in more {
        every_page(b, &s.url(&l), false, found).await;
        read.push(l);
    }
    match v.kind {
        "swiss" => swiss(s, b, &read, found).await,
        "diplomacy-game" => diplomacy(s, b, v, &read, found).await,
        "nomic" => {
            nomic(s, b, &path, found).await;
            nomic_proposals(s, b, &path, found).await;
        }
        "club-ladder" => {
            let g = scenario::view(s, scenario::CLUB_ID).await;
            let order: Vec<Value> = g["leaderboard"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|l| json!([l["member"]]))
                .collect();
            // By hand: p01 won twice, 100 to 116 to 132 (club II.5), above
            // p03 at 116 and four at 100.
            assert_eq!(order.len(), 6, "the leaderboard: {}", g["leaderboard"]);
            assert_eq!(g["leaderboard"][0]["score"], 132);
            tables(b, &read, "leaderboard", &order, "order", found, v.kind).await;
            score_chart(s, b, &path, found).await;
            club(s, b, &path, found).await;
        }
        "acwc" => acwc(s, b, &read, found).await,
        "diplomacy-tournament" => {
            tables(b, &read, "standings", &[], "pairs", found, v.kind).await;
            for place in &read {
                b.client.goto(&s.url(place)).await.expect("page loads");
                two_decimals(b, place, found).await;
            }
        }
        _ => {}
    }
    calendar(s, v, found).await;
}

/// Looks through the pages in `read` for a table under a heading (or with a
/// caption) matching `heading`, holding `expected` in order: in `order`
/// mode each entry is a list of names of which one must be in its row, rows
/// in the entries' order; in `pairs` mode each entry is [white names, black
/// names], both in one row, white first. True when one such table is found.
async fn tables(
    b: &Browser,
    read: &[String],
    heading: &str,
    expected: &[Value],
    mode: &str,
    found: &mut Findings,
    kind: &str,
) -> bool {
    let mut seen = Vec::new();
    for path in read {
        let here = b.js("return location.pathname;", vec![]).await;
        if here != json!(path) {
            b.client
                .goto(&format!(
                    "{}{path}",
                    b.js("return location.origin;", vec![])
                        .await
                        .as_str()
                        .unwrap_or_default()
                ))
                .await
                .expect("page loads");
        }
        let answer = b
            .js(
                FIND_TABLE,
                vec![json!(heading), json!(expected), json!(mode)],
            )
            .await;
        for t in answer.as_array().into_iter().flatten() {
            if t["ok"] == true {
                println!("{kind}: {heading} in order on {path}");
                return true;
            }
            seen.push(format!("{path}: {}", t["why"]));
        }
    }
    found.fail(format!(
        "{kind}: no table under a heading matching /{heading}/ holds what the API says ({})",
        if seen.is_empty() {
            "no such table".to_owned()
        } else {
            seen.join("; ")
        }
    ));
    false
}

/// Finds tables by heading or caption and checks their rows (see [`tables`]).
const FIND_TABLE: &str = r#"
const [heading, expected, mode] = arguments;
const rx = new RegExp(heading, 'i');
const word = s => new RegExp('(?<![\\w])' + s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '(?![\\w])');
const at = (text, names) => Math.min(...names.map(n => { const m = text.match(word(n)); return m ? m.index : Infinity; }));
let last = '';
const out = [];
for (const el of document.querySelectorAll('h1,h2,h3,h4,h5,h6,table')) {
  if (el.tagName !== 'TABLE') { last = el.textContent; continue; }
  const cap = el.querySelector('caption');
  if (!rx.test((cap ? cap.textContent : '') + ' ' + last)) continue;
  const rows = [...el.querySelectorAll('tr')].map(r => r.innerText);
  if (mode === 'order') {
    let prev = -1, why = null;
    for (const names of expected) {
      const i = rows.findIndex(r => at(r, names) < Infinity);
      if (i < 0) { why = `${names[0]} missing`; break; }
      if (i <= prev) { why = `${names[0]} out of order`; break; }
      prev = i;
    }
    out.push({ok: why === null && rows.length > 1, why: why || `${rows.length} rows`});
  } else {
    let why = null;
    for (const [white, black] of expected) {
      if (!rows.some(r => at(r, white) < at(r, black) && at(r, black) < Infinity)) {
        why = `no row with ${white[0]} before ${black[0]}`; break;
      }
    }
    out.push({ok: why === null && rows.length > 1, why: why || `${rows.length} rows`});
  }
}
return out;
"#;

/// The Swiss event: its standings in the order the API ranks them, and
/// round 3's pairings, white before black on each board.
async fn swiss<S: TestStore>(
    s: &TestServer<S>,
    b: &Browser,
    read: &[String],
    found: &mut Findings,
) {
    let g = scenario::view(s, arbiter::swiss::ID).await;
    let lines = g["standings"]["lines"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    // A player as the pages may name them: the user id or the entry's name.
    let names = |id: &str| -> Value {
        let name = lines
            .iter()
            .find(|l| l["player"] == id)
            .and_then(|l| l["name"].as_str());
        json!(std::iter::once(id).chain(name).collect::<Vec<_>>())
    };
    let order: Vec<Value> = lines
        .iter()
        .map(|l| names(l["player"].as_str().unwrap_or_default()))
        .collect();
    assert!(order.len() >= 12, "the standings: {}", g["standings"]);
    tables(b, read, "standings", &order, "order", found, "swiss").await;
    let pairs: Vec<Value> = g["rounds"][2]["games"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            json!([
                names(p["white"].as_str().unwrap_or_default()),
                names(p["black"].as_str().unwrap_or_default())
            ])
        })
        .collect();
    assert!(!pairs.is_empty(), "round 3's games: {}", g["rounds"][2]);
    tables(b, read, "round 3", &pairs, "pairs", found, "swiss").await;
}

/// The ACWC championship: the Qualification standings in the order of the
/// API's standings resource, and round 1's matches, first player before
/// second, as the API paired them.
async fn acwc<S: TestStore>(s: &TestServer<S>, b: &Browser, read: &[String], found: &mut Findings) {
    let standings: Value = s
        .get(
            &format!("/v1/competitions/{}/standings", scenario::ACWC_ID),
            &s.token("outsider", false),
        )
        .await;
    let g = scenario::view(s, scenario::ACWC_ID).await;
    // A player as the pages may name them: the user id or the Lichess
    // account entered.
    let names = |id: &Value| -> Value {
        let account = g["entrants"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|e| e["player"] == *id)
            .map(|e| e["account"].clone());
        json!(std::iter::once(id.clone())
            .chain(account)
            .collect::<Vec<_>>())
    };
    let order: Vec<Value> = standings["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| names(&l["player"]))
        .collect();
    // By hand: six entrants, each listed once.
    assert_eq!(order.len(), 6, "the standings: {standings}");
    tables(
        b,
        read,
        "qualification standings",
        &order,
        "order",
        found,
        "acwc",
    )
    .await;
    let pairs: Vec<Value> = g["rounds"][0]["matches"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| json!([names(&m["first"]), names(&m["second"])]))
        .collect();
    assert_eq!(pairs.len(), 3, "round 1: {}", g["rounds"][0]);
    tables(b, read, "round 1", &pairs, "pairs", found, "acwc").await;
}

/// The units on the board `id` now (Fall 1902), as the map's data
/// attributes name them: (power, location, army or fleet).
async fn units_now<S: TestStore>(s: &TestServer<S>, id: &str) -> (Value, Vec<Value>) {
    let g = scenario::view(s, id).await;
    let mut units = Vec::new();
    for (power, list) in g["position"]["units"].as_object().into_iter().flatten() {
        for u in list.as_array().into_iter().flatten() {
            let (kind, at) = u.as_str().unwrap_or_default().split_at(1);
            let kind = if kind == "F" { "fleet" } else { "army" };
            units.push(json!([
                power.to_lowercase(),
                at.trim().to_lowercase(),
                kind
            ]));
        }
    }
    assert_eq!(g["position"]["phase"], "F1902M");
    // By hand from the scenario's orders: the 22 units of Spring 1901 and
    // the 7 builds of Winter 1901, one a power; nothing was dislodged.
    assert_eq!(units.len(), 29, "Fall 1902's units: {}", g["position"]);
    (g["position"].clone(), units)
}

/// Checks the map on the current page: None when it has none.
async fn map_here(b: &Browser, place: &str, units: &[Value], found: &mut Findings) -> Option<()> {
    let answer = b.js(MAP_UNITS, vec![json!(units)]).await;
    if answer.is_null() {
        return None;
    }
    let wrong = strings(&answer);
    if wrong.is_empty() {
        println!(
            "diplomacy-game: the {} units of Fall 1902 on the map at {place}",
            units.len()
        );
    } else {
        found.fail(format!(
            "{place}: the map of Fall 1902: {}",
            wrong.join("; ")
        ));
    }
    Some(())
}

/// The board: its latest map (map.svg), and on its pages a picture whose
/// text alternative names Fall 1902 (F1902M), are loaded, and each shows
/// every unit of Fall 1902 in its province and no other unit; what a
/// spectator checks besides: the map links its full-size picture, every
/// power's land is coloured apart from neutral land and from the others,
/// the deadline reads in the reader's own time, no number runs past two
/// decimals. Screenshots at a desktop's width too.
async fn diplomacy<S: TestStore>(
    s: &TestServer<S>,
    b: &Browser,
    v: &Visit,
    read: &[String],
    found: &mut Findings,
) {
    let (_, units) = units_now(s, &v.id).await;
    // The latest phase's map at its stable address, when served.
    let latest = format!("/pages/{}/map.svg", v.id);
    if status(s, &latest).await.0 == 200 {
        let url = s.url(&latest);
        every_page(b, &url, true, found).await;
        if map_here(b, &url, &units, found).await.is_none() {
            found.fail(format!("{url}: not a map"));
        }
        map_colours(b, &url, found).await;
    } else {
        found.fail(format!("{latest} is not served"));
    }
    let front = format!("/pages/{}", v.id);
    b.client.goto(&s.url(&front)).await.expect("page loads");
    front_page(b, &front, found).await;
    for place in read {
        b.client.goto(&s.url(place)).await.expect("page loads");
        two_decimals(b, place, found).await;
    }
    desktop(s, b, &front, found).await;
    for place in read.iter().filter(|p| !p.ends_with(".svg")) {
        b.client.goto(&s.url(place)).await.expect("page loads");
        if map_here(b, place, &units, found).await.is_some() {
            return; // drawn in the page
        }
        let picture = b.js(FALL_1902_PICTURE, vec![]).await;
        let Some(src) = picture["src"].as_str() else {
            continue;
        };
        if picture["loaded"] != true {
            found.fail(format!("{place}: the map {src} does not load"));
        }
        every_page(b, src, true, found).await;
        b.screenshot("diplomacy-game-map").await;
        if map_here(b, src, &units, found).await.is_none() {
            found.fail(format!("{src}: not a map"));
        }
        return;
    }
    found.fail(format!("no map of Fall 1902 on the pages {read:?}"));
}

/// The board's front page: the map is a link to its full-size picture,
/// with a link that says so; the deadline carries the reader's own time
/// (the page's script ran, within the pages' Content-Security-Policy).
async fn front_page(b: &Browser, place: &str, found: &mut Findings) {
    let answer = b.js(FRONT_PAGE, vec![]).await;
    let wrong = strings(&answer);
    if wrong.is_empty() {
        println!("diplomacy-game: {place} links its full-size map and reads the deadline in the reader's time");
    } else {
        found.fail(format!("{place}: {}", wrong.join("; ")));
    }
}

const FRONT_PAGE: &str = r#"
const out = [];
const img = document.querySelector('figure img[src$=".svg"]');
if (!img) return ['no map on the page'];
const a = img.closest('a');
if (!a || a.href !== img.src) out.push('the map is no link to its full-size picture');
const open = [...document.querySelectorAll('a')].find(l => /full-size map/i.test(l.textContent));
if (!open) out.push('no "Open the full-size map" link');
else if (open.href !== img.src) out.push(`"${open.textContent}" leads to ${open.href}, not ${img.src}`);
const time = document.querySelector('time[data-countdown]');
if (!time) out.push('no deadline to count down to');
else if (!/Your time: .+\((in |passed)/.test(time.parentElement.textContent))
  out.push(`the deadline is not read in the reader's time: "${time.parentElement.textContent}"`);
return out;
"#;

/// No number on the page has more than two decimals (a score of
/// 14.333333333333334 is a bug a reader sees).
async fn two_decimals(b: &Browser, place: &str, found: &mut Findings) {
    let long = b
        .js(
            "const m = document.body.innerText.match(/\\d\\.\\d{3,}/); return m ? m[0] : null;",
            vec![],
        )
        .await;
    if let Some(n) = long.as_str() {
        found.fail(format!(
            "{place}: the number {n} has more than two decimals"
        ));
    }
}

/// The map's colours: every power that holds land is filled in a colour of
/// its own, none of them neutral land's, each at least 1.5:1 in contrast
/// with it (WCAG's luminance), as the tester who found Russia's #f5f5f5
/// beside neutral #ffffff would check by eye.
async fn map_colours(b: &Browser, place: &str, found: &mut Findings) {
    let answer = b.js(MAP_COLOURS, vec![]).await;
    let wrong = strings(&answer["wrong"]);
    if wrong.is_empty() {
        println!(
            "diplomacy-game: {} powers' land apart from neutral {} at {place}",
            answer["powers"], answer["neutral"]
        );
    } else {
        found.fail(format!("{place}: {}", wrong.join("; ")));
    }
}

const MAP_COLOURS: &str = r#"
const svg = document.querySelector('svg.diplomacy-map') || document.documentElement;
const fill = g => getComputedStyle(g.querySelector('.shape')).fill;
const lum = c => {
  const [r, g, b] = c.match(/\d+/g).slice(0, 3).map(v => {
    v = v / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const neutrals = new Set([...svg.querySelectorAll('.province.land:not([data-power])')].map(fill));
const wrong = [];
if (neutrals.size !== 1) wrong.push(`neutral land in ${neutrals.size} colours`);
const neutral = [...neutrals][0];
const powers = {};
for (const g of svg.querySelectorAll('.province[data-power]')) {
  const p = g.dataset.power, f = fill(g);
  if (powers[p] && powers[p] !== f) wrong.push(`${p} in two colours`);
  powers[p] = f;
}
const names = Object.keys(powers);
if (names.length !== 7) wrong.push(`${names.length} powers hold land, not 7`);
for (const p of names) {
  if (neutral && contrast(powers[p], neutral) < 1.5)
    wrong.push(`${p}'s ${powers[p]} too near neutral ${neutral} (${contrast(powers[p], neutral).toFixed(2)}:1)`);
  for (const q of names) if (p < q && powers[p] === powers[q]) wrong.push(`${p} and ${q} share ${powers[p]}`);
}
return {wrong, powers: names.length, neutral};
"#;

/// The board's front page and the latest phase's page at a desktop's
/// width (1280 px), for the screenshots; the phone's window after.
async fn desktop<S: TestStore>(s: &TestServer<S>, b: &Browser, front: &str, found: &mut Findings) {
    let phone = b.client.get_window_size().await.expect("window size");
    b.client
        .set_window_size(1280, 1000)
        .await
        .expect("window size");
    b.client.goto(&s.url(front)).await.expect("page loads");
    b.screenshot("diplomacy-game-1280").await;
    let last = b
        .js(
            "const a = [...document.querySelectorAll('a')].find(l => /This phase/.test(l.textContent)); return a ? a.href : null;",
            vec![],
        )
        .await;
    match last.as_str() {
        Some(href) => {
            b.client.goto(href).await.expect("page loads");
            b.screenshot("diplomacy-game-phase-1280").await;
        }
        None => found.fail(format!("{front}: no link to the phase being played")),
    }
    b.client
        .set_window_size(phone.0 as u32, phone.1 as u32)
        .await
        .expect("window size");
}

/// The page's SVG picture whose text alternative names Fall 1902: its
/// address, and whether the browser drew it.
const FALL_1902_PICTURE: &str = r#"
for (const img of document.querySelectorAll('img[src*=".svg"]')) {
  if (/F1902M|Fall 1902/.test(img.alt)) {
    return {src: img.src, loaded: img.complete && img.naturalWidth > 0};
  }
}
return {};
"#;

/// Null without a map; else what is wrong: each expected unit (power,
/// location, army or fleet) drawn inside its province's territory (a unit
/// on a split coast at that coast's marker), nothing else.
const MAP_UNITS: &str = r#"
const [units] = arguments;
const svg = document.querySelector('svg.diplomacy-map') ||
  (document.documentElement.tagName.toLowerCase() === 'svg' ? document.documentElement : null);
if (!svg) return null;
const out = [];
for (const [power, loc, kind] of units) {
  const u = svg.querySelector(`.units .unit[data-location="${loc}"]`);
  if (!u) { out.push(`no unit at ${loc}`); continue; }
  if (!u.classList.contains(power) || !u.classList.contains(kind)) {
    out.push(`${loc} shows "${u.getAttribute('class')}", not a ${power} ${kind}`); continue;
  }
  const m = u.transform.baseVal.consolidate();
  const at = m ? new DOMPoint(m.matrix.e, m.matrix.f) : null;
  const shape = svg.querySelector(`#dip-${loc.split('/')[0]} .shape`);
  if (!shape || !at) { out.push(`no province ${loc}`); continue; }
  if (loc.includes('/')) {
    const c = svg.querySelector(`.coast[data-location="${loc}"] circle`);
    const far = c ? Math.hypot(at.x - c.cx.baseVal.value, at.y - c.cy.baseVal.value) : Infinity;
    if (far > 1) out.push(`${loc} drawn away from its coast`);
  } else if (!shape.isPointInFill(at)) {
    out.push(`${loc} drawn outside its territory`);
  }
  if (u.getBoundingClientRect().width === 0) out.push(`${loc} not visible`);
}
const drawn = svg.querySelectorAll('.units .unit').length;
if (drawn !== units.length) out.push(`${drawn} units drawn, ${units.length} on the board`);
return out;
"#;

/// The competition's calendar, read by the `icalendar` crate's parser: a
/// VCALENDAR whose events each have a start; the board's holds Fall 1902's
/// deadline.
async fn calendar<S: TestStore>(s: &TestServer<S>, v: &Visit, found: &mut Findings) {
    let path = format!("/pages/{}/calendar.ics", v.id);
    let r = s.http.get(s.url(&path)).send().await.expect("request");
    if r.status() != 200 {
        return found.fail(format!("{path} answers {}", r.status()));
    }
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let text = r.text().await.unwrap_or_default();
    if !kind.starts_with("text/calendar") {
        found.fail(format!("{path}: content-type {kind:?}, not text/calendar"));
    }
    let unfolded = icalendar::parser::unfold(&text);
    let cal = match icalendar::parser::read_calendar(&unfolded) {
        Ok(c) => icalendar::Calendar::from(c),
        Err(e) => return found.fail(format!("{path}: not iCalendar: {e}")),
    };
    let events: Vec<_> = cal.components.iter().filter_map(|c| c.as_event()).collect();
    for e in &events {
        use icalendar::Component;
        if e.get_start().is_none() {
            found.fail(format!("{path}: an event without DTSTART: {e:?}"));
        }
    }
    if v.kind == "diplomacy-game" && events.is_empty() {
        found.fail(format!("{path}: no deadline for Fall 1902"));
    }
    println!("{path}: {} events", events.len());
}

/// The table reader on a planted page: the standings in order pass and out
/// of order fail ("Player 1" is not found inside "Player 10"), a pairing
/// passes white first and fails black first.
pub async fn tables_read_right(b: &Browser) {
    let page = "data:text/html,<h2>Standings</h2><table><tr><th>Rank</th><th>Player</th></tr>\
                <tr><td>1</td><td>Player 10</td></tr><tr><td>2</td><td>Player 1</td></tr></table>\
                <h2>Round 3</h2><table><tr><th>White</th><th>Black</th></tr>\
                <tr><td>Player 2</td><td>Player 1</td></tr></table>";
    b.client.goto(page).await.expect("page loads");
    let ok = |heading: &str, expected: Value, mode: &str| {
        let args = vec![json!(heading), expected, json!(mode)];
        async move { b.js(FIND_TABLE, args).await[0]["ok"] == true }
    };
    let (ten, one) = (json!(["p0010", "Player 10"]), json!(["p0001", "Player 1"]));
    assert!(ok("standings", json!([ten, one]), "order").await);
    assert!(!ok("standings", json!([one, ten]), "order").await);
    let (two, one) = (json!(["Player 2"]), json!(["Player 1"]));
    assert!(ok("round 3", json!([[two, one]]), "pairs").await);
    assert!(!ok("round 3", json!([[one, two]]), "pairs").await);
    println!("the table reader reads order and colours");
}

/// The Nomic rule book page: a heading "Rule N" for every rule in effect of
/// the book the API exports, in its order.
async fn nomic<S: TestStore>(s: &TestServer<S>, b: &Browser, path: &str, found: &mut Findings) {
    let book = s
        .get(
            &format!("/v1/competitions/{}/rules", scenario::NOMIC_ID),
            &s.token("outsider", false),
        )
        .await;
    let mut rules: Vec<(u64, String)> = book["rules"]
        .as_object()
        .into_iter()
        .flatten()
        // A repealed rule stays in the export (nomic 108) but not in the book.
        .filter(|(_, r)| r["ineffect"] == "1")
        .map(|(at, r)| {
            let label = r["label"].as_str().map(str::to_owned);
            (
                at.parse().unwrap_or(u64::MAX),
                label.unwrap_or_else(|| r["label"].to_string()),
            )
        })
        .collect();
    rules.sort();
    let expected: Vec<String> = rules
        .into_iter()
        .map(|(_, l)| format!("Rule {l}"))
        .collect();
    assert!(expected.len() > 20, "the rule book: {book}");
    b.client
        .goto(&s.url(&format!("{path}/rules")))
        .await
        .expect("page loads");
    let shown = b
        .js(
            "return [...document.querySelectorAll('h1,h2,h3')].map(h => h.textContent.trim()).filter(t => /^Rule \\S+$/.test(t));",
            vec![],
        )
        .await;
    let shown = strings(&shown);
    if shown == expected {
        println!("nomic: the {} rules of the book in order", shown.len());
    } else {
        found.fail(format!(
            "nomic: the rule book page shows {shown:?}, the API's book {expected:?}"
        ));
    }
}

/// The index says what each competition is, in words, and where it
/// stands: each kind's name as its listing gives it, and a status line.
async fn index_names_each_kind(b: &Browser, visits: &[Visit], found: &mut Findings) {
    let words = |kind: &str| match kind {
        "acwc" => "ACWC championship",
        "club-ladder" => "Club ladder",
        "diplomacy-game" => "Diplomacy board",
        "diplomacy-tournament" => "World Masters team tournament",
        "nomic" => "Nomic game",
        _ => "Swiss event",
    };
    let lines = b
        .js(
            "return [...document.querySelectorAll('.cards li')].map(li => li.innerText);",
            vec![],
        )
        .await;
    let lines = strings(&lines);
    for v in visits {
        let named = lines
            .iter()
            .find(|l| l.contains(words(v.kind)) && l.contains(" · "));
        match named {
            Some(l) => println!("index: {}", l.replace('\n', " | ")),
            None => found.fail(format!(
                "/pages does not name {} as a {:?} with its status: {lines:?}",
                v.id,
                words(v.kind)
            )),
        }
    }
}

/// The Nomic game as a player reads it (the week of `scenario::nomic_begun`,
/// read on Thursday 19 March): the front page names alex's day, the open
/// vote's 23:59 deadline and the 200 points that win, with a bar per
/// player; the proposals page shows each proposal as a card with its number
/// and its change marked on the rule's text (proposal 301 struck "vote."
/// and added words). Both pages are read at 375 and 1280 px with every
/// other sort of page ([`crate::at_both_widths`]).
async fn nomic_proposals<S: TestStore>(
    s: &TestServer<S>,
    b: &Browser,
    path: &str,
    found: &mut Findings,
) {
    b.client.goto(&s.url(path)).await.expect("page loads");
    let text = main_text(b).await;
    for expected in [
        "is alex's day (nomic 201)",
        "voting open until Thu 19 Mar 23:59 UK time",
        "The first player to reach 200 points wins",
    ] {
        if !text.contains(expected) {
            found.fail(format!("nomic front page: no {expected:?} in {text:?}"));
        }
    }
    let bars = b
        .js(
            "return document.querySelectorAll('.race meter').length;",
            vec![],
        )
        .await;
    if bars != json!(5) {
        found.fail(format!("nomic: {bars} bars in the score race, not 5"));
    }
    let proposals = format!("{path}/proposals");
    b.client.goto(&s.url(&proposals)).await.expect("page loads");
    let card = b
        .js(
            "const c = document.getElementById('p301');
             return c ? {h: c.querySelector('h3').innerText, del: [...c.querySelectorAll('del')].map(d => d.innerText),
                         ins: [...c.querySelectorAll('ins')].map(d => d.innerText), tables: document.querySelectorAll('main table').length} : null;",
            vec![],
        )
        .await;
    if card["h"]
        .as_str()
        .is_none_or(|h| !h.starts_with("Proposal 301"))
    {
        found.fail(format!("nomic: no card for proposal 301: {card}"));
    } else if card["del"] != json!(["vote."])
        || card["ins"] != json!(["vote, cast in the voting thread."])
    {
        found.fail(format!(
            "nomic: proposal 301's change is not marked on rule 208's text: {card}"
        ));
    } else if card["tables"] != json!(0) {
        found.fail(format!("nomic: the proposals are in a table: {card}"));
    } else {
        println!("nomic: proposal 301's card marks the amendment: {card}");
    }
}

/// The club's front page: W, D and L columns, the recent games with their
/// results and signed changes (p01's win with Black over p05: 0–1, p05
/// −16 with a real minus sign), and p05's page reading that game from p05's
/// side.
async fn club<S: TestStore>(s: &TestServer<S>, b: &Browser, path: &str, found: &mut Findings) {
    b.client.goto(&s.url(path)).await.expect("page loads");
    let text = main_text(b).await;
    for expected in [
        "W\tD\tL",
        "Recent games",
        "0\u{2013}1",
        "p05 \u{2212}16",
        "p01 +16",
        "\u{bd}\u{2013}\u{bd}",
    ] {
        if !text.contains(expected) {
            found.fail(format!("club front page: no {expected:?} in {text:?}"));
        }
    }
    let member = format!("{path}/member/p05");
    b.client.goto(&s.url(&member)).await.expect("page loads");
    let text = main_text(b).await;
    if !text.contains("Lost against p01 with White") || !text.contains("\u{2212}16") {
        found.fail(format!(
            "{member}: p05's loss to p01 not read from p05's side: {text:?}"
        ));
    } else {
        println!("club-ladder: p05's page reads the loss from p05's side");
    }
}

/// A winner's page draws their score history as a chart: a picture that
/// shows (at most 375 px wide, not empty) and whose description reads the
/// scores 100 then 116 (club II.5: +16 for a win at 100 against 100), then
/// 132.
async fn score_chart<S: TestStore>(
    s: &TestServer<S>,
    b: &Browser,
    path: &str,
    found: &mut Findings,
) {
    let url = s.url(&format!("{path}/member/p01"));
    b.client.goto(&url).await.expect("page loads");
    let chart = b
        .js(
            "for (const svg of document.querySelectorAll('svg')) {
               const t = svg.querySelector('title');
               if (t && /score history/i.test(t.textContent)) {
                 const r = svg.getBoundingClientRect();
                 const d = svg.querySelector('desc');
                 return {width: r.width, height: r.height, desc: d ? d.textContent : ''};
               }
             }
             return null;",
            vec![],
        )
        .await;
    let width = chart["width"].as_f64().unwrap_or(0.0);
    let desc = chart["desc"].as_str().unwrap_or_default();
    if chart.is_null() {
        found.fail(format!("{url}: no score chart"));
    } else if !(100.0..=375.0).contains(&width) || chart["height"].as_f64().unwrap_or(0.0) < 50.0 {
        found.fail(format!("{url}: the score chart is drawn {chart}"));
    } else if !desc.contains("100, 116") {
        found.fail(format!(
            "{url}: the chart describes {desc:?}, not 100 then 116"
        ));
    } else {
        println!("club-ladder: p01's score chart ({width} px wide): {desc}");
    }
}

/// The text of the current page's `main`, as a reader reads it.
async fn main_text(b: &Browser) -> String {
    let text = b
        .js("return document.querySelector('main').innerText;", vec![])
        .await;
    text.as_str().unwrap_or_default().to_owned()
}
