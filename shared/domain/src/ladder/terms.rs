//! Modification to these Terms (club Section IV): the Chief Justice changes
//! the Terms unilaterally, at any time (IV.1); the new Terms apply as soon as
//! they are published (IV.2: "as soon as the website is updated"), the
//! instant the change is recorded, never before; and members are told, though
//! keeping up to date is their own responsibility (IV.3).
//!
//! The settings the Terms fix (the session window and room of J.5, the
//! presence of J.9, the Elo K of II.3, the deductions of II.6) are kept with
//! their history: each version superseded, by a change of the Terms or by a
//! technical modification (III.5), stays on record with the instant it
//! ceased to apply, so that every decision is judged under the Terms in force
//! at the instant it concerns ([`Ladder::settings_at`]) and none is re-judged
//! under later Terms.

use super::decide::{rec, text, Decider};
use super::settings::Settings;
use super::{Event, Ladder};
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// club IV.1: a change of the Terms by the Chief Justice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderTermsChange")]
pub struct TermsChange {
    pub by: UserId,
    /// What changed, as published (the Terms' own change log).
    pub description: String,
    /// The new settings, if the change touches any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    /// The settings in force until the change.
    pub previous: Settings,
    /// club IV.2: published, and in force, from this instant.
    pub at: DateTime<Utc>,
}

/// A version of the settings no longer in force: it applied until `until`
/// (exclusive), when a change of the Terms (IV.2) or a technical
/// modification (III.5) replaced it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderSuperseded")]
pub struct Superseded {
    pub settings: Settings,
    pub until: DateTime<Utc>,
}

impl Ladder {
    /// club IV.2: the settings in force at `t`: those of the first version
    /// superseded after `t`, or the current ones. A change published at `t`
    /// is in force at `t` itself.
    pub fn settings_at(&self, t: DateTime<Utc>) -> &Settings {
        self.superseded
            .iter()
            .find(|v| t < v.until)
            .map_or(&self.settings, |v| &v.settings)
    }

    /// club IV.2: the club-local date of `t`, in the time zone of the Terms
    /// in force at `t` (not the zone of today's Terms).
    pub fn local_date_at(&self, t: DateTime<Utc>) -> NaiveDate {
        self.settings_at(t).local_date(t)
    }

    /// club II.6, IV.2: the instant the week of session `week` closes
    /// (Saturday 00:00 club time), in the zone of the Terms in force then:
    /// the closing instant by today's Terms locates the version, which then
    /// fixes the instant.
    pub fn week_closes_at(&self, week: NaiveDate) -> DateTime<Utc> {
        let by_current = self.settings.week_closes(week);
        self.settings_at(by_current).week_closes(week)
    }

    /// The settings change from `at`: the current version is superseded.
    /// club II.9.2, IV.2: a ban still running at `at` ends at 00:00 of its
    /// expiry Friday in the zone of the new Terms (they apply from `at`);
    /// a ban the new zone would end before `at` ends at `at`, since until
    /// then the earlier Terms held it in force.
    pub(super) fn supersede(&mut self, settings: &Settings, at: DateTime<Utc>) {
        let previous = std::mem::replace(&mut self.settings, settings.clone());
        self.superseded.push(Superseded {
            settings: previous,
            until: at,
        });
        // Only a member in `watched` can have a ban (the fold notes every
        // ban there), so a large club's other members are not read.
        for user in &self.watched {
            let Some(mut m) = self.members.get_mut(user) else {
                continue;
            };
            if let Some(ban) = m.ban.as_mut() {
                if let (Some(date), Some(end)) = (ban.expires, ban.ends_at) {
                    if end > at {
                        ban.ends_at = Some(settings.ban_ends(date).max(at));
                    }
                }
            }
        }
    }

    /// club III.5, III.3.8: technical modification `id`, annulled by the
    /// Court, is taken out of every version from its making on (it is held
    /// never to have applied; decisions already taken under it stand).
    pub(super) fn take_out_modification(&mut self, id: u64) {
        let Some(m) = self.modifications.get(&id) else {
            return;
        };
        let Some(modified) = m.settings.clone() else {
            return;
        };
        let (previous, made) = (m.previous.clone(), m.at);
        for v in self.superseded.iter_mut().filter(|v| v.until > made) {
            v.settings = without(&v.settings, &modified, &previous);
        }
    }
}

/// One setting, or settings that are valid only together.
fn restore<T: PartialEq + Clone>(now: &mut T, modified: T, previous: T) {
    if modified != previous && *now == modified {
        *now = previous;
    }
}

/// `s` with a modification (from `previous` to `modified`) taken out: each
/// setting it changed goes back to its previous value, unless changed again
/// since (a later change of the Terms stands). The session window and the
/// presence that must fit in it go together, so the result is valid whenever
/// the three versions are.
pub fn without(s: &Settings, modified: &Settings, previous: &Settings) -> Settings {
    let mut out = s.clone();
    let window = |x: &Settings| (x.session_start, x.session_end, x.presence_minutes);
    let mut w = window(&out);
    restore(&mut w, window(modified), window(previous));
    (out.session_start, out.session_end, out.presence_minutes) = w;
    restore(&mut out.room, modified.room.clone(), previous.room.clone());
    restore(
        &mut out.time_zone,
        modified.time_zone.clone(),
        previous.time_zone.clone(),
    );
    restore(&mut out.elo_k, modified.elo_k, previous.elo_k);
    restore(
        &mut out.absence_deduction,
        modified.absence_deduction,
        previous.absence_deduction,
    );
    restore(
        &mut out.idle_deduction,
        modified.idle_deduction,
        previous.idle_deduction,
    );
    restore(
        &mut out.streak_threshold,
        modified.streak_threshold,
        previous.streak_threshold,
    );
    out
}

