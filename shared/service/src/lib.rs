//! Arbiter's use cases, generic over the store: load the competition, decide
//! the command purely, append conditionally, answer with a receipt.
//!
//! ```text
//! load (one query: snapshot + commits after it)
//!   -> domain::decide(state, command, ctx) -> events | Refusal
//!   -> domain::apply -> new state (snapshot every N commits)
//!   -> store.append(expected version)      (one conditional write)
//!   -> Receipt
//! ```
//!
//! A conflicting writer (another request appended first) reloads, decides
//! again and retries, a bounded number of times. A command that decides no
//! events writes nothing: this is what makes schedules idempotent.

mod recent;
pub mod schedules;
mod service;
mod snapshot;

pub use service::{
    PublicPage, Service, ServiceConfig, ServiceError, SweepReport, TickReport, PUBLIC_LISTING,
    RECEIPT_WINDOW_HOURS,
};
pub use snapshot::{decode_commit, decode_snapshot, encode_commit, encode_snapshot};
