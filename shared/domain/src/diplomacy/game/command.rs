//! Requests to a board and who may make them; [`decide`] answers each with
//! events or a refusal naming the clause.

use super::deadline::{
    clear_of_windows, hours_covered, within_horizon, Unavailability, CONFLICT_HOURS,
    EXTENSION_NOTICE_HOURS, MAX_EXTENSION_HOURS,
};
use super::event::{by_rule, plain, Event};
use super::position::Position;
use super::press::{self, Press, PressKind};
use super::replacement::ReplacementPeriod;
use super::settings::{LateOrders, Settings};
use super::state::{Board, OrderReceipt};
use super::vote::{Ballot, ProposalKind};
use crate::competition::{Competition, Context, Recorded, Role, UserId};
use crate::diplomacy::map::Power;
use crate::diplomacy::position::PhaseKind;
use crate::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A request to the board's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// GM: sets the game up and starts Spring 1901 (wm D.I.1.b).
    SetUp { settings: Settings },
    /// The power's current player: an order set for `phase` (wm D.II).
    SubmitOrders {
        power: Power,
        phase: String,
        orders: Vec<String>,
        #[serde(rename = "final", default)]
        is_final: bool,
    },
    /// GM: the current phase's deadline (wm D.VII.2, D.VII.4).
    SetDeadline { deadline: DateTime<Utc> },
    /// A player: the weekly unavailability window (wm D.VII.2).
    DeclareUnavailability { window: Unavailability },
    /// The power's player (or the GM, for a holiday): an extension (wm D.VII.5).
    RequestExtension {
        power: Power,
        hours: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        holiday: Option<String>,
        #[serde(default)]
        for_later_turn: bool,
    },
    /// GM: a further, discretionary extension (wm D.VII.5).
    GrantExtension { power: Power, hours: u32 },
    /// TD: a holiday eligible for free extensions (wm D.VII.5).
    DeclareHoliday { name: String, hours: u32 },
    /// The NMR'd power's player: contacts the GM (wm D.VII.6.a).
    ContactGm { power: Power },
    /// GM: records the replacement chosen (wm B.7–B.8).
    AppointReplacement {
        power: Power,
        player: UserId,
        period: ReplacementPeriod,
    },
    /// The replaced player or the replacement: the announced period (wm B.7).
    DeclareReplacementPeriod {
        power: Power,
        period: ReplacementPeriod,
    },
    /// wm B.10: the TD rejects a replacement for a conflict of interest.
    RejectReplacement { power: Power, reason: String },
    /// A player (or the GM, for a house-rule change): a proposal (wm D.IX).
    Propose {
        #[serde(flatten)]
        proposal: ProposalKind,
    },
    /// A remaining player (or the GM, on a house-rule change): a secret,
    /// revisable vote (wm D.IX.1–2).
    RecordVote { proposal: u32, ballot: Ballot },
    /// A player: press (wm D.X).
    SendPress {
        press: PressKind,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attributed_to: Option<String>,
    },
    /// TD: consents to rolling back `phase` (wm D.VIII.1).
    ConsentToRollback { phase: String },
    /// GM: rolls the last adjudication back (wm D.VIII.1).
    Rollback {
        phase: String,
        deadline: DateTime<Utc>,
    },
}

impl Command {
    pub fn name(&self) -> &'static str {
        match self {
            Command::SetUp { .. } => "set-up",
            Command::SubmitOrders { .. } => "submit-orders",
            Command::SetDeadline { .. } => "set-deadline",
            Command::DeclareUnavailability { .. } => "declare-unavailability",
            Command::RequestExtension { .. } => "request-extension",
            Command::GrantExtension { .. } => "grant-extension",
            Command::DeclareHoliday { .. } => "declare-holiday",
            Command::ContactGm { .. } => "contact-gm",
            Command::AppointReplacement { .. } => "appoint-replacement",
            Command::DeclareReplacementPeriod { .. } => "declare-replacement-period",
            Command::RejectReplacement { .. } => "reject-replacement",
            Command::Propose { .. } => "propose",
            Command::RecordVote { .. } => "record-vote",
            Command::SendPress { .. } => "send-press",
            Command::ConsentToRollback { .. } => "consent-to-rollback",
            Command::Rollback { .. } => "rollback",
        }
    }
}

