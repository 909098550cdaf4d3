//! The game's own chat: the threads the rules name (voting, points and
//! discussion; nomic 107, 113, 209, 212, 214), the chat accounts of the
//! players, and the voting-thread messages that are moves.
//!
//! A chat bot (the Telegram adapter) reads the group for the game: it
//! submits each voting-thread message that opens with the rules' words as
//! one [`Command::VotingThreadMessage`](super::Command), decided here as the
//! move it makes ([`super::thread`]) by the player whose account posted it.
//! A reply names what it replies to: a vote replies to the proposal's
//! message (nomic 113), a Judgement to the Point of Order's (214), a dispute
//! or an opinion to the Judgement's; so the messages that open a proposal or
//! a Point of Order, and the Judgement's, are noted here with what they are.
//!
//! The group's threads, accounts and noted messages are kept in
//! [`super::group`].

pub use super::group::{Chat, Noted, Thread, ThreadName, Threads};
use super::proposal::Vote;
use super::record::Recorder;
use super::state::Nomic;
use super::thread::{self, Said};
use super::vocabulary::{Command, Event};
use crate::envelope::{Context, Envelope, Role, ROLES_CLAUSE};
use crate::refusal::Refusal;

/// The longest chat, topic, account, message or code reference, in bytes.
pub const MAX_REFERENCE: usize = 128;

/// The longest voting-thread message read, in characters (Telegram's own
/// limit is 4,096).
pub const MAX_MESSAGE_CHARS: usize = 20_000;

fn reference(what: &str, s: &str) -> Result<(), Refusal> {
    if s.is_empty() || s.len() > MAX_REFERENCE || s.chars().any(char::is_control) {
        return Err(Refusal::invalid(format!(
            "{what}: 1 to {MAX_REFERENCE} bytes, no control characters"
        )));
    }
    Ok(())
}

fn thread_ok(t: &Thread) -> Result<(), Refusal> {
    reference("chat", &t.chat)?;
    t.topic.as_deref().map_or(Ok(()), |x| reference("topic", x))
}

/// The organizer names the group's threads (nomic 107, 209, 212); again to
/// move them. The voting and points threads must differ: the points thread
/// is written by Arbiter, the voting thread read.
pub fn link_threads(
    rec: &mut Recorder,
    env: &Envelope,
    threads: &Threads,
    ctx: &Context,
) -> Result<(), Refusal> {
    if !ctx
        .actor
        .user()
        .is_some_and(|u| env.has_role(u, Role::Organizer))
    {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "only the organizer links the game's threads",
        ));
    }
    thread_ok(&threads.voting)?;
    thread_ok(&threads.points)?;
    if let Some(d) = &threads.discussion {
        thread_ok(d)?;
    }
    let same = |a: &Thread, b: &Thread| a == b;
    if same(&threads.voting, &threads.points)
        || threads
            .discussion
            .as_ref()
            .is_some_and(|d| same(d, &threads.voting) || same(d, &threads.points))
    {
        return Err(Refusal::rule(
            "nomic 212",
            "the voting, points and discussion threads are three threads",
        ));
    }
    rec.emit_plain(Event::ThreadsLinked {
        threads: threads.clone(),
    });
    Ok(())
}

/// A player links their chat account with a one-time code the adapter has
/// checked (`code` is its digest): each code works once, and an account is
/// one player's.
pub fn link_account(
    rec: &mut Recorder,
    account: &str,
    code: &str,
    ctx: &Context,
) -> Result<(), Refusal> {
    let Some(player) = rec.state.seated(ctx) else {
        return Err(Refusal::forbidden(
            "nomic 201",
            "only a player of the game links a chat account to it",
        ));
    };
    reference("account", account)?;
    reference("code", code)?;
    if rec.state.chat.used_codes.contains(code) {
        return Err(Refusal::conflict(
            "this link code was used already: ask for a new one",
        ));
    }
    match rec.state.chat.player(account) {
        Some(p) if *p != player => {
            return Err(Refusal::conflict(
                "this chat account is linked to another player",
            ))
        }
        _ => {}
    }
    rec.emit_plain(Event::ChatAccountLinked {
        player,
        account: account.to_owned(),
        code: code.to_owned(),
    });
    Ok(())
}

/// A message of the voting thread, posted as `message` (replying to
/// `reply_to`), as a move: read with the rules' words, its references
/// resolved, decided by `decide` as the command it is; the message is noted
/// when it opens a proposal or belongs to a Point of Order.
pub fn voting_thread_message(
    rec: &mut Recorder,
    posted: Posted<'_>,
    ctx: &Context,
    decide: impl FnOnce(&mut Recorder, &Command, &Context) -> Result<(), Refusal>,
) -> Result<(), Refusal> {
    reference("message", posted.message)?;
    if let Some(r) = posted.reply_to {
        reference("reply", r)?;
    }
    if posted.text.chars().count() > MAX_MESSAGE_CHARS {
        return Err(Refusal::invalid(format!(
            "a message of at most {MAX_MESSAGE_CHARS} characters"
        )));
    }
    if rec.state.chat.messages.contains_key(posted.message) {
        return Err(Refusal::conflict("this message was read already"));
    }
    let Some(said) = thread::read(posted.text) else {
        return Err(Refusal::invalid(
            "not a move: a move opens with \"Rule-change:\", \"Vote:\", \"Point of Order:\", \"Judgement:\", \"Dispute:\" or \"I agree/disagree with Judgement\"",
        ));
    };
    let replied = posted
        .reply_to
        .and_then(|r| rec.state.chat.messages.get(r).copied());
    let command = command_of(said, replied)?;
    let before = rec.out.len();
    decide(rec, &command, ctx)?;
    if let Some(noted) = opened(&rec.out[before..], &command, replied) {
        rec.emit_plain(Event::MessageNoted {
            message: posted.message.to_owned(),
            noted,
        });
    }
    Ok(())
}

