//! Who may make each request to a board; [`decide`] answers each with
//! events or a refusal naming the clause.

mod corrections;
mod deadlines;
mod orders;
mod replacements;
mod rollback;

use super::command::Command;
use super::event::{by_rule, plain, Event};
use super::position::Position;
use super::press::{self, Press, PressKind};
use super::settings::Settings;
use super::state::Board;
use crate::diplomacy::game::Recorded;
use crate::diplomacy::map::Power;
use crate::envelope::Ruled;
use crate::envelope::UserId;
use crate::envelope::{Context, Envelope, Role};
use crate::refusal::Refusal;
use crate::rulebook::Route;
use chrono::DateTime;
use chrono::Utc;
use sha2::{Digest, Sha256};

fn is_gm(env: &Envelope, ctx: &Context) -> bool {
    ctx.actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::GameMaster))
}

fn require_gm(env: &Envelope, ctx: &Context, what: &str) -> Result<(), Refusal> {
    if is_gm(env, ctx) {
        Ok(())
    } else {
        Err(Refusal::forbidden(
            "wm D.I.1",
            format!("only the GM {what}"),
        ))
    }
}

fn require_started(state: &Board) -> Result<&Position, Refusal> {
    if state.result.is_some() {
        return Err(Refusal::conflict("the game has ended"));
    }
    state
        .position
        .as_ref()
        .ok_or_else(|| Refusal::conflict("the game has not been set up"))
}

/// wm D.II.3: the actor must be `power`'s current player.
fn require_player_of(state: &Board, ctx: &Context, power: Power) -> Result<(), Refusal> {
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    if ctx.actor.user() == Some(&seat.player) {
        Ok(())
    } else {
        Err(Refusal::forbidden(
            "wm D.II.3",
            format!("only {power}'s current player acts for it; no proxies (the GM enters orders the player sends, wm D.VII.1)"),
        ))
    }
}

fn settings(state: &Board) -> &Settings {
    state
        .settings
        .as_ref()
        .expect("started boards have settings")
}

/// wm D.VII.7: SHA-256 of the orders as received, one line each.
pub fn digest(orders: &[String]) -> String {
    let mut h = Sha256::new();
    for line in orders {
        h.update(line.as_bytes());
        h.update(b"\n");
    }
    hex::encode(h.finalize())
}

/// Replacements, proposals and votes, press, and corrections.
fn decide_conduct(
    env: &Envelope,
    state: &Board,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::AppointReplacement {
            power,
            player,
            period,
        } => replacements::appoint_replacement(env, state, ctx, *power, player, period),
        Command::DeclareReplacementPeriod { power, period } => {
            replacements::declare_period(state, ctx, *power, *period)
        }
        Command::RejectReplacement { power, reason } => {
            replacements::reject_replacement(env, state, ctx, *power, reason)
        }
        Command::Propose { proposal } => super::due::propose(env, state, ctx, proposal),
        Command::RecordVote { proposal, ballot } => {
            super::due::record_vote(env, state, ctx, *proposal, *ballot)
        }
        Command::EnterVote {
            power,
            proposal,
            ballot,
        } => {
            require_gm(env, ctx, "enters a vote a player sent (wm D.VII.1)")?;
            super::due::enter_vote(state, ctx, *power, *proposal, *ballot)
        }
        Command::SendPress {
            press,
            text,
            attributed_to,
        } => send_press(state, ctx, *press, text, attributed_to.as_deref()),
        Command::ConsentToRollback { phase } => {
            rollback::consent_to_rollback(env, state, ctx, phase)
        }
        Command::Rollback { phase, deadline } => {
            rollback::rollback(env, state, ctx, phase, *deadline)
        }
        Command::CorrectDoubleOccupancy {
            power,
            unit,
            should_be,
        } => {
            require_gm(env, ctx, "corrects unit placements (wm D.VIII.2)")?;
            corrections::double_occupancy(state, *power, unit, should_be.as_deref())
        }
        Command::CorrectExtraUnit {
            power,
            unit,
            appeared_in,
        } => {
            require_gm(env, ctx, "corrects unit placements (wm D.VIII.3)")?;
            corrections::extra_unit(state, *power, unit, appeared_in)
        }
        Command::RegisterMailAddress { player, address } => {
            super::mail::register_address(env, state, ctx, player, address)
        }
        Command::SetUp { .. }
        | Command::SubmitOrders { .. }
        | Command::EnterOrders { .. }
        | Command::SetDeadline { .. }
        | Command::DeclareUnavailability { .. }
        | Command::RequestExtension { .. }
        | Command::GrantExtension { .. }
        | Command::DeclareHoliday { .. }
        | Command::ContactGm { .. } => Err(Refusal::invalid(
            "decided with the set-up, orders and deadlines",
        )),
    }
}

fn require_player_or_original(state: &Board, ctx: &Context, power: Power) -> Result<(), Refusal> {
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    let user = ctx.actor.user();
    if user == Some(&seat.player) || user == seat.replacement.as_ref().map(|r| &r.original) {
        Ok(())
    } else {
        Err(Refusal::forbidden(
            "wm D.II.3",
            "only the power's player acts for it",
        ))
    }
}

/// wm D.I.1.b: the GM states the players, the last year and the house rules;
/// they are fixed once the game starts.
fn set_up(
    env: &Envelope,
    state: &Board,
    settings: &Settings,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    require_gm(env, ctx, "sets the game up")?;
    if state.started() {
        return Err(Refusal::rule(
            "wm D.I.1.b",
            "the house rules are fixed once the game starts; change them by vote (wm D.IX.5)",
        ));
    }
    settings.validate(ctx.actor.user(), ctx.now)?;
    let mut events = vec![by_rule(
        Event::GameSetUp {
            settings: settings.clone(),
        },
        "wm D.I.1.b",
    )];
    for (power, player) in &settings.players {
        events.push(plain(Event::PlayerSeated {
            power: *power,
            player: player.clone(),
        }));
    }
    events.push(by_rule(
        Event::GameStarted {
            position: Position::initial(),
            deadline: settings.first_deadline,
        },
        "wm D.VII.4.b",
    ));
    Ok(events)
}