fn is_gm(env: &Competition, ctx: &Context) -> bool {
    ctx.actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::GameMaster))
}

fn require_gm(env: &Competition, ctx: &Context, what: &str) -> Result<(), Refusal> {
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
            format!("only {power:?}'s current player acts for it; no proxies"),
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

/// Decides a board command.
pub fn decide(
    env: &Competition,
    state: &Board,
    command: &Command,
    ctx: &Context,
) -> Result<Vec<Recorded>, Refusal> {
    match command {
        Command::SetUp { settings } => set_up(env, state, settings, ctx),
        Command::SubmitOrders {
            power,
            phase,
            orders,
            is_final,
        } => submit_orders(state, ctx, *power, phase, orders, *is_final),
        Command::SetDeadline { deadline } => {
            require_gm(env, ctx, "sets deadlines")?;
            let position = require_started(state)?;
            set_deadline(state, position, *deadline, ctx.now)
        }
        Command::DeclareUnavailability { window } => declare_unavailability(state, ctx, *window),
        Command::RequestExtension {
            power,
            hours,
            holiday,
            for_later_turn,
        } => request_extension(
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
            extend(state, ctx, *power, *hours, false, None)
        }
        Command::DeclareHoliday { name, hours } => {
            if !ctx
                .actor
                .user()
                .is_some_and(|u| env.has_role(u, Role::TournamentDirector))
            {
                return Err(Refusal::forbidden(
                    "wm D.VII.5",
                    "only the TD declares holidays",
                ));
            }
            if name.trim().is_empty() || *hours == 0 || *hours > MAX_EXTENSION_HOURS {
                return Err(Refusal::invalid("a holiday has a name and 1 to 168 hours"));
            }
            Ok(vec![by_rule(
                Event::HolidayDeclared {
                    name: name.trim().to_owned(),
                    hours: *hours,
                },
                "wm D.VII.5",
            )])
        }
        Command::ContactGm { power } => {
            require_player_or_original(state, ctx, *power)?;
            match state.nmrs.get(power) {
                Some(super::state::NmrCase::AwaitingContact { .. }) => Ok(vec![by_rule(
                    Event::GmContacted { power: *power },
                    "wm D.VII.6.a",
                )]),
                _ => Err(Refusal::rule(
                    "wm D.VII.6.a",
                    "no NMR awaits contact for this power",
                )),
            }
        }
        Command::AppointReplacement {
            power,
            player,
            period,
        } => {
            // wm B.8.a: in a team round the team's captain chooses the
            // replacement; the GM seats whoever is chosen.
            let captain = settings(state).captains.get(power);
            let by_captain = captain.is_some() && ctx.actor.user() == captain;
            if !by_captain {
                require_gm(
                    env,
                    ctx,
                    "or the power's captain seats replacements (wm B.8.a)",
                )?;
            }
            require_started(state)?;
            if state.rejected_replacements.contains(player) {
                return Err(Refusal::rule(
                    "wm B.10",
                    format!("the TD rejected {player} as a replacement on this board"),
                ));
            }
            if state.power_of(player).is_some() || env.has_role(player, Role::GameMaster) {
                return Err(Refusal::rule(
                    "wm B.9",
                    "the replacement already has a seat on this board",
                ));
            }
            let mut events = vec![by_rule(
                Event::ReplacementAppointed {
                    power: *power,
                    player: player.clone(),
                    period: period.normalized(),
                },
                "wm B.7",
            )];
            if matches!(period, ReplacementPeriod::Temporary { seasons } if *seasons > super::replacement::MAX_TEMPORARY_SEASONS)
            {
                events.push(by_rule(
                    Event::ReplacementMadePermanent { power: *power },
                    "wm B.7",
                ));
            }
            Ok(events)
        }
        Command::DeclareReplacementPeriod { power, period } => {
            declare_period(state, ctx, *power, *period)
        }
        Command::RejectReplacement { power, reason } => {
            reject_replacement(env, state, ctx, *power, reason)
        }
        Command::Propose { proposal } => super::tick::propose(env, state, ctx, proposal),
        Command::RecordVote { proposal, ballot } => {
            super::tick::record_vote(env, state, ctx, *proposal, *ballot)
        }
        Command::SendPress {
            press,
            text,
            attributed_to,
        } => send_press(state, ctx, *press, text, attributed_to.as_deref()),
        Command::ConsentToRollback { phase } => {
            if !ctx
                .actor
                .user()
                .is_some_and(|u| env.has_role(u, Role::TournamentDirector))
            {
                return Err(Refusal::forbidden(
                    "wm D.VIII.1",
                    "only the TD consents to a rollback",
                ));
            }
            require_started(state)?;
            last_adjudicated(state, phase)?;
            Ok(vec![by_rule(
                Event::RollbackConsented {
                    phase: phase.clone(),
                },
                "wm D.VIII.1",
            )])
        }
        Command::Rollback { phase, deadline } => {
            require_gm(env, ctx, "rolls back")?;
            require_started(state)?;
            last_adjudicated(state, phase)?;
            if !state.rollback_consents.contains(phase) {
                return Err(Refusal::rule(
                    "wm D.VIII.1",
                    "a rollback needs the TD's express consent",
                ));
            }
            if *deadline <= ctx.now {
                return Err(Refusal::invalid("the new deadline must be in the future"));
            }
            within_horizon(*deadline, ctx.now)?;
            let deadline = clear_of_windows(*deadline, state.windows.values());
            Ok(vec![by_rule(
                Event::RolledBack {
                    phase: phase.clone(),
                    deadline,
                },
                "wm D.VIII.1",
            )])
        }
    }
}

/// wm D.VIII.1: only the latest adjudication can be corrected; an error not
/// pointed out before the next adjudication stands.
fn last_adjudicated(state: &Board, phase: &str) -> Result<(), Refusal> {
    match state.history.last() {
        Some(r) if r.before.phase == phase => Ok(()),
        _ if state.history.iter().any(|r| r.before.phase == phase) => Err(Refusal::rule(
            "wm D.VIII.1",
            "another adjudication was published since; the error stands",
        )),
        _ => Err(Refusal::not_found("that phase has not been adjudicated")),
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
    env: &Competition,
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

/// wm D.II.1–4, D.III.3, D.VII.3, D.VII.7.
fn submit_orders(
    state: &Board,
    ctx: &Context,
    power: Power,
    phase: &str,
    orders: &[String],
    is_final: bool,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    require_player_of(state, ctx, power)?;
    if phase != position.phase {
        return Err(Refusal::rule(
            "wm D.II.4",
            format!(
                "orders are for one turn only: this set names {phase}, the current phase is {}; no perpetual or advance orders",
                position.phase
            ),
        ));
    }
    if orders.len() > 64 || orders.iter().any(|l| l.chars().count() > 500) {
        return Err(Refusal::invalid("at most 64 order lines of 500 characters"));
    }
    let late_rule = settings(state).house_rules.late_orders;
    match state.deadline {
        Some(d) if ctx.now >= d && late_rule == LateOrders::Refused => {
            return Err(Refusal::rule(
                "wm D.VII.3",
                "orders are not accepted after the deadline",
            ));
        }
        _ => {}
    }
    Ok(vec![by_rule(
        Event::OrdersSubmitted {
            power,
            orders: orders.to_vec(),
            is_final,
            receipt: OrderReceipt {
                received_at: ctx.now,
                phase: phase.to_owned(),
                sha256: digest(orders),
            },
        },
        "wm D.VII.7",
    )])
}

/// wm D.VII.4.a: the shortest a phase may be, unless the players consented.
fn minimum_hours(state: &Board, kind: PhaseKind) -> i64 {
    if settings(state).players_consent_to_faster {
        return 0;
    }
    match kind {
        PhaseKind::Movement => 72,
        _ => 24,
    }
}

/// wm D.VII.2, D.VII.4: the GM sets a deadline outside every window and
/// not shorter than the minimum after the last publication.
fn set_deadline(
    state: &Board,
    position: &Position,
    deadline: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Vec<Recorded>, Refusal> {
    if deadline <= now {
        return Err(Refusal::invalid("the deadline must be in the future"));
    }
    within_horizon(deadline, now)?;
    let from = state.last_published.unwrap_or(now);
    if !state.withheld
        && deadline < from + Duration::hours(minimum_hours(state, position.parsed_phase().kind))
    {
        return Err(Refusal::rule(
            "wm D.VII.4.a",
            "movement turns need at least 3 days and retreats and adjustments at least 1",
        ));
    }
    if state.windows.values().any(|w| w.contains(deadline)) {
        return Err(Refusal::rule(
            "wm D.VII.2",
            "no deadline inside a player's unavailability window",
        ));
    }
    Ok(vec![by_rule(
        Event::DeadlineSet {
            phase: position.phase.clone(),
            deadline,
        },
        "wm D.VII.4.b",
    )])
}

/// wm D.VII.2: one weekly window of up to 64 hours per player; a deadline
/// inside it moves to its end; conflicting windows are flagged to the TD.
fn declare_unavailability(
    state: &Board,
    ctx: &Context,
    window: Unavailability,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    let user = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm D.VII.2", "players declare windows"))?;
    if state.power_of(user).is_none() {
        return Err(Refusal::forbidden(
            "wm D.VII.2",
            "only players declare unavailability",
        ));
    }
    if !window.valid() {
        return Err(Refusal::rule(
            "wm D.VII.2",
            "one weekly window of 1 to 64 hours (weekday 0-6, hour 0-23)",
        ));
    }
    let mut events = vec![by_rule(
        Event::UnavailabilityDeclared {
            player: user.clone(),
            window,
        },
        "wm D.VII.2",
    )];
    let mut windows = state.windows.clone();
    windows.insert(user.clone(), window);
    let covered = hours_covered(windows.values());
    if covered > CONFLICT_HOURS {
        events.push(by_rule(
            Event::UnavailabilityConflictFlagged {
                detail: format!(
                    "unavailability windows cover {covered} hours a week; a compromise is needed"
                ),
            },
            "wm D.VII.2",
        ));
    }
    if let Some(d) = state.deadline {
        let moved = clear_of_windows(d, windows.values());
        if moved != d {
            events.push(by_rule(
                Event::DeadlineSet {
                    phase: position.phase.clone(),
                    deadline: moved,
                },
                "wm D.VII.2",
            ));
        }
    }
    Ok(events)
}

/// wm D.VII.5: the guaranteed extension, a holiday extension, or (late, if
/// asked) one for the next turn.
fn request_extension(
    env: &Competition,
    state: &Board,
    ctx: &Context,
    power: Power,
    hours: u32,
    holiday: Option<&str>,
    for_later_turn: bool,
) -> Result<Vec<Recorded>, Refusal> {
    require_started(state)?;
    if holiday.is_none() || !is_gm(env, ctx) {
        require_player_of(state, ctx, power)?;
    }
    if let Some(name) = holiday {
        let h = state
            .holidays
            .iter()
            .find(|h| h.name == name)
            .ok_or_else(|| Refusal::rule("wm D.VII.5", "the TD has not declared that holiday"))?;
        if hours > h.hours {
            return Err(Refusal::rule(
                "wm D.VII.5",
                format!("the holiday gives at most {} hours", h.hours),
            ));
        }
        return extend(state, ctx, power, hours, false, Some(name));
    }
    let acc = state.extensions.get(&power).cloned().unwrap_or_default();
    if acc.guaranteed_used {
        return Err(Refusal::rule(
            "wm D.VII.5",
            "the guaranteed extension is used; further extensions are at the GM's discretion",
        ));
    }
    let late = state
        .deadline
        .is_some_and(|d| ctx.now > d - Duration::hours(EXTENSION_NOTICE_HOURS));
    if late {
        if !for_later_turn {
            return Err(Refusal::rule(
                "wm D.VII.5",
                "extensions must be requested at least 12 hours before the deadline; ask for a later turn instead",
            ));
        }
        check_budget(&acc, hours)?;
        return Ok(vec![by_rule(
            Event::ExtensionQueued {
                power,
                hours,
                guaranteed: true,
            },
            "wm D.VII.5",
        )]);
    }
    extend(state, ctx, power, hours, true, None)
}

fn check_budget(acc: &super::state::ExtensionAccount, hours: u32) -> Result<(), Refusal> {
    if hours == 0 || acc.hours.saturating_add(hours) > MAX_EXTENSION_HOURS {
        return Err(Refusal::rule(
            "wm D.VII.5",
            format!(
                "never more than 7 days of extensions for one position; {} hours used",
                acc.hours
            ),
        ));
    }
    Ok(())
}

/// wm D.VII.5: moves the deadline by `hours` (then out of every window).
fn extend(
    state: &Board,
    ctx: &Context,
    power: Power,
    hours: u32,
    guaranteed: bool,
    holiday: Option<&str>,
) -> Result<Vec<Recorded>, Refusal> {
    let deadline = state
        .deadline
        .ok_or_else(|| Refusal::conflict("the phase has no deadline to extend"))?;
    if ctx.now > deadline - Duration::hours(EXTENSION_NOTICE_HOURS) {
        return Err(Refusal::rule(
            "wm D.VII.5",
            "extensions must be requested at least 12 hours ahead",
        ));
    }
    let charged = holiday.is_none();
    if charged {
        check_budget(
            &state.extensions.get(&power).cloned().unwrap_or_default(),
            hours,
        )?;
    } else if hours == 0 {
        return Err(Refusal::invalid("an extension has at least one hour"));
    }
    let deadline = clear_of_windows(
        deadline + Duration::hours(i64::from(hours)),
        state.windows.values(),
    );
    Ok(vec![by_rule(
        Event::ExtensionGranted {
            power,
            hours,
            charged,
            guaranteed,
            holiday: holiday.map(str::to_owned),
            deadline,
        },
        "wm D.VII.5",
    )])
}

/// wm B.7: the period is announced by the player or the replacement; the
/// player's word is final; more than four seasons is permanent.
fn declare_period(
    state: &Board,
    ctx: &Context,
    power: Power,
    period: ReplacementPeriod,
) -> Result<Vec<Recorded>, Refusal> {
    require_started(state)?;
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    let r = seat.replacement.as_ref().ok_or_else(|| {
        Refusal::rule(
            "wm B.7",
            "no temporary replacement is in progress for this power",
        )
    })?;
    let user = ctx.actor.user();
    let by_player = user == Some(&r.original);
    if !by_player && user != Some(&seat.player) {
        return Err(Refusal::forbidden(
            "wm B.7",
            "only the player or the replacement announces the period",
        ));
    }
    if !by_player && r.declared_by_player && r.period != period.normalized() {
        return Err(Refusal::rule(
            "wm B.7",
            "the player's announced period is final",
        ));
    }
    let mut events = vec![by_rule(
        Event::ReplacementPeriodDeclared {
            power,
            period: period.normalized(),
            by_player,
        },
        "wm B.7",
    )];
    // wm B.7: a period exceeding the original specification is permanent.
    let exceeds = matches!(
        (r.period, period.normalized()),
        (ReplacementPeriod::Temporary { seasons: was }, ReplacementPeriod::Temporary { seasons: now }) if now > was
    );
    if exceeds || period.normalized() == ReplacementPeriod::Permanent {
        events.push(by_rule(Event::ReplacementMadePermanent { power }, "wm B.7"));
    }
    Ok(events)
}

/// wm D.X.1: press allowed by the game's press rule; never black.
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

/// wm B.10: the TD may reject a substitution or replacement if, in the TD's
/// sole opinion, it could cause a conflict of interest. The seat returns to
/// the player it replaced and the replacement procedure starts again, so a
/// position without an acceptable replacement in time falls into civil
/// disorder (wm B.8.f).
fn reject_replacement(
    env: &Competition,
    state: &Board,
    ctx: &Context,
    power: Power,
    reason: &str,
) -> Result<Vec<Recorded>, Refusal> {
    if !ctx
        .actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::TournamentDirector))
    {
        return Err(Refusal::forbidden(
            "wm B.10",
            "only the TD rejects a replacement",
        ));
    }
    require_started(state)?;
    let seat = state
        .seats
        .get(&power)
        .ok_or_else(|| Refusal::not_found("no such power"))?;
    let original = settings(state).players.get(&power);
    if original == Some(&seat.player) {
        return Err(Refusal::rule(
            "wm B.10",
            format!("{power:?} is played by its original player, not a replacement"),
        ));
    }
    if reason.trim().is_empty() || reason.chars().count() > 1000 {
        return Err(Refusal::invalid(
            "a rejection gives a reason of 1 to 1000 characters",
        ));
    }
    Ok(vec![by_rule(
        Event::ReplacementRejected {
            power,
            player: seat.player.clone(),
            reason: reason.trim().to_owned(),
            replace_by: super::deadline::contact_period_end(ctx.now),
        },
        "wm B.10",
    )])
}
