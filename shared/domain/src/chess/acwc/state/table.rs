//! The championship's matches by id, with the unfinished ones of each round
//! kept apart: whether a round is complete (acwc IV.D–E, the next
//! round follows), which matches still negotiate (acwc V.C–H) and which may
//! still pass the round deadline (IV.F) are then read from the open matches
//! alone, not from every match the championship ever had.
//!
//! The index is derived: it is rebuilt from the matches when a state is
//! read back, and is not part of the state's JSON or of its equality. Every
//! change of a match goes through [`Matches::update`] (or
//! [`Matches::update_all`]), which files the match again.

use super::Match;
use crate::chess::acwc::vocabulary::{MatchId, Stage};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Deref;

/// The open matches of one round.
#[derive(Debug, Clone, Default)]
struct Open {
    /// Not finished (no result stands and the match still counts).
    unfinished: BTreeSet<MatchId>,
    /// Unfinished, with no start time and no failed negotiation: the only
    /// matches the negotiation deadlines (acwc V.C–F, V.H) can act on.
    negotiating: BTreeSet<MatchId>,
}

/// The matches, by id; reads go to the map itself (`Deref`).
#[derive(Debug, Clone, Default)]
pub struct Matches {
    all: BTreeMap<MatchId, Match>,
    open: BTreeMap<(Stage, u32), Open>,
}

impl Matches {
    /// Adds a published match (or replaces one with the same id).
    pub fn insert(&mut self, m: Match) {
        let id = m.id.clone();
        self.all.insert(id.clone(), m);
        self.file(&id);
    }

    /// Changes the match `id`, if there is one, and files it again.
    pub fn update(&mut self, id: &MatchId, change: impl FnOnce(&mut Match)) {
        if let Some(m) = self.all.get_mut(id) {
            change(m);
            self.file(id);
        }
    }

    /// Changes every match (rare events that touch a player's matches
    /// across rounds, acwc VIII.B), then files them all again.
    pub fn update_all(&mut self, mut change: impl FnMut(&mut Match)) {
        for m in self.all.values_mut() {
            change(m);
        }
        self.reindex();
    }

    /// The unfinished matches of a round, in id order.
    pub fn unfinished(&self, stage: Stage, round: u32) -> impl Iterator<Item = &Match> {
        self.ids(stage, round, |o| &o.unfinished)
    }

    /// The unfinished matches of a round still negotiating their start
    /// time, in id order.
    pub fn negotiating(&self, stage: Stage, round: u32) -> impl Iterator<Item = &Match> {
        self.ids(stage, round, |o| &o.negotiating)
    }

    /// How many matches of a round are unfinished.
    pub fn unfinished_count(&self, stage: Stage, round: u32) -> usize {
        self.open
            .get(&(stage, round))
            .map_or(0, |o| o.unfinished.len())
    }

    fn ids<'a>(
        &'a self,
        stage: Stage,
        round: u32,
        pick: impl Fn(&'a Open) -> &'a BTreeSet<MatchId>,
    ) -> impl Iterator<Item = &'a Match> {
        self.open
            .get(&(stage, round))
            .map(pick)
            .into_iter()
            .flatten()
            .filter_map(|id| self.all.get(id))
    }

    /// Puts the match `id` in or out of its round's open sets.
    fn file(&mut self, id: &MatchId) {
        let Some(m) = self.all.get(id) else {
            return;
        };
        let open = self.open.entry((m.stage, m.round)).or_default();
        let unfinished = !m.finished();
        let negotiating = unfinished && m.negotiation.time.is_none() && !m.negotiation.failed;
        for (set, member) in [
            (&mut open.unfinished, unfinished),
            (&mut open.negotiating, negotiating),
        ] {
            if member {
                set.insert(id.clone());
            } else {
                set.remove(id);
            }
        }
    }

    fn reindex(&mut self) {
        self.open.clear();
        let ids: Vec<MatchId> = self.all.keys().cloned().collect();
        for id in &ids {
            self.file(id);
        }
    }
}

impl Deref for Matches {
    type Target = BTreeMap<MatchId, Match>;

    fn deref(&self) -> &Self::Target {
        &self.all
    }
}

impl<'a> IntoIterator for &'a Matches {
    type Item = (&'a MatchId, &'a Match);
    type IntoIter = std::collections::btree_map::Iter<'a, MatchId, Match>;

    fn into_iter(self) -> Self::IntoIter {
        self.all.iter()
    }
}

impl From<BTreeMap<MatchId, Match>> for Matches {
    fn from(all: BTreeMap<MatchId, Match>) -> Self {
        let mut m = Matches {
            all,
            open: BTreeMap::new(),
        };
        m.reindex();
        m
    }
}

/// Equal when the matches are: the index follows from them.
impl PartialEq for Matches {
    fn eq(&self, other: &Self) -> bool {
        self.all == other.all
    }
}

impl Eq for Matches {}

impl Serialize for Matches {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.all.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Matches {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::deserialize(d).map(Matches::from)
    }
}
