//! Deciding commands: who may do what, when (nomic 101, 107, 113, 201, 202,
//! 208, 210, 214, 215), before the events of [`super::vocabulary`] are recorded.

use super::chat;
use super::due::{catch_up, invoke, replace_judge};
use super::enactment;
use super::judgement::{Finding, Opinion};
use super::proposal::{ProposalStatus, RuleChange, Vote};
use super::record::Recorder;
use super::rulebook::{check_text, RuleBookExport};
use super::settings::Settings;
use super::state::Nomic;
use super::turns::{
    before_proposal_deadline, end_of_uk_date, preceding_player, uk_date, AllocatedDay,
};
use super::vocabulary::{Command, Event};
use super::winner;
use crate::envelope::Ruled;
use crate::envelope::{Context, Envelope, Role, UserId, ROLES_CLAUSE};
use crate::refusal::Refusal;
use crate::rulebook::Route;
use chrono::DateTime;
use chrono::Utc;

pub use super::judgement::MAX_STATEMENT_CHARS;

/// nomic 101: the organizer imports the Initial Set before the game begins.
fn import_rules(
    rec: &mut Recorder,
    env: &Envelope,
    rules: &RuleBookExport,
    ctx: &Context,
) -> Result<(), Refusal> {
    organizer_before_start(env, &rec.state, ctx)?;
    rules.validate()?;
    rec.emit_plain(Event::RulesImported {
        rules: rules.clone(),
    });
    Ok(())
}

/// nomic 201: the organizer seats a player on a day no other player has.
fn seat_player(
    rec: &mut Recorder,
    env: &Envelope,
    player: &UserId,
    day: AllocatedDay,
    ctx: &Context,
) -> Result<(), Refusal> {
    organizer_before_start(env, &rec.state, ctx)?;
    if rec.state.players.contains_key(player) {
        return Err(Refusal::conflict(format!("{player} is already a player")));
    }
    if let Some((other, _)) = rec.state.players.iter().find(|(_, d)| **d == day) {
        return Err(Refusal::rule(
            "nomic 201",
            format!("{day:?} is already allocated to {other}: one player per day"),
        ));
    }
    rec.emit_plain(Event::PlayerSeated {
        player: player.clone(),
        day,
    });
    Ok(())
}

/// nomic 101, 201: the game begins once the rules are imported and a player
/// is seated.
fn begin(
    rec: &mut Recorder,
    env: &Envelope,
    settings: &Settings,
    ctx: &Context,
) -> Result<(), Refusal> {
    organizer_before_start(env, &rec.state, ctx)?;
    if rec.state.rules.imported_at.is_none() {
        return Err(Refusal::rule(
            "nomic 101",
            "the rules in the Initial Set are in effect whenever a game begins: import them first",
        ));
    }
    if rec.state.players.is_empty() {
        return Err(Refusal::rule(
            "nomic 201",
            "no player has been allocated a day",
        ));
    }
    settings.validate()?;
    rec.emit_plain(Event::GameBegun {
        at: ctx.now,
        settings: *settings,
    });
    Ok(())
}

fn organizer_before_start(env: &Envelope, state: &Nomic, ctx: &Context) -> Result<(), Refusal> {
    match ctx.actor.user() {
        Some(u) if env.has_role(u, Role::Organizer) => {}
        _ => {
            return Err(Refusal::forbidden(
                ROLES_CLAUSE,
                "only the organizer sets up a Nomic game",
            ))
        }
    }
    if state.begun_at.is_some() {
        return Err(Refusal::conflict("the game has begun"));
    }
    Ok(())
}

