//! The group a Nomic game is played in: its threads as the rules name them
//! (voting, points, discussion; nomic 107, 209, 212), its players' chat
//! accounts, and the voting-thread messages that replies refer to. Nothing
//! here is channel-specific: a chat is named by a string the adapter chooses
//! (`telegram:-1001234`), a thread by its chat and, in a forum group, its
//! topic. Decisions about them are in [`super::chat`].

use crate::envelope::UserId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One thread of the game's group: a chat and, in a forum group, its topic.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "NomicThread")]
pub struct Thread {
    /// The chat, as the adapter names it (`telegram:<chat id>`).
    pub chat: String,
    /// The forum topic within the chat, if the group has topics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<String>,
}

/// nomic 107, 209, 212: the three threads the rules name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "NomicThreads")]
pub struct Threads {
    /// nomic 107, 113, 214: where moves are made.
    pub voting: Thread,
    /// nomic 209: where points are announced.
    pub points: Thread,
    /// nomic 212: talk; never read as moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discussion: Option<Thread>,
}

impl Threads {
    /// The distinct chats of the threads, by which the adapter finds the game.
    pub fn chats(&self) -> BTreeSet<&str> {
        let mut chats: BTreeSet<&str> = [&self.voting, &self.points]
            .into_iter()
            .map(|t| t.chat.as_str())
            .collect();
        if let Some(d) = &self.discussion {
            chats.insert(&d.chat);
        }
        chats
    }

    /// Which of the game's threads `thread` is, if any.
    pub fn which(&self, thread: &Thread) -> Option<ThreadName> {
        if *thread == self.voting {
            Some(ThreadName::Voting)
        } else if *thread == self.points {
            Some(ThreadName::Points)
        } else if self.discussion.as_ref() == Some(thread) {
            Some(ThreadName::Discussion)
        } else {
            None
        }
    }
}

/// A thread by the name the rules give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThreadName {
    Voting,
    Points,
    Discussion,
}

/// What a noted voting-thread message opened: replies to it refer to this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "is", content = "number", rename_all = "kebab-case")]
#[schemars(rename = "NomicNoted")]
pub enum Noted {
    /// nomic 107: the message that proposed this rule-change.
    Proposal(u32),
    /// nomic 214: a message of this Point of Order (raising it, its
    /// Judgement, a dispute of it).
    PointOfOrder(u32),
}

/// The game's chat: its threads, its players' accounts, the codes that
/// linked them, and the noted messages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chat {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<Threads>,
    /// Chat account (`telegram:<user id>`) → player.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub accounts: BTreeMap<String, UserId>,
    /// Digests of the link codes used: each works once.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub used_codes: BTreeSet<String>,
    /// Voting-thread message → what it opened.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub messages: BTreeMap<String, Noted>,
}

impl Chat {
    pub fn is_empty(&self) -> bool {
        *self == Chat::default()
    }

    /// The player whose chat account `account` is.
    pub fn player(&self, account: &str) -> Option<&UserId> {
        self.accounts.get(account)
    }
}
