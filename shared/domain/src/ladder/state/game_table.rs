//! The ladder's games by id, with each member's games kept apart,
//! so that one member's history (the `members/{member}` resource) is
//! read without reading every game the club ever played.
//!
//! The index is derived: rebuilt when a state is read back, and not part of
//! the JSON or of equality. Games are only ever added ([`Games::insert`]),
//! and a game's players never change, so the index follows every insert;
//! the rest of a game changes through the map itself (`DerefMut`).

use crate::envelope::UserId;
use crate::ladder::Game;
use serde::{Deserializer, Serializer};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};

/// The games by id; reads and changes of a game go to the map.
#[derive(Debug, Clone, Default)]
pub struct Games {
    all: BTreeMap<u64, Game>,
    by_member: BTreeMap<UserId, BTreeSet<u64>>,
}

impl Games {
    /// Adds (or replaces) the game `id`, filed under both its players.
    pub fn insert(&mut self, id: u64, game: Game) -> Option<Game> {
        for u in [&game.white, &game.black] {
            self.by_member.entry(u.clone()).or_default().insert(id);
        }
        self.all.insert(id, game)
    }

    /// The games `member` played, newest (highest id) first.
    pub fn of(&self, member: &UserId) -> impl Iterator<Item = (&u64, &Game)> {
        self.by_member
            .get(member)
            .into_iter()
            .flat_map(|ids| ids.iter().rev())
            .filter_map(|id| self.all.get_key_value(id))
    }
}

impl Deref for Games {
    type Target = BTreeMap<u64, Game>;

    fn deref(&self) -> &Self::Target {
        &self.all
    }
}

impl DerefMut for Games {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.all
    }
}

impl From<BTreeMap<u64, Game>> for Games {
    fn from(all: BTreeMap<u64, Game>) -> Self {
        let mut games = Games::default();
        for (id, g) in all {
            games.insert(id, g);
        }
        games
    }
}

/// Equal when the games are: the index follows from them.
impl PartialEq for Games {
    fn eq(&self, other: &Self) -> bool {
        self.all == other.all
    }
}

impl Eq for Games {}

/// Serde as [`crate::string_keys`] writes a map keyed by numbers.
pub fn serialize<S: Serializer>(games: &Games, s: S) -> Result<S::Ok, S::Error> {
    crate::string_keys::serialize(&games.all, s)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Games, D::Error> {
    crate::string_keys::deserialize(d).map(Games::from)
}
