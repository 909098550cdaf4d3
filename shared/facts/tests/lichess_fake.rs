//! The Lichess adapter against a fake Lichess on 127.0.0.1 serving response
//! shapes written by hand from the API's documentation (`GET /api/user/{name}`,
//! `GET /api/user/{name}/rating-history`, `GET /api/games/user/{name}` as
//! NDJSON). No test reaches the internet.

use arbiter_domain::chess::acwc::testkit::settings_2019;
use arbiter_domain::chess::acwc::{RatingPoint, Seeding};
use arbiter_facts::{FactsError, FactsSource, Lichess};
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Utc};
use serde_json::json;
use std::sync::{Arc, Mutex};

type Seen = Arc<Mutex<Vec<String>>>;

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

fn ms(s: &str) -> i64 {
    at(s).timestamp_millis()
}

async fn user(Path(name): Path<String>, State(seen): State<Seen>) -> Response {
    seen.lock().unwrap().push(format!("user {name}"));
    let body = match name.to_lowercase().as_str() {
        // A 2015 account with 3000 rated Antichess games now.
        "ogul1" => json!({
            "id": "ogul1", "username": "Ogul1",
            "createdAt": ms("2015-04-01T12:00:00Z"), "seenAt": ms("2019-09-20T08:00:00Z"),
            "perfs": {
                "antichess": {"games": 3000, "rating": 2380, "rd": 60, "prog": 12},
                "bullet": {"games": 9000, "rating": 2900, "rd": 45, "prog": -3},
                "storm": {"runs": 10, "score": 40}
            },
            "profile": {"bio": "antichess"},
            "playTime": {"total": 1_000_000, "tv": 0}
        }),
        // 150 games now, only 60 of them before the games cutoff.
        "latecomer" => json!({
            "id": "latecomer", "username": "Latecomer", "createdAt": ms("2018-06-01T00:00:00Z"),
            "perfs": {"antichess": {"games": 150, "rating": 1800, "rd": 80, "prog": 0, "prov": true}}
        }),
        // 40 games now: the export is never needed.
        "fresh" => json!({
            "id": "fresh", "username": "fresh", "createdAt": ms("2019-05-01T00:00:00Z"),
            "perfs": {"antichess": {"games": 40, "rating": 1600, "rd": 120, "prog": 30, "prov": true}}
        }),
        // Marked (the public API shows the flag only) and closed.
        "flagged" => json!({
            "id": "flagged", "username": "Flagged", "createdAt": ms("2014-01-01T00:00:00Z"),
            "tosViolation": true, "disabled": true,
            "perfs": {"antichess": {"games": 0, "rating": 1500, "rd": 500, "prog": 0, "prov": true}}
        }),
        "broken" => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        _ => {
            return (
                StatusCode::NOT_FOUND,
                axum::Json(json!({"error": "Not found"})),
            )
                .into_response()
        }
    };
    axum::Json(body).into_response()
}

async fn history(Path(name): Path<String>, State(seen): State<Seen>) -> Response {
    seen.lock().unwrap().push(format!("history {name}"));
    let body = match name.to_lowercase().as_str() {
        "ogul1" => json!([
            {"name": "Bullet", "points": [[2019, 0, 1, 2950]]},
            {"name": "Antichess", "points": [
                [2018, 7, 15, 2150],
                [2019, 0, 10, 2250],
                [2019, 7, 31, 2200],
                [2019, 8, 1, 2400]
            ]},
            {"name": "Atomic", "points": []}
        ]),
        _ => json!([{"name": "Antichess", "points": []}]),
    };
    axum::Json(body).into_response()
}

async fn games(
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
    State(seen): State<Seen>,
) -> Response {
    let query = query.unwrap_or_default();
    seen.lock().unwrap().push(format!("games {name}?{query}"));
    let param = |k: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(&format!("{k}=")))
            .map(str::to_owned)
    };
    let before_cutoff = match name.to_lowercase().as_str() {
        "ogul1" => 2500,
        "latecomer" => 60,
        _ => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    let max: usize = param("max")
        .and_then(|m| m.parse().ok())
        .unwrap_or(usize::MAX);
    let line = json!({"id": "abcd1234", "rated": true, "variant": "antichess", "perf": "antichess", "status": "mate"});
    let body: String = (0..before_cutoff.min(max))
        .map(|_| format!("{line}\n"))
        .collect();
    ([("content-type", "application/x-ndjson")], body).into_response()
}

async fn fake_lichess() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route("/api/user/{name}", get(user))
        .route("/api/user/{name}/rating-history", get(history))
        .route("/api/games/user/{name}", get(games))
        .with_state(seen.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}"), seen)
}

