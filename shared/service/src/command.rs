//! The command pipeline: a command (or a request body read against the
//! competition it is decided on) is answered in four steps, each its own
//! function below:
//!
//! ```text
//! load    the competition, taken out of memory and brought up to date (one read)
//! decide  the command on it: events, a refusal, or nothing to do
//! plan    the append: the commit, the snapshot when due, the indexes it moves
//! append  conditionally on the version decided on; a lost race goes round again
//! ```
//!
//! An Idempotency-Key's answer, once kept, is answered again before any of it.

use crate::service::{Service, ServiceError, PUBLIC_LISTING};
use crate::snapshot::{encode_commit, encode_snapshot, Since};
use arbiter_domain::competition::{
    self, receipt, Actor, Command, Commit, Competition, CompetitionId, Context, Event, Idempotency,
    Receipt, UserId,
};
use arbiter_domain::Refusal;
use arbiter_store::{Append, DueChange, ReceiptRecord, Store, StoreError};
use chrono::{DateTime, Utc};
use std::sync::Arc;
use std::time::Instant;

/// What a command is made of.
#[derive(Clone, Copy)]
pub enum CommandInput<'a> {
    /// A command already built (the envelope's, a schedule's, a typed body).
    Command(&'a Command),
    /// A body read against the competition it is decided on: a kind's
    /// action is read as that kind's command, so the competition is loaded
    /// once, for both.
    Body(&'a (dyn Fn(&Competition) -> Result<Command, Refusal> + Send + Sync)),
}

/// What deciding came to.
enum Decided {
    /// Refused, stale or nothing to do: answered, and the state kept.
    Answer(Result<Receipt, ServiceError>),
    /// A commit to append on top of the state it was decided on.
    Commit(Option<Arc<Competition>>, Commit),
}

/// An append ready to be sent, and what memory keeps once it lands.
struct Planned {
    append: Append,
    next: Competition,
    counted: Since,
}

impl<S: Store> Service<S> {
    /// Decides `command` and appends its commit; retries when another writer
    /// appended first. With an Idempotency-Key, a request already answered is
    /// answered again from its receipt and changes nothing.
    pub async fn execute(
        &self,
        id: &CompetitionId,
        command: &Command,
        ctx: &Context,
        idempotency: Option<Idempotency>,
    ) -> Result<Receipt, ServiceError> {
        self.execute_if(id, command, ctx, idempotency, None).await
    }

    /// [`Service::execute`], only if the competition is still at one of the
    /// `expected` versions (the client's If-Match): decided on the very state
    /// the commit is appended to, so a stale client never changes it. A
    /// request already answered under its Idempotency-Key is answered again.
    pub async fn execute_if(
        &self,
        id: &CompetitionId,
        command: &Command,
        ctx: &Context,
        idempotency: Option<Idempotency>,
        expected: Option<&[u64]>,
    ) -> Result<Receipt, ServiceError> {
        let request = CommandInput::Command(command);
        self.execute_request(id, request, ctx, idempotency, expected)
            .await
    }

    /// [`Service::execute_if`] for a command made of `request`, logged as
    /// one line: competition, command, actor, outcome and duration.
    pub async fn execute_request(
        &self,
        id: &CompetitionId,
        request: CommandInput<'_>,
        ctx: &Context,
        idempotency: Option<Idempotency>,
        expected: Option<&[u64]>,
    ) -> Result<Receipt, ServiceError> {
        let started = Instant::now();
        let mut command = None;
        let result = self
            .execute_inner(id, request, &mut command, ctx, idempotency, expected)
            .await;
        let outcome = match &result {
            Ok(r) if r.events.is_empty() => "unchanged".to_owned(),
            Ok(_) => "applied".to_owned(),
            Err(ServiceError::Refused(r)) => {
                format!("refused: {}", r.clause.as_deref().unwrap_or("-"))
            }
            Err(e) => format!("failed: {e}"),
        };
        tracing::info!(
            competition = %id,
            command = command.as_ref().map_or("unread", Command::name),
            actor = %ctx.actor,
            outcome,
            duration_us = started.elapsed().as_micros() as u64,
            "command"
        );
        result
    }

    /// Load, decide, plan, append; again while other writers win the race.
    /// `command` keeps the command once read, for every attempt and the log.
    async fn execute_inner(
        &self,
        id: &CompetitionId,
        request: CommandInput<'_>,
        command: &mut Option<Command>,
        ctx: &Context,
        idempotency: Option<Idempotency>,
        expected: Option<&[u64]>,
    ) -> Result<Receipt, ServiceError> {
        for attempt in 0..self.config.max_attempts {
            if attempt > 0 {
                tokio::time::sleep(backoff(attempt)).await;
            }
            if let Some(first) = self.answered_before(id, ctx, idempotency.as_ref()).await? {
                return Ok(first);
            }
            let state = self.load_to_change(id).await?;
            let decided = self.decide(id, state, (request, command), ctx, &idempotency, expected);
            let (state, commit) = match decided {
                Decided::Answer(answer) => return answer,
                Decided::Commit(state, commit) => (state, commit),
            };
            let planned = self.plan(id, state, &commit, ctx);
            let moves_due = planned.append.due != DueChange::Unchanged;
            match self.store.append(planned.append).await {
                Ok(()) => {
                    if moves_due {
                        self.due_changed.notify_one();
                    }
                    self.recent().note(id.as_str(), planned.counted);
                    self.keep(Some(Arc::new(planned.next)));
                    return Ok(receipt(id, &commit));
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ServiceError::Contention(self.config.max_attempts))
    }

    /// Load: the competition taken out of memory (so that applying the
    /// commit changes it in place, uncopied) and brought up to date.
    async fn load_to_change(
        &self,
        id: &CompetitionId,
    ) -> Result<Option<Arc<Competition>>, ServiceError> {
        let taken = self.recent().take(id.as_str());
        self.refresh(id, taken).await
    }

    /// Decide: the command (read from the request the first time) on
    /// `state`. Anything but a commit to append puts the state back.
    fn decide(
        &self,
        id: &CompetitionId,
        state: Option<Arc<Competition>>,
        (request, command): (CommandInput<'_>, &mut Option<Command>),
        ctx: &Context,
        idempotency: &Option<Idempotency>,
        expected: Option<&[u64]>,
    ) -> Decided {
        let version = state.as_ref().map_or(0, |s| s.version);
        let decision = stale(state.as_deref(), expected)
            .and_then(|()| read(request, state.as_deref(), command))
            .and_then(|c| Ok((c.name(), competition::decide(state.as_deref(), c, ctx)?)));
        let (name, events) = match decision {
            Ok((name, events)) if !events.is_empty() => (name, events),
            answer => {
                self.keep(state);
                return Decided::Answer(answer.map(|(name, events)| Receipt {
                    competition: id.clone(),
                    version,
                    command: name.into(),
                    events,
                }));
            }
        };
        let commit = Commit {
            version: version + 1,
            at: ctx.now,
            actor: ctx.actor.clone(),
            command: name.into(),
            events,
            idempotency: idempotency.clone(),
        };
        Decided::Commit(state, commit)
    }

    /// Plan: the commit applied to the state, and the append that stores
    /// it: the snapshot when the log since the last one asks for it, the
    /// member and due-date indexes it moves, the answer kept under the
    /// caller's Idempotency-Key.
    fn plan(
        &self,
        id: &CompetitionId,
        state: Option<Arc<Competition>>,
        commit: &Commit,
        ctx: &Context,
    ) -> Planned {
        let version = commit.version - 1;
        let previous_due = state.as_ref().and_then(|s| s.next_due());
        // Nobody else holds the state unless a read still does: then (only
        // then) it is copied.
        let next = competition::apply(state.map(Arc::unwrap_or_clone), id, commit);
        let record = encode_commit(commit);
        let since = match version {
            0 => Some(Since::NEW),
            v => self.recent().since(id.as_str(), v),
        };
        // Uncounted (a race left no count): the log since the last snapshot
        // is unknown, so one is taken to restart the count.
        let snapshot = (since.is_none_or(|s| s.due(record.body.len()))
            || commit.version.is_multiple_of(self.config.snapshot_every))
        .then(|| encode_snapshot(&next));
        let counted = since.unwrap_or(Since::NEW).after(
            commit.version,
            record.body.len(),
            snapshot.as_ref().map(|s| s.body.len()),
        );
        let append = Append {
            competition: id.as_str().to_owned(),
            expected_version: version,
            commit: record,
            snapshot,
            members_added: members_added(commit),
            due: due_change(previous_due, next.next_due()),
            receipt: match (&commit.idempotency, &ctx.actor) {
                (Some(idem), Actor::User(user)) => Some(kept_receipt(user, idem, commit, ctx.now)),
                _ => None,
            },
        };
        Planned {
            append,
            next,
            counted,
        }
    }

    /// The answer already given to the caller's Idempotency-Key, if any.
    async fn answered_before(
        &self,
        id: &CompetitionId,
        ctx: &Context,
        idempotency: Option<&Idempotency>,
    ) -> Result<Option<Receipt>, ServiceError> {
        match (idempotency, &ctx.actor) {
            (Some(idem), Actor::User(user)) => self.kept(id, user, idem, ctx.now).await,
            _ => Ok(None),
        }
    }

    /// The answer kept for `user`'s Idempotency-Key in `id`, rebuilt from the
    /// commit it made; a key reused for another request is refused.
    pub(crate) async fn kept(
        &self,
        id: &CompetitionId,
        user: &UserId,
        idem: &Idempotency,
        now: DateTime<Utc>,
    ) -> Result<Option<Receipt>, ServiceError> {
        let Some(body) = self
            .store
            .receipt(id.as_str(), &receipt_id(user, &idem.key), now)
            .await?
        else {
            return Ok(None);
        };
        let kept: KeptAnswer = serde_json::from_slice(&body)
            .map_err(|e| ServiceError::Corrupt(format!("a kept receipt is unreadable: {e}")))?;
        if kept.digest != idem.request_digest {
            return Err(Refusal::invalid(
                "this Idempotency-Key was already used for a different request",
            )
            .into());
        }
        let page = self
            .store
            .commits(id.as_str(), kept.version.saturating_sub(1), 1)
            .await?;
        let Some(record) = page.first().filter(|c| c.version == kept.version) else {
            return Err(ServiceError::Corrupt(format!(
                "a kept receipt names commit {} of {id}, which is missing",
                kept.version
            )));
        };
        let commit = crate::snapshot::decode_commit(record).map_err(ServiceError::Corrupt)?;
        Ok(Some(receipt(id, &commit)))
    }
}

/// A refusal when the caller decided on another version (If-Match).
fn stale(state: Option<&Competition>, expected: Option<&[u64]>) -> Result<(), ServiceError> {
    match (expected, state.map(|s| s.version)) {
        (Some(expected), Some(current)) if !expected.contains(&current) => {
            Err(ServiceError::Stale {
                current,
                expected: expected.to_vec(),
            })
        }
        _ => Ok(()),
    }
}

/// The command `request` makes on `state`, read once and kept in `command`.
fn read<'c>(
    request: CommandInput<'_>,
    state: Option<&Competition>,
    command: &'c mut Option<Command>,
) -> Result<&'c Command, ServiceError> {
    if command.is_none() {
        *command = Some(match request {
            CommandInput::Command(c) => c.clone(),
            CommandInput::Body(read) => {
                let state = state.ok_or_else(|| Refusal::not_found("no such competition"))?;
                read(state)?
            }
        });
    }
    Ok(command.as_ref().expect("read above"))
}

/// How the competition's next due instant moves with a commit.
fn due_change(before: Option<DateTime<Utc>>, after: Option<DateTime<Utc>>) -> DueChange {
    match (before, after) {
        (a, b) if a == b => DueChange::Unchanged,
        (_, Some(at)) => DueChange::Set(at),
        (_, None) => DueChange::Clear,
    }
}

/// The wait before retry `attempt` of a command that lost a race: a random
/// share ("full jitter") of a ceiling that doubles from 1 ms to 64 ms, so
/// the writers that lost to the same winner spread out instead of reloading
/// and colliding again in lockstep.
fn backoff(attempt: usize) -> std::time::Duration {
    use std::hash::{BuildHasher, Hasher};
    let ceiling_us = 1_000u64 << attempt.saturating_sub(1).min(6);
    // std's RandomState is keyed from the operating system's randomness.
    let draw = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    std::time::Duration::from_micros(draw % ceiling_us + 1)
}

/// Who the commit makes a member (they find the competition in theirs), and
/// the public listing when it lists the competition.
fn members_added(commit: &Commit) -> Vec<String> {
    let mut members: Vec<String> = commit
        .events
        .iter()
        .flat_map(|r| r.event.members_added())
        .map(|u| u.as_str().to_owned())
        .chain(commit.events.iter().flat_map(|r| r.event.found_under()))
        .collect();
    let listed = commit
        .events
        .iter()
        .any(|r| matches!(r.event, Event::PublicSet { public: true }));
    if listed {
        members.push(PUBLIC_LISTING.to_owned());
    }
    members
}

/// How long an Idempotency-Key's answer is kept: 24 hours after the request,
/// the common choice of payment APIs, whatever else happens in the
/// competition meanwhile.
pub const RECEIPT_WINDOW_HOURS: i64 = 24;

/// What is kept under a key: the request's digest (a reused key with
/// another request is refused) and the commit that answered it (the
/// receipt is rebuilt from it, so the kept item stays small).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeptAnswer {
    digest: String,
    version: u64,
}

/// The store's id of `user`'s key: a digest, so any user id and any key of
/// 1 to 255 visible characters make a fixed-length id.
fn receipt_id(user: &UserId, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(user.as_str())
        .chain_update([0])
        .chain_update(key)
        .finalize();
    hex::encode(digest)
}

fn kept_receipt(
    user: &UserId,
    idem: &Idempotency,
    commit: &Commit,
    now: DateTime<Utc>,
) -> ReceiptRecord {
    let body = serde_json::to_vec(&KeptAnswer {
        digest: idem.request_digest.clone(),
        version: commit.version,
    })
    .expect("a kept answer serializes");
    ReceiptRecord {
        id: receipt_id(user, &idem.key),
        body,
        at: now,
        expires: now
            .checked_add_signed(chrono::Duration::hours(RECEIPT_WINDOW_HOURS))
            .unwrap_or(DateTime::<Utc>::MAX_UTC),
    }
}
