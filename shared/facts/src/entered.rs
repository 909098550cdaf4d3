//! Organizer-entered facts: a table of [`PlayerFacts`] by account, for
//! accounts whose facts the public API cannot give (acwc II.B exceptions,
//! dated marks, other accounts), for `arbiter simulate`, and for running
//! with no network.

use crate::{FactsError, FactsSource};
use arbiter_domain::chess::acwc::{PlayerFacts, Settings};
use futures::future::BoxFuture;
use std::collections::BTreeMap;
use std::sync::RwLock;

/// Facts the organizer entered, looked up by account (case-insensitive, as
/// Lichess usernames are).
#[derive(Debug, Default)]
pub struct EnteredFacts {
    by_account: RwLock<BTreeMap<String, PlayerFacts>>,
}

impl EnteredFacts {
    pub fn new() -> Self {
        Self::default()
    }

    /// Enters (or replaces) the facts of `facts.account`.
    pub fn enter(&self, facts: PlayerFacts) {
        self.by_account
            .write()
            .expect("facts lock")
            .insert(facts.account.to_lowercase(), facts);
    }

    /// A table read from a JSON array of facts.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        let all: Vec<PlayerFacts> = serde_json::from_str(text)?;
        let table = Self::new();
        for f in all {
            table.enter(f);
        }
        Ok(table)
    }

    fn get(&self, account: &str) -> Option<PlayerFacts> {
        self.by_account
            .read()
            .expect("facts lock")
            .get(&account.to_lowercase())
            .cloned()
    }
}

impl FactsSource for EnteredFacts {
    fn player_facts<'a>(
        &'a self,
        account: &'a str,
        _settings: &'a Settings,
    ) -> BoxFuture<'a, Result<PlayerFacts, FactsError>> {
        let found = self
            .get(account)
            .ok_or_else(|| FactsError::UnknownAccount(account.to_owned()));
        Box::pin(async move { found })
    }

    fn name(&self) -> &'static str {
        "entered"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_domain::chess::acwc::testkit::{facts, settings_2019};

    #[tokio::test]
    async fn entered_facts_are_found_whatever_the_case_and_unknown_accounts_are_not() {
        let table = EnteredFacts::from_json(
            &serde_json::to_string(&vec![facts("Alice_1", 2100), facts("bob", 1900)]).unwrap(),
        )
        .unwrap();
        let s = settings_2019();
        let f = table.player_facts("alice_1", &s).await.unwrap();
        assert_eq!(f.account, "Alice_1");
        assert_eq!(
            table.player_facts("carol", &s).await,
            Err(FactsError::UnknownAccount("carol".into()))
        );
    }
}
