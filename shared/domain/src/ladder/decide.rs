//! Who may do what, and the dispatch of commands to the concept that
//! decides them. Moderator power is held by moderators (III.2), by justices
//! (III.3.4: "Justices may exercise Moderator power") and by the Chief Justice
//! (III.4).

use super::{
    anticheat, conduct, correction, court, game, member, modification, sanction, teacher, terms,
    Command, Event, Ladder, Settings,
};
use crate::envelope::Ruled;
use crate::envelope::{Context, Envelope, Role, UserId, ROLES_CLAUSE};
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use crate::rulebook::Route;
use chrono::{DateTime, Utc};

/// The facts a decision may use.
pub(super) struct Decider<'a> {
    pub env: &'a Envelope,
    pub state: &'a Ladder,
    pub actor: &'a UserId,
    pub now: DateTime<Utc>,
}

impl Decider<'_> {
    pub fn settings(&self) -> &Settings {
        &self.state.settings
    }

    /// club III.2, III.3.4, III.4: holds moderator power.
    pub fn is_moderator(&self, u: &UserId) -> bool {
        self.env.has_role(u, Role::Moderator) || self.is_justice(u)
    }

    /// club III.3.2: sits on the Court (a justice or the Chief Justice). The
    /// Terms list the Court's staff; the club keeps that list as the roles
    /// the organizer grants, so the Court is whoever holds them now.
    pub fn is_justice(&self, u: &UserId) -> bool {
        self.env.has_role(u, Role::Justice) || self.is_chief(u)
    }

    pub fn is_chief(&self, u: &UserId) -> bool {
        self.env.has_role(u, Role::ChiefJustice)
    }

    /// Everyone on the Court, in id order.
    pub fn justices(&self) -> Vec<UserId> {
        let court: std::collections::BTreeSet<&UserId> = self
            .env
            .holders(Role::Justice)
            .chain(self.env.holders(Role::ChiefJustice))
            .collect();
        court.into_iter().cloned().collect()
    }

    pub fn require_moderator(&self, clause: &'static str, what: &str) -> Result<(), Refusal> {
        if self.is_moderator(self.actor) {
            Ok(())
        } else {
            Err(Refusal::forbidden(
                clause,
                format!("only a moderator may {what}"),
            ))
        }
    }

    pub fn require_chief(&self, clause: &'static str, what: &str) -> Result<(), Refusal> {
        if self.is_chief(self.actor) {
            Ok(())
        } else {
            Err(Refusal::forbidden(
                clause,
                format!("only the Chief Justice may {what}"),
            ))
        }
    }
}

/// An event a rule made happen, citing the act.
pub(super) fn rec(event: Event, clause: &str) -> Recorded {
    Recorded::by_rule(event, clause)
}

/// A non-empty, bounded text (reasons, statements, grounds).
pub(super) fn text(value: &str, clause: &'static str, what: &str) -> Result<String, Refusal> {
    let t = value.trim();
    if t.is_empty() {
        return Err(Refusal::rule(clause, format!("{what} must be given")));
    }
    if t.chars().count() > 4000 {
        return Err(Refusal::invalid(format!(
            "{what} must be at most 4000 characters"
        )));
    }
    Ok(t.to_owned())
}

/// Joining, presence at sessions and removal (club II.1, II.7, II.8, J.9,
/// J.12), and the club's settings (J.5, II.3, J.9).
fn members(d: &Decider, command: &Command) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::Configure { settings } => member::configure(d, settings),
        Command::Join { member } => member::join(d, member.as_ref()),
        Command::RecordAttendance { session, attendees } => {
            member::record_attendance(d, *session, attendees)
        }
        Command::RemoveMember { member, grounds } => member::remove(d, member, *grounds),
        Command::RequestRemoval {} => member::request_removal(d),
        _ => unreachable!("decide sends member commands only"),
    }
}

