//! Hourly bounds on mail kept in the notifier's claims: `max` numbered
//! slots per hour, and a "full" mark, so that once an hour's slots are
//! gone each further mail costs one read instead of `max`.

use arbiter_store::{NotifyStore, StoreError};
use chrono::{DateTime, Duration, Utc};

/// What taking a slot came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// One of the hour's slots is this mail's.
    Taken,
    /// The hour's slots are gone, and this mail is the first to find so.
    FirstFull,
    /// The hour's slots were gone already.
    Full,
}

/// Takes one of `max` slots of `prefix` for the hour of `at`.
pub async fn take<S: NotifyStore>(
    store: &S,
    prefix: &str,
    max: u32,
    at: DateTime<Utc>,
) -> Result<Slot, StoreError> {
    let hour = at.format("%Y%m%d%H");
    let window = Duration::hours(2);
    let full = format!("{prefix}:{hour}:full");
    if !store.claim(&full, at, window).await? {
        return Ok(Slot::Full);
    }
    store.release(&full).await?;
    for k in 0..max {
        if store
            .claim(&format!("{prefix}:{hour}:{k}"), at, window)
            .await?
        {
            return Ok(Slot::Taken);
        }
    }
    Ok(if store.claim(&full, at, window).await? {
        Slot::FirstFull
    } else {
        Slot::Full
    })
}
