//! Arbiter's domain: every rule of the five rulebooks, as pure functions.
//!
//! Nothing here performs I/O, reads a clock or draws unseeded randomness: the
//! service passes `now` and any seed in, and stores what comes out. That is what
//! makes decisions replayable, schedules idempotent and tests exact.
//!
//! - [`competition`] is the envelope every kind shares: identity, roles, the
//!   audit log's entries and the generic decide/apply over them.
//! - [`rulebook`] is the contract every kind fulfils, and [`kinds`] the
//!   registry that lists them once and derives every dispatch.
//! - [`refusal`] is the typed "no" that names the clause that said it.
//! - One module per competition kind: [`chess`], [`ladder`], [`diplomacy`], [`nomic`].

pub mod calendar;
pub mod chess;
pub mod cli;
pub mod competition;
pub mod diplomacy;
pub mod ical;
pub mod kinds;
pub mod ladder;
pub mod nomic;
pub mod notice;
pub mod refusal;
pub mod resource;
pub mod rulebook;
mod string_keys;
/// Test scaffolding: built for this crate's tests and, with the `testkit`
/// feature, for other crates' tests; never in a Lambda.
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

pub use refusal::Refusal;
