//! The `app` function: the browser app at the server's own address. The
//! front door (`/`) lists the signed-in person's competitions and the
//! public ones; a competition's desk (`/app/c/{id}`) shows what they may do
//! now (the kind's offers its rules accept) and, to its officials, a form
//! for every command, generated from the command schemas. Every post is
//! checked against forgery (`session`) and sent through the API's own
//! functions (`api`), so a form is refused exactly as the API would refuse
//! it, and the refusal is shown beside the form with its clause.
//!
//! No script: every screen works with forms and links alone, and the
//! Content-Security-Policy allows none.
//!
//! People sign in through the deployment's identity provider (`hosted`:
//! the user pool's hosted UI in AWS) or, on a local server, with the
//! development sign-in's dev tokens.

mod api;
mod desk;
mod forms;
pub mod hosted;
pub mod session;

use api::Answer;
use arbiter_app::layout::Viewer;
use arbiter_app::render::Refusal;
use arbiter_app::screens::{self, Listed};
use arbiter_domain::competition::{Competition, Kind, UserId};
use arbiter_http::auth::{mint_dev_token, ORGANIZERS};
use arbiter_http::{dispatch, App, Call, Problem, Route};
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use http::{header, HeaderValue, Method, Request, Response, StatusCode};
use session::Session;
use std::sync::Arc;

pub const ROUTES: &[Route] = &[
    Route::public(Method::GET, "/", "getAppFrontDoor"),
    Route::public(Method::GET, "/app/style.css", "getAppStylesheet"),
    Route::public(Method::GET, "/app/map.js", "getAppMapScript"),
    Route::public(Method::GET, "/app/sign-in", "getAppSignIn"),
    Route::public(Method::POST, "/app/sign-in", "appSignIn"),
    Route::public(Method::GET, hosted::CALLBACK, "appSignInCallback"),
    Route::public(Method::POST, "/app/sign-out", "appSignOut"),
    Route::public(Method::GET, "/app/new", "getAppNewCompetition"),
    Route::public(Method::POST, "/app/new", "appCreateCompetition"),
    Route::public(Method::GET, "/app/c/{id}", "getAppDesk"),
    Route::public(Method::POST, "/app/c/{id}", "appAct"),
    Route::public(Method::GET, "/app/c/{id}/log", "getAppLog"),
];

/// How many competitions each list of the front door shows.
const LISTED: usize = 50;

pub async fn handle<S: Store + NotifyStore>(
    app: Arc<App<S>>,
    req: Request<Bytes>,
) -> Response<Bytes> {
    let app2 = Arc::clone(&app);
    let mut response = dispatch(&app, ROUTES, req, |call| async move {
        let app = app2;
        let session = Session::of(&app.auth, call.request.headers()).await;
        match call.operation {
            "getAppFrontDoor" => front(&app, session.as_ref()).await,
            "getAppStylesheet" => Ok(asset(arbiter_app::STYLESHEET, "text/css; charset=utf-8")),
            "getAppMapScript" => Ok(asset(
                arbiter_app::MAP_SCRIPT,
                "text/javascript; charset=utf-8",
            )),
            "getAppSignIn" => Ok(sign_in_page(&app, session.as_ref())),
            "appSignIn" => sign_in(&app, &call),
            "appSignInCallback" => match app.auth.hosted_sign_in() {
                Some(s) => Ok(hosted::callback(s, &call.request).await),
                None => Err(Problem::not_found(
                    "this deployment has no identity provider",
                )),
            },
            "appSignOut" => sign_out(&app, &call, session.as_ref()),
            "getAppNewCompetition" => new_competition(session.as_ref(), None),
            "appCreateCompetition" => create(&app, &call, session.as_ref()).await,
            "getAppDesk" => desk::show(&app, &call, session.as_ref(), None).await,
            "appAct" => desk::act(&app, &call, session.as_ref()).await,
            "getAppLog" => desk::log(&app, &call, session.as_ref()).await,
            other => unreachable!("route without operation {other}"),
        }
    })
    .await;
    if let Some(s) = app.auth.hosted_sign_in() {
        hosted::allow_forms_to(s, &mut response);
    }
    response
}