/// Games: registration and approval, the bell, objections and rematches,
/// and online games (club I.5–I.9, II.4, II.10.4).
fn games(d: &Decider, command: &Command) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::RegisterGame {
            white,
            black,
            result,
            played_at,
            room,
            moderator,
            chessclock,
            oversight,
        } => game::register(
            d,
            game::Played {
                white,
                black,
                played_at: *played_at,
                room,
                moderator,
                chessclock: *chessclock,
                oversight: oversight.as_ref(),
            },
            *result,
            None,
        ),
        Command::ApproveGame { game } => game::approve(d, *game),
        Command::RejectGame { game, reason } => game::reject(d, *game, reason),
        Command::AdjudicateBell {
            white,
            black,
            played_at,
            room,
            white_captured,
            black_captured,
        } => game::adjudicate_bell(
            d,
            white,
            black,
            *played_at,
            room,
            *white_captured,
            *black_captured,
        ),
        Command::ObjectToEnding { game } => game::object(d, *game),
        Command::RecordRematch {
            game,
            outcome,
            timing,
            exempted,
        } => game::record_rematch(d, *game, outcome, timing, *exempted),
        Command::StartOnlineGame { white, black } => game::start_online(d, white, black),
        Command::FinishOnlineGame { game, result } => game::finish_online(d, *game, *result),
        Command::VoidOnlineGame { game, reason } => game::void_online(d, *game, reason),
        _ => unreachable!("decide sends game commands only"),
    }
}

/// Uses of moderator power: score changes, the fraud ladder, bans,
/// monitors, the chessclock requirement and public declarations (club II.3,
/// II.5, II.9–II.11, III.2.4).
fn sanctions(d: &Decider, command: &Command) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::ChangeScore {
            member,
            delta,
            reason,
            offence,
        } => sanction::change_score(d, member, *delta, reason, offence.as_deref()),
        Command::PenalizeFraud {
            member,
            offence,
            reason,
            game,
            step,
        } => sanction::penalize_fraud(d, member, offence, reason, *game, *step),
        Command::PenalizeConduct {
            member,
            offence,
            reason,
            deduction,
            forfeit,
            ban_expires,
        } => conduct::penalize_conduct(
            d,
            member,
            offence,
            reason,
            conduct::Penalties {
                deduction: *deduction,
                forfeit: *forfeit,
                ban_expires: *ban_expires,
            },
        ),
        Command::Ban {
            member,
            reason,
            expires,
            offence,
        } => sanction::ban(d, member, reason, *expires, offence),
        Command::TeacherBan {
            member,
            reason,
            expires,
        } => teacher::ban(d, member, reason, *expires),
        Command::LiftTeacherBan { member, reason } => teacher::lift_ban(d, member, reason),
        Command::Monitor { member, suspicion } => sanction::monitor(d, member, suspicion),
        Command::LiftMonitor { member, reason } => sanction::lift_monitor(d, member, reason),
        Command::RequireChessclock { member, required } => {
            sanction::require_chessclock(d, member, *required)
        }
        Command::Declare {
            power_use,
            statement,
            channel,
        } => sanction::declare(d, *power_use, statement, *channel),
        _ => unreachable!("decide sends sanction commands only"),
    }
}

/// The Court of Appeals: petitions, hearings, panels, votes, remedies and
/// opinions (club III.3).
fn the_court(d: &Decider, command: &Command) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::FileAppeal { subject, grounds } => court::file(d, subject, grounds),
        Command::GrantHearing { appeal } => court::grant(d, *appeal),
        Command::Empanel { appeal, justices } => court::empanel(d, *appeal, justices),
        Command::CastVote {
            appeal,
            vote,
            bar_appeals_until,
        } => court::cast_vote(d, *appeal, vote, *bar_appeals_until),
        Command::Reevaluate {
            appeal,
            remedy,
            statement,
        } => court::reevaluate(d, *appeal, remedy.as_ref(), statement),
        Command::PublishOpinion { appeal, text } => court::publish_opinion(d, *appeal, text),
        _ => unreachable!("decide sends Court commands only"),
    }
}

