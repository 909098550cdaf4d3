//! The one writer: batches of queued writes, each batch one transaction
//! (group commit).

use super::*;

pub(super) fn write_loop(
    handle: &Handle,
    open: &OpenBackend,
    room: &RoomProbe,
    jobs: &mpsc::Receiver<(Write, Reply)>,
) {
    let mut failed = false;
    // Ends when every EmbeddedStore clone is dropped.
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // After a failed batch the handle refuses writes for good (redb:
        // "Previous I/O error occurred"): open the file afresh first, once
        // there is room; until then the handle stays for reads.
        let outcome = if !failed {
            current(handle).and_then(|db| write_batch(&db, &batch))
        } else if let Err(e) = room() {
            Err(unavailable(format!("no room to write: {e}")))
        } else {
            reopen(handle, open);
            current(handle).and_then(|db| write_batch(&db, &batch))
        };
        failed = outcome.is_err();
        match outcome {
            Ok(results) => {
                for ((_, reply), result) in batch.into_iter().zip(results) {
                    let _ = reply.send(result);
                }
            }
            Err(e) => {
                // The transaction did not commit: nothing of the batch landed.
                tracing::warn!(error = %e, "embedded store: a write batch failed");
                for (_, reply) in batch {
                    let _ = reply.send(Err(e.clone()));
                }
            }
        }
    }
}

/// The tables a batch writes, open in its one transaction.
struct Tables<'t> {
    commits: redb::Table<'t, (&'static str, u64), &'static [u8]>,
    snapshots: redb::Table<'t, &'static str, (u64, &'static [u8])>,
    members: redb::Table<'t, (&'static str, &'static str), ()>,
    due: redb::Table<'t, (i64, &'static str), ()>,
    due_of: redb::Table<'t, &'static str, i64>,
    feed: redb::Table<'t, u64, (&'static str, u64)>,
    subscriptions: redb::Table<'t, (&'static str, &'static str), &'static [u8]>,
    claims: redb::Table<'t, &'static str, i64>,
    receipts: redb::Table<'t, (&'static str, &'static str), (i64, &'static [u8])>,
    dead_letters: redb::Table<'t, (&'static str, &'static str), (i64, &'static [u8])>,
    /// The feed number the next commit gets.
    next_seq: u64,
}

fn write_batch(
    db: &Database,
    batch: &[(Write, Reply)],
) -> Result<Vec<Result<bool, StoreError>>, StoreError> {
    let txn = db.begin_write()?;
    let mut results = Vec::with_capacity(batch.len());
    {
        let feed = txn.open_table(FEED)?;
        let next_seq = feed.last()?.map_or(0, |(k, _)| k.value()) + 1;
        let mut t = Tables {
            commits: txn.open_table(COMMITS)?,
            snapshots: txn.open_table(SNAPSHOTS)?,
            members: txn.open_table(MEMBERS)?,
            due: txn.open_table(DUE)?,
            due_of: txn.open_table(DUE_OF)?,
            feed,
            subscriptions: txn.open_table(SUBSCRIPTIONS)?,
            claims: txn.open_table(CLAIMS)?,
            receipts: txn.open_table(RECEIPTS)?,
            dead_letters: txn.open_table(DEAD_LETTERS)?,
            next_seq,
        };
        for (write, _) in batch {
            results.push(apply(&mut t, write)?);
        }
    }
    txn.commit()?;
    Ok(results)
}

/// Applies one write of a batch. The outer error is the backend's and fails
/// the whole batch; the inner one is this write's own answer (a conflict).
fn apply(t: &mut Tables<'_>, write: &Write) -> Result<Result<bool, StoreError>, StoreError> {
    match write {
        Write::Append(append) => append_one(t, append),
        Write::PutSubscription {
            competition,
            id,
            body,
        } => {
            t.subscriptions
                .insert((competition.as_str(), id.as_str()), body.as_slice())?;
            Ok(Ok(true))
        }
        Write::DeleteSubscription { competition, id } => {
            let removed = t
                .subscriptions
                .remove((competition.as_str(), id.as_str()))?
                .is_some();
            Ok(Ok(removed))
        }
        Write::Claim { key, now, window } => {
            let claimed = t.claims.get(key.as_str())?.map(|v| v.value());
            let won = claimed.is_none_or(|at| claim_lapsed(at, *now, *window));
            if won {
                t.claims.insert(key.as_str(), *now)?;
            }
            Ok(Ok(won))
        }
        Write::Release { key } => {
            t.claims.remove(key.as_str())?;
            Ok(Ok(true))
        }
        Write::PutDeadLetter(letter) => {
            t.dead_letters.insert(
                (letter.competition.as_str(), letter.id.as_str()),
                (letter.at.timestamp_millis(), letter.body.as_slice()),
            )?;
            Ok(Ok(true))
        }
    }
}

fn append_one(t: &mut Tables<'_>, append: &Append) -> Result<Result<bool, StoreError>, StoreError> {
    let id = append.competition.as_str();
    let latest = t
        .commits
        .range((id, 0)..=(id, u64::MAX))?
        .next_back()
        .transpose()?
        .map_or(0, |(k, _)| k.value().1);
    if latest != append.expected_version {
        return Ok(Err(StoreError::Conflict));
    }
    if let Some(r) = &append.receipt {
        let kept = t.receipts.get((id, r.id.as_str()))?.map(|v| v.value().0);
        if kept.is_some_and(|expires| expires > r.at.timestamp_millis()) {
            return Ok(Err(StoreError::Conflict));
        }
        t.receipts.insert(
            (id, r.id.as_str()),
            (r.expires.timestamp_millis(), r.body.as_slice()),
        )?;
    }
    t.commits
        .insert((id, append.commit.version), append.commit.body.as_slice())?;
    // Same transaction as the commit: the feed and the logs never disagree.
    t.feed.insert(t.next_seq, (id, append.commit.version))?;
    t.next_seq += 1;
    if let Some(s) = &append.snapshot {
        t.snapshots.insert(id, (s.version, s.body.as_slice()))?;
    }
    for user in &append.members_added {
        t.members.insert((user.as_str(), id), ())?;
    }
    if append.due != DueChange::Unchanged {
        let previous = t.due_of.remove(id)?.map(|v| v.value());
        if let Some(ms) = previous {
            t.due.remove((ms, id))?;
        }
        if let DueChange::Set(at) = append.due {
            let ms = at.timestamp_millis();
            t.due.insert((ms, id), ())?;
            t.due_of.insert(id, ms)?;
        }
    }
    Ok(Ok(true))
}
