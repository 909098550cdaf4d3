//! The `subscriptions` function: who receives a competition's notices, and where
//! (issue #10). A signed-in user subscribes an e-mail address, a signed webhook, a
//! Discord channel or a Telegram chat to the notices addressed to them, or to the
//! competition's public announcements, and mutes what the rules do not require. The
//! organizer reads what could not be delivered.
//!
//! Subscriptions hold addresses and secrets, so each user sees and removes only
//! their own (the organizer may remove any, to silence a broken hook); a webhook's
//! secret is shown once, in the answer that created it.

use arbiter_domain::competition::{CompetitionId, Role, UserId};
use arbiter_domain::Refusal;
use arbiter_http::request::{json_body, query_number};
use arbiter_http::{created, dispatch, json, load_competition, App, Call, Problem, Route};
use arbiter_notify::subscription::{Reach, MAX_PER_OWNER};
use arbiter_notify::{StoredDeadLetter, Subscription, SubscriptionRequest};
use arbiter_service::ServiceError;
use arbiter_store::{NotifyStore, Store, StoreError};
use bytes::Bytes;
use http::{Method, Request, Response, StatusCode};
use std::sync::Arc;

pub const ROUTES: &[Route] = &[
    Route::new(
        Method::POST,
        "/v1/competitions/{id}/subscriptions",
        "createSubscription",
    ),
    Route::new(
        Method::GET,
        "/v1/competitions/{id}/subscriptions",
        "listMySubscriptions",
    ),
    Route::new(
        Method::DELETE,
        "/v1/competitions/{id}/subscriptions/{subscription}",
        "deleteSubscription",
    ),
    Route::new(
        Method::GET,
        "/v1/competitions/{id}/dead-letters",
        "listDeadLetters",
    ),
];

/// The most dead letters one page returns.
const MAX_DEAD_LETTERS: u64 = 200;

pub async fn handle<S: Store + NotifyStore>(
    app: Arc<App<S>>,
    req: Request<Bytes>,
) -> Response<Bytes> {
    dispatch(&app, ROUTES, req, |call| async {
        match call.operation {
            "createSubscription" => create(&app, call).await,
            "listMySubscriptions" => list(&app, call).await,
            "deleteSubscription" => delete(&app, call).await,
            "listDeadLetters" => dead_letters(&app, call).await,
            other => unreachable!("route without operation {other}"),
        }
    })
    .await
}

fn store_problem(e: StoreError) -> Problem {
    Problem::from(ServiceError::from(e))
}

async fn stored<S: NotifyStore>(
    store: &S,
    id: &CompetitionId,
) -> Result<Vec<Subscription>, Problem> {
    let records = store
        .subscriptions(id.as_str())
        .await
        .map_err(store_problem)?;
    records
        .iter()
        .map(|r| {
            serde_json::from_slice(&r.body)
                .map_err(|e| store_problem(StoreError::Invalid(e.to_string())))
        })
        .collect()
}

async fn create<S: Store + NotifyStore>(
    app: &App<S>,
    call: Call,
) -> Result<Response<Bytes>, Problem> {
    let request: SubscriptionRequest = json_body(&call.request)?;
    let competition = load_competition(app, &call).await?;
    let owner = call.caller().user.clone();
    let store = app.service.store();
    let mine = stored(store, &competition.id)
        .await?
        .into_iter()
        .filter(|s| s.owner == owner)
        .count();
    if mine >= MAX_PER_OWNER {
        return Err(Refusal::invalid(format!(
            "a user keeps at most {MAX_PER_OWNER} subscriptions in one competition"
        ))
        .into());
    }
    let id = format!("sub-{}", uuid::Uuid::new_v4().simple());
    // 244 random bits from two v4 UUIDs: the HMAC key of a signed webhook.
    let secret = format!(
        "whsec_{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    let reach = if app.loopback_targets {
        Reach::Loopback
    } else {
        Reach::Public
    };
    let subscription = request.into_subscription(id, owner, secret, call.now, reach)?;
    let body = serde_json::to_vec(&subscription).expect("subscriptions serialize");
    store
        .put_subscription(competition.id.as_str(), &subscription.id, body)
        .await
        .map_err(store_problem)?;
    let location = format!(
        "/v1/competitions/{}/subscriptions/{}",
        competition.id, subscription.id
    );
    Ok(created(&location, &subscription))
}

async fn list<S: Store + NotifyStore>(
    app: &App<S>,
    call: Call,
) -> Result<Response<Bytes>, Problem> {
    let competition = load_competition(app, &call).await?;
    let user = &call.caller().user;
    let mine: Vec<Subscription> = stored(app.service.store(), &competition.id)
        .await?
        .into_iter()
        .filter(|s| &s.owner == user)
        .map(|s| s.redacted())
        .collect();
    Ok(json(StatusCode::OK, &mine))
}

async fn delete<S: Store + NotifyStore>(
    app: &App<S>,
    call: Call,
) -> Result<Response<Bytes>, Problem> {
    let competition = load_competition(app, &call).await?;
    let user = &call.caller().user;
    let wanted = call.param("subscription");
    let store = app.service.store();
    let found = stored(store, &competition.id)
        .await?
        .into_iter()
        .find(|s| s.id == wanted);
    // Someone else's subscription is answered like a missing one: its existence is
    // the owner's business.
    let allowed = |s: &Subscription| &s.owner == user || is_organizer(&competition, user);
    let Some(subscription) = found.filter(allowed) else {
        return Err(Problem::not_found("no such subscription"));
    };
    store
        .delete_subscription(competition.id.as_str(), &subscription.id)
        .await
        .map_err(store_problem)?;
    let mut response = Response::new(Bytes::new());
    *response.status_mut() = StatusCode::NO_CONTENT;
    Ok(response)
}

fn is_organizer(competition: &arbiter_domain::competition::Competition, user: &UserId) -> bool {
    &competition.organizer == user || competition.has_role(user, Role::Organizer)
}

/// Dead letters carry no address, secret or message text: only what failed, where
/// and why, so the organizer can fix a subscription without reading anyone's mail.
async fn dead_letters<S: Store + NotifyStore>(
    app: &App<S>,
    call: Call,
) -> Result<Response<Bytes>, Problem> {
    let competition = load_competition(app, &call).await?;
    if !is_organizer(&competition, &call.caller().user) {
        return Err(Refusal::forbidden(
            arbiter_domain::competition::ROLES_CLAUSE,
            "only the competition's organizer reads its undelivered notifications",
        )
        .into());
    }
    let limit = query_number(&call.request, "limit", 50)?.clamp(1, MAX_DEAD_LETTERS);
    let letters: Vec<StoredDeadLetter> = app
        .service
        .store()
        .dead_letters(competition.id.as_str(), limit as usize)
        .await
        .map_err(store_problem)?
        .iter()
        .filter_map(|r| serde_json::from_slice(&r.body).ok())
        .collect();
    Ok(json(StatusCode::OK, &letters))
}
