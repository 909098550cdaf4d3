//! The log port ([`Store`]) on the table: loads, appends, pages of the
//! log, the deadline and member indexes, receipts.

use super::contention::{ConflictRetry, TokioPacer};
use super::*;

impl Store for DynamoStore {
    async fn load(&self, competition: &str) -> Result<Option<Loaded>, StoreError> {
        // Newest first, until the item that carries the latest snapshot.
        let mut newer = Vec::new();
        let mut snapshot = None;
        let mut start = None;
        let mut page = self.load_page;
        'pages: loop {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .consistent_read(true)
                .key_condition_expression("#pk = :pk AND begins_with(#sk, :v)")
                .expression_attribute_names("#pk", PK)
                .expression_attribute_names("#sk", SK)
                .expression_attribute_values(":pk", s(pk(competition)))
                .expression_attribute_values(":v", s("V#"))
                .scan_index_forward(false)
                .limit(page)
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (load)", e))?;
            self.count_read();
            for item in out.items() {
                let commit = commit_record(item)?;
                if let Some(body) = get_b(item, SNAP)? {
                    snapshot = Some(Snapshot {
                        version: commit.version,
                        body,
                    });
                    break 'pages;
                }
                if let Some(parts) = get_n(item, SNAP_PARTS)? {
                    snapshot = Some(Snapshot {
                        version: commit.version,
                        body: self
                            .snapshot_in_parts(competition, commit.version, parts)
                            .await?,
                    });
                    break 'pages;
                }
                newer.push(commit);
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
            page = page.saturating_mul(2);
        }
        newer.reverse();
        Ok((snapshot.is_some() || !newer.is_empty()).then_some(Loaded {
            snapshot,
            commits: newer,
        }))
    }

    async fn append(&self, append: Append) -> Result<(), StoreError> {
        validate(&append)?;
        let mut commit = self.commit_item(&append)?;
        // Which append wrote the commit: see [`DynamoStore::landed`].
        let mark = request_token();
        commit.insert(TOKEN.to_owned(), s(mark.clone()));
        let parts = self.snapshot_parts(&append, &commit)?;
        let transaction = self.transaction(&append, commit, parts)?;
        let (append, mark) = (&append, mark.as_str());
        let last = ConflictRetry::default()
            .run(&TokioPacer::new(), request_token, |token| {
                let items = transaction.clone();
                async move {
                    match self.transact(items, &token).await {
                        Err(StoreError::Conflict) if self.landed(append, mark).await? => {
                            Ok(Attempt::Done)
                        }
                        other => other,
                    }
                }
            })
            .await?;
        match last {
            Attempt::Done => Ok(()),
            // Nothing was written: the caller reloads and decides again.
            Attempt::Contended => {
                tracing::debug!(competition = %append.competition, "append contended");
                Err(StoreError::Conflict)
            }
            Attempt::InProgress => Err(StoreError::Indeterminate(
                "DynamoDB transact write items: the append was still in progress after \
                 retries"
                    .into(),
            )),
        }
    }

    async fn receipt(
        &self,
        competition: &str,
        id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .consistent_read(true)
            .set_key(Some(key(pk(competition), receipt_sk(id))))
            .send()
            .await
            .map_err(|e| sdk_unavailable("get item (receipt)", e))?;
        self.count_read();
        let Some(item) = out.item else {
            return Ok(None);
        };
        let expires = item
            .get(AT)
            .and_then(|v| v.as_n().ok())
            .and_then(|v| v.parse::<i64>().ok())
            .ok_or_else(|| unavailable("get item (receipt)", "a receipt without its expiry"))?;
        if expires <= now.timestamp_millis() {
            return Ok(None);
        }
        let body = item
            .get(BODY)
            .and_then(|v| v.as_b().ok())
            .ok_or_else(|| unavailable("get item (receipt)", "a receipt without its body"))?;
        Ok(Some(body.as_ref().to_vec()))
    }

