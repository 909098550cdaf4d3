//! Player facts for the ACWC eligibility rules (acwc II.A, II.C) and the
//! seeding rating (III.E): one port, [`FactsSource`], and two adapters.
//!
//! - [`lichess::Lichess`]: Lichess's public API (account creation, rated
//!   games before the games cutoff, rating history, the terms-of-service flag).
//! - [`entered::EnteredFacts`]: facts the organizer entered, for accounts the
//!   public API cannot vouch for, for simulations and for deployments with no
//!   network.
//!
//! The domain stays pure: a function fetches the facts through the port and
//! puts them into the `register` command. What the public API cannot tell
//! (the kind and date of a mark, a player's other accounts) is recorded in
//! `PlayerFacts::unverified` or left to the TD; see `docs/rulings/acwc.md`.

pub mod entered;
pub mod lichess;

pub use entered::EnteredFacts;
pub use lichess::Lichess;

use arbiter_domain::chess::acwc::{PlayerFacts, Settings};
use futures::future::BoxFuture;

/// Why no facts could be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FactsError {
    /// The source knows no such account (acwc II.A: no account, no entry).
    #[error("no account named {0:?}")]
    UnknownAccount(String),
    /// The source did not answer usably; nothing was decided.
    #[error("the player-facts source is unavailable: {0}")]
    Unavailable(String),
}

/// Where player facts come from.
pub trait FactsSource: Send + Sync {
    /// The facts of `account` as they bear on the championship set up by
    /// `settings` (its variant, games cutoff and minimum).
    fn player_facts<'a>(
        &'a self,
        account: &'a str,
        settings: &'a Settings,
    ) -> BoxFuture<'a, Result<PlayerFacts, FactsError>>;

    /// A short name for logs and problems.
    fn name(&self) -> &'static str;
}