/// The online-chess anti-cheat information (club I.9.4–I.9.9).
fn anti_cheat(d: &Decider, command: &Command) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::FileAntiCheatReport {
            game,
            member,
            raw,
            redacted,
        } => anticheat::file_report(d, *game, member, raw, redacted),
        Command::ReleaseAntiCheat { report, to } => anticheat::release_report(d, *report, to),
        Command::OrderRawAntiCheat { appeal } => anticheat::order_raw(d, *appeal),
        _ => unreachable!("decide sends anti-cheat commands only"),
    }
}

/// The contract's rules: vocabulary, decisions and offices (see [`crate::rulebook`]).
impl crate::rulebook::Rules for Ladder {
    type Command = Command;

    type Event = Event;

    const TITLE: &'static str = "a club ladder";

    const OLD_SPELLINGS: &'static [crate::vocabulary::OldSpelling] = super::elo::OLD_SPELLINGS;

    /// club III.2 moderators, III.3 the Court's justices and Chief Justice,
    /// III.6 the teacher.
    const OFFICIALS: &'static [Role] = &[
        Role::Moderator,
        Role::Justice,
        Role::ChiefJustice,
        Role::Teacher,
    ];

    /// club II.1 a student joins; club III.3.8 a panel votes.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("join"),
            Route::Votes => Some("cast-vote"),
            Route::Orders | Route::Rounds => None,
        }
    }

    /// Decides `command` for the user who issued it, one topic at a time:
    /// members, games, sanctions, the Court, technical modifications, changes
    /// of the Terms and the anti-cheat information.
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let state = self;
        let actor = ctx.actor.user().ok_or_else(|| {
            Refusal::forbidden(
                ROLES_CLAUSE,
                "club commands are issued by users; schedules tick",
            )
        })?;
        let d = Decider {
            env,
            state,
            actor,
            now: ctx.now,
        };
        match command {
            Command::Configure { .. }
            | Command::Join { .. }
            | Command::RecordAttendance { .. }
            | Command::RemoveMember { .. }
            | Command::RequestRemoval {} => members(&d, command),
            Command::RegisterGame { .. }
            | Command::ApproveGame { .. }
            | Command::RejectGame { .. }
            | Command::AdjudicateBell { .. }
            | Command::ObjectToEnding { .. }
            | Command::RecordRematch { .. }
            | Command::StartOnlineGame { .. }
            | Command::FinishOnlineGame { .. }
            | Command::VoidOnlineGame { .. } => games(&d, command),
            Command::CorrectGame {
                game,
                reason,
                result,
            } => correction::correct_game(&d, *game, reason, *result),
            Command::ChangeScore { .. }
            | Command::PenalizeFraud { .. }
            | Command::PenalizeConduct { .. }
            | Command::Ban { .. }
            | Command::TeacherBan { .. }
            | Command::LiftTeacherBan { .. }
            | Command::Monitor { .. }
            | Command::LiftMonitor { .. }
            | Command::RequireChessclock { .. }
            | Command::Declare { .. } => sanctions(&d, command),
            Command::FileAppeal { .. }
            | Command::GrantHearing { .. }
            | Command::Empanel { .. }
            | Command::CastVote { .. }
            | Command::Reevaluate { .. }
            | Command::PublishOpinion { .. } => the_court(&d, command),
            Command::ModifyTechnically {
                description,
                settings,
            } => modification::modify(&d, description, settings.as_ref()),
            Command::ChangeTerms {
                description,
                settings,
            } => terms::change_terms(&d, description, settings.as_ref()),
            Command::ExerciseResidualAuthority { description } => {
                modification::exercise_residual_authority(&d, description)
            }
            Command::FileAntiCheatReport { .. }
            | Command::ReleaseAntiCheat { .. }
            | Command::OrderRawAntiCheat { .. } => anti_cheat(&d, command),
        }
    }

    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>) {
        super::state::apply(self, event, at)
    }

    /// The Terms set no condition on who holds the club's offices beyond
    /// naming them (club III.2, III.3); conflicts are handled per case
    /// (club III.3 a justice with a conflict does not hear it).
    fn may_grant(&self, _env: &Envelope, _user: &UserId, _role: Role) -> Result<(), Refusal> {
        Ok(())
    }
}