#[tokio::test]
async fn acwc_ii_a_and_iii_e_facts_of_an_eligible_account() {
    let (base, seen) = fake_lichess().await;
    let s = settings_2019();
    let f = Lichess::new(base).player_facts("ogul1", &s).await.unwrap();
    assert_eq!(f.account, "Ogul1", "the canonical username");
    assert_eq!(
        f.account_created_at,
        at("2015-04-01T12:00:00Z"),
        "acwc II.A.1"
    );
    // acwc II.A.2: counted before the cutoff, up to the 100 needed.
    assert_eq!(f.rated_games.get("antichess"), Some(&100));
    assert!(f.marks.is_empty() && f.unverified.is_empty());
    // acwc III.E: only the Antichess history; each point held from the end of its day.
    assert_eq!(
        f.rating_history,
        vec![
            RatingPoint {
                at: at("2018-08-16T00:00:00Z"),
                rating: 2150
            },
            RatingPoint {
                at: at("2019-01-11T00:00:00Z"),
                rating: 2250
            },
            RatingPoint {
                at: at("2019-09-01T00:00:00Z"),
                rating: 2200
            },
            RatingPoint {
                at: at("2019-09-02T00:00:00Z"),
                rating: 2400
            },
        ]
    );
    // By hand: at 1 Sep 2019 00:00 the rating held is 31 August's 2200 (the
    // 1 September 2400 came later that day); the window's highest is 2250
    // (10 Jan 2019), above the 2150 held when the window opened. (2200+2250)/2.
    let seeding = Seeding::from_history(&f.rating_history, &s);
    assert_eq!(
        (seeding.at_rating_date, seeding.highest_in_window),
        (2200, 2250)
    );
    assert_eq!(seeding.rating(), 2225.0);
    // The export asked for rated Antichess games finished before 1 Sep 2019 00:00 UTC.
    let seen = seen.lock().unwrap().clone();
    let export = seen.iter().find(|r| r.starts_with("games ")).unwrap();
    let until = ms("2019-09-01T00:00:00Z") - 1;
    for part in [
        format!("until={until}"),
        "max=100".into(),
        "perfType=antichess".into(),
        "rated=true".into(),
    ] {
        assert!(export.contains(&part), "{export} lacks {part}");
    }
}

#[tokio::test]
async fn acwc_ii_a_2_games_after_the_cutoff_do_not_count() {
    let (base, seen) = fake_lichess().await;
    let s = settings_2019();
    let lichess = Lichess::new(base);
    let late = lichess.player_facts("latecomer", &s).await.unwrap();
    assert_eq!(
        late.rated_games.get("antichess"),
        Some(&60),
        "150 now, 60 before the cutoff"
    );
    assert_eq!(late.rating_history, vec![]);
    let fresh = lichess.player_facts("fresh", &s).await.unwrap();
    assert_eq!(fresh.rated_games.get("antichess"), Some(&40));
    assert!(
        !seen
            .lock()
            .unwrap()
            .iter()
            .any(|r| r.starts_with("games fresh")),
        "fewer than 100 now: no export needed"
    );
}

#[tokio::test]
async fn acwc_ii_c_a_flagged_account_is_unverified_not_guessed() {
    let (base, _) = fake_lichess().await;
    let f = Lichess::new(base)
        .player_facts("flagged", &settings_2019())
        .await
        .unwrap();
    assert!(f.marks.is_empty(), "no kind or date to record");
    assert_eq!(f.unverified.len(), 2, "{:?}", f.unverified);
    assert!(f.unverified[0].contains("acwc II.C"));
}

#[tokio::test]
async fn unknown_accounts_bad_names_and_server_errors() {
    let (base, seen) = fake_lichess().await;
    let s = settings_2019();
    let lichess = Lichess::new(base);
    assert_eq!(
        lichess.player_facts("nobody", &s).await,
        Err(FactsError::UnknownAccount("nobody".into()))
    );
    assert!(matches!(
        lichess.player_facts("broken", &s).await,
        Err(FactsError::Unavailable(_))
    ));
    assert_eq!(
        lichess.player_facts("../api/admin", &s).await,
        Err(FactsError::UnknownAccount("../api/admin".into()))
    );
    assert!(!seen.lock().unwrap().iter().any(|r| r.contains("admin")));
    // Nothing listens here: unavailable, not a panic.
    let closed = Lichess::new("http://127.0.0.1:9");
    assert!(matches!(
        closed.player_facts("ogul1", &s).await,
        Err(FactsError::Unavailable(_))
    ));
}