/// The acting player, once the game has begun and while nobody has won
/// (nomic 210), on a weekday (nomic 201: weekend messages are void).
fn playing(state: &Nomic, ctx: &Context) -> Result<UserId, Refusal> {
    let Some(user) = ctx.actor.user() else {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "players act, not schedules",
        ));
    };
    if !state.players.contains_key(user) {
        return Err(Refusal::forbidden(
            "nomic 201",
            format!("{user} is not a player"),
        ));
    }
    if state.begun_at.is_none() {
        return Err(Refusal::rule("nomic 101", "the game has not begun"));
    }
    if let Some(w) = &state.winner {
        return Err(Refusal::rule(
            "nomic 210",
            format!("the game is over: {w} won"),
        ));
    }
    if AllocatedDay::of(uk_date(ctx.now)).is_none() {
        return Err(Refusal::rule(
            "nomic 201",
            "any message posted in the voting thread on a Saturday or Sunday is void",
        ));
    }
    Ok(user.clone())
}

/// nomic 107, 109, 202, 103, 111, 116, 211: a proper proposal, numbered.
fn propose(rec: &mut Recorder, change: &RuleChange, ctx: &Context) -> Result<(), Refusal> {
    let player = playing(&rec.state, ctx)?;
    let today = uk_date(ctx.now);
    check_proper_time(&rec.state, &player, ctx)?;
    if let RuleChange::Enact { text } | RuleChange::Amend { text, .. } = change {
        check_text(text)?;
        if text.iter().all(|p| p.trim().is_empty()) {
            return Err(Refusal::invalid("a rule-change needs text"));
        }
    }
    if let RuleChange::AsWritten { text } = change {
        check_text(std::slice::from_ref(text))?;
        if text.trim().is_empty() {
            return Err(Refusal::invalid("a rule-change needs text"));
        }
    }
    let book = book_to_come(&rec.state, ctx);
    let target_id = change
        .target()
        .and_then(|n| book.find(n))
        .map(|r| r.id.to_owned());
    let target = enactment::check(
        &book,
        change,
        target_id.as_deref(),
        rec.state.settings.mutable_rule_cap,
    )
    .map_err(|e| Refusal::rule(e.clause, e.detail))?;
    let needs_all_eligible =
        matches!(change, RuleChange::Transmute { .. }) && target.is_some_and(|l| l.immutable);
    let number = rec.state.next_number();
    rec.emit(
        Event::ProposalSubmitted {
            number,
            proposer: player,
            change: change.clone(),
            at: ctx.now,
            closes_at: end_of_uk_date(today),
            target_id,
            needs_all_eligible,
        },
        "nomic 109",
    );
    Ok(())
}

/// nomic 202: `player` proposes on their allocated day, before the
/// deadline hour, and only the first rule-change of a day is proper.
fn check_proper_time(state: &Nomic, player: &UserId, ctx: &Context) -> Result<(), Refusal> {
    let today = uk_date(ctx.now);
    let day = state.players[player];
    if AllocatedDay::of(today) != Some(day) {
        return Err(Refusal::rule(
            "nomic 202",
            format!("{player} may only propose on their allocated day, {day:?}"),
        ));
    }
    if !before_proposal_deadline(ctx.now, state.settings.proposal_deadline_hour) {
        return Err(Refusal::rule(
            "nomic 202",
            format!(
                "a rule-change must be submitted before {}:00 UK time on the proposer's day",
                state.settings.proposal_deadline_hour
            ),
        ));
    }
    if let Some(first) = state
        .proposals
        .iter()
        .find(|p| uk_date(p.submitted_at) == today)
    {
        return Err(Refusal::rule(
            "nomic 202",
            format!(
                "only the first rule-change submitted on a given day is proper: {} was",
                first.number
            ),
        ));
    }
    Ok(())
}

/// The book a proposal is checked against: the book as it will stand once
/// the changes adopted and waiting for Judgements have taken effect.
fn book_to_come(state: &Nomic, ctx: &Context) -> RuleBookExport {
    let mut book = state.rules.current.clone();
    for p in state
        .proposals
        .iter()
        .filter(|p| p.status == ProposalStatus::AwaitingJudgement)
    {
        if let Ok(rules) = enactment::revise(&book, p, ctx.now, state.settings.mutable_rule_cap) {
            book.rules.extend(rules);
        }
    }
    book
}