/// `GET /app/sign-in`: off to the identity provider where the deployment
/// has one, the development sign-in where it has dev tokens.
fn sign_in_page<S: Store>(app: &App<S>, session: Option<&Session>) -> Response<Bytes> {
    match app.auth.hosted_sign_in() {
        Some(s) => hosted::start(s),
        None if app.auth.dev_secret().is_some() => {
            page(StatusCode::OK, screens::sign_in(&viewer(session), None))
        }
        None => hosted::no_sign_in(),
    }
}

/// Who is looking, for the frame.
fn viewer(session: Option<&Session>) -> Viewer {
    match session {
        Some(s) => Viewer {
            user: Some(s.caller.user.as_str().to_owned()),
            may_organize: s.caller.may_organize,
            csrf: s.csrf(),
        },
        None => Viewer::default(),
    }
}

fn listed(c: &Competition, user: Option<&UserId>) -> Listed {
    let roles = user
        .and_then(|u| c.roles.get(u))
        .map(|r| r.iter().map(|r| r.name()).collect())
        .unwrap_or_default();
    Listed {
        id: c.id.as_str().to_owned(),
        name: c.name.clone(),
        kind: c.kind.title().to_owned(),
        roles,
    }
}

async fn front<S: Store + NotifyStore>(
    app: &App<S>,
    session: Option<&Session>,
) -> Result<Response<Bytes>, Problem> {
    let mut mine = Vec::new();
    if let Some(s) = session {
        let ids = app.service.competitions_of(&s.caller.user).await?;
        for id in ids.iter().take(LISTED) {
            if let Some(c) = app.service.load(id).await? {
                mine.push(listed(&c, Some(&s.caller.user)));
            }
        }
    }
    let public = app.service.public_competitions(None, LISTED).await?;
    let public: Vec<Listed> = public
        .competitions
        .iter()
        .map(|c| listed(c, None))
        .collect();
    Ok(page(
        StatusCode::OK,
        screens::front(&viewer(session), &mine, &public),
    ))
}

/// The development sign-in: a dev token for the name given, in the
/// session cookie. A deployment without dev tokens answers 404.
fn sign_in<S: Store + NotifyStore>(app: &App<S>, call: &Call) -> Result<Response<Bytes>, Problem> {
    session::same_origin(call.request.headers())?;
    let Some(secret) = app.auth.dev_secret() else {
        return Err(Problem::not_found(
            "this deployment signs people in through its identity provider",
        ));
    };
    let pairs = form_pairs(&call.request);
    let name = value(&pairs, "user").unwrap_or_default();
    let Ok(user) = UserId::try_from(name.trim()) else {
        let refusal = Refusal {
            detail: "A user name is letters, digits and . _ @ -, up to 128 characters.".into(),
            ..Refusal::default()
        };
        return Ok(page(
            StatusCode::UNPROCESSABLE_ENTITY,
            screens::sign_in(&Viewer::default(), Some(&refusal)),
        ));
    };
    let groups: Vec<String> = if value(&pairs, "organizer").is_some() {
        vec![ORGANIZERS.to_owned()]
    } else {
        Vec::new()
    };
    // The token's expiry is checked against the system's time by the JWT
    // library, not against the app's clock (a rehearsal's may run ahead).
    let expires = chrono::Utc::now() + chrono::TimeDelta::seconds(session::LIFETIME_SECONDS);
    let token = mint_dev_token(secret, &user, &groups, expires);
    let mut r = see_other("/");
    r.headers_mut().insert(
        header::SET_COOKIE,
        session::set_cookie(&token, session::LIFETIME_SECONDS),
    );
    Ok(r)
}

/// Clears the session; where the provider signed the person in, its own
/// session ends too.
fn sign_out<S: Store>(
    app: &App<S>,
    call: &Call,
    session: Option<&Session>,
) -> Result<Response<Bytes>, Problem> {
    session::same_origin(call.request.headers())?;
    if let Some(s) = session {
        let pairs = form_pairs(&call.request);
        session::check_csrf(s, value(&pairs, "csrf"))?;
    }
    let mut r = match app.auth.hosted_sign_in() {
        Some(s) => hosted::sign_out(s),
        None => see_other("/"),
    };
    r.headers_mut()
        .insert(header::SET_COOKIE, session::clear_cookie());
    Ok(r)
}

