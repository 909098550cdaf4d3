//! The browser app, played as people play it: every step is a click or
//! typing in a form of the app, in headless Chromium at a phone's width.
//!
//! - An organizer signs in, creates a Swiss event, sets it up and lists it;
//!   four players sign in and enter; two rounds are paired from the desk
//!   and each board's result is reported by one of its players from the act
//!   the desk offers them; the public standings then show each player's
//!   points.
//! - A refusal (pairing round 2 before round 1's results are in) is shown
//!   beside its form with its clause.
//! - The organizer creates a Diplomacy board, makes a GM, and the GM sets
//!   it up from the form of every act; France's Spring 1901 orders are
//!   entered by clicking the map, Germany's typed; the GM runs the clock
//!   past the deadline and the board's map shows the new position.
//! - A Nomic game: players seated, the game begun, a proposal made on its
//!   proposer's day and voted on by another player.
//!
//! Screenshots of each step go to the screenshot folder (`app-*.png`).

use crate::driver::Browser;
use crate::{every_page, Findings};
use arbiter_e2e::{TestServer, TestStore};
use chrono::{DateTime, Duration, Utc};
use fantoccini::elements::Element;
use fantoccini::Locator;
use serde_json::json;

struct App<'a, S> {
    s: &'a TestServer<S>,
    b: &'a Browser,
    shot: std::cell::Cell<u32>,
}

