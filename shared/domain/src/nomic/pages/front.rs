//! The game's front page: whose day it is (nomic 201), what is open now
//! and until when (nomic 202's 19:00 in UK time, nomic 106; nomic 113's
//! votes until the end of the day), what adoption needs (nomic 204), the
//! points that win (nomic 210) and the race to them.

use crate::nomic::turns::{before_proposal_deadline, uk_date, uk_time, AllocatedDay};
use crate::page::layout::text;
use crate::page::{instant, Public};
use chrono::{Datelike, Days, NaiveDate};
use maud::{html, Markup};
use serde_json::Value;

/// The seated players, each with their day and points.
fn seats<'v>(p: &'v Public) -> Vec<&'v Value> {
    p.view["players"].as_array().into_iter().flatten().collect()
}

/// A day as the view spells it (`monday`) for a date, if a weekday.
fn day_name(day: AllocatedDay) -> String {
    text(&serde_json::to_value(day).unwrap_or(Value::Null))
}

/// The player holding `day` (nomic 201).
fn holder<'v>(p: &'v Public, day: AllocatedDay) -> Option<&'v str> {
    let name = day_name(day);
    seats(p)
        .into_iter()
        .find(|s| s["day"].as_str() == Some(name.as_str()))
        .and_then(|s| s["player"].as_str())
}

/// A date in words: `Monday 16 March`.
fn long_date(d: NaiveDate) -> String {
    d.format("%A %-d %B").to_string()
}

pub fn now(p: &Public) -> Markup {
    let v = &p.view;
    html! {
        @if let Some(winner) = v["winner"].as_str() {
            p.lead { strong { "The game is over: " (winner) " won (nomic 210)." } }
        } @else if v["begun_at"].is_null() {
            p.lead { "The game has not begun: " (seats(p).len()) " players are seated, and it begins when the organizer starts it." }
        } @else {
            (today(p))
            (open_votes(p))
        }
        (adoption(p))
        p { "The first player to reach " strong { (text(&v["settings"]["winning_points"])) " points" } " wins (nomic 210)." }
    }
}

/// Whose day it is and whether they may still propose.
fn today(p: &Public) -> Markup {
    let date = uk_date(p.now);
    let Some(day) = AllocatedDay::of(date) else {
        let monday = (1..=2)
            .map(|k| date + Days::new(k))
            .find(|d| d.weekday() == chrono::Weekday::Mon)
            .unwrap_or(date);
        return html! {
            p.lead { "It is the weekend in the UK: nobody's day, and messages in the voting thread are void (nomic 201)." }
            @if let Some(next) = holder(p, AllocatedDay::Monday) {
                p { "Next: " (long_date(monday)) ", " strong { (next) } "'s day." }
            }
        };
    };
    let Some(player) = holder(p, day) else {
        return html! { p.lead { (long_date(date)) ": no player holds this day, so no proposal can be made today (nomic 201)." } };
    };
    let hour = p.view["settings"]["proposal_deadline_hour"]
        .as_u64()
        .unwrap_or(19) as u32;
    let made_today = p.view["proposals"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|q| {
            q["proposer"] == player
                && instant(&q["submitted_at"]).is_some_and(|t| uk_date(t) == date)
        });
    html! {
        p.lead { "Today, " (long_date(date)) ", is " strong { (player) } "'s day (nomic 201)." }
        p {
            @if let Some(q) = made_today {
                (player) " has made today's proposal, " a href={ (p.link("proposals")) "#p" (text(&q["number"])) } { "proposal " (text(&q["number"])) } " (nomic 202: only the first of the day is proper)."
            } @else if before_proposal_deadline(p.now, hour) {
                (player) " may propose a rule-change until " strong { (format!("{hour:02}:00")) " UK time" } " (nomic 202)."
            } @else {
                (player) "'s time to propose ended at " (format!("{hour:02}:00")) " UK time (nomic 202)."
            }
        }
    }
}

/// The proposals open for voting, each with its deadline.
fn open_votes(p: &Public) -> Markup {
    let open: Vec<&Value> = p.view["proposals"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|q| q["status"] == "voting")
        .collect();
    html! {
        @if open.is_empty() {
            p { "No proposal is open for voting." }
        } @else {
            ul {
                @for q in open {
                    li {
                        a href={ (p.link("proposals")) "#p" (text(&q["number"])) } { "Proposal " (text(&q["number"])) }
                        " by " (text(&q["proposer"])) ": voting open until "
                        strong { (instant(&q["closes_at"]).map(uk_time).unwrap_or_default()) " UK time" }
                        " (nomic 113)."
                    }
                }
            }
        }
    }
}

/// What adoption needs now, and when that changes (nomic 204).
fn adoption(p: &Public) -> Markup {
    let v = &p.view;
    let needs = match v["threshold"].as_str() {
        Some("simple-majority") => "a simple majority of the votes cast",
        Some("unanimity-of-eligible-voters") => "every player's yes",
        _ => "a unanimous vote of the votes cast",
    };
    html! {
        p {
            "A rule-change is adopted with " (needs) " (nomic 204)"
            @if let Some(t) = instant(&v["majority_from"]) {
                "; after " (long_date(uk_date(t - chrono::Duration::seconds(1))))
                " (" (text(&v["settings"]["circuits_before_majority"])) " complete circuits of turns), a simple majority will do unless rule 204 is amended first"
            }
            "."
        }
    }
}

/// The players by points, each with a bar towards the winning total.
pub fn race(p: &Public) -> Markup {
    let settings = &p.view["settings"];
    let goal = settings["winning_points"].as_i64().unwrap_or(200);
    let mut players = seats(p);
    players.sort_by(|a, b| {
        b["points"]
            .as_i64()
            .cmp(&a["points"].as_i64())
            .then_with(|| text(&a["player"]).cmp(&text(&b["player"])))
    });
    let low = players
        .iter()
        .filter_map(|s| s["points"].as_i64())
        .chain(settings["starting_points"].as_i64())
        .min()
        .unwrap_or(0)
        .min(0);
    let forfeited: Vec<String> = p.view["forfeited"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(who, _)| who.clone())
        .collect();
    html! {
        @if players.is_empty() {
            p { "No player is seated yet." }
        } @else {
            ol.race {
                @for s in players {
                    @let who = text(&s["player"]);
                    @let points = s["points"].as_i64().unwrap_or(0);
                    li {
                        span.who { strong { (who) } " " span.muted { (label(&text(&s["day"]))) } }
                        span.pts { (minus(points)) " / " (goal) }
                        meter min=(low) max=(goal) value=(points.clamp(low, goal))
                            aria-label={ (who) ": " (points) " of " (goal) " points" } {}
                    }
                }
            }
        }
        @if !forfeited.is_empty() {
            p.muted { "Forfeited (nomic 115): " (forfeited.join(", ")) "." }
        }
    }
}

/// Points as a reader writes them, a real minus sign before a debt.
fn minus(points: i64) -> String {
    if points < 0 {
        format!("\u{2212}{}", points.unsigned_abs())
    } else {
        points.to_string()
    }
}

/// `monday` as `Monday`.
fn label(day: &str) -> String {
    crate::page::layout::label(day)
}
