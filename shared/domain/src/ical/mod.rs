//! Deadlines as an iCalendar feed (RFC 5545), per competition and per
//! participant: every instant the rules set for someone to act, as each kind
//! lists it through [`crate::rulebook::Calendar::deadlines`].
//!
//! Times are written in UTC (`DTSTART:20261129T235959Z`), with no
//! `VTIMEZONE`: every deadline in a state is already an instant the rules
//! computed (acwc IV.F's Sunday 23:59:59 UTC, nomic 106's UK day turned into
//! UTC), so UTC says exactly what the rules decided, and a calendar shows it
//! in its own user's zone. A `TZID` form would need a `VTIMEZONE` copy of
//! the zone's rules that could drift from the zone database.
//!
//! Pure: `DTSTAMP` is the time the caller passes in, and a deadline's `UID`
//! is built from the competition's id and the deadline's own key, so the
//! same deadline keeps its UID from one fetch of the feed to the next.

use crate::envelope::{Envelope, UserId};
use chrono::{DateTime, Utc};

/// One instant the rules set for someone to act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deadline {
    /// Stable within the competition ("round-3", "phase-S1901M"): the UID's
    /// first part, so the same deadline is the same event in every fetch.
    pub key: String,
    pub at: DateTime<Utc>,
    /// What falls due, in the rulebook's words.
    pub summary: String,
    /// The clause that sets the deadline (`acwc IV.F`).
    pub clause: String,
    /// The users who must act by then; empty: everyone in the competition.
    pub concerns: Vec<UserId>,
}

impl Deadline {
    pub fn new(
        key: impl Into<String>,
        at: DateTime<Utc>,
        summary: impl Into<String>,
        clause: &str,
    ) -> Self {
        Self {
            key: key.into(),
            at,
            summary: summary.into(),
            clause: clause.to_owned(),
            concerns: Vec::new(),
        }
    }

    /// The same deadline, for these users only.
    pub fn for_users(mut self, users: impl IntoIterator<Item = UserId>) -> Self {
        self.concerns = users.into_iter().collect();
        self
    }

    /// Whether `user` must act by this deadline.
    pub fn concerns(&self, user: &UserId) -> bool {
        self.concerns.is_empty() || self.concerns.contains(user)
    }
}

/// The competition's feed: every deadline given (the kind has already left
/// out what the viewer may not see), in time order.
pub fn competition_feed(env: &Envelope, deadlines: &[Deadline], stamp: DateTime<Utc>) -> String {
    feed(env, deadlines.iter(), stamp, &env.name)
}

/// One participant's feed: the deadlines that concern `user`.
pub fn participant_feed(
    env: &Envelope,
    deadlines: &[Deadline],
    user: &UserId,
    stamp: DateTime<Utc>,
) -> String {
    let name = format!("{} ({user})", env.name);
    feed(
        env,
        deadlines.iter().filter(|d| d.concerns(user)),
        stamp,
        &name,
    )
}

fn feed<'a>(
    env: &Envelope,
    deadlines: impl Iterator<Item = &'a Deadline>,
    stamp: DateTime<Utc>,
    name: &str,
) -> String {
    let mut sorted: Vec<&Deadline> = deadlines.collect();
    sorted.sort_by(|a, b| a.at.cmp(&b.at).then_with(|| a.key.cmp(&b.key)));
    let mut out = String::new();
    for l in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Arbiter//Deadlines//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
    ] {
        push(&mut out, l);
    }
    push(&mut out, &format!("X-WR-CALNAME:{}", text(name)));
    for d in sorted {
        push(&mut out, "BEGIN:VEVENT");
        push(&mut out, &format!("UID:{}", uid(env, d)));
        push(&mut out, &format!("DTSTAMP:{}", utc(stamp)));
        push(&mut out, &format!("DTSTART:{}", utc(d.at)));
        push(&mut out, &format!("SUMMARY:{}", text(&d.summary)));
        push(
            &mut out,
            &format!(
                "DESCRIPTION:{}",
                text(&format!("{} ({})", d.summary, d.clause))
            ),
        );
        push(&mut out, "TRANSP:TRANSPARENT");
        push(&mut out, "END:VEVENT");
    }
    push(&mut out, "END:VCALENDAR");
    out
}

/// `key.competition@arbiter`, with anything but letters, digits and `-._`
/// in the key written as `-` so the UID stays one plain token.
fn uid(env: &Envelope, d: &Deadline) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_') {
                    c
                } else {
                    '-'
                }
            })
            .collect()
    };
    format!("{}.{}@arbiter", clean(&d.key), clean(&env.id.to_string()))
}

/// RFC 5545 3.3.5 form 2: UTC time, `20261129T235959Z`.
fn utc(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// RFC 5545 3.3.11: a TEXT value with `\`, `;`, `,` and newlines escaped;
/// other control characters (not allowed in a TEXT value) dropped.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends one content line, folded (RFC 5545 3.1): no line longer than 75
/// octets before its CRLF, each continuation starting with a space, never
/// splitting a UTF-8 character.
fn push(out: &mut String, line: &str) {
    out.push_str(&fold(line));
}

/// The folded form of one content line, CRLF-terminated.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3 + 2);
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests;
