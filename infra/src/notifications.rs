//! Notifications in the local runtime: what the `notify` function does in AWS, fed
//! by the embedded store's change feed instead of the table's stream.
//!
//! `arbiter serve` follows the feed: every commit is read once, in order, and handed
//! to the same [`Notifier`] the Lambda function uses. E-mail is written as `.eml`
//! files to `<data dir>/outbox/` (nothing leaves the machine unless a subscription
//! names a webhook, Discord channel or, with `ARBITER_TELEGRAM_TOKEN` set, a
//! Telegram chat). The follower keeps its place in `<data dir>/notify.cursor`, so a
//! restart neither skips nor repeats commits; a repeat would be dropped by the
//! claims anyway.

use arbiter_notify::{
    default_client, AnyMailer, Channels, CommitRef, EmailChannel, EmlFolder, Notifier,
    NotifyReport, Retrier, RetryPolicy, TokioSleeper,
};
use arbiter_store::{EmbeddedStore, NotifyStore, Store, StoreError};
use chrono::{DateTime, Utc};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The sender of local e-mail.
pub const LOCAL_SENDER: &str = "Arbiter <arbiter@localhost.invalid>";

/// How often the follower looks for new commits when it has caught up.
const POLL: Duration = Duration::from_millis(500);

/// Commits handed to the notifier at once (a stream batch's size).
const BATCH: usize = 100;

/// A clock for claims and dead letters.
pub type Clock = Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>;

/// The local notifier: `.eml` files in `outbox`, HTTPS adapters, Telegram when
/// `ARBITER_TELEGRAM_TOKEN` is set (`ARBITER_TELEGRAM_API_URL` overrides the API).
pub fn local_notifier<S>(store: S, outbox: &Path, clock: Clock) -> Notifier<S, AnyMailer>
where
    S: Store + NotifyStore + Clone,
{
    let retrier = Retrier::new(
        RetryPolicy::default(),
        Arc::new(TokioSleeper),
        Notifier::<S, AnyMailer>::dead_letter_sink(store.clone(), clock.clone()),
    );
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let telegram = env("ARBITER_TELEGRAM_TOKEN").map(|token| {
        let base = env("ARBITER_TELEGRAM_API_URL")
            .unwrap_or_else(|| arbiter_notify::telegram::TELEGRAM_API.to_owned());
        (base, token)
    });
    let mailer = AnyMailer::Eml(EmlFolder::new(outbox));
    let channels = Channels::over_http(default_client(), retrier, telegram)
        .with_email(EmailChannel::new(mailer, LOCAL_SENDER));
    Notifier::new(store, channels, clock)
}

/// Follows the embedded store's feed from the saved cursor and notifies about each
/// new commit.
pub struct Follower<S> {
    pub notifier: Arc<Notifier<S, AnyMailer>>,
    feed: EmbeddedStore,
    cursor_file: PathBuf,
}

impl<S> Follower<S>
where
    S: Store + NotifyStore + Clone,
{
    /// A follower of `feed` (the store `notifier` reads, unwrapped) keeping its
    /// cursor in `cursor_file`.
    pub fn new(
        notifier: Arc<Notifier<S, AnyMailer>>,
        feed: EmbeddedStore,
        cursor_file: PathBuf,
    ) -> Self {
        Self {
            notifier,
            feed,
            cursor_file,
        }
    }

    /// Where the follower stands: the saved cursor, or the feed's end on a first
    /// start (a store's history is not announced again).
    pub async fn cursor(&self) -> Result<u64, StoreError> {
        match std::fs::read_to_string(&self.cursor_file) {
            Ok(text) => Ok(text.trim().parse().unwrap_or(0)),
            Err(_) => self.feed.feed_end().await,
        }
    }

    /// Notifies about the commits after `cursor`, up to one batch; the new cursor.
    pub async fn step(&self, cursor: u64) -> Result<(u64, NotifyReport), String> {
        let entries = self
            .feed
            .feed(cursor, BATCH)
            .await
            .map_err(|e| e.to_string())?;
        let Some(last) = entries.last().map(|e| e.seq) else {
            return Ok((cursor, NotifyReport::default()));
        };
        let mut commits = Vec::with_capacity(entries.len());
        for entry in &entries {
            let record = self
                .feed
                .commits(&entry.competition, entry.version - 1, 1)
                .await
                .map_err(|e| e.to_string())?;
            commits.extend(record.into_iter().map(|record| CommitRef {
                competition: entry.competition.clone(),
                record,
            }));
        }
        let report = self
            .notifier
            .process(&commits)
            .await
            .map_err(|e| e.to_string())?;
        std::fs::write(&self.cursor_file, format!("{last}\n")).map_err(|e| e.to_string())?;
        Ok((last, report))
    }

    /// Runs until the task is dropped.
    pub fn spawn(self) -> tokio::task::JoinHandle<()>
    where
        S: 'static,
    {
        tokio::spawn(async move {
            let mut cursor = match self.cursor().await {
                Ok(c) => c,
                Err(e) => {
                    tracing::error!(error = %e, "notifications: cannot read the feed");
                    return;
                }
            };
            loop {
                match self.step(cursor).await {
                    Ok((next, report)) => {
                        if report.sent + report.failed > 0 {
                            tracing::info!(sent = report.sent, failed = report.failed, "notified");
                        }
                        if next == cursor {
                            tokio::time::sleep(POLL).await;
                        }
                        cursor = next;
                    }
                    Err(e) => {
                        tracing::warn!(error = e, "notifications: batch failed, retrying");
                        tokio::time::sleep(POLL * 4).await;
                    }
                }
            }
        })
    }
}
