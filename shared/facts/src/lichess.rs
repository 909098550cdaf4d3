//! The Lichess adapter: player facts from Lichess's public API, with a
//! configurable base URL (tests point it at a local fake server).
//!
//! What it asks and what each answer is good for:
//!
//! | request | gives | rule |
//! |---|---|---|
//! | `GET /api/user/{name}` | `createdAt` (ms), `perfs.{variant}.games` (rated games now), `tosViolation`, `disabled` | acwc II.A.1, II.A.2, II.C |
//! | `GET /api/games/user/{name}?until=…&max=…&perfType=…&rated=true` | rated games in the variant before the games cutoff, counted up to the minimum | acwc II.A.2 |
//! | `GET /api/user/{name}/rating-history` | one point per day, `[year, month (0-based), day, rating]` | acwc III.E |
//!
//! What it cannot know: the kind (engine or booster) and date of a mark —
//! the public API only flags `tosViolation` — and which other accounts a
//! player owns (II.C.4). A flagged or closed account is entered with the
//! flag in [`PlayerFacts::unverified`], so the entry waits for the TD's
//! review (II.C.2) instead of being admitted or refused on a guess.

use crate::{FactsError, FactsSource};
use arbiter_domain::chess::acwc::{PlayerFacts, RatingPoint, Settings};
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use futures::future::BoxFuture;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Lichess's public API.
pub const PUBLIC_BASE: &str = "https://lichess.org";

/// A client of Lichess's public API.
#[derive(Debug, Clone)]
pub struct Lichess {
    http: reqwest::Client,
    base: String,
}

impl Lichess {
    /// A client of the API at `base` (e.g. [`PUBLIC_BASE`], or a fake
    /// server's `http://127.0.0.1:port`).
    pub fn new(base: impl Into<String>) -> Self {
        let http = reqwest::Client::builder()
            .user_agent(concat!("arbiter/", env!("CARGO_PKG_VERSION")))
            .timeout(std::time::Duration::from_secs(20))
            .build()
            .expect("an HTTP client with default settings");
        Self {
            http,
            base: base.into().trim_end_matches('/').to_owned(),
        }
    }

    /// GETs `path` about the account `name`; 404 means no such account.
    async fn get(
        &self,
        name: &str,
        path: &str,
        accept: &str,
    ) -> Result<reqwest::Response, FactsError> {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .header(reqwest::header::ACCEPT, accept)
            .send()
            .await
            .map_err(|e| FactsError::Unavailable(format!("GET {path}: {e}")))?;
        match r.status() {
            s if s.is_success() => Ok(r),
            reqwest::StatusCode::NOT_FOUND => Err(FactsError::UnknownAccount(name.to_owned())),
            s => Err(FactsError::Unavailable(format!("GET {path}: {s}"))),
        }
    }

    async fn json<T: serde::de::DeserializeOwned>(
        &self,
        name: &str,
        path: &str,
    ) -> Result<T, FactsError> {
        self.get(name, path, "application/json")
            .await?
            .json()
            .await
            .map_err(|e| FactsError::Unavailable(format!("GET {path}: {e}")))
    }

    /// acwc II.A.2: rated games in `variant` finished before `cutoff`,
    /// counted up to `enough` (one more than needed tells nothing more).
    async fn games_before(
        &self,
        name: &str,
        variant: &str,
        cutoff: DateTime<Utc>,
        enough: u32,
    ) -> Result<u32, FactsError> {
        let path = format!(
            "/api/games/user/{name}?until={}&max={enough}&perfType={variant}&rated=true&moves=false",
            cutoff.timestamp_millis() - 1
        );
        let text = self
            .get(name, &path, "application/x-ndjson")
            .await?
            .text()
            .await
            .map_err(|e| FactsError::Unavailable(format!("GET {path}: {e}")))?;
        let games = text.lines().filter(|l| !l.trim().is_empty()).count();
        Ok(u32::try_from(games).unwrap_or(u32::MAX))
    }