/// club IV.1: "These Terms may be unilaterally changed by the Chief Justice
/// at any time"; IV.2: in force from publication, which is this record.
/// Unilateral: no hearing, no challenge en banc (that is III.5's).
pub(super) fn change_terms(
    d: &Decider,
    description: &str,
    settings: Option<&Settings>,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club IV.1", "change the Terms")?;
    let description = text(description, "club IV.2", "what the new Terms change")?;
    if let Some(s) = settings {
        s.validate()?;
    }
    Ok(vec![rec(
        Event::TermsChanged {
            change: d.state.fresh_id(),
            by: d.actor.clone(),
            description,
            settings: settings.cloned(),
            previous: d.settings().clone(),
        },
        "club IV.1",
    )])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{at, u};

    #[test]
    fn club_iii_5_an_annulled_modification_leaves_a_later_change_of_the_terms_standing() {
        // The modification moved the room 322 → 323 and K 32 → 24; a later
        // change of the Terms set K to 40. Taking the modification out puts
        // the room back to 322 (nobody changed it since) and leaves K at 40
        // (changed again since): 322, K 40.
        let previous = Settings::default();
        let modified = Settings {
            room: "323".into(),
            elo_k: 24,
            ..Settings::default()
        };
        let now = Settings {
            elo_k: 40,
            ..modified.clone()
        };
        let out = without(&now, &modified, &previous);
        assert_eq!((out.room.as_str(), out.elo_k), ("322", 40));
    }

    #[test]
    fn club_iii_5_the_window_and_presence_go_back_together() {
        // The modification lengthened the session to 12:30–14:00; a later
        // change of the Terms asked for 60 minutes of presence (fits in 90).
        // Putting back 12:30–13:10 alone would leave 60 minutes in a 40-minute
        // session, so the window stays with the presence it carries: the
        // result is the later version, 12:30–14:00 and 60 minutes, valid.
        let previous = Settings::default();
        let modified = Settings {
            session_end: chrono::NaiveTime::from_hms_opt(14, 0, 0).unwrap(),
            ..Settings::default()
        };
        let now = Settings {
            presence_minutes: 60,
            ..modified.clone()
        };
        let out = without(&now, &modified, &previous);
        assert_eq!(out, now);
        assert!(out.validate().is_ok());
    }

    fn ban(expires: &str, ends_at: &str) -> super::super::member::Ban {
        super::super::member::Ban {
            power_use: 1,
            reason: "r".into(),
            expires: Some(expires.parse().unwrap()),
            ends_at: Some(at(ends_at)),
        }
    }

    #[test]
    fn club_iv_2_a_game_is_dated_by_the_time_zone_in_force_when_it_was_played() {
        // London until 1 March 2026, then Tokyo (UTC+9). A game at
        // 2026-02-06 23:30 UTC was played on Friday 6 February in London
        // (GMT, UTC+0); in Tokyo that instant is Saturday 7 February 08:30.
        // Dated under the Terms in force then: 6 February.
        let mut l = Ladder::default();
        let tokyo = Settings {
            time_zone: "Asia/Tokyo".into(),
            ..Settings::default()
        };
        l.supersede(&tokyo, at("2026-03-01T00:00:00Z"));
        let played = at("2026-02-06T23:30:00Z");
        assert_eq!(l.local_date_at(played).to_string(), "2026-02-06");
        assert_eq!(l.settings.local_date(played).to_string(), "2026-02-07");
    }

    #[test]
    fn club_ii_9_2_iv_2_a_running_ban_ends_by_the_zone_of_the_terms_in_force_at_its_end() {
        // Ban expiring Friday 6 March 2026, imposed under London: ends
        // 00:00 London = 2026-03-06T00:00Z. On 1 March the Terms move the club
        // to New York (EST, UTC-5 until 8 March): 00:00 New York on 6 March is
        // 05:00 UTC. A ban that expired on Friday 20 February (ended
        // 2026-02-20T00:00Z, before the change) is not touched.
        let mut l = Ladder::default();
        let (a, b) = (u("a"), u("b"));
        for (u, expires, ends) in [
            (&a, "2026-03-06", "2026-03-06T00:00:00Z"),
            (&b, "2026-02-20", "2026-02-20T00:00:00Z"),
        ] {
            let mut m = super::super::member::Member::new(100, at("2026-01-02T12:00:00Z"));
            m.ban = Some(ban(expires, ends));
            l.members.insert(u.clone(), m);
            // As the fold does for every ban (see `Ladder::watched`).
            l.watch(u);
        }
        let ny = Settings {
            time_zone: "America/New_York".into(),
            ..Settings::default()
        };
        l.supersede(&ny, at("2026-03-01T00:00:00Z"));
        let ends = |u: &UserId| l.members[u].ban.as_ref().unwrap().ends_at.unwrap();
        assert_eq!(ends(&a), at("2026-03-06T05:00:00Z"));
        assert_eq!(ends(&b), at("2026-02-20T00:00:00Z"));
    }

    #[test]
    fn club_ii_6_iv_2_a_week_closes_by_the_zone_of_the_terms_in_force_then() {
        // Week of Friday 6 February 2026 closes Saturday 7 February 00:00
        // club time. London (UTC+0) was in force until 1 March: 2026-02-07
        // 00:00 UTC. Today's Terms (Tokyo) would say 2026-02-06T15:00Z.
        let mut l = Ladder::default();
        let tokyo = Settings {
            time_zone: "Asia/Tokyo".into(),
            ..Settings::default()
        };
        l.supersede(&tokyo, at("2026-03-01T00:00:00Z"));
        let week = "2026-02-06".parse().unwrap();
        assert_eq!(l.week_closes_at(week), at("2026-02-07T00:00:00Z"));
    }
}
