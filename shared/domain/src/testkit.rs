//! Test scaffolding for every kind: built for this crate's tests and, with
//! the `testkit` feature, for other crates' tests; never in a Lambda.
//!
//! - [`Scenario`]: given a competition of one kind, when someone or a
//!   schedule acts at an instant, then the kind's own events or a refusal
//!   naming its clause. The kinds' builders (the club ladder's `Club`, the
//!   ACWC's `World`, nomic's `Game`, the Diplomacy board's `Game1`) are thin
//!   layers over it that add their kind's people and vocabulary.
//! - [`Harness`]: the one commit path (decide, commit, fold, log) every
//!   scenario goes through; also the competition of a kind chosen by value
//!   (other crates' tests, the Swiss and tournament tests, [`large`]).
//! - [`at`] and [`u`]: an instant and a user, by name, for every test.
//! - [`ladder_story`]: the club ladder's term, run in memory and over HTTP;
//!   [`large`]: the largest competitions, for the benches and scale tests.
//!
//! **Where tests live.** A module's unit tests are its child module named
//! `tests`, at the path Rust looks for it (no `#[path]`): `tests.rs` in the
//! module's folder (beside its `mod.rs`, or in `foo/` for `foo.rs`), or,
//! when they are many, `tests/<topic>.rs` under that file or under a
//! `tests/mod.rs` that holds what the topics share. A few short tests may
//! stay inline at the end of the module's file, still named `tests`. A
//! kind's builder is its `testkit.rs` (public with the `testkit` feature
//! when other crates use it) or the `tests/mod.rs` its tests share. Test
//! functions are named after the clause they check (`club_iii_2_4_...`),
//! which the clause index reads.

mod harness;
pub mod ladder_story;
pub mod large;
mod scenario;
#[cfg(test)]
mod tests;

pub use harness::{actor, commit, context, Harness};
pub use scenario::{kind_events, Scenario, Then, GIVEN, SWEEP};

use crate::competition::{Competition, Role, UserId};
use crate::refusal::Refusal;
use chrono::{DateTime, Utc};

/// A user, by name.
pub fn u(s: &str) -> UserId {
    UserId::try_from(s).expect("a valid user id")
}

/// An instant, in RFC 3339.
pub fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("an RFC 3339 instant")
}

/// Asserts `result` is a refusal naming `clause`; answers it.
pub fn refused<T: std::fmt::Debug>(result: Result<T, Refusal>, clause: &str) -> Refusal {
    let refusal = result.expect_err("a refusal");
    assert_eq!(refusal.clause.as_deref(), Some(clause), "{refusal:?}");
    refusal
}

/// arbiter roles: the holders of each role, read from the index
/// kept by role, are those the roles by user name, in the state and in its
/// JSON read back (a snapshot).
pub fn check_role_index(env: &Competition) {
    let json = serde_json::to_value(env).expect("a state serializes");
    let back: Competition = serde_json::from_value(json).expect("a state reads back");
    assert_eq!(&back, env, "a state survives its JSON");
    for c in [env, &back] {
        for role in Role::ALL {
            let indexed: Vec<&UserId> = c.holders(role).collect();
            let scanned: Vec<&UserId> = c
                .roles
                .iter()
                .filter(|(_, r)| r.contains(&role))
                .map(|(u, _)| u)
                .collect();
            assert_eq!(indexed, scanned, "holders of {role:?}");
        }
    }
}