impl<S: TestStore> App<'_, S> {
    async fn goto(&self, path: &str) {
        self.b
            .client
            .goto(&self.s.url(path))
            .await
            .expect("page loads");
    }

    /// Scrolls the first `css` to the middle of the screen, for the
    /// screenshot that follows.
    async fn scroll_to(&self, css: &str) {
        self.b
            .js(
                "const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView({block: 'center'}); return true;",
                vec![json!(css)],
            )
            .await;
    }

    async fn screenshot(&self, what: &str) {
        let n = self.shot.get() + 1;
        self.shot.set(n);
        self.b.screenshot(&format!("app-{n:02}-{what}")).await;
    }

    async fn find(&self, css: &str) -> Element {
        let found = self.b.client.find(Locator::Css(css)).await;
        match found {
            Ok(el) => el,
            Err(e) => self.lost(&format!("no {css}: {e}")).await,
        }
    }

    /// Fails the run where it stands, with the page's address, its text
    /// and a screenshot.
    async fn lost(&self, what: &str) -> ! {
        self.screenshot("lost").await;
        let url = self.url().await;
        let text = match self.b.client.find(Locator::Css("main")).await {
            Ok(m) => m.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        panic!("{what} on {url}:\n{text}")
    }

    async fn url(&self) -> String {
        self.b
            .client
            .current_url()
            .await
            .map(|u| u.to_string())
            .unwrap_or_default()
    }

    async fn text(&self) -> String {
        self.find("main").await.text().await.unwrap_or_default()
    }

    /// Clicks `el`, which leads to another page (a link, a form's button),
    /// and waits for that page: the old document is marked, and the new one
    /// is not.
    async fn press(&self, el: &Element) {
        self.b
            .js(
                "document.documentElement.dataset.left = 'yes'; return true;",
                vec![],
            )
            .await;
        el.click().await.expect("click");
        for _ in 0..200 {
            let new_page = self
                .b
                .client
                .execute(
                    "return document.readyState === 'complete' && !document.documentElement.dataset.left;",
                    vec![],
                )
                .await
                .unwrap_or(serde_json::Value::Bool(false));
            if new_page == true {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        self.lost("the next page never came").await;
    }

    /// Sends `form` with its submit button.
    async fn submit(&self, form: &Element) {
        let button = form
            .find(Locator::Css("button[type=submit]"))
            .await
            .expect("a submit button");
        self.press(&button).await;
    }

    /// Asserts the last act was done: the desk says so.
    async fn done(&self, what: &str) {
        let text = self.text().await;
        if !text.contains(&format!("Done: {what}")) {
            self.lost(&format!("not done: {what}")).await;
        }
    }

    /// Signs in from the front door's link, as `user`.
    async fn sign_in(&self, user: &str, organizer: bool) {
        self.goto("/").await;
        if let Ok(out) = self
            .b
            .client
            .find(Locator::Css("header form.inline button"))
            .await
        {
            self.press(&out).await;
        }
        let link = self.find("header a[href='/app/sign-in']").await;
        self.press(&link).await;
        self.find("#user")
            .await
            .send_keys(user)
            .await
            .expect("type");
        if organizer {
            self.find("#organizer").await.click().await.expect("tick");
        }
        let button = self.find("main form button[type=submit]").await;
        self.press(&button).await;
        let who = self.find("header .who").await.text().await.unwrap();
        assert!(who.contains(user), "signed in as {user}: {who}");
    }

    /// The form of the act titled `title` (the desk's first section).
    async fn act(&self, title: &str) -> Element {
        let xpath = format!("//form[h3[contains(normalize-space(.), \"{title}\")]]");
        match self.b.client.find(Locator::XPath(&xpath)).await {
            Ok(form) => form,
            Err(_) => self.lost(&format!("no act {title:?}")).await,
        }
    }

    /// Opens the fold of `title` among every act, and its form.
    async fn every(&self, title: &str) -> Element {
        let xpath = format!("//details[summary[normalize-space(.)=\"{title}\"]]");
        let fold = match self.b.client.find(Locator::XPath(&xpath)).await {
            Ok(fold) => fold,
            Err(_) => self.lost(&format!("no fold {title:?}")).await,
        };
        fold.find(Locator::Css("summary"))
            .await
            .expect("summary")
            .click()
            .await
            .expect("open");
        fold.find(Locator::Css("form")).await.expect("its form")
    }

    async fn desk(&self, id: &str) {
        self.goto(&format!("/app/c/{id}")).await;
    }
}

async fn fill(form: &Element, name: &str, value: &str) {
    let field = form
        .find(Locator::Css(&format!("[name='{name}']")))
        .await
        .unwrap_or_else(|_| panic!("no field {name}"));
    if field.tag_name().await.unwrap_or_default() == "select" {
        field.select_by_value(value).await.expect("choose");
    } else {
        field.clear().await.ok();
        field.send_keys(value).await.expect("type");
    }
}

/// Opens the form's "More options" fold, if it has one.
async fn more(form: &Element) {
    if let Ok(s) = form.find(Locator::Css("details > summary")).await {
        s.click().await.expect("open more options");
    }
}

pub async fn play<S: TestStore>(s: &TestServer<S>, b: &Browser, found: &mut Findings) {
    let app = App {
        s,
        b,
        shot: std::cell::Cell::new(0),
    };
    app.goto("/").await;
    every_page(b, &s.url("/"), true, found).await;
    app.screenshot("front-door").await;
    every_page(b, &s.url("/app/sign-in"), true, found).await;
    let swiss = swiss_event(&app, found).await;
    diplomacy(&app, found).await;
    let nomic = nomic(&app).await;
    // The rest of the app's pages, as their signed-in reader sees them.
    app.sign_in("ann", true).await;
    for path in [
        "/".to_owned(),
        "/app/new".to_owned(),
        format!("/app/c/{swiss}/log"),
        format!("/app/c/{nomic}"),
    ] {
        every_page(b, &s.url(&path), true, found).await;
    }
    println!("the app: Swiss event {swiss}, a Diplomacy board and a Nomic game played by clicking");
}

async fn create<S: TestStore>(app: &App<'_, S>, kind: &str, name: &str) -> String {
    let link = app.find("header a[href='/app/new']").await;
    app.press(&link).await;
    let form = app.find("main form").await;
    fill(&form, "kind", kind).await;
    fill(&form, "name", name).await;
    app.submit(&form).await;
    let url = app.url().await;
    url.rsplit('/').next().unwrap().to_owned()
}

async fn swiss_event<S: TestStore>(app: &App<'_, S>, found: &mut Findings) -> String {
    app.sign_in("ann", true).await;
    let id = create(app, "swiss", "Club night").await;
    let setup = app.act("Set the event up").await;
    fill(&setup, "settings.rounds", "2").await;
    app.submit(&setup).await;
    list_publicly(app).await;
    every_page(app.b, &app.url().await, true, found).await;
    app.screenshot("swiss-organizer-desk").await;

    let players = [
        ("bob", "2100"),
        ("cat", "2000"),
        ("dan", "1900"),
        ("eve", "1800"),
    ];
    for (name, rating) in players {
        app.sign_in(name, false).await;
        app.desk(&id).await;
        let enter = app.act("Enter the event").await;
        fill(&enter, "entry.name", &format!("{} Player", capital(name))).await;
        more(&enter).await;
        fill(&enter, "entry.rating", rating).await;
        if name == "bob" {
            app.screenshot("swiss-player-enters").await;
        }
        app.submit(&enter).await;
        app.done("register").await;
    }

    for round in 1..=2 {
        app.sign_in("ann", true).await;
        app.desk(&id).await;
        if round == 2 {
            // A refusal, beside its form, with its clause: round 1 is not
            // complete until every board has a result.
            let pair = app.every("Pair round").await;
            app.submit(&pair).await;
            let refusal = app.find(".refusal").await.text().await.unwrap();
            assert!(refusal.contains("Refused under dutch"), "{refusal}");
            app.scroll_to(".refusal").await;
            app.screenshot("swiss-refusal-with-clause").await;
            report_round(app, &id, &players, 1).await;
            app.sign_in("ann", true).await;
            app.desk(&id).await;
        }
        let pair = app.act(&format!("Pair round {round}")).await;
        app.submit(&pair).await;
        app.done("pair round").await;
    }
    report_round(app, &id, &players, 2).await;

    app.goto(&format!("/pages/{id}")).await;
    let standings = app.text().await;
    for (name, _) in players {
        assert!(
            standings.contains(&format!("{} Player", capital(name))),
            "the standings name {name}: {standings}"
        );
    }
    every_page(app.b, &app.url().await, true, found).await;
    app.screenshot("swiss-standings-after-two-rounds").await;
    id
}

/// The organizer lists the competition publicly, from every act.
async fn list_publicly<S: TestStore>(app: &App<'_, S>) {
    let public = app.every("Set public").await;
    public
        .find(Locator::Css("input[type=checkbox]"))
        .await
        .expect("the box")
        .click()
        .await
        .expect("tick");
    app.submit(&public).await;
    app.done("set public").await;
}

/// Each board of `round` reported by the first of its players to look.
async fn report_round<S: TestStore>(
    app: &App<'_, S>,
    id: &str,
    players: &[(&str, &str)],
    round: u32,
) {
    let mut reported = 0;
    for (name, _) in players {
        app.sign_in(name, false).await;
        app.desk(id).await;
        let xpath = "//form[h3[contains(., 'Report the result of your game')]]";
        let Ok(form) = app.b.client.find(Locator::XPath(xpath)).await else {
            continue;
        };
        fill(&form, "result", "1-0").await;
        if reported == 0 && round == 1 {
            app.scroll_to("select[name=result]").await;
            app.screenshot("swiss-player-reports").await;
        }
        app.submit(&form).await;
        app.done("report result").await;
        reported += 1;
    }
    assert_eq!(reported, 2, "round {round}: two boards, each reported once");
}

fn capital(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Monday 23 November 2026 at `hour` UTC, plus `days`.
fn monday(days: i64, hour: u32) -> DateTime<Utc> {
    let m: DateTime<Utc> = "2026-11-23T00:00:00Z".parse().unwrap();
    m + Duration::days(days) + Duration::hours(i64::from(hour))
}

async fn diplomacy<S: TestStore>(app: &App<'_, S>, found: &mut Findings) {
    app.s.clock.set(monday(0, 9));
    app.sign_in("ann", true).await;
    let id = create(app, "diplomacy-game", "Friendly board").await;
    let grant = app.every("Grant role").await;
    fill(&grant, "user", "gm").await;
    fill(&grant, "role", "game-master").await;
    app.submit(&grant).await;
    list_publicly(app).await;

    app.sign_in("gm", false).await;
    app.desk(&id).await;
    let setup = app.every("Set up").await;
    more(&setup).await;
    for power in [
        "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY",
    ] {
        let player = format!("{}-player", power.to_lowercase());
        fill(&setup, &format!("settings.players.{power}"), &player).await;
    }
    fill(&setup, "settings.last_year", "1902").await;
    // The browser's date-and-time control, set as its picker would.
    let deadline = app
        .b
        .client
        .execute(
            "arguments[0].value = '2026-11-27T12:00'; return arguments[0].value;",
            vec![serde_json::to_value(
                setup
                    .find(Locator::Css("[name='settings.first_deadline']"))
                    .await
                    .expect("the deadline"),
            )
            .expect("an element")],
        )
        .await
        .expect("set the deadline");
    assert_eq!(deadline, "2026-11-27T12:00");
    app.submit(&setup).await;
    app.done("set up").await;

    // France orders by clicking: each unit, then where it goes.
    app.sign_in("france-player", false).await;
    app.desk(&id).await;
    every_page(app.b, &app.url().await, true, found).await;
    for (unit, to) in [("par", "bur"), ("mar", "spa"), ("bre", "mao")] {
        click(
            app,
            &format!("figure.orders-map .unit[data-location='{unit}']"),
        )
        .await;
        click(
            app,
            &format!("figure.orders-map .province[data-province='{to}'] circle"),
        )
        .await;
    }
    let orders = app
        .find("textarea[name=orders]")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap_or_default();
    assert_eq!(
        orders, "A PAR - BUR\nA MAR - SPA\nF BRE - MAO",
        "clicked orders"
    );
    app.scroll_to("textarea[name=orders]").await;
    app.screenshot("diplomacy-orders-clicked-on-the-map").await;
    app.submit(&app.act("Enter FRANCE").await).await;
    app.done("submit orders").await;

    // Germany types them.
    app.sign_in("germany-player", false).await;
    app.desk(&id).await;
    let form = app.act("Enter GERMANY").await;
    fill(&form, "orders", "A BER - KIE\nA MUN - RUH\nF KIE - DEN").await;
    app.submit(&form).await;
    app.done("submit orders").await;

    // The other five powers sent their orders to the GM, who enters them
    // (wm D.II: an order set the GM received another way).
    app.sign_in("gm", false).await;
    app.desk(&id).await;
    for (power, orders) in [
        ("AUSTRIA", "A VIE H\nA BUD H\nF TRI H"),
        ("ENGLAND", "F LON H\nF EDI H\nA LVP H"),
        ("ITALY", "A ROM H\nA VEN H\nF NAP H"),
        ("RUSSIA", "A MOS H\nA WAR H\nF SEV H\nF STP/SC H"),
        ("TURKEY", "A CON H\nA SMY H\nF ANK H"),
    ] {
        let form = app.act(&format!("Enter {power}'s orders")).await;
        fill(&form, "orders", orders).await;
        app.submit(&form).await;
        app.done("enter orders").await;
    }

    // The GM runs the clock past the deadline: the phase is adjudicated.
    app.s.clock.set(monday(4, 13));
    app.desk(&id).await;
    app.submit(&app.every("Tick").await).await;
    app.done("tick").await;
    let map = app
        .s
        .http
        .get(app.s.url(&format!("/pages/{id}/map.svg")))
        .send()
        .await
        .expect("the map")
        .text()
        .await
        .unwrap_or_default();
    for unit in ["A BUR", "A SPA", "F MAO", "A KIE", "A RUH", "F DEN"] {
        assert!(map.contains(unit), "the map after Spring 1901 shows {unit}");
    }
    app.goto(&format!("/pages/{id}")).await;
    app.screenshot("diplomacy-map-after-spring-1901").await;
}

/// Clicks `css` as a person does; where WebDriver finds something drawn
/// over its centre (a label), the click goes to the element itself.
async fn click<S: TestStore>(app: &App<'_, S>, css: &str) {
    let el = app.find(css).await;
    if el.click().await.is_err() {
        app.b
            .client
            .execute(
                "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));",
                vec![serde_json::to_value(&el).expect("an element")],
            )
            .await
            .expect("click");
    }
}

async fn nomic<S: TestStore>(app: &App<'_, S>) -> String {
    app.s.clock.set(monday(7, 9));
    app.sign_in("ann", true).await;
    let id = create(app, "nomic", "Office Nomic").await;
    app.submit(&app.every("Import rules").await).await;
    for (player, day) in [("bob", "monday"), ("cat", "tuesday"), ("dan", "wednesday")] {
        let seat = app.every("Seat player").await;
        fill(&seat, "player", player).await;
        fill(&seat, "day", day).await;
        app.submit(&seat).await;
        app.done("seat player").await;
    }
    app.submit(&app.every("Begin").await).await;
    app.done("begin").await;

    // Monday is bob's day (nomic 201): he proposes.
    app.s.clock.set(monday(7, 18));
    app.sign_in("bob", false).await;
    app.desk(&id).await;
    let propose = app.act("Propose a rule-change: enact").await;
    fill(&propose, "change.text", "Players shall greet one another.").await;
    app.scroll_to("textarea[name='change.text']").await;
    app.screenshot("nomic-propose").await;
    app.submit(&propose).await;
    app.done("propose").await;

    app.sign_in("cat", false).await;
    app.desk(&id).await;
    let vote = app.act("Vote on proposal 301").await;
    fill(&vote, "vote", "yes").await;
    app.submit(&vote).await;
    app.done("record vote").await;
    app.screenshot("nomic-voted").await;
    id
}
