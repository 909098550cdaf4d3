//! The log port ([`Store`]) on the file.

use super::*;

impl Store for EmbeddedStore {
    async fn load(&self, competition: &str) -> Result<Option<Loaded>, StoreError> {
        self.read(|txn| {
            let snapshot = txn.open_table(SNAPSHOTS)?.get(competition)?.map(|v| {
                let (version, body) = v.value();
                Snapshot {
                    version,
                    body: body.to_vec(),
                }
            });
            let after = snapshot.as_ref().map_or(0, |s| s.version);
            let commits = txn
                .open_table(COMMITS)?
                .range((competition, after + 1)..=(competition, u64::MAX))?
                .map(|r| {
                    r.map(|(k, v)| CommitRecord {
                        version: k.value().1,
                        body: v.value().to_vec(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok((snapshot.is_some() || !commits.is_empty()).then_some(Loaded { snapshot, commits }))
        })
    }

    async fn append(&self, append: Append) -> Result<(), StoreError> {
        validate(&append)?;
        self.write(Write::Append(append)).await.map(drop)
    }

    async fn commits(
        &self,
        competition: &str,
        after: Version,
        limit: usize,
    ) -> Result<Vec<CommitRecord>, StoreError> {
        self.read(|txn| {
            txn.open_table(COMMITS)?
                .range((competition, after.saturating_add(1))..=(competition, u64::MAX))?
                .take(limit)
                .map(|r| {
                    r.map(|(k, v)| CommitRecord {
                        version: k.value().1,
                        body: v.value().to_vec(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    async fn due_before(&self, t: DateTime<Utc>, limit: usize) -> Result<Vec<Due>, StoreError> {
        let upto = t.timestamp_millis();
        self.read(|txn| {
            txn.open_table(DUE)?
                .range((i64::MIN, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 <= upto))
                .take(limit)
                .map(|r| {
                    r.map(|(k, _)| {
                        let (ms, id) = k.value();
                        Due {
                            competition: id.to_owned(),
                            at: millis(ms),
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    async fn next_due(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        self.read(|txn| {
            let table = txn.open_table(DUE)?;
            let first = table.first()?;
            Ok(first.map(|(k, _)| millis(k.value().0)))
        })
    }

    async fn receipt(
        &self,
        competition: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|txn| {
            let table = txn.open_table(RECEIPTS)?;
            let kept = table.get((competition, id))?;
            Ok(kept.and_then(|v| {
                let (expires, body) = v.value();
                (expires > now.timestamp_millis()).then(|| body.to_vec())
            }))
        })
    }

    async fn competitions_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        self.read(|txn| {
            txn.open_table(MEMBERS)?
                .range((user, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 == user))
                .map(|r| r.map(|(k, _)| k.value().1.to_owned()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }
}