    async fn commits(
        &self,
        competition: &str,
        after: Version,
        limit: usize,
    ) -> Result<Vec<CommitRecord>, StoreError> {
        let Some(first) = after.checked_add(1) else {
            return Ok(vec![]);
        };
        let mut commits = Vec::new();
        let mut start = None;
        while commits.len() < limit {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .consistent_read(true)
                .key_condition_expression("#pk = :pk AND #sk BETWEEN :from AND :to")
                .projection_expression("#sk, #body")
                .expression_attribute_names("#pk", PK)
                .expression_attribute_names("#sk", SK)
                .expression_attribute_names("#body", BODY)
                .expression_attribute_values(":pk", s(pk(competition)))
                .expression_attribute_values(":from", s(version_sk(first)))
                .expression_attribute_values(":to", s(version_sk(Version::MAX)))
                .limit(page_limit(limit - commits.len()))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (commits)", e))?;
            self.count_read();
            for item in out.items() {
                commits.push(commit_record(item)?);
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
        }
        commits.truncate(limit);
        Ok(commits)
    }

    async fn due_before(&self, t: DateTime<Utc>, limit: usize) -> Result<Vec<Due>, StoreError> {
        let upto = t.timestamp_millis().min(MAX_DUE_MILLIS);
        if upto < 0 {
            // Nothing before 1970 is ever in the index.
            return Ok(vec![]);
        }
        // Every key of an instant at or before `upto` is `<15 digits>#<id>`
        // with digits <= upto's; '$' is the character after '#', so this
        // bound takes every id due exactly at `upto` and nothing later.
        let bound = format!("{upto:015}$");
        let mut due = Vec::new();
        let mut start = None;
        while due.len() < limit {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .index_name(GSI2)
                .key_condition_expression("#pk = :due AND #sk < :bound")
                .expression_attribute_names("#pk", GSI2PK)
                .expression_attribute_names("#sk", GSI2SK)
                .expression_attribute_values(":due", s(DUE))
                .expression_attribute_values(":bound", s(bound.clone()))
                .limit(page_limit(limit - due.len()))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (due before)", e))?;
            for item in out.items() {
                let competition = get_s(item, PK)?
                    .strip_prefix("C#")
                    .ok_or_else(|| unavailable("item", "bad deadline partition key"))?
                    .to_owned();
                let at = get_millis(item)?;
                due.push(Due { competition, at });
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
        }
        due.truncate(limit);
        Ok(due)
    }

    async fn next_due(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        // The index sorts by instant (`<15 digits>#<id>`): its first item is
        // the earliest deadline.
        let out = self
            .client
            .query()
            .table_name(&self.table)
            .index_name(GSI2)
            .key_condition_expression("#pk = :due")
            .expression_attribute_names("#pk", GSI2PK)
            .expression_attribute_values(":due", s(DUE))
            .limit(1)
            .send()
            .await
            .map_err(|e| sdk_unavailable("query (next due)", e))?;
        out.items().first().map(get_millis).transpose()
    }

    async fn competitions_of(&self, user: &str) -> Result<Vec<String>, StoreError> {
        let mut competitions = Vec::new();
        let mut start = None;
        loop {
            let out = self
                .client
                .query()
                .table_name(&self.table)
                .index_name(GSI1)
                .key_condition_expression("#pk = :user")
                .expression_attribute_names("#pk", GSI1PK)
                .expression_attribute_values(":user", s(format!("U#{user}")))
                .set_exclusive_start_key(start)
                .send()
                .await
                .map_err(|e| sdk_unavailable("query (competitions of)", e))?;
            for item in out.items() {
                let id = get_s(item, GSI1SK)?
                    .strip_prefix("C#")
                    .ok_or_else(|| unavailable("item", "bad member index sort key"))?;
                competitions.push(id.to_owned());
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                break;
            }
        }
        competitions.sort();
        competitions.dedup();
        Ok(competitions)
    }
}
