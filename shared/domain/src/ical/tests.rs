//! The feed's format (RFC 5545 folding, escaping, UIDs), read back by the
//! `icalendar` crate's parser; and each kind's deadlines, worked by hand.

use super::*;
use crate::competition::{Competition, Kind};
use crate::rulebook::parts::*;
use crate::testkit::{at, u, Harness};
use proptest::prelude::*;

fn env(kind: Kind) -> Competition {
    Harness::new(kind, at("2026-11-01T00:00:00Z"), &[]).env
}

/// Unfolds and parses `ics` with the `icalendar` crate's parser; panics if
/// it is not a calendar.
fn parsed(ics: &str) -> icalendar::Calendar {
    let unfolded = icalendar::parser::unfold(ics);
    let cal = icalendar::parser::read_calendar(&unfolded).unwrap_or_else(|e| panic!("{e}\n{ics}"));
    icalendar::Calendar::from(cal)
}

fn events(cal: &icalendar::Calendar) -> Vec<&icalendar::Event> {
    cal.components.iter().filter_map(|c| c.as_event()).collect()
}

#[test]
fn rfc5545_3_1_a_long_line_folds_at_75_octets_with_a_leading_space() {
    // By hand: "SUMMARY:" (8) + 80 'a' = 88 octets: the first line holds 75
    // octets, the continuation a space and the remaining 13.
    let line = format!("SUMMARY:{}", "a".repeat(80));
    let folded = fold(&line);
    assert_eq!(
        folded,
        format!("SUMMARY:{}\r\n {}\r\n", "a".repeat(67), "a".repeat(13))
    );
}

#[test]
fn rfc5545_3_3_11_text_escapes_backslash_semicolon_comma_and_newline() {
    // By hand: each of \ ; , becomes itself behind a backslash, a newline
    // becomes \n, a carriage return is dropped.
    assert_eq!(text("a\\b;c,d\r\ne"), "a\\\\b\\;c\\,d\\ne");
}

fn sample() -> Vec<Deadline> {
    vec![
        Deadline::new(
            "round-2",
            at("2026-12-06T23:59:59Z"),
            "Round 2; games, done\\now\nreally",
            "acwc IV.F",
        ),
        Deadline::new(
            "round-1",
            at("2026-11-29T23:59:59Z"),
            "Round 1: matches completed",
            "acwc IV.F",
        )
        .for_users([u("alice")]),
    ]
}

#[test]
fn the_feed_parses_as_icalendar_and_round_trips_its_values() {
    // By hand: two events, in time order (round 1 first); DTSTART in UTC;
    // the summary with ; , \ and a newline reads back exactly as written;
    // DTSTAMP is the injected time; every line ends in CRLF.
    let e = env(Kind::Acwc);
    let ics = competition_feed(&e, &sample(), at("2026-11-26T15:00:00Z"));
    assert!(ics.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
    assert!(ics.split_inclusive('\n').all(|l| l.ends_with("\r\n")));
    let cal = parsed(&ics);
    let ev = events(&cal);
    assert_eq!(ev.len(), 2);
    use icalendar::Component;
    assert_eq!(ev[0].get_summary(), Some("Round 1: matches completed"));
    assert_eq!(
        ev[1].get_summary(),
        Some("Round 2; games, done\\now\nreally")
    );
    assert_eq!(ev[0].property_value("DTSTART"), Some("20261129T235959Z"));
    assert_eq!(ev[0].property_value("DTSTAMP"), Some("20261126T150000Z"));
    assert_eq!(ev[0].get_uid(), Some("round-1.test@arbiter"));
}

#[test]
fn a_deadline_keeps_its_uid_from_one_fetch_to_the_next() {
    // By hand: the UID is key.competition@arbiter, whatever the stamp or
    // the deadline's time (an extension moves the time, not the event).
    let e = env(Kind::Acwc);
    let mut d = sample();
    let first = competition_feed(&e, &d, at("2026-11-26T15:00:00Z"));
    d[1].at = at("2026-11-30T23:59:59Z");
    let second = competition_feed(&e, &d, at("2026-11-27T15:00:00Z"));
    assert!(first.contains("UID:round-1.test@arbiter\r\n"));
    assert!(second.contains("UID:round-1.test@arbiter\r\n"));
}

#[test]
fn a_participant_feed_holds_only_the_deadlines_that_concern_them() {
    // By hand: round 1 is alice's only, round 2 everyone's: bob sees one
    // event, alice two.
    let e = env(Kind::Acwc);
    let stamp = at("2026-11-26T15:00:00Z");
    assert_eq!(
        events(&parsed(&participant_feed(&e, &sample(), &u("bob"), stamp))).len(),
        1
    );
    assert_eq!(
        events(&parsed(&participant_feed(
            &e,
            &sample(),
            &u("alice"),
            stamp
        )))
        .len(),
        2
    );
}

#[test]
fn the_parsed_feed_written_again_by_the_parser_reads_the_same() {
    // By hand: the icalendar crate writes back what it read; read again,
    // the two events keep their UIDs, start times and summaries.
    use icalendar::Component;
    let e = env(Kind::Acwc);
    let ics = competition_feed(&e, &sample(), at("2026-11-26T15:00:00Z"));
    let once = parsed(&ics);
    let twice = parsed(&once.to_string());
    let facts = |c: &icalendar::Calendar| -> Vec<(Option<String>, Option<String>, Option<String>)> {
        events(c)
            .iter()
            .map(|ev| {
                let own = |s: Option<&str>| s.map(str::to_owned);
                (
                    own(ev.get_uid()),
                    own(ev.property_value("DTSTART")),
                    own(ev.get_summary()),
                )
            })
            .collect()
    };
    assert_eq!(facts(&once), facts(&twice));
    assert_eq!(facts(&once).len(), 2);
}

proptest! {
    /// RFC 5545 3.3.11 with 3.1: any summary, with commas, semicolons,
    /// backslashes, newlines and characters of several octets, reads back
    /// from the parsed feed as written.
    #[test]
    fn rfc5545_any_summary_reads_back_from_the_parsed_feed(s in "[a-z ,;:\\\n\u{e4}\u{20ac}\u{1F600}]{0,160}[a-z]") {
        use icalendar::Component;
        let d = [Deadline::new("k", at("2026-11-29T23:59:59Z"), s.clone(), "acwc IV.F")];
        let ics = competition_feed(&env(Kind::Acwc), &d, at("2026-11-26T15:00:00Z"));
        let cal = parsed(&ics);
        let ev = events(&cal);
        prop_assert_eq!(ev[0].get_summary(), Some(s.as_str()));
    }

    /// RFC 5545 3.1: any line, any characters: no physical line is over 75
    /// octets, a character is never split, and unfolding gives it back.
    #[test]
    fn rfc5545_3_1_folding_bounds_every_line_and_unfolds_to_the_original(s in "\\PC{0,400}") {
        let line = format!("SUMMARY:{}", text(&s));
        let folded = fold(&line);
        for physical in folded.split("\r\n").filter(|l| !l.is_empty()) {
            prop_assert!(physical.len() <= 75, "{} octets", physical.len());
        }
        let unfolded = folded.trim_end_matches("\r\n").replace("\r\n ", "");
        prop_assert_eq!(unfolded, line);
    }
}

mod kinds;