/// A voting-thread message as the adapter saw it.
#[derive(Debug, Clone, Copy)]
pub struct Posted<'a> {
    pub message: &'a str,
    pub text: &'a str,
    pub reply_to: Option<&'a str>,
}

/// The command `said` makes, replying to `replied`.
fn command_of(said: Said, replied: Option<Noted>) -> Result<Command, Refusal> {
    let point = || match replied {
        Some(Noted::PointOfOrder(n)) => Ok(n),
        _ => Err(Refusal::rule(
            "nomic 214",
            "reference the Judgement: reply to its message (or to the Point of Order's)",
        )),
    };
    Ok(match said {
        Said::RuleChange(change) => Command::Propose { change },
        Said::Vote(vote) => match replied {
            Some(Noted::Proposal(proposal)) => Command::RecordVote { proposal, vote },
            _ => return Err(Refusal::rule(
                "nomic 113",
                "a vote is cast by replying to the proposal's message with \"Vote: Yes\" or \"Vote: No\"",
            )),
        },
        Said::UnclearVote => {
            return Err(Refusal::rule(
                "nomic 113",
                "a vote is either \"Vote: Yes\" or \"Vote: No\"",
            ))
        }
        Said::PointOfOrder(statement) => Command::RaisePointOfOrder {
            statement,
            proposal: match replied {
                Some(Noted::Proposal(n)) => Some(n),
                _ => None,
            },
        },
        Said::Judgement(decision) => match replied {
            Some(Noted::PointOfOrder(point)) => Command::PronounceJudgement {
                point,
                decision,
                finding: None,
                mover: None,
            },
            _ => return Err(Refusal::rule(
                "nomic 214",
                "a Judgement must reference the original Point of Order: reply to its message",
            )),
        },
        Said::Dispute => Command::DisputeJudgement { point: point()? },
        Said::Agree => Command::AgreeWithJudgement { point: point()? },
        Said::Disagree => Command::DisagreeWithJudgement { point: point()? },
    })
}

/// What a decided message opened, for replies to name.
fn opened(events: &[super::Recorded], command: &Command, replied: Option<Noted>) -> Option<Noted> {
    let made = events.iter().find_map(|r| match &r.event {
        Event::ProposalSubmitted { number, .. } => Some(Noted::Proposal(*number)),
        Event::PointOfOrderRaised { point, .. } => Some(Noted::PointOfOrder(*point)),
        _ => None,
    });
    let of_point = matches!(
        command,
        Command::PronounceJudgement { .. } | Command::DisputeJudgement { .. }
    );
    made.or(if of_point { replied } else { None })
}

/// What the bot answers in the thread to a move that was accepted: what it
/// did, in the rules' words.
pub fn acknowledgement(state: &Nomic, events: &[Event]) -> Option<String> {
    events.iter().rev().find_map(|e| match e {
        Event::ProposalSubmitted {
            number, closes_at, ..
        } => Some(format!(
            "Proposal {number} is proper (nomic 109). Reply \"Vote: Yes\" or \"Vote: No\" to it; voting completes at {} UK time (nomic 113).",
            super::turns::uk_time(*closes_at)
        )),
        Event::VoteCast {
            proposal, vote, ..
        } => Some(format!(
            "Vote counted: {} on proposal {proposal} (nomic 113).",
            match vote {
                Vote::Yes => "Yes",
                Vote::No => "No",
            }
        )),
        Event::PointOfOrderRaised {
            point,
            judge,
            judge_until,
            ..
        } => Some(format!(
            "Point of Order {point}: the Judge is {judge}, who pronounces by {} UK time (nomic 214).",
            super::turns::uk_time(*judge_until)
        )),
        Event::JudgementPronounced { point, .. } => Some(format!(
            "Judgement on Point of Order {point} pronounced: any other player may dispute it within the hour (nomic 214)."
        )),
        Event::JudgementDisputed { point, .. } => Some(format!(
            "Judgement on Point of Order {point} disputed: the other players have one hour to agree or disagree (nomic 214)."
        )),
        Event::JudgementInvoked { point, .. } => Some(format!(
            "Judgement on Point of Order {point} comes into effect (nomic 214)."
        )),
        Event::OpinionExpressed { point, .. } => Some(format!(
            "Opinion on the Judgement on Point of Order {point} counted (nomic 214)."
        )),
        _ => None,
    })
    .or_else(|| state.winner.as_ref().map(|w| format!("{w} has won (nomic 210).")))
}

/// nomic 209: "If anyone's total is not correct anyone else may correct
/// it": a points-thread message `<player>: <total>` (as Arbiter posts them,
/// `Ben P: 150 (+4)`) checked against the points Arbiter holds; `None` when
/// the message names no player's total.
pub fn check_points(state: &Nomic, text: &str) -> Option<String> {
    let (name, rest) = text.trim().split_once(':')?;
    let name = name.trim();
    let (player, held) = state
        .points
        .iter()
        .find(|(p, _)| p.as_str().eq_ignore_ascii_case(name))?;
    let digits: String = rest
        .trim_start()
        .chars()
        .enumerate()
        .take_while(|(i, c)| c.is_ascii_digit() || (*i == 0 && *c == '-'))
        .map(|(_, c)| c)
        .collect();
    let claimed: i64 = digits.parse().ok()?;
    Some(if claimed == *held {
        format!("Correct: {player} has {held} points (nomic 209).")
    } else {
        format!(
            "Not so: {player} has {held} points, not {claimed} (nomic 209: anyone may correct a wrong total)."
        )
    })
}
