//! The service over one store: the competitions kept in memory, the read
//! models, and the schedules' ticks. The command pipeline is `command`.

use crate::recent::Recent;
use crate::snapshot::{decode_snapshot, fold, Since};
use arbiter_domain::competition::{
    Command, Commit, Competition, CompetitionId, Context, Idempotency, Kind, UserId,
};
use arbiter_domain::Refusal;
use arbiter_store::{Store, StoreError};
use chrono::{DateTime, Utc};
use std::sync::{Arc, Mutex};

/// Commits read after a remembered state at once; more means reload.
const PAGE: usize = 256;

/// Tunables of the command loop.
#[derive(Debug, Clone, Copy)]
pub struct ServiceConfig {
    /// A snapshot is written with every commit whose version is a multiple of
    /// this, besides those the size of the log asks for ([`Since::due`]);
    /// `u64::MAX` (the default): only those.
    pub snapshot_every: u64,
    /// How many times a command is decided in all before the caller is told
    /// to retry. Each lost race means another writer won, so `n` writers on
    /// one competition need at most `n` attempts.
    pub max_attempts: usize,
}

impl Default for ServiceConfig {
    fn default() -> Self {
        Self {
            snapshot_every: u64::MAX,
            max_attempts: 32,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ServiceError {
    /// The domain refused; nothing changed.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The caller decided on version `expected` (an If-Match) but the
    /// competition is at `current`; nothing changed.
    #[error("the competition is at version {current}, not {expected:?}")]
    Stale { current: u64, expected: Vec<u64> },
    /// Other writers kept winning; the caller may retry.
    #[error("the competition changed {0} times while deciding; retry")]
    Contention(usize),
    #[error(transparent)]
    Store(StoreError),
    /// The stored log cannot be read back: a bug or tampering, never input.
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        ServiceError::Store(e)
    }
}

/// The most ticks one sweep gives one competition; what remains due after
/// that is left for the next sweep, so one competition cannot hold a sweep.
const MAX_TICKS_PER_SWEEP: usize = 64;

/// What a sweep did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct SweepReport {
    pub schedule: String,
    pub due: usize,
    pub changed: usize,
    pub failed: usize,
}

/// The use cases over one store.
#[derive(Clone)]
pub struct Service<S> {
    pub(crate) store: S,
    pub(crate) config: ServiceConfig,
    /// The last state seen of recently used competitions. A load reads only
    /// the commits after it (one consistent query) instead of the snapshot
    /// and the commits after it; the conditional append still decides every race.
    pub(crate) recent: Arc<Mutex<Recent>>,
    /// Poked after every append that changed the deadline index, so a
    /// runtime that sleeps until the next deadline (the local server) wakes
    /// when one moves earlier. Nobody waits on it in AWS.
    pub(crate) due_changed: Arc<tokio::sync::Notify>,
}

impl<S: Store> Service<S> {
    pub fn new(store: S) -> Self {
        Self::with_config(store, ServiceConfig::default())
    }

    pub fn with_config(store: S, config: ServiceConfig) -> Self {
        Self {
            store,
            config,
            recent: Arc::default(),
            due_changed: Arc::default(),
        }
    }

    /// Notified (one stored permit) after each append that set, moved or
    /// cleared a competition's deadline.
    pub fn due_changed(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.due_changed)
    }

    pub(crate) fn recent(&self) -> std::sync::MutexGuard<'_, Recent> {
        // A panic while holding the lock leaves nothing half-written that
        // matters: the cache only ever holds whole states.
        self.recent.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    /// The current state of a competition, `None` if it does not exist.
    pub async fn load(&self, id: &CompetitionId) -> Result<Option<Arc<Competition>>, ServiceError> {
        let cached = self.recent().get(id.as_str());
        let state = self.refresh(id, cached).await?;
        self.keep(state.as_ref().map(Arc::clone));
        Ok(state)
    }

    /// The kind of a competition, `None` if it does not exist. A kind never
    /// changes, so a competition kept in memory answers without a read.
    pub async fn kind(&self, id: &CompetitionId) -> Result<Option<Kind>, ServiceError> {
        let kept = self.recent().get(id.as_str()).map(|state| state.kind);
        match kept {
            Some(kind) => Ok(Some(kind)),
            None => Ok(self.load(id).await?.map(|state| state.kind)),
        }
    }

    /// `cached` (or the store's state, without one) brought up to date with
    /// whatever was appended since, by this or another process.
    pub(crate) async fn refresh(
        &self,
        id: &CompetitionId,
        cached: Option<Arc<Competition>>,
    ) -> Result<Option<Arc<Competition>>, ServiceError> {
        let Some(state) = cached else {
            return Ok(self.load_from_store(id).await?.map(Arc::new));
        };
        let newer = self.store.commits(id.as_str(), state.version, PAGE).await?;
        if newer.is_empty() {
            return Ok(Some(state));
        }
        if newer.len() == PAGE {
            return Ok(self.load_from_store(id).await?.map(Arc::new));
        }
        let since = self.recent().since(id.as_str(), state.version);
        let folded = fold(id, Some(Arc::unwrap_or_clone(state)), &newer);
        if let Some(since) = since {
            self.recent().note(id.as_str(), since.folded(&newer));
        }
        Ok(folded.map_err(ServiceError::Corrupt)?.map(Arc::new))
    }

