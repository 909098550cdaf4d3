//! A competition's desk: what the viewer may do now, every act their
//! offices may try, and what a post came to.
//!
//! Who sees a desk is who may read the competition: anyone for a public
//! one, its members for the rest (a private competition is the same 404 to
//! everyone else as an unknown one). The acts offered are the kind's
//! ([`Competition::acts`]); the forms of every act are shown to those who
//! hold an office in the competition, so a player never sees a form for
//! another power's orders.

use crate::api::{self, Answer};
use crate::forms::{self, GRANT_ROLE, REVOKE_ROLE, SET_PUBLIC, SUBSCRIBE, TICK, UNSUBSCRIBE};
use crate::session::Session;
use crate::{listed, page, post, see_other, value, viewer, Post};
use arbiter_app::form::Form;
use arbiter_app::read::read;
use arbiter_app::render::Refusal;
use arbiter_app::screens::{self, Desk, LogLine, Notices, Outcome, Subscribed};
use arbiter_domain::competition::{Competition, CompetitionId, Role};
use arbiter_http::request::query;
use arbiter_http::{App, Call, Problem};
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use http::{Method, Response, StatusCode};
use serde_json::{json, Value};
use std::sync::Arc;

/// The competition the path names, if the viewer may read it.
async fn readable<S: Store + NotifyStore>(
    app: &App<S>,
    call: &Call,
    session: Option<&Session>,
) -> Result<Option<Arc<Competition>>, Problem> {
    let Ok(id) = CompetitionId::try_from(call.param("id")) else {
        return Ok(None);
    };
    let Some(c) = app.service.load(&id).await? else {
        return Ok(None);
    };
    let member = session.is_some_and(|s| c.roles.contains_key(&s.caller.user));
    Ok((c.public || member).then_some(c))
}

fn missing() -> Response<Bytes> {
    page(
        StatusCode::NOT_FOUND,
        arbiter_app::layout::document(
            "Not found",
            &Default::default(),
            maud::html! { p { "No such competition. " a href="/" { "Back to the front door" } } },
        ),
    )
}

pub async fn show<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    call: &Call,
    session: Option<&Session>,
    outcome: Option<(StatusCode, Outcome)>,
) -> Result<Response<Bytes>, Problem> {
    let Some(c) = readable(app, call, session).await? else {
        return Ok(missing());
    };
    let outcome = match (outcome, query(&call.request, "done")) {
        (Some(o), _) => Some(o),
        (None, Some(what)) => {
            let recorded = recorded(app, call, &c, session).await;
            Some((
                StatusCode::OK,
                Outcome::Done(format!("Done: {what}."), recorded),
            ))
        }
        (None, None) => None,
    };
    let (status, outcome) = match outcome {
        Some((s, o)) => (s, Some(o)),
        None => (StatusCode::OK, None),
    };
    let kind_forms = forms::of_kind(c.kind);
    let acts = match session {
        Some(s) => c
            .acts(&s.caller.user, s.caller.may_organize, call.now)
            .into_iter()
            .map(|act| {
                let matching: Vec<&Form> = kind_forms
                    .iter()
                    .filter(|f| f.action == act.action)
                    .collect();
                (act, matching)
            })
            .collect(),
        None => Vec::new(),
    };
    let every = every(&c, session, kind_forms);
    let viewer = viewer(session);
    let listed = listed(&c, session.map(|s| &s.caller.user));
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let notices = match session {
        Some(s) => Some(notices(app, &c, s).await),
        None => None,
    };
    let presets = c.kind.presets();
    let listed_presets: Vec<(&str, &str, &str)> = presets
        .iter()
        .map(|p| (p.name, p.about, p.action))
        .collect();
    let prefill = query(&call.request, "preset")
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| presets.get(n))
        .map(|p| (p.action, &p.fields));
    let html = screens::desk(Desk {
        viewer: &viewer,
        competition: &listed,
        public: c.public,
        acts,
        every,
        outcome: outcome.as_ref(),
        nonce: &nonce,
        notices,
        presets: &listed_presets,
        prefill,
    });
    Ok(page(status, html))
}