    async fn fetch(&self, account: &str, settings: &Settings) -> Result<PlayerFacts, FactsError> {
        let name = account.trim();
        if !valid_username(name) {
            return Err(FactsError::UnknownAccount(name.to_owned()));
        }
        let variant = settings.variant.as_str();
        if !variant.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(FactsError::Unavailable(format!(
                "{variant:?} is not a Lichess perf key"
            )));
        }
        let user: User = self.json(name, &format!("/api/user/{name}")).await?;
        let account_created_at = Utc
            .timestamp_millis_opt(user.created_at)
            .single()
            .ok_or_else(|| FactsError::Unavailable("createdAt is not an instant".into()))?;
        let games_now = user
            .perfs
            .get(variant)
            .and_then(|p| p.get("games"))
            .and_then(serde_json::Value::as_u64)
            .map_or(0, |g| u32::try_from(g).unwrap_or(u32::MAX));
        // The count now bounds the count before the cutoff from above once
        // the cutoff has passed, and from below before it: too few now is
        // too few (for now); enough now needs the exact count before the cutoff.
        let games = if games_now < settings.minimum_rated_games {
            games_now
        } else {
            self.games_before(
                name,
                variant,
                settings.games_cutoff,
                settings.minimum_rated_games,
            )
            .await?
        };
        let history: Vec<History> = self
            .json(name, &format!("/api/user/{name}/rating-history"))
            .await?;
        let rating_history = history
            .into_iter()
            .find(|h| perf_key(&h.name) == perf_key(variant))
            .map(|h| h.points.iter().filter_map(|p| point(*p)).collect())
            .unwrap_or_default();
        let mut unverified = vec![];
        if user.tos_violation {
            unverified.push(
                "Lichess flags the account for a terms-of-service violation; the public API gives neither the kind (engine, booster) nor the date (acwc II.C.1-2)"
                    .to_owned(),
            );
        }
        if user.disabled {
            unverified.push("the Lichess account is closed".to_owned());
        }
        Ok(PlayerFacts {
            account: user.username,
            account_created_at,
            rated_games: BTreeMap::from([(variant.to_owned(), games)]),
            rating_history,
            marks: vec![],
            other_accounts: vec![],
            unverified,
        })
    }
}

impl FactsSource for Lichess {
    fn player_facts<'a>(
        &'a self,
        account: &'a str,
        settings: &'a Settings,
    ) -> BoxFuture<'a, Result<PlayerFacts, FactsError>> {
        Box::pin(self.fetch(account, settings))
    }

    fn name(&self) -> &'static str {
        "lichess"
    }
}

/// `GET /api/user/{name}`, the fields used.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct User {
    username: String,
    created_at: i64,
    /// By perf key; most are `{games, rating, rd, prog, prov?}`, a few
    /// (storm, racer, streak) have other shapes.
    #[serde(default)]
    perfs: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    tos_violation: bool,
    #[serde(default)]
    disabled: bool,
}

/// `GET /api/user/{name}/rating-history`: one entry per perf.
#[derive(Debug, Deserialize)]
struct History {
    name: String,
    #[serde(default)]
    points: Vec<[i64; 4]>,
}

/// Lichess usernames: 2 to 30 letters, digits, `_` or `-`. Anything else
/// never reaches a URL.
fn valid_username(name: &str) -> bool {
    (2..=30).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A perf's key (`kingOfTheHill`) and its history name (`King of the Hill`)
/// compared without case, spaces or hyphens.
fn perf_key(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A history point `[year, month0, day, rating]`: the day's last rating,
/// held from the end of that UTC day (a rating earned on 1 September was not
/// held at 1 September 00:00; docs/rulings/acwc.md, III.E).
fn point([y, m0, d, r]: [i64; 4]) -> Option<RatingPoint> {
    let date = NaiveDate::from_ymd_opt(
        i32::try_from(y).ok()?,
        u32::try_from(m0 + 1).ok()?,
        u32::try_from(d).ok()?,
    )?;
    let end_of_day = date.and_hms_opt(0, 0, 0)?.and_utc() + Duration::days(1);
    Some(RatingPoint {
        at: end_of_day,
        rating: u32::try_from(r).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_history_months_are_zero_based_and_a_point_holds_from_the_end_of_its_day() {
        // [2019, 7, 31, 2100]: 31 August 2019, held from 1 September 00:00.
        let p = point([2019, 7, 31, 2100]).unwrap();
        assert_eq!(
            p.at,
            "2019-09-01T00:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        assert_eq!(p.rating, 2100);
        assert_eq!(point([2019, 12, 1, 2000]), None, "month 12 does not exist");
        assert_eq!(point([2019, 1, 1, -5]), None, "ratings are positive");
    }

    #[test]
    fn perf_keys_match_history_names() {
        assert_eq!(perf_key("kingOfTheHill"), perf_key("King of the Hill"));
        assert_eq!(perf_key("threeCheck"), perf_key("Three-check"));
        assert_eq!(perf_key("antichess"), perf_key("Antichess"));
        assert_ne!(perf_key("atomic"), perf_key("Antichess"));
    }

    #[test]
    fn only_usernames_reach_a_url() {
        assert!(valid_username("Ogul1"));
        assert!(valid_username("program_fox-2"));
        for bad in ["a", "../admin", "x?y=1", "a b", "émile", &"x".repeat(31)] {
            assert!(!valid_username(bad), "{bad}");
        }
    }
}