/// nomic 113: a player votes once on a proposal, before voting on it
/// completes at the end of the day it was submitted.
fn record_vote(
    rec: &mut Recorder,
    proposal: u32,
    vote: Vote,
    ctx: &Context,
) -> Result<(), Refusal> {
    let player = playing(&rec.state, ctx)?;
    let Some(p) = rec.state.proposal(proposal) else {
        return Err(Refusal::not_found(format!("no proposal {proposal}")));
    };
    if ctx.now >= p.closes_at {
        return Err(Refusal::rule(
            "nomic 113",
            format!("voting on {proposal} completed at the end of the day it was submitted"),
        ));
    }
    if let Some(v) = p.votes.get(&player) {
        return Err(Refusal::rule(
            "nomic 113",
            format!("{player} already voted {v:?} on {proposal}: a vote may not be withdrawn, later messages do not count (nomic 208: one vote)"),
        ));
    }
    rec.emit_plain(Event::VoteCast {
        proposal,
        player,
        vote,
    });
    Ok(())
}

fn statement_ok(s: &str) -> Result<(), Refusal> {
    if s.trim().is_empty() || s.chars().count() > MAX_STATEMENT_CHARS {
        return Err(Refusal::invalid(format!(
            "1 to {MAX_STATEMENT_CHARS} characters"
        )));
    }
    Ok(())
}

/// nomic 214: "Point of Order:", judged by the player whose allocated day
/// preceded the current day.
fn raise(
    rec: &mut Recorder,
    statement: &str,
    proposal: Option<u32>,
    ctx: &Context,
) -> Result<(), Refusal> {
    let player = playing(&rec.state, ctx)?;
    statement_ok(statement)?;
    let active = rec
        .state
        .points_of_order
        .iter()
        .filter(|p| p.raised_by == player && p.active())
        .count();
    let max = rec.state.settings.max_active_points_of_order;
    if active >= max {
        return Err(Refusal::rule(
            "nomic 214",
            format!("no player may have more than {max} active points of order"),
        ));
    }
    if let Some(n) = proposal {
        let Some(p) = rec.state.proposal(n) else {
            return Err(Refusal::not_found(format!("no proposal {n}")));
        };
        if p.status == ProposalStatus::AwaitingJudgement {
            return Err(Refusal::rule(
                "nomic 214",
                format!("voting on {n} has completed and it has not yet come into effect"),
            ));
        }
    }
    let today = uk_date(ctx.now);
    let Some(day) = AllocatedDay::of(today) else {
        return Err(Refusal::rule("nomic 201", "weekend messages are void"));
    };
    let Some(judge) = preceding_player(&rec.state.players, day, Some(day)) else {
        return Err(Refusal::rule("nomic 214", "no player can be Judge today"));
    };
    let point = rec.state.points_of_order.len() as u32 + 1;
    rec.emit(
        Event::PointOfOrderRaised {
            point,
            player,
            statement: statement.to_owned(),
            proposal,
            judge,
            judge_until: end_of_uk_date(today),
            at: ctx.now,
        },
        "nomic 214",
    );
    Ok(())
}

/// A Judge's "Judgement:" (nomic 214), with any finding under nomic 215.
struct Pronouncement<'a> {
    point: u32,
    decision: &'a str,
    finding: Option<Finding>,
    mover: Option<&'a UserId>,
}

/// nomic 214: the Judge of a Point of Order pronounces Judgement, once;
/// nomic 215: a finding names the player whose move is in question.
fn pronounce(rec: &mut Recorder, j: Pronouncement, ctx: &Context) -> Result<(), Refusal> {
    let Pronouncement {
        point,
        decision,
        finding,
        mover,
    } = j;
    let player = playing(&rec.state, ctx)?;
    let po = point_of_order(&rec.state, point)?;
    if po.judge != player {
        return Err(Refusal::rule(
            "nomic 214",
            format!("{} is the Judge of Point of Order {point}", po.judge),
        ));
    }
    if po.judgement.is_some() {
        return Err(Refusal::rule(
            "nomic 214",
            format!("Judgement on {point} is already pronounced"),
        ));
    }
    statement_ok(decision)?;
    let mover = winner::mover(&rec.state, point, finding, mover)?;
    rec.emit_plain(Event::JudgementPronounced {
        point,
        judge: player,
        decision: decision.to_owned(),
        at: ctx.now,
        finding,
        mover,
    });
    Ok(())
}

