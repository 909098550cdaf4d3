//! Mail that changed nothing and got no answer (a failed SPF/DKIM/DMARC
//! verdict, an address no player has, a mail too large), kept for the GM:
//! `GET /v1/competitions/{id}/mail/quarantine`. Only its envelope is kept
//! (sender, subject, id, why), never its text; at most [`MAX_PER_HOUR`]
//! entries per board an hour, so a flood of forged mail cannot fill the
//! table.

use crate::incoming::Incoming;
use crate::slots::{self, Slot};
use arbiter_domain::competition::{CompetitionId, Role};
use arbiter_domain::Refusal;
use arbiter_http::{json, load_competition, App, Call, Problem, Route};
use arbiter_service::ServiceError;
use arbiter_store::{DeadLetterRecord, NotifyStore, Store};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use http::{Method, Response, StatusCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const ROUTES: &[Route] = &[Route::new(
    Method::GET,
    "/v1/competitions/{id}/mail/quarantine",
    "listMailQuarantine",
)];

/// The most quarantine entries kept per board per hour.
pub const MAX_PER_HOUR: u32 = 100;

/// How many of the newest entries the route shows.
pub const SHOWN: usize = 100;

/// Entries kept are dead letters of the board under this id prefix.
const PREFIX: &str = "quarantine-";

/// One mail kept for the GM.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Quarantined {
    pub at: DateTime<Utc>,
    pub from: Option<String>,
    pub subject: String,
    pub message_id: String,
    pub reason: String,
}

/// The newest [`SHOWN`] entries of the quarantine, newest first.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct QuarantinePage {
    pub mails: Vec<Quarantined>,
}

/// Keeps `mail` for the GM of `board`, within the hourly bound.
pub async fn keep<S: NotifyStore + Store>(
    app: &App<S>,
    board: &CompetitionId,
    mail: &Incoming,
    at: DateTime<Utc>,
    reason: &str,
) -> Result<(), ServiceError> {
    let store = app.service.store();
    let prefix = format!("mail-quarantine:{board}");
    if slots::take(store, &prefix, MAX_PER_HOUR, at).await? != Slot::Taken {
        return Ok(());
    }
    let entry = Quarantined {
        at,
        from: mail.from.clone().map(|f| f.chars().take(254).collect()),
        subject: mail.subject.chars().take(200).collect(),
        message_id: mail.message_id.chars().take(200).collect(),
        reason: reason.to_owned(),
    };
    let id = format!(
        "{PREFIX}{}",
        hex::encode(&Sha256::digest(mail.message_id.as_bytes())[..12])
    );
    store
        .put_dead_letter(DeadLetterRecord {
            competition: board.to_string(),
            at,
            id,
            body: serde_json::to_vec(&entry).expect("an entry serializes"),
        })
        .await?;
    Ok(())
}

/// `GET /v1/competitions/{id}/mail/quarantine`: the GM's, the TD's and the
/// organizer's.
pub async fn list<S: NotifyStore + Store>(
    app: &App<S>,
    call: &Call,
) -> Result<Response<Bytes>, Problem> {
    let competition = load_competition(app, call).await?;
    let caller = &call.caller().user;
    let official = [Role::GameMaster, Role::TournamentDirector, Role::Organizer]
        .iter()
        .any(|r| competition.has_role(caller, *r));
    if !official {
        return Err(
            Refusal::forbidden("wm D.II.2", "the mails kept unread are the GM's to see").into(),
        );
    }
    let letters = app
        .service
        .store()
        .dead_letters(competition.id.as_str(), 10_000)
        .await
        .map_err(ServiceError::from)?;
    let mails = letters
        .into_iter()
        .filter(|l| l.id.starts_with(PREFIX))
        .filter_map(|l| serde_json::from_slice(&l.body).ok())
        .take(SHOWN)
        .collect();
    Ok(json(StatusCode::OK, &QuarantinePage { mails }))
}