/// wm D.X.1: press allowed by the game's press rule; never black. Only the
/// board's players send press: the GM has no power, so the colour commentary
/// and game comment wm D.X.3 forbids the GM is refused with the rest.
fn send_press(
    state: &Board,
    ctx: &Context,
    kind: PressKind,
    text: &str,
    attributed_to: Option<&str>,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    let user = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm D.X.1", "players send press"))?;
    let power = state
        .power_of(user)
        .ok_or_else(|| Refusal::forbidden("wm D.X.1", "only the board's players send press"))?;
    press::accept(settings(state).house_rules.press, kind)?;
    let text = text.trim();
    if text.is_empty() || text.chars().count() > 5000 {
        return Err(Refusal::invalid("press is 1 to 5000 characters"));
    }
    if attributed_to.is_some() && kind != PressKind::DarkGrey {
        return Err(Refusal::invalid(
            "only dark-grey press carries an unofficial attribution",
        ));
    }
    Ok(vec![by_rule(
        Event::PressPublished {
            press: Press {
                id: state.press.len() as u32 + 1,
                phase: position.phase.clone(),
                kind,
                text: text.to_owned(),
                attributed_to: attributed_to.map(str::to_owned),
                power: Some(power),
                author: Some(user.clone()),
            },
        },
        "wm D.X.1",
    )])
}

/// Used by proposals: the next id.
pub(super) fn next_proposal_id(state: &Board) -> u32 {
    state.proposals.len() as u32 + 1
}

/// The contract's rules: vocabulary, decisions and offices (see [`crate::rulebook`]).
impl crate::rulebook::Rules for Board {
    type Command = Command;

    type Event = Event;

    const TITLE: &'static str = "a Diplomacy board";

    const OLD_SPELLINGS: &'static [crate::vocabulary::OldSpelling] = super::settings::OLD_SPELLINGS;

    /// wm D the Game Master; wm A.2 the TD and assistant TDs of the
    /// tournament the board belongs to.
    const OFFICIALS: &'static [Role] = &[
        Role::GameMaster,
        Role::TournamentDirector,
        Role::AssistantTournamentDirector,
    ];

    /// wm D.II a power's orders; wm D.IX a secret vote.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Orders => Some("submit-orders"),
            Route::Votes => Some("record-vote"),
            Route::Registrations | Route::Rounds => None,
        }
    }

    /// Decides a board command, one topic at a time: the set-up, orders,
    /// deadlines and extensions here; replacements, proposals and votes, press,
    /// and corrections (rollbacks and unit placements) in [`decide_conduct`].
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let state = self;
        match command {
            Command::SetUp { settings } => set_up(env, state, settings, ctx),
            Command::SubmitOrders {
                power,
                phase,
                orders,
                is_final,
            } => orders::submit_orders(state, ctx, *power, phase, orders, *is_final),
            Command::EnterOrders {
                power,
                phase,
                orders,
                is_final,
            } => orders::enter_orders(env, state, ctx, *power, phase, orders, *is_final),
            Command::SetDeadline { deadline } => {
                require_gm(env, ctx, "sets deadlines")?;
                let position = require_started(state)?;
                deadlines::set_deadline(state, position, *deadline, ctx.now)
            }
            Command::DeclareUnavailability { window } => {
                deadlines::declare_unavailability(state, ctx, *window)
            }
            Command::RequestExtension {
                power,
                hours,
                holiday,
                for_later_turn,
            } => deadlines::request_extension(
                env,
                state,
                ctx,
                *power,
                *hours,
                holiday.as_deref(),
                *for_later_turn,
            ),
            Command::GrantExtension { power, hours } => {
                require_gm(env, ctx, "grants discretionary extensions")?;
                require_started(state)?;
                deadlines::extend(state, ctx, *power, *hours, false, None)
            }
            Command::DeclareHoliday { name, hours } => {
                deadlines::declare_holiday(env, ctx, name, *hours)
            }
            Command::ContactGm { power } => deadlines::contact_gm(state, ctx, *power),
            Command::AppointReplacement { .. }
            | Command::DeclareReplacementPeriod { .. }
            | Command::RejectReplacement { .. }
            | Command::Propose { .. }
            | Command::RecordVote { .. }
            | Command::EnterVote { .. }
            | Command::SendPress { .. }
            | Command::ConsentToRollback { .. }
            | Command::Rollback { .. }
            | Command::CorrectDoubleOccupancy { .. }
            | Command::CorrectExtraUnit { .. }
            | Command::RegisterMailAddress { .. } => decide_conduct(env, state, command, ctx),
        }
    }

    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>) {
        super::state::apply(self, event, at)
    }

    /// wm A.1, A.12: a board's GM is a non-playing, neutral party, so a user
    /// who holds one of its powers is not made its GM (they would read every
    /// power's orders before the adjudication).
    fn may_grant(&self, _env: &Envelope, user: &UserId, role: Role) -> Result<(), Refusal> {
        match self.power_of(user) {
            Some(power) if role == Role::GameMaster => Err(Refusal::rule(
                "wm A.1",
                format!("the GM does not play: {user} holds {power:?} on this board (wm A.1 a non-playing GM; wm A.12 a neutral party)"),
            )),
            _ => Ok(()),
        }
    }
}