    /// Puts a state (back) into memory.
    pub(crate) fn keep(&self, state: Option<Arc<Competition>>) {
        if let Some(state) = state {
            self.recent().put(state);
        }
    }

    /// The state from the latest snapshot and the commits after it.
    async fn load_from_store(
        &self,
        id: &CompetitionId,
    ) -> Result<Option<Competition>, ServiceError> {
        let Some(loaded) = self.store.load(id.as_str()).await? else {
            return Ok(None);
        };
        let base = match &loaded.snapshot {
            None => None,
            Some(s) => match decode_snapshot(s).map_err(ServiceError::Corrupt)? {
                Some(state) => Some(state),
                // An older snapshot format: fold the whole log instead.
                None => return self.fold_whole_log(id).await,
            },
        };
        let since = Since {
            version: loaded.snapshot.as_ref().map_or(0, |s| s.version),
            snapshot_bytes: loaded.snapshot.as_ref().map_or(0, |s| s.body.len()),
            log_bytes: 0,
        }
        .folded(&loaded.commits);
        self.recent().note(id.as_str(), since);
        fold(id, base, &loaded.commits).map_err(ServiceError::Corrupt)
    }

    async fn fold_whole_log(
        &self,
        id: &CompetitionId,
    ) -> Result<Option<Competition>, ServiceError> {
        let mut state = None;
        loop {
            let after = state.as_ref().map_or(0, |s: &Competition| s.version);
            let page = self.store.commits(id.as_str(), after, 1000).await?;
            if page.is_empty() {
                return Ok(state);
            }
            state = fold(id, state, &page).map_err(ServiceError::Corrupt)?;
        }
    }

    /// The state right after commit `version` (`None` for version 0 or an
    /// unknown competition). The latest state comes from memory; an older one
    /// is folded from the start of the log, which only a follower that fell
    /// behind (the notifier after a cold start) asks for.
    pub async fn state_at(
        &self,
        id: &CompetitionId,
        version: u64,
    ) -> Result<Option<Competition>, ServiceError> {
        if version == 0 {
            return Ok(None);
        }
        if let Some(latest) = self.load(id).await? {
            if latest.version == version {
                return Ok(Some(Arc::unwrap_or_clone(latest)));
            }
        }
        let mut state: Option<Competition> = None;
        loop {
            let at = state.as_ref().map_or(0, |s| s.version);
            if at == version {
                return Ok(state);
            }
            let want = usize::try_from(version - at)
                .unwrap_or(usize::MAX)
                .min(1000);
            let page = self.store.commits(id.as_str(), at, want).await?;
            if page.is_empty() {
                return Err(ServiceError::Corrupt(format!(
                    "{id} has no commit {version}"
                )));
            }
            state = fold(id, state, &page).map_err(ServiceError::Corrupt)?;
        }
    }

