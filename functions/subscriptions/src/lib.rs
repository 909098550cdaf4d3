//! The `subscriptions` function: who receives a competition's notices, and where.
//! A signed-in user subscribes an e-mail address, a signed webhook, a Discord
//! channel or a Telegram chat to the notices addressed to them, or to the
//! competition's public announcements, and mutes what the rules do not require. The
//! organizer reads what could not be delivered.
//!
//! Subscriptions hold addresses and secrets, so each user sees and removes only
//! their own (the organizer may remove any, to silence a broken hook); a webhook's
//! secret is shown once, in the answer that created it.

use arbiter_domain::competition::{CompetitionId, Role, UserId};
use arbiter_domain::resource::{decode_cursor, encode_cursor};
use arbiter_domain::Refusal;
use arbiter_http::request::{self, json_body, page_limit};
use arbiter_http::{created, dispatch, json, load_competition, App, Call, Problem, Route};
use arbiter_notify::subscription::{Reach, MAX_PER_OWNER};
use arbiter_notify::{StoredDeadLetter, Subscription, SubscriptionRequest};
use arbiter_service::ServiceError;
use arbiter_store::{NotifyStore, Store, StoreError};
use bytes::Bytes;
use http::{Method, Request, Response, StatusCode};
use schemars::JsonSchema;
use serde::Serialize;
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

/// A page of dead letters holds this many unless the caller asks for
/// another number.
pub const DEFAULT_DEAD_LETTERS: usize = 50;
/// The most dead letters one page returns.
pub const MAX_DEAD_LETTERS: usize = 200;
/// A page of the caller's subscriptions holds this many unless the caller
/// asks for another number.
pub const DEFAULT_PAGE: usize = 20;
/// The most subscriptions one page returns.
pub const MAX_PAGE: usize = 100;

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

/// How long a create answers its Idempotency-Key again: the commands' window.
const KEY_WINDOW_HOURS: i64 = arbiter_service::RECEIPT_WINDOW_HOURS;

/// How long a place claimed for a create in flight stays claimed without
/// its subscription: far longer than a request may run.
const SLOT_CLAIM_SECONDS: i64 = 60;

async fn create<S: Store + NotifyStore>(
    app: &App<S>,
    call: Call,
) -> Result<Response<Bytes>, Problem> {
    let request: SubscriptionRequest = json_body(&call.request)?;
    let competition = load_competition(app, &call).await?;
    let owner = call.caller().user.clone();
    let store = app.service.store();
    let Some(idem) = request::idempotency(&call.request)? else {
        let id = format!("sub-{}", uuid::Uuid::new_v4().simple());
        return make(app, &call, &competition.id, request, id, None).await;
    };
    // The first request with this key claims it for the window; a retry
    // finds the subscription it made (same id) and answers it again.
    let id = keyed_id(&competition.id, &owner, &idem.key);
    let key_claim = format!("subscription-key#{id}");
    let window = chrono::Duration::hours(KEY_WINDOW_HOURS);
    if !store
        .claim(&key_claim, call.now, window)
        .await
        .map_err(store_problem)?
    {
        return replay(store, &competition.id, &owner, &id, &idem.request_digest).await;
    }
    let made = make(
        app,
        &call,
        &competition.id,
        request,
        id,
        Some(idem.request_digest),
    )
    .await;
    if made.is_err() {
        // A refused request leaves the key free: its retry is decided afresh.
        store.release(&key_claim).await.map_err(store_problem)?;
    }
    made
}

/// The subscription id a create under `key` makes: the same for a retry,
/// another for another user or competition.
fn keyed_id(competition: &CompetitionId, owner: &UserId, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut digest = Sha256::new();
    for part in [competition.as_str(), owner.as_str(), key] {
        digest.update(part);
        digest.update([0]);
    }
    format!("sub-{}", &hex::encode(digest.finalize())[..32])
}

/// Answers a create retried under its Idempotency-Key.
async fn replay<S: NotifyStore>(
    store: &S,
    competition: &CompetitionId,
    owner: &UserId,
    id: &str,
    request_digest: &str,
) -> Result<Response<Bytes>, Problem> {
    let first = stored(store, competition)
        .await?
        .into_iter()
        .find(|s| s.id == id && &s.owner == owner);
    match first {
        Some(s) if s.request_digest.as_deref() == Some(request_digest) => Ok(created(
            &format!("/v1/competitions/{competition}/subscriptions/{id}"),
            &s,
        )),
        Some(_) => Err(Refusal::invalid(
            "this Idempotency-Key was used for a different request",
        )
        .into()),
        None => Err(Refusal::conflict(
            "a request with this Idempotency-Key is still being answered (or its subscription was removed); retry shortly",
        )
        .into()),
    }
}

/// Makes and stores subscription `id` for the caller in one of their free
/// places, or refuses when all [`MAX_PER_OWNER`] are held.
async fn make<S: Store + NotifyStore>(
    app: &App<S>,
    call: &Call,
    competition: &CompetitionId,
    request: SubscriptionRequest,
    id: String,
    request_digest: Option<String>,
) -> Result<Response<Bytes>, Problem> {
    let owner = call.caller().user.clone();
    // A Standard Webhooks secret: the HMAC key of a signed webhook.
    let secret = arbiter_notify::webhook::new_secret();
    let reach = if app.loopback_targets {
        Reach::Loopback
    } else {
        Reach::Public
    };
    let mut subscription = request.into_subscription(id, owner, secret, call.now, reach)?;
    subscription.request_digest = request_digest;
    let store = app.service.store();
    subscription.slot = Some(free_slot(store, competition, &subscription.owner, call.now).await?);
    let body = serde_json::to_vec(&subscription).expect("subscriptions serialize");
    store
        .put_subscription(competition.as_str(), &subscription.id, body)
        .await
        .map_err(store_problem)?;
    let location = format!(
        "/v1/competitions/{competition}/subscriptions/{}",
        subscription.id
    );
    Ok(created(&location, &subscription))
}