/// nomic 214: a player other than the Judge, who has not agreed with it,
/// disputes the Judgement, once.
fn dispute(rec: &mut Recorder, point: u32, ctx: &Context) -> Result<(), Refusal> {
    let player = playing(&rec.state, ctx)?;
    let j = judgement_open_to(&rec.state, point, &player)?;
    if j.disputed_at.is_some() {
        return Err(Refusal::rule(
            "nomic 214",
            format!("Judgement on {point} is already disputed: agree or disagree with it"),
        ));
    }
    if j.opinions.contains_key(&player) {
        return Err(Refusal::rule(
            "nomic 214",
            format!("{player} already agreed with Judgement on {point}"),
        ));
    }
    rec.emit_plain(Event::JudgementDisputed {
        point,
        player,
        at: ctx.now,
    });
    Ok(())
}

fn point_of_order(state: &Nomic, point: u32) -> Result<&super::judgement::PointOfOrder, Refusal> {
    let Some(po) = state.point_of_order(point) else {
        return Err(Refusal::not_found(format!("no Point of Order {point}")));
    };
    if !po.active() {
        return Err(Refusal::rule(
            "nomic 214",
            format!("Judgement on {point} has been invoked"),
        ));
    }
    Ok(po)
}

/// The pronounced, not yet invoked Judgement on `point`, if `player` (not
/// the Judge) may still respond to it.
fn judgement_open_to<'a>(
    state: &'a Nomic,
    point: u32,
    player: &UserId,
) -> Result<&'a super::judgement::Judgement, Refusal> {
    let po = point_of_order(state, point)?;
    let Some(j) = &po.judgement else {
        return Err(Refusal::rule(
            "nomic 214",
            format!("no Judgement on {point} yet"),
        ));
    };
    if &j.judge == player {
        return Err(Refusal::rule(
            "nomic 214",
            "the Judge does not dispute, agree or disagree with their own Judgement",
        ));
    }
    Ok(j)
}

/// nomic 214: agreeing invokes the Judgement at once ("a single player
/// other than the Judge agrees"); disagreeing is heard only after a dispute,
/// within the hour from it, and never from the disputer.
fn opine(rec: &mut Recorder, point: u32, opinion: Opinion, ctx: &Context) -> Result<(), Refusal> {
    let player = playing(&rec.state, ctx)?;
    let j = judgement_open_to(&rec.state, point, &player)?;
    if j.disputed_by.as_ref() == Some(&player) {
        return Err(Refusal::rule(
            "nomic 214",
            format!("{player} disputed the Judgement on {point}"),
        ));
    }
    if j.opinions.contains_key(&player) {
        return Err(Refusal::rule(
            "nomic 214",
            format!("{player} already expressed an opinion on {point}"),
        ));
    }
    if opinion == Opinion::Disagree && j.disputed_at.is_none() {
        return Err(Refusal::rule(
            "nomic 214",
            format!("Judgement on {point} is not disputed: dispute it within the hour"),
        ));
    }
    rec.emit_plain(Event::OpinionExpressed {
        point,
        player,
        opinion,
    });
    if opinion == Opinion::Agree {
        invoke(rec, point, ctx.now);
    }
    Ok(())
}

/// nomic 115: "A player always has the option to forfeit the game". Not a
/// message in the voting thread, so allowed at the weekend too. Points of
/// Order they were judging pass on at once, as if they had forfeited their
/// position (nomic 214).
fn forfeit(rec: &mut Recorder, ctx: &Context) -> Result<(), Refusal> {
    let Some(player) = rec.state.seated(ctx) else {
        return Err(Refusal::forbidden(
            "nomic 115",
            "only a player in the game forfeits it",
        ));
    };
    if let Some(w) = &rec.state.winner {
        return Err(Refusal::rule(
            "nomic 210",
            format!("the game is over: {w} won"),
        ));
    }
    rec.emit(
        Event::PlayerForfeited {
            player: player.clone(),
            at: ctx.now,
        },
        "nomic 115",
    );
    let judged: Vec<u32> = rec
        .state
        .points_of_order
        .iter()
        .filter(|p| p.active() && p.judge == player && p.judgement.is_none())
        .map(|p| p.id)
        .collect();
    for point in judged {
        replace_judge(rec, point, ctx.now, false);
    }
    Ok(())
}