    /// A page of the audit log: up to `limit` commits after version `after`.
    pub async fn log(
        &self,
        id: &CompetitionId,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Commit>, ServiceError> {
        let records = self.store.commits(id.as_str(), after, limit).await?;
        if records.is_empty() && after == 0 {
            return Err(Refusal::not_found("no such competition").into());
        }
        records
            .iter()
            .map(|r| crate::snapshot::decode_commit(r).map_err(ServiceError::Corrupt))
            .collect()
    }

    /// The competitions listed publicly, in id order: up to `limit` after
    /// the id `after`. The index keeps every competition ever listed; one
    /// withdrawn since is left out here, so a page may hold fewer.
    pub async fn public_competitions(
        &self,
        after: Option<&str>,
        limit: usize,
    ) -> Result<PublicPage, ServiceError> {
        let ids = self.store.competitions_of(PUBLIC_LISTING).await?;
        let rest: Vec<&String> = ids
            .iter()
            .filter(|id| after.is_none_or(|a| id.as_str() > a))
            .collect();
        let page = &rest[..rest.len().min(limit)];
        let mut listed = Vec::new();
        for id in page {
            let id = CompetitionId::try_from(id.as_str())
                .map_err(|e| ServiceError::Corrupt(e.detail))?;
            if let Some(state) = self.load(&id).await?.filter(|s| s.public) {
                listed.push(state);
            }
        }
        let next = (rest.len() > page.len()).then(|| page.last().map(|s| s.to_string()));
        Ok(PublicPage {
            competitions: listed,
            next: next.flatten(),
        })
    }

    /// The competitions `user` belongs to.
    pub async fn competitions_of(&self, user: &UserId) -> Result<Vec<CompetitionId>, ServiceError> {
        self.found_under(user.as_str()).await
    }

    /// The competitions found under `key`: a user's, or a key that is not a
    /// user's (a chat a game is played in; see
    /// `rulebook::Membership::found_under`).
    pub async fn found_under(&self, key: &str) -> Result<Vec<CompetitionId>, ServiceError> {
        self.store
            .competitions_of(key)
            .await?
            .into_iter()
            .map(|id| CompetitionId::try_from(id).map_err(|e| ServiceError::Corrupt(e.detail)))
            .collect()
    }

    /// Ticks every competition whose deadline has passed at `now`, as the
    /// schedule `schedule`. Safe to run twice or concurrently: a tick that
    /// finds nothing due appends nothing.
    pub async fn sweep(
        &self,
        schedule: &str,
        now: DateTime<Utc>,
    ) -> Result<SweepReport, ServiceError> {
        const PAGE: usize = 500;
        let due = self.store.due_before(now, PAGE).await?;
        let mut report = SweepReport {
            schedule: schedule.to_owned(),
            due: due.len(),
            ..SweepReport::default()
        };
        let ctx = Context::schedule(schedule, now);
        for entry in due {
            let Ok(id) = CompetitionId::try_from(entry.competition) else {
                report.failed += 1;
                continue;
            };
            let (ticked, failure) = self.tick_until_settled(&id, &ctx, None, None).await;
            report.changed += usize::from(ticked.events > 0);
            if let Some(e) = failure {
                tracing::warn!(competition = %id, error = %e, "sweep could not tick");
                report.failed += 1;
            }
        }
        Ok(report)
    }

    /// Runs what is due at `ctx.now` in one competition, as a schedule
    /// would, for an official who does not want to wait for it (the TD's
    /// clock). Running it twice, or two at once, changes the state once. An
    /// Idempotency-Key applies to the first tick. A failure after some ticks
    /// landed is logged and the report of what landed answered: what they
    /// closed stays closed, and sending it again finishes the rest.
    pub async fn tick(
        &self,
        id: &CompetitionId,
        ctx: &Context,
        idempotency: Option<Idempotency>,
    ) -> Result<TickReport, ServiceError> {
        self.tick_if(id, ctx, idempotency, None).await
    }

    /// [`Service::tick`], only if the competition is at one of the `expected`
    /// versions when the first tick is decided.
    pub async fn tick_if(
        &self,
        id: &CompetitionId,
        ctx: &Context,
        idempotency: Option<Idempotency>,
        expected: Option<&[u64]>,
    ) -> Result<TickReport, ServiceError> {
        match self
            .tick_until_settled(id, ctx, idempotency, expected)
            .await
        {
            (report, Some(e)) if report.ticks == 0 => Err(e),
            (report, Some(e)) => {
                tracing::warn!(competition = %id, error = %e, "tick stopped early");
                Ok(report)
            }
            (report, None) => Ok(report),
        }
    }

    /// Ticks `id` while ticks still change something, at most
    /// [`MAX_TICKS_PER_SWEEP`] times: a tick may close what is due in parts
    /// (a large club's week of decay is split to keep each commit under the
    /// store's item size). Answers what landed and the failure that stopped
    /// it, if one did; the sweeps and the TD's clock share it.
    async fn tick_until_settled(
        &self,
        id: &CompetitionId,
        ctx: &Context,
        idempotency: Option<Idempotency>,
        expected: Option<&[u64]>,
    ) -> (TickReport, Option<ServiceError>) {
        let mut report = TickReport {
            competition: id.clone(),
            version: 0,
            ticks: 0,
            events: 0,
        };
        let mut idempotency = idempotency;
        let mut expected = expected;
        for _ in 0..MAX_TICKS_PER_SWEEP {
            let receipt = match self
                .execute_if(id, &Command::Tick, ctx, idempotency.take(), expected.take())
                .await
            {
                Ok(receipt) => receipt,
                Err(e) => return (report, Some(e)),
            };
            report.version = receipt.version;
            if receipt.events.is_empty() {
                break;
            }
            report.ticks += 1;
            report.events += receipt.events.len();
        }
        (report, None)
    }
}

/// The member index's entry for the public listing: '#' is in no user id,
/// so no user shares it.
pub const PUBLIC_LISTING: &str = "#public";

/// A page of the public listing and the cursor after it.
#[derive(Debug, Clone)]
pub struct PublicPage {
    pub competitions: Vec<Arc<Competition>>,
    pub next: Option<String>,
}

/// What one competition's tick did: how many commits and events it
/// appended, and the version it left. The events themselves are read from
/// the log, where each viewer sees what the rules let them see.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct TickReport {
    pub competition: CompetitionId,
    /// The competition's version after the tick.
    pub version: u64,
    /// Commits the tick appended (0 when nothing was due).
    pub ticks: usize,
    /// Events in those commits.
    pub events: usize,
}