/// The viewer's subscriptions (and, for the organizer, the dead letters),
/// read through the API as the viewer.
async fn notices<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    c: &Competition,
    s: &Session,
) -> Notices<'static> {
    let base = format!("/v1/competitions/{}", c.id);
    let mine = match api::call(
        app,
        s,
        Method::GET,
        &format!("{base}/subscriptions"),
        None,
        None,
    )
    .await
    {
        Answer::Done { body, .. } => body["subscriptions"]
            .as_array()
            .into_iter()
            .flatten()
            .map(subscribed)
            .collect(),
        Answer::Refused { .. } => Vec::new(),
    };
    let dead_letters = if c.has_role(&s.caller.user, Role::Organizer) {
        let path = format!("{base}/dead-letters?limit=20");
        match api::call(app, s, Method::GET, &path, None, None).await {
            Answer::Done { body, .. } => Some(
                body["dead_letters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|d| {
                        format!(
                            "{} {} to {}: {} attempts, {}",
                            d["at"].as_str().unwrap_or_default(),
                            d["event"].as_str().unwrap_or_default(),
                            d["channel"].as_str().unwrap_or_default(),
                            d["attempts"],
                            d["last_error"].as_str().unwrap_or_default()
                        )
                    })
                    .collect(),
            ),
            Answer::Refused { .. } => None,
        }
    } else {
        None
    };
    let all = forms::notices();
    Notices {
        mine,
        subscribe: all.iter().filter(|f| f.action == SUBSCRIBE).collect(),
        unsubscribe: all
            .iter()
            .find(|f| f.action == UNSUBSCRIBE)
            .expect("the unsubscribe form"),
        dead_letters,
    }
}

fn subscribed(sub: &Value) -> Subscribed {
    let channel = sub["channel"].as_str().unwrap_or("a channel");
    let target = ["address", "url", "chat"]
        .iter()
        .find_map(|k| sub[*k].as_str())
        .unwrap_or_default();
    Subscribed {
        id: sub["id"].as_str().unwrap_or_default().to_owned(),
        what: format!("{channel} to {target}"),
    }
}

/// What the commit `?v=` names recorded, as the log shows it to the
/// viewer: the receipt of their act (an order set's digest, wm D.VII.7).
async fn recorded<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    call: &Call,
    c: &Competition,
    session: Option<&Session>,
) -> Vec<Value> {
    let (Some(s), Some(v)) = (
        session,
        query(&call.request, "v").and_then(|v| v.parse::<u64>().ok()),
    ) else {
        return Vec::new();
    };
    let Some(cursor) = v.checked_sub(1) else {
        return Vec::new();
    };
    let path = format!("/v1/competitions/{}/log?cursor={cursor}&limit=1", c.id);
    match api::call(app, s, Method::GET, &path, None, None).await {
        Answer::Done { body, .. } => body["entries"][0]["events"]
            .as_array()
            .cloned()
            .unwrap_or_default(),
        Answer::Refused { .. } => Vec::new(),
    }
}

/// The forms of every act, for those holding an office here: the kind's,
/// then the envelope's for the organizer (and the clock for the kind's
/// clock officials).
fn every<'f>(c: &Competition, session: Option<&Session>, kind: &'f [Form]) -> Vec<&'f Form> {
    let Some(user) = session.map(|s| &s.caller.user) else {
        return Vec::new();
    };
    let roles = c.roles.get(user).cloned().unwrap_or_default();
    let official = roles.iter().any(|r| *r != Role::Player);
    if !official {
        return Vec::new();
    }
    let organizer = roles.contains(&Role::Organizer);
    let clock = organizer || roles.iter().any(|r| c.game.clock_officials().contains(r));
    let envelope =
        forms::envelope()
            .iter()
            .filter(|f| if f.action == TICK { clock } else { organizer });
    kind.iter().chain(envelope).collect()
}

/// A post from the desk: checked against forgery, read by its form, sent
/// through the API; then the desk again, with what it came to.
pub async fn act<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    call: &Call,
    session: Option<&Session>,
) -> Result<Response<Bytes>, Problem> {
    let Post::Signed(s, pairs) = post(call, session)? else {
        return Ok(see_other("/app/sign-in"));
    };
    let Some(c) = readable(app, call, session).await? else {
        return Ok(missing());
    };
    let action = value(&pairs, "_act").unwrap_or_default();
    let variant = value(&pairs, "_variant");
    let slot = value(&pairs, "_slot").unwrap_or_default().to_owned();
    let key = value(&pairs, "_key");
    let all = forms::of_kind(c.kind)
        .iter()
        .chain(forms::envelope())
        .chain(forms::notices());
    let Some(form) = forms::find(all, action, variant) else {
        return Err(Problem::invalid(format!("no form sends {action:?}")));
    };
    let refused = |refusal| Outcome::Refused {
        slot: slot.clone(),
        refusal,
        values: pairs.clone(),
    };
    let body = match read(form, &pairs) {
        Ok(body) => body,
        Err(unread) => {
            let refusal = Refusal {
                detail: "Some fields could not be read.".into(),
                clause: None,
                unread,
            };
            let outcome = refused(refusal);
            return show(
                app,
                call,
                session,
                Some((StatusCode::UNPROCESSABLE_ENTITY, outcome)),
            )
            .await;
        }
    };
    let (method, path, body) = request_of(&c, form, body);
    match api::call(app, s, method, &path, body.as_ref(), key).await {
        Answer::Done { body, .. } => {
            let done = form.action.replace('-', " ");
            let mut to = format!("/app/c/{}?done={}", c.id, encode(&done));
            if let Some(v) = body["version"].as_u64() {
                to.push_str(&format!("&v={v}"));
            }
            Ok(see_other(&to))
        }
        Answer::Refused {
            status,
            detail,
            clause,
        } => {
            let refusal = Refusal {
                detail,
                clause,
                unread: Vec::new(),
            };
            let outcome = refused(refusal);
            show(app, call, session, Some((status, outcome))).await
        }
    }
}