/// Decides one command on `rec`, after whatever fell due was caught up.
fn decide_command(
    rec: &mut Recorder,
    env: &Envelope,
    command: &Command,
    ctx: &Context,
) -> Result<(), Refusal> {
    match command {
        Command::ImportRules { rules } => import_rules(rec, env, rules, ctx)?,
        Command::SeatPlayer { player, day } => seat_player(rec, env, player, *day, ctx)?,
        Command::Begin { settings } => begin(rec, env, settings, ctx)?,
        Command::Propose { change } => propose(rec, change, ctx)?,
        Command::RecordVote { proposal, vote } => record_vote(rec, *proposal, *vote, ctx)?,
        Command::RaisePointOfOrder {
            statement,
            proposal,
        } => raise(rec, statement, *proposal, ctx)?,
        Command::PronounceJudgement {
            point,
            decision,
            finding,
            mover,
        } => pronounce(
            rec,
            Pronouncement {
                point: *point,
                decision,
                finding: *finding,
                mover: mover.as_ref(),
            },
            ctx,
        )?,
        Command::DisputeJudgement { point } => dispute(rec, *point, ctx)?,
        Command::AgreeWithJudgement { point } => opine(rec, *point, Opinion::Agree, ctx)?,
        Command::Forfeit => forfeit(rec, ctx)?,
        Command::DisagreeWithJudgement { point } => opine(rec, *point, Opinion::Disagree, ctx)?,
        Command::DeclarePlayImpossible { reason } => {
            winner::declare_play_impossible(rec, env, reason, ctx)?
        }
        Command::LinkThreads { threads } => chat::link_threads(rec, env, threads, ctx)?,
        Command::LinkChatAccount { account, code } => chat::link_account(rec, account, code, ctx)?,
        Command::VotingThreadMessage {
            message,
            text,
            reply_to,
        } => {
            let posted = chat::Posted {
                message,
                text,
                reply_to: reply_to.as_deref(),
            };
            chat::voting_thread_message(rec, posted, ctx, |rec, command, ctx| {
                decide_command(rec, env, command, ctx)
            })?
        }
    }
    Ok(())
}

/// The contract's rules: vocabulary, decisions and offices (see [`crate::rulebook`]).
impl crate::rulebook::Rules for Nomic {
    type Command = Command;

    type Event = Event;

    const TITLE: &'static str = "a Nomic game";

    /// The Initial Set names no office: the Judge is chosen per question by
    /// rotation (nomic 214), not appointed.
    const OFFICIALS: &'static [Role] = &[];

    /// The chat bot vouches for who posted a message and for a link code.
    const CHANNEL_ONLY: &'static [&'static str] = Command::CHANNEL_ONLY;

    /// nomic 201 the organizer seats a player; nomic 113 a vote.
    fn route_action(route: Route) -> Option<&'static str> {
        match route {
            Route::Registrations => Some("seat-player"),
            Route::Votes => Some("record-vote"),
            Route::Orders | Route::Rounds => None,
        }
    }

    /// Whatever fell due by `ctx.now` (votes completing, Judgement windows
    /// closing) is decided first, in the same commit.
    /// Decides a command: first whatever fell due by `ctx.now`, then the command.
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        let mut rec = Recorder::new(self, ctx.now);
        catch_up(&mut rec);
        decide_command(&mut rec, env, command, ctx)?;
        Ok(rec.out)
    }

    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>) {
        super::state::apply(self, event, at)
    }

    fn may_grant(&self, _env: &Envelope, _user: &UserId, _role: Role) -> Result<(), Refusal> {
        Ok(())
    }
}