fn kinds() -> Vec<(&'static str, &'static str)> {
    Kind::ALL.iter().map(|k| (k.name(), k.title())).collect()
}

fn new_competition(
    session: Option<&Session>,
    refusal: Option<&Refusal>,
) -> Result<Response<Bytes>, Problem> {
    let Some(s) = session else {
        return Ok(see_other("/app/sign-in"));
    };
    let status = if refusal.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    Ok(page(
        status,
        screens::new_competition(&viewer(Some(s)), &kinds(), refusal),
    ))
}

async fn create<S: Store + NotifyStore>(
    app: &Arc<App<S>>,
    call: &Call,
    session: Option<&Session>,
) -> Result<Response<Bytes>, Problem> {
    let Post::Signed(s, pairs) = post(call, session)? else {
        return Ok(see_other("/app/sign-in"));
    };
    let body = serde_json::json!({
        "kind": value(&pairs, "kind").unwrap_or_default(),
        "name": value(&pairs, "name").unwrap_or_default().trim(),
    });
    match api::call(app, s, Method::POST, "/v1/competitions", Some(&body), None).await {
        Answer::Done { location, .. } => {
            let id = location
                .as_deref()
                .and_then(|l| l.rsplit('/').next())
                .unwrap_or_default();
            Ok(see_other(&format!("/app/c/{id}")))
        }
        Answer::Refused { detail, clause, .. } => {
            let refusal = Refusal {
                detail,
                clause,
                unread: Vec::new(),
            };
            new_competition(session, Some(&refusal))
        }
    }
}

/// A file of the app's own (its stylesheet, its one script).
fn asset(text: &'static str, content_type: &'static str) -> Response<Bytes> {
    let mut r = Response::new(Bytes::from_static(text.as_bytes()));
    set(&mut r, header::CONTENT_TYPE, content_type);
    set(&mut r, header::CACHE_CONTROL, "public, max-age=3600");
    set(&mut r, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    r
}

/// An app page: personal, so never cached by anyone else; no script but
/// the app's own file (none inline), no framing, forms only to this
/// server. Inline styles are allowed: a board's map styles itself.
pub(crate) fn page(status: StatusCode, html: String) -> Response<Bytes> {
    let mut r = Response::new(Bytes::from(html));
    *r.status_mut() = status;
    set(&mut r, header::CONTENT_TYPE, "text/html; charset=utf-8");
    set(&mut r, header::CACHE_CONTROL, "private, no-store");
    set(
        &mut r,
        header::CONTENT_SECURITY_POLICY,
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    set(&mut r, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(&mut r, header::REFERRER_POLICY, "same-origin");
    r
}

/// 303: after a post, the browser fetches `to` (so reloading does not post
/// again).
pub(crate) fn see_other(to: &str) -> Response<Bytes> {
    let mut r = Response::new(Bytes::new());
    *r.status_mut() = StatusCode::SEE_OTHER;
    if let Ok(v) = HeaderValue::from_str(to) {
        r.headers_mut().insert(header::LOCATION, v);
    }
    set(&mut r, header::CACHE_CONTROL, "no-store");
    r
}

fn set(r: &mut Response<Bytes>, name: header::HeaderName, value: &'static str) {
    r.headers_mut()
        .insert(name, HeaderValue::from_static(value));
}

/// A post from a browser: signed in, from this server's own page, with the
/// session's anti-forgery token (else refused, 403), and its fields.
pub(crate) enum Post<'s> {
    Signed(&'s Session, Vec<(String, String)>),
    /// Nobody is signed in: the browser is sent to sign in.
    Anonymous,
}

pub(crate) fn post<'s>(call: &Call, session: Option<&'s Session>) -> Result<Post<'s>, Problem> {
    session::same_origin(call.request.headers())?;
    let Some(s) = session else {
        return Ok(Post::Anonymous);
    };
    let pairs = form_pairs(&call.request);
    session::check_csrf(s, value(&pairs, "csrf"))?;
    Ok(Post::Signed(s, pairs))
}

/// A posted form's fields, in order.
pub(crate) fn form_pairs(req: &Request<Bytes>) -> Vec<(String, String)> {
    form_urlencoded::parse(req.body())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

pub(crate) fn value<'p>(pairs: &'p [(String, String)], name: &str) -> Option<&'p str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}
