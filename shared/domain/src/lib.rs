//! Arbiter's domain: every rule of the five rulebooks, as pure functions.
//!
//! Nothing here performs I/O, reads a clock or draws unseeded randomness: the
//! service passes `now` and any seed in, and stores what comes out. That is what
//! makes decisions replayable, schedules idempotent and tests exact.
//!
//! The layers, bottom to top, each importing only those below it:
//!
//! - the envelope core: [`envelope`] (ids, roles, the actor, the context, the
//!   envelope's fields), [`refusal`] (the typed "no" that names its clause),
//!   [`calendar`], [`notice`], [`ical`], [`resource`] and [`page`] (what every
//!   kind publishes), and [`rulebook`], the contract every kind fulfils;
//! - the kinds, each speaking only its own commands and events, with the
//!   engines they run: [`chess`], [`ladder`], [`diplomacy`], [`nomic`];
//! - the registry: [`competition`], the one list of kinds ([`kinds`]), the
//!   competition that holds the envelope and the sum of kinds, its log, and
//!   every dispatch.

pub mod calendar;
pub mod chess;
pub mod cli;
pub mod competition;
pub mod diplomacy;
pub mod envelope;
pub mod ical;
pub mod ladder;
pub mod nomic;
pub mod notice;
pub mod page;
pub mod refusal;
pub mod resource;
pub mod rulebook;
mod string_keys;
/// Test scaffolding: built for this crate's tests and, with the `testkit`
/// feature, for other crates' tests; never in a Lambda.
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod vocabulary;

pub use competition::registry as kinds;
pub use refusal::Refusal;
