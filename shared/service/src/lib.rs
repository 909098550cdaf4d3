//! Arbiter's use cases, generic over the store: load the competition, decide
//! the command purely, append conditionally, answer with a receipt.
//!
//! ```text
//! load (one query: snapshot + commits after it, or the commits after the
//!       state kept in memory)
//!   -> domain::decide(state, command, ctx) -> events | Refusal
//!   -> plan: domain::apply -> new state, the snapshot when due, the indexes
//!   -> store.append(expected version)      (one conditional write)
//!   -> Receipt
//! ```
//!
//! A kind's action arrives as a body read against the loaded state
//! ([`CommandInput::Body`]), so a command loads its competition once.
//!
//! A conflicting writer (another request appended first) reloads, decides
//! again and retries, a bounded number of times. A command that decides no
//! events writes nothing: this is what makes schedules idempotent.

mod command;
mod recent;
pub mod schedules;
mod service;
mod snapshot;

pub use command::{CommandInput, RECEIPT_WINDOW_HOURS};
pub use service::{
    PublicPage, Service, ServiceConfig, ServiceError, SweepReport, TickReport, PUBLIC_LISTING,
};
pub use snapshot::{decode_commit, decode_snapshot, encode_commit, encode_snapshot, Since};
