//! The commands a Nomic game accepts and the events it records. Each command
//! maps onto one REST route; each event cites, through its `Recorded`
//! clause, the rule that made it happen.

use super::group::{Noted, Threads};
use super::judgement::{Finding, Opinion};
use super::proposal::{RuleChange, Tally, Threshold, Vote};
use super::rulebook::RuleBookExport;
use super::settings::Settings;
use super::turns::AllocatedDay;
use crate::envelope::UserId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The API document names the default rather than printing it: the Initial
/// Set is some 18 kB of rule text.
fn without_default(schema: &mut schemars::Schema) {
    schema.remove("default");
}

/// A request to the Nomic rules. Tagged by `action`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "NomicCommand")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Command {
    /// Organizer, before the game begins: the rule book (nomic 101: the
    /// Initial Set), in the export format of the seed. Without `rules`, the
    /// Initial Set the product ships ([`RuleBookExport::initial_set`]).
    ImportRules {
        /// The rule book; absent: the Initial Set the product ships.
        #[serde(default = "RuleBookExport::initial_set")]
        #[schemars(transform = without_default)]
        rules: RuleBookExport,
    },
    /// Organizer, before the game begins: nomic 201, a player and their day.
    SeatPlayer { player: UserId, day: AllocatedDay },
    /// Organizer: the game begins; circuits of turns count from here (nomic
    /// 204). `settings` defaults to the Initial Set's numbers.
    Begin {
        #[serde(default)]
        settings: Settings,
    },
    /// A player, on their day before 19:00 UK (nomic 202): "Rule-change:".
    Propose { change: RuleChange },
    /// A player: "Vote: Yes" / "Vote: No" on an open proposal (nomic 113).
    RecordVote { proposal: u32, vote: Vote },
    /// A player: "Point of Order:" (nomic 214), optionally about a proposal.
    RaisePointOfOrder {
        statement: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        proposal: Option<u32>,
    },
    /// The Point of Order's Judge: "Judgement:" (nomic 214), optionally
    /// with a finding under nomic 215 and the player whose move is in
    /// question (by default the proposer of the proposal the Point names).
    PronounceJudgement {
        point: u32,
        decision: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        finding: Option<Finding>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mover: Option<UserId>,
    },
    /// A player other than the Judge, within the hour: "Dispute:" (nomic 214).
    DisputeJudgement { point: u32 },
    /// A player other than the Judge: "I agree with Judgement..." (nomic 214).
    AgreeWithJudgement { point: u32 },
    /// A player other than the Judge, after a dispute: "I disagree with
    /// Judgement..." (nomic 214).
    DisagreeWithJudgement { point: u32 },
    /// A player: forfeits the game rather than continue (nomic 115).
    Forfeit,
    /// Organizer: the rules have been changed so that further play is
    /// impossible; the player whose allocated day it is wins (nomic 215).
    DeclarePlayImpossible { reason: String },
    /// Organizer: the group's voting, points and discussion threads (nomic
    /// 107, 209, 212), where the chat bot reads moves and posts points.
    LinkThreads { threads: Threads },
    /// The chat bot, for a player who sent it a one-time link code: their
    /// chat account is theirs in this game. `code` is the code's digest.
    /// Only the bot submits it (see [`Command::CHANNEL_ONLY`]).
    LinkChatAccount { account: String, code: String },
    /// The chat bot, for the player who posted it: a voting-thread message
    /// that opens with the rules' words (nomic 107, 113, 214), read as the
    /// move it makes (`nomic::thread`). `message` is its id in the thread and
    /// `reply_to` the id of the message it replies to. Only the bot submits
    /// it (see [`Command::CHANNEL_ONLY`]).
    VotingThreadMessage {
        message: String,
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<String>,
    },
}

impl Command {
    /// The actions only the chat bot submits, on a player's behalf, after
    /// checking who they are in the chat: the REST routes refuse them.
    pub const CHANNEL_ONLY: &'static [&'static str] =
        &["link-chat-account", "voting-thread-message"];
}

impl crate::rulebook::Action for Command {
    fn name(&self) -> &'static str {
        match self {
            Command::ImportRules { .. } => "import-rules",
            Command::SeatPlayer { .. } => "seat-player",
            Command::Begin { .. } => "begin",
            Command::Propose { .. } => "propose",
            Command::RecordVote { .. } => "record-vote",
            Command::RaisePointOfOrder { .. } => "raise-point-of-order",
            Command::PronounceJudgement { .. } => "pronounce-judgement",
            Command::DisputeJudgement { .. } => "dispute-judgement",
            Command::AgreeWithJudgement { .. } => "agree-with-judgement",
            Command::DisagreeWithJudgement { .. } => "disagree-with-judgement",
            Command::Forfeit => "forfeit",
            Command::DeclarePlayImpossible { .. } => "declare-play-impossible",
            Command::LinkThreads { .. } => "link-threads",
            Command::LinkChatAccount { .. } => "link-chat-account",
            Command::VotingThreadMessage { .. } => "voting-thread-message",
        }
    }
}