/// Claims one of `owner`'s places in `competition` that no subscription
/// holds. Of two creates racing for a place, the store's claim lets one win;
/// the other tries the next, so however many run at once, at most
/// [`MAX_PER_OWNER`] subscriptions are kept.
async fn free_slot<S: NotifyStore>(
    store: &S,
    competition: &CompetitionId,
    owner: &UserId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<u32, Problem> {
    let held = |subs: &[Subscription]| -> Vec<Option<u32>> {
        subs.iter()
            .filter(|s| &s.owner == owner)
            .map(|s| s.slot)
            .collect()
    };
    let before = held(&stored(store, competition).await?);
    let limit = u32::try_from(MAX_PER_OWNER).unwrap_or(u32::MAX);
    if before.len() < MAX_PER_OWNER {
        for slot in (0..limit).filter(|n| !before.contains(&Some(*n))) {
            let claim = format!("subscription-slot#{competition}#{owner}#{slot}");
            let window = chrono::Duration::seconds(SLOT_CLAIM_SECONDS);
            if !store
                .claim(&claim, now, window)
                .await
                .map_err(store_problem)?
            {
                continue;
            }
            // A create that claimed this place long ago may have stored its
            // subscription since this one listed them.
            let now_held = held(&stored(store, competition).await?);
            if !now_held.contains(&Some(slot)) && now_held.len() < MAX_PER_OWNER {
                return Ok(slot);
            }
        }
    }
    Err(Refusal::invalid(format!(
        "a user keeps at most {MAX_PER_OWNER} subscriptions in one competition"
    ))
    .into())
}

/// A page of the caller's subscriptions (`GET .../subscriptions`), secrets
/// never shown.
#[derive(Serialize, JsonSchema)]
pub struct SubscriptionPage {
    /// In id order.
    pub subscriptions: Vec<Subscription>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// A page of a competition's dead letters (`GET .../dead-letters`).
#[derive(Serialize, JsonSchema)]
pub struct DeadLetterPage {
    /// Newest first.
    pub dead_letters: Vec<StoredDeadLetter>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// The caller's subscriptions in id order: `limit` after the id `cursor`
/// (the last of the previous page); a cursor that is not a subscription id
/// is refused.
async fn list<S: Store + NotifyStore>(
    app: &App<S>,
    call: Call,
) -> Result<Response<Bytes>, Problem> {
    let limit = page_limit(&call.request, DEFAULT_PAGE, MAX_PAGE)?;
    let cursor = request::query(&call.request, "cursor");
    if cursor.as_deref().is_some_and(|c| !is_subscription_id(c)) {
        return Err(Problem::invalid("cursor is not one this API handed out"));
    }
    let competition = load_competition(app, &call).await?;
    let user = &call.caller().user;
    let mut mine: Vec<Subscription> = stored(app.service.store(), &competition.id)
        .await?
        .into_iter()
        .filter(|s| &s.owner == user)
        .filter(|s| cursor.as_deref().is_none_or(|after| s.id.as_str() > after))
        .collect();
    mine.sort_by(|a, b| a.id.cmp(&b.id));
    let next_cursor = (mine.len() > limit).then(|| mine[limit - 1].id.clone());
    mine.truncate(limit);
    let page = SubscriptionPage {
        subscriptions: mine.iter().map(Subscription::redacted).collect(),
        next_cursor,
    };
    Ok(json(StatusCode::OK, &page))
}

/// What this function makes subscription ids of: `sub-` and up to 64
/// lowercase hexadecimal digits.
fn is_subscription_id(id: &str) -> bool {
    id.strip_prefix("sub-").is_some_and(|hex| {
        (1..=64).contains(&hex.len())
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
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
    let limit = page_limit(&call.request, DEFAULT_DEAD_LETTERS, MAX_DEAD_LETTERS)?;
    let offset = match request::query(&call.request, "cursor") {
        None => 0,
        Some(c) => decode_cursor(&c)
            .ok_or_else(|| Problem::invalid("cursor is not one this API handed out"))?,
    };
    // The table reads newest first from the start: the page is the letters
    // after the `offset` newest, one more telling whether another follows.
    let wanted = offset.saturating_add(limit).saturating_add(1);
    let mut letters: Vec<StoredDeadLetter> = app
        .service
        .store()
        .dead_letters(competition.id.as_str(), wanted)
        .await
        .map_err(store_problem)?
        .iter()
        .skip(offset)
        .filter_map(|r| serde_json::from_slice(&r.body).ok())
        .collect();
    let more = letters.len() > limit;
    letters.truncate(limit);
    let page = DeadLetterPage {
        dead_letters: letters,
        next_cursor: more.then(|| encode_cursor(offset + limit)),
    };
    Ok(json(StatusCode::OK, &page))
}
