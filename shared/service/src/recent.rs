//! The service's memory of recently used competitions.

use crate::snapshot::Since;
use arbiter_domain::competition::Competition;
use std::collections::HashMap;
use std::sync::Arc;

/// Competitions kept in the service's memory, at most.
const RECENT: usize = 16;

/// The cached states, shared: a read hands out a reference, and a command
/// takes its competition's state out while it decides and applies, so the
/// state is changed in place rather than copied (the cost of a command
/// does not grow with the competition). A request that finds the state
/// taken by a concurrent command reads it from the store instead.
#[derive(Default)]
pub(crate) struct Recent {
    states: HashMap<String, (u64, Arc<Competition>)>,
    /// The log since each kept competition's last snapshot; kept while a
    /// command has the state taken out, dropped with the state.
    since: HashMap<String, Since>,
    tick: u64,
}

impl Recent {
    pub(crate) fn get(&mut self, id: &str) -> Option<Arc<Competition>> {
        self.tick += 1;
        let tick = self.tick;
        self.states.get_mut(id).map(|(used, state)| {
            *used = tick;
            Arc::clone(state)
        })
    }

    /// The log since the last snapshot, if counted up to `version`.
    pub(crate) fn since(&self, id: &str, version: u64) -> Option<Since> {
        self.since.get(id).copied().filter(|s| s.version == version)
    }

    /// Notes the log since the last snapshot of `id`.
    pub(crate) fn note(&mut self, id: &str, since: Since) {
        self.since.insert(id.to_owned(), since);
        if self.since.len() > 2 * RECENT {
            let states = &self.states;
            self.since.retain(|id, _| states.contains_key(id));
        }
    }

    pub(crate) fn take(&mut self, id: &str) -> Option<Arc<Competition>> {
        self.states.remove(id).map(|(_, state)| state)
    }

    /// Keeps `state` unless a newer one of the same competition is kept.
    pub(crate) fn put(&mut self, state: Arc<Competition>) {
        self.tick += 1;
        let id = state.id.as_str();
        if let Some((used, kept)) = self.states.get_mut(id) {
            if kept.version <= state.version {
                *kept = state;
            }
            *used = self.tick;
            return;
        }
        if self.states.len() >= RECENT {
            if let Some(oldest) = self
                .states
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(id, _)| id.clone())
            {
                self.states.remove(&oldest);
                self.since.remove(&oldest);
            }
        }
        self.states.insert(id.to_owned(), (self.tick, state));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_domain::competition::{
        apply, decide, Actor, Command, Commit, CompetitionId, Context, Kind, UserId,
    };

    fn state(id: &str, version: u64) -> Arc<Competition> {
        let ctx = Context {
            actor: Actor::User(UserId::try_from("org").unwrap()),
            may_organize: true,
            now: "2026-01-01T00:00:00Z".parse().unwrap(),
        };
        let create = Command::Create {
            kind: Kind::Nomic,
            name: "n".into(),
        };
        let commit = Commit {
            version: 1,
            at: ctx.now,
            actor: ctx.actor.clone(),
            command: "create".into(),
            events: decide(None, &create, &ctx).unwrap(),
            idempotency: None,
        };
        let mut s = apply(None, &CompetitionId::try_from(id).unwrap(), &commit);
        s.version = version;
        Arc::new(s)
    }

    #[test]
    fn a_command_takes_the_state_and_a_stale_one_never_replaces_a_newer() {
        let mut recent = Recent::default();
        recent.put(state("a", 3));
        // Taken out: the next reader finds nothing and reads the store.
        let taken = recent.take("a").unwrap();
        assert_eq!(taken.version, 3);
        assert!(recent.get("a").is_none());
        // A reader put version 4 back meanwhile; the taker's older state
        // does not replace it.
        recent.put(state("a", 4));
        recent.put(taken);
        assert_eq!(recent.get("a").unwrap().version, 4);
    }

    #[test]
    fn the_least_recently_used_competition_goes_first() {
        let mut recent = Recent::default();
        for i in 0..RECENT {
            recent.put(state(&format!("c{i}"), 1));
        }
        recent.get("c0");
        recent.put(state("new", 1));
        assert!(recent.get("c0").is_some());
        assert!(recent.get("c1").is_none(), "c1 was used least recently");
        assert!(recent.get("new").is_some());
    }
}