/// The API request a form's body makes: an envelope act's own route, or
/// the kind action's.
fn request_of(c: &Competition, form: &Form, body: Value) -> (Method, String, Option<Value>) {
    let id = &c.id;
    let field = |name: &str| body.get(name).cloned().unwrap_or(Value::Null);
    match form.action.as_str() {
        GRANT_ROLE => (
            Method::POST,
            format!("/v1/competitions/{id}/roles"),
            Some(json!({ "user": field("user"), "role": field("role") })),
        ),
        REVOKE_ROLE => {
            let text = |v: Value| v.as_str().map(str::to_owned).unwrap_or_default();
            let path = format!(
                "/v1/competitions/{id}/roles/{}/{}",
                encode(&text(field("user"))),
                encode(&text(field("role")))
            );
            (Method::DELETE, path, None)
        }
        SET_PUBLIC => (
            Method::POST,
            format!("/v1/competitions/{id}/public"),
            Some(json!({ "public": field("public") })),
        ),
        TICK => (
            Method::POST,
            format!("/v1/competitions/{id}/tick"),
            Some(json!({})),
        ),
        SUBSCRIBE => (
            Method::POST,
            format!("/v1/competitions/{id}/subscriptions"),
            Some(api::without_action(body)),
        ),
        UNSUBSCRIBE => {
            let sub = field("subscription");
            let sub = encode(sub.as_str().unwrap_or_default());
            let path = format!("/v1/competitions/{id}/subscriptions/{sub}");
            (Method::DELETE, path, None)
        }
        _ => {
            let (path, body) = api::route_of(c, body);
            (Method::POST, path, Some(body))
        }
    }
}

/// The audit log, a page at a time, as the API shows it to the viewer.
pub async fn log<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    call: &Call,
    session: Option<&Session>,
) -> Result<Response<Bytes>, Problem> {
    let Some(s) = session else {
        return Ok(see_other("/app/sign-in"));
    };
    let Some(c) = readable(app, call, session).await? else {
        return Ok(missing());
    };
    let mut path = format!("/v1/competitions/{}/log?limit=50", c.id);
    if let Some(cursor) = query(&call.request, "cursor") {
        path.push_str(&format!("&cursor={}", encode(&cursor)));
    }
    let (lines, next) = match api::call(app, s, Method::GET, &path, None, None).await {
        Answer::Done { body, .. } => (
            log_lines(&body),
            body["next_cursor"].as_str().map(str::to_owned),
        ),
        Answer::Refused { .. } => (Vec::new(), None),
    };
    let listed = listed(&c, Some(&s.caller.user));
    Ok(page(
        StatusCode::OK,
        screens::log(&viewer(session), &listed, &lines, next.as_deref()),
    ))
}

fn log_lines(page: &Value) -> Vec<LogLine> {
    let entries = page["entries"].as_array().cloned().unwrap_or_default();
    entries
        .iter()
        .map(|e| LogLine {
            version: e["version"].as_u64().unwrap_or_default(),
            at: e["at"].as_str().unwrap_or("(withheld)").to_owned(),
            actor: match &e["actor"] {
                Value::Null => "(withheld)".to_owned(),
                Value::String(a) => a.clone(),
                other => other.to_string(),
            },
            action: e["command"].as_str().unwrap_or_default().to_owned(),
            events: e["events"]
                .as_array()
                .map(|evs| {
                    evs.iter()
                        .filter_map(|r| {
                            let ev = &r["event"];
                            ev.get("event")
                                .or_else(|| ev.get("type"))
                                .and_then(Value::as_str)
                                .map(str::to_owned)
                        })
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect()
}

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