impl From<RuleChange> for Command {
    /// A rule-change is proposed (nomic 107).
    fn from(change: RuleChange) -> Self {
        Command::Propose { change }
    }
}

/// Something that happened under the Nomic rules. Serialized inside the
/// envelope's event, so its tag is `event` and no field is `type` or `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "NomicEvent")]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// nomic 101: the Initial Set is in effect.
    RulesImported { rules: RuleBookExport },
    /// nomic 201: a player is allocated a day; they start with zero points.
    PlayerSeated { player: UserId, day: AllocatedDay },
    /// The game began, with these numbers; every player's points start at
    /// `settings.starting_points` (nomic 201).
    GameBegun {
        at: DateTime<Utc>,
        settings: Settings,
    },
    /// nomic 107, 109, 202: a proper proposal, with its number.
    ProposalSubmitted {
        number: u32,
        proposer: UserId,
        change: RuleChange,
        at: DateTime<Utc>,
        closes_at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target_id: Option<String>,
        needs_all_eligible: bool,
    },
    /// nomic 113, 208: a player's one vote.
    VoteCast {
        proposal: u32,
        player: UserId,
        vote: Vote,
    },
    /// nomic 113, 204, 111: the vote completed at the end of the day.
    VotingCompleted {
        proposal: u32,
        tally: Tally,
        threshold: Threshold,
        adopted: bool,
        at: DateTime<Utc>,
    },
    /// nomic 203, 205, 207, 209: a change of points, as the points thread
    /// shows it (`total (+change)`).
    PointsChanged {
        player: UserId,
        change: i64,
        total: i64,
        proposal: u32,
        at: DateTime<Utc>,
    },
    /// nomic 206 (or 214): an adopted rule-change takes full effect.
    RuleChangeTookEffect { proposal: u32, at: DateTime<Utc> },
    /// An adopted rule-change that could not take effect (nomic 116, 211,
    /// or the rule it changed was gone).
    RuleChangeLapsed {
        proposal: u32,
        reason: String,
        at: DateTime<Utc>,
    },
    /// nomic 204: two complete circuits passed without 204 being amended.
    AdoptionBecameSimpleMajority { at: DateTime<Utc> },
    /// nomic 210: the first player to achieve 200 points; or, cited nomic
    /// 215, the player whose move was found equally legal and illegal (or
    /// undeterminable), or whose allocated day it was when play became
    /// impossible. `points` is the winner's total.
    GameWon { player: UserId, points: i64 },
    /// nomic 215: the organizer found that the rules, as changed, make
    /// further play impossible.
    PlayDeclaredImpossible {
        by: UserId,
        reason: String,
        at: DateTime<Utc>,
    },
    /// nomic 115: a player forfeits; their points stand, they vote and judge
    /// no more, and their day is nobody's.
    PlayerForfeited { player: UserId, at: DateTime<Utc> },
    /// nomic 214: "Point of Order:", and who judges it until when.
    PointOfOrderRaised {
        point: u32,
        player: UserId,
        statement: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        proposal: Option<u32>,
        judge: UserId,
        judge_until: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// nomic 214: "Judgement:", with any nomic 215 finding and its mover.
    JudgementPronounced {
        point: u32,
        judge: UserId,
        decision: String,
        at: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        finding: Option<Finding>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mover: Option<UserId>,
    },
    /// nomic 214: "Dispute:".
    JudgementDisputed {
        point: u32,
        player: UserId,
        at: DateTime<Utc>,
    },
    /// nomic 214: "I agree / I disagree with Judgement...".
    OpinionExpressed {
        point: u32,
        player: UserId,
        opinion: Opinion,
    },
    /// nomic 214: the Judgement comes into effect.
    JudgementInvoked { point: u32, at: DateTime<Utc> },
    /// The organizer named the group's threads (nomic 107, 209, 212).
    ThreadsLinked { threads: Threads },
    /// A player linked their chat account, with a one-time code (its
    /// digest); shown to them and the organizer only.
    ChatAccountLinked {
        player: UserId,
        account: String,
        code: String,
    },
    /// A voting-thread message opened a proposal or belongs to a Point of
    /// Order: replies to it refer to that (nomic 113, 214).
    MessageNoted { message: String, noted: Noted },
    /// nomic 214: the Judge was overruled (`overruled`) or did not pronounce
    /// by the end of the day; the preceding player becomes Judge.
    JudgeReplaced {
        point: u32,
        judge: UserId,
        new_judge: UserId,
        overruled: bool,
        judge_until: DateTime<Utc>,
        at: DateTime<Utc>,
    },
}

impl crate::rulebook::Membership for Event {
    /// The user this event makes a member of the competition, if any.
    fn members_added(&self) -> Vec<&UserId> {
        match self {
            Event::PlayerSeated { player, .. } => vec![player],
            _ => vec![],
        }
    }

    /// The chats of the game's threads: the chat bot finds the game by them.
    fn found_under(&self) -> Vec<String> {
        match self {
            Event::ThreadsLinked { threads } => threads
                .chats()
                .into_iter()
                .map(crate::rulebook::chat_key)
                .collect(),
            _ => vec![],
        }
    }
}
