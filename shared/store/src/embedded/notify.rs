//! The notifier's port ([`NotifyStore`]) on the file.

use super::*;

impl NotifyStore for EmbeddedStore {
    async fn put_subscription(
        &self,
        competition: &str,
        id: &str,
        body: Vec<u8>,
    ) -> Result<(), StoreError> {
        validate_competition(competition)?;
        self.write(Write::PutSubscription {
            competition: competition.to_owned(),
            id: id.to_owned(),
            body,
        })
        .await
        .map(drop)
    }

    async fn delete_subscription(&self, competition: &str, id: &str) -> Result<bool, StoreError> {
        validate_competition(competition)?;
        self.write(Write::DeleteSubscription {
            competition: competition.to_owned(),
            id: id.to_owned(),
        })
        .await
    }

    async fn subscriptions(
        &self,
        competition: &str,
    ) -> Result<Vec<SubscriptionRecord>, StoreError> {
        validate_competition(competition)?;
        self.read(|txn| {
            txn.open_table(SUBSCRIPTIONS)?
                .range((competition, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 == competition))
                .map(|r| {
                    r.map(|(k, v)| SubscriptionRecord {
                        id: k.value().1.to_owned(),
                        body: v.value().to_vec(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(Into::into)
        })
    }

    async fn claim(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window: chrono::Duration,
    ) -> Result<bool, StoreError> {
        validate_claim_key(key)?;
        // Decided by the writer thread, against every write before it: two
        // concurrent claims of a free key are two writes in one order.
        self.write(Write::Claim {
            key: key.to_owned(),
            now: now.timestamp_millis(),
            window: window.num_milliseconds(),
        })
        .await
    }

    async fn release(&self, key: &str) -> Result<(), StoreError> {
        validate_claim_key(key)?;
        self.write(Write::Release {
            key: key.to_owned(),
        })
        .await
        .map(drop)
    }

    async fn put_dead_letter(&self, letter: DeadLetterRecord) -> Result<(), StoreError> {
        validate_competition(&letter.competition)?;
        self.write(Write::PutDeadLetter(letter)).await.map(drop)
    }

    async fn dead_letters(
        &self,
        competition: &str,
        limit: usize,
    ) -> Result<Vec<DeadLetterRecord>, StoreError> {
        validate_competition(competition)?;
        let mut letters = self.read(|txn| {
            txn.open_table(DEAD_LETTERS)?
                .range((competition, "")..)?
                .take_while(|r| r.as_ref().map_or(true, |(k, _)| k.value().0 == competition))
                .map(|r| {
                    r.map(|(k, v)| {
                        let (ms, body) = v.value();
                        DeadLetterRecord {
                            competition: competition.to_owned(),
                            at: millis(ms),
                            id: k.value().1.to_owned(),
                            body: body.to_vec(),
                        }
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(StoreError::from)
        })?;
        newest_first(&mut letters, limit);
        Ok(letters)
    }
}
