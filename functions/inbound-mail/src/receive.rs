//! One mail, from arrival to receipt: which board, from whom, once, within
//! bounds, read as acts, decided through the service, answered.

use crate::incoming::{self, Incoming};
use crate::quarantine;
use crate::slots::{self, Slot};
use arbiter_domain::competition::{self, Competition, CompetitionId, Context, Idempotency, UserId};
use arbiter_domain::rulebook::MailDone;
use arbiter_http::App;
use arbiter_notify::{Email, Mailer, Threading};
use arbiter_service::ServiceError;
use arbiter_store::{NotifyStore, Store};
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// The largest mail read; a larger one is refused unread (SES takes up to
/// 40 MB, and orders are a few hundred bytes).
pub const MAX_MAIL_BYTES: usize = 1024 * 1024;

/// The most mails one sender has read per board per hour; later ones
/// change nothing, and the sender is told once that hour.
pub const MAX_PER_HOUR: u32 = 30;

/// How long a mail's id is remembered: SES may deliver it twice, and a
/// player may forward it again.
fn seen_window() -> Duration {
    Duration::days(30)
}

/// SES's verdicts on who sent the mail (`PASS`, `FAIL`, `GRAY`,
/// `PROCESSING_FAILED`, `DISABLED`); the local inbox trusts its files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdicts {
    pub spf: String,
    pub dkim: String,
    pub dmarc: String,
}

impl Verdicts {
    /// What the local runtime's inbox folder gives: a file someone dropped
    /// on this machine.
    pub fn trusted() -> Self {
        let pass = || "PASS".to_owned();
        Verdicts {
            spf: pass(),
            dkim: pass(),
            dmarc: pass(),
        }
    }

    /// The sender is who the mail says: SPF or DKIM passes and DMARC does
    /// not fail.
    pub fn authentic(&self) -> bool {
        (self.spf == "PASS" || self.dkim == "PASS") && self.dmarc != "FAIL"
    }
}

/// How a mail arrived.
#[derive(Debug, Clone)]
pub struct Arrival {
    /// wm D.VII.1: the time of submission is when the GM receives it.
    pub at: DateTime<Utc>,
    pub verdicts: Verdicts,
}

/// What became of a mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Read as acts on `board` (a board, or a tournament), and answered.
    Read { board: CompetitionId },
    /// Nothing readable: the help was sent (once per thread).
    Helped,
    /// The same mail again: nothing changed, nothing sent.
    Duplicate,
    /// Kept for the GM, unanswered: why.
    Quarantined(&'static str),
    /// Not for a board of this deployment.
    NotForUs,
    /// Over the hourly bound: nothing changed.
    Limited,
    /// Over [`MAX_MAIL_BYTES`]: not read.
    TooLarge,
}

/// Receives `raw`, as it arrived: see the crate's documentation. A store
/// failure is an error, for the caller to try again later (SES retries, the
/// inbox keeps the file); everything else is an [`Outcome`].
pub async fn receive<S: Store + NotifyStore, M: Mailer>(
    app: &App<S>,
    mailer: &M,
    raw: &[u8],
    arrival: &Arrival,
) -> Result<Outcome, ServiceError> {
    let Some(domain) = app.mail_domain.as_deref() else {
        return Ok(Outcome::NotForUs);
    };
    if raw.len() > MAX_MAIL_BYTES {
        return too_large(app, mailer, raw, domain, arrival).await;
    }
    let Some(mail) = incoming::parse(raw) else {
        return Ok(Outcome::NotForUs);
    };
    let Some((board, competition)) = addressed_board(app, &mail, domain).await? else {
        return Ok(Outcome::NotForUs);
    };
    if !arrival.verdicts.authentic() {
        return quarantined(
            app,
            &board,
            &mail,
            arrival,
            "the sender's domain does not vouch for it (SPF, DKIM, DMARC)",
        )
        .await;
    }
    let Some(player) = mail
        .from
        .as_deref()
        .and_then(|f| competition.game.mail_sender(f))
        .cloned()
    else {
        return quarantined(
            app,
            &board,
            &mail,
            arrival,
            "not from an address the GM recorded",
        )
        .await;
    };
    if !first_time(app, &board, &mail, arrival).await? {
        return Ok(Outcome::Duplicate);
    }
    let ctx = Sender {
        board: &board,
        competition: &competition,
        player: &player,
        mail: &mail,
        arrival,
        domain,
    };
    if !within_bounds(app, mailer, &ctx).await? {
        return Ok(Outcome::Limited);
    }
    act(app, mailer, &ctx).await
}

/// Who sent a mail to which board, and how it arrived.
struct Sender<'a> {
    board: &'a CompetitionId,
    competition: &'a Competition,
    player: &'a UserId,
    mail: &'a Incoming,
    arrival: &'a Arrival,
    domain: &'a str,
}

impl Sender<'_> {
    fn address(&self) -> String {
        format!("{}@{}", self.board, self.domain)
    }

    /// A reply to the mail, in its thread.
    fn reply(&self, text: String) -> Email {
        let mut references: Vec<String> = self
            .mail
            .thread
            .iter()
            .map(|id| format!("<{id}>"))
            .collect();
        references.push(format!("<{}>", self.mail.message_id));
        let subject = if self.mail.subject.to_ascii_lowercase().starts_with("re:") {
            self.mail.subject.clone()
        } else {
            format!("Re: {}", self.mail.subject)
        };
        Email {
            from: format!(
                "{} <{}>",
                self.competition
                    .name
                    .replace(['<', '>', '"', '\r', '\n'], ""),
                self.address()
            ),
            to: vec![self.mail.from.clone().unwrap_or_default()],
            subject: subject.replace(['\r', '\n'], " "),
            text,
            message_id: format!("rcpt-{}", short_hash(&self.mail.message_id)),
            date: self.arrival.at,
            threading: Threading {
                reply_to: Some(self.address()),
                in_reply_to: Some(format!("<{}>", self.mail.message_id)),
                references,
            },
        }
    }
}

fn short_hash(s: &str) -> String {
    hex::encode(&Sha256::digest(s.as_bytes())[..12])
}

/// wm D.II.2: the board whose address is in To or Cc.
async fn addressed_board<S: Store>(
    app: &App<S>,
    mail: &Incoming,
    domain: &str,
) -> Result<Option<(CompetitionId, Arc<Competition>)>, ServiceError> {
    for address in &mail.to_and_cc {
        let Some((local, d)) = address.rsplit_once('@') else {
            continue;
        };
        if !d.eq_ignore_ascii_case(domain) {
            continue;
        }
        let Ok(id) = CompetitionId::try_from(local) else {
            continue;
        };
        if let Some(c) = app.service.load(&id).await? {
            return Ok(Some((id, c)));
        }
    }
    Ok(None)
}

/// Whether this is the first time the mail arrives (SES may deliver twice).
async fn first_time<S: NotifyStore + Store>(
    app: &App<S>,
    board: &CompetitionId,
    mail: &Incoming,
    arrival: &Arrival,
) -> Result<bool, ServiceError> {
    let key = format!("mail-seen:{board}:{}", short_hash(&mail.message_id));
    Ok(app
        .service
        .store()
        .claim(&key, arrival.at, seen_window())
        .await?)
}

/// At most [`MAX_PER_HOUR`] mails per sender per board per hour; the
/// sender hears of the bound once that hour.
async fn within_bounds<S: NotifyStore + Store, M: Mailer>(
    app: &App<S>,
    mailer: &M,
    s: &Sender<'_>,
) -> Result<bool, ServiceError> {
    let who = short_hash(s.player.as_str());
    let prefix = format!("mail-rate:{}:{who}", s.board);
    match slots::take(app.service.store(), &prefix, MAX_PER_HOUR, s.arrival.at).await? {
        Slot::Taken => Ok(true),
        Slot::Full => Ok(false),
        Slot::FirstFull => {
            let text = format!(
                "This address reads at most {MAX_PER_HOUR} mails from you an hour; this one and the next this hour change nothing. Send your orders again after the hour."
            );
            send(mailer, s.reply(text)).await;
            Ok(false)
        }
    }
}

async fn quarantined<S: NotifyStore + Store>(
    app: &App<S>,
    board: &CompetitionId,
    mail: &Incoming,
    arrival: &Arrival,
    why: &'static str,
) -> Result<Outcome, ServiceError> {
    quarantine::keep(app, board, mail, arrival.at, why).await?;
    tracing::info!(board = %board, reason = why, "mail quarantined");
    Ok(Outcome::Quarantined(why))
}

/// A mail too large to read: its sender, if a player, hears why.
async fn too_large<S: NotifyStore + Store, M: Mailer>(
    app: &App<S>,
    mailer: &M,
    raw: &[u8],
    domain: &str,
    arrival: &Arrival,
) -> Result<Outcome, ServiceError> {
    let Some(mail) = incoming::parse_headers(raw) else {
        return Ok(Outcome::TooLarge);
    };
    let Some((board, competition)) = addressed_board(app, &mail, domain).await? else {
        return Ok(Outcome::TooLarge);
    };
    let known = mail
        .from
        .as_deref()
        .and_then(|f| competition.game.mail_sender(f))
        .cloned();
    let (Some(player), true) = (known, arrival.verdicts.authentic()) else {
        quarantine::keep(app, &board, &mail, arrival.at, "too large").await?;
        return Ok(Outcome::TooLarge);
    };
    if first_time(app, &board, &mail, arrival).await? {
        let s = Sender {
            board: &board,
            competition: &competition,
            player: &player,
            mail: &mail,
            arrival,
            domain,
        };
        let text = format!(
            "Your mail of {} bytes was not read: this address reads mails of at most {} bytes. Send your orders as plain text, without attachments.",
            raw.len(),
            MAX_MAIL_BYTES
        );
        send(mailer, s.reply(text)).await;
    }
    Ok(Outcome::TooLarge)
}

/// The mail's acts, read in the competition's format (see
/// `arbiter_domain::rulebook::ByMail`), decided one by one as the sender's,
/// and the receipt.
async fn act<S: NotifyStore + Store, M: Mailer>(
    app: &App<S>,
    mailer: &M,
    s: &Sender<'_>,
) -> Result<Outcome, ServiceError> {
    let reading = s
        .competition
        .game
        .read_mail(s.player, &s.mail.subject, &s.mail.text);
    if reading.commands.is_empty() {
        help_once(app, mailer, s).await?;
        return Ok(Outcome::Helped);
    }
    let mut done = Vec::new();
    for (n, (act, command)) in reading.commands.into_iter().enumerate() {
        done.push(run(app, s, n, act, command).await?);
    }
    let after = app.service.load(s.board).await?;
    let state = after.as_deref().unwrap_or(s.competition);
    let text = format!(
        "{}\n\nThe automatic answer to the mail \"{}\" from {}.\n{} <{}>\n",
        state
            .game
            .mail_receipt(state, s.player, &done, &reading.not_read),
        s.mail.subject,
        s.mail.from.as_deref().unwrap_or_default(),
        s.competition.name,
        s.address()
    );
    send(mailer, s.reply(text)).await;
    tracing::info!(competition = %s.board, acts = done.len(), "mail read");
    Ok(Outcome::Read {
        board: s.board.clone(),
    })
}

/// One act, decided as the sender's at the mail's arrival, once per mail:
/// a second delivery is answered from the first one's receipt.
async fn run<S: Store>(
    app: &App<S>,
    s: &Sender<'_>,
    n: usize,
    act: &'static str,
    command: competition::Command,
) -> Result<MailDone<competition::Event>, ServiceError> {
    let body = serde_json::to_vec(&command).expect("a command serializes");
    let idempotency = Idempotency {
        key: format!("mail-{}-{n}", short_hash(&s.mail.message_id)),
        request_digest: hex::encode(Sha256::digest(&body)),
    };
    let ctx = Context::user(s.player.clone(), false, s.arrival.at);
    match app
        .service
        .execute(s.board, &command, &ctx, Some(idempotency))
        .await
    {
        Ok(receipt) => Ok(MailDone::Applied {
            act,
            events: receipt.events.into_iter().map(|r| r.event).collect(),
        }),
        Err(ServiceError::Refused(r)) => Ok(MailDone::Refused {
            act,
            clause: r.clause.as_ref().map(|c| c.to_string()),
            detail: r.detail,
        }),
        Err(e) => Err(e),
    }
}

/// A mail with nothing readable gets the competition's format, once per thread.
async fn help_once<S: NotifyStore + Store, M: Mailer>(
    app: &App<S>,
    mailer: &M,
    s: &Sender<'_>,
) -> Result<(), ServiceError> {
    let key = format!("mail-help:{}:{}", s.board, short_hash(s.mail.thread_root()));
    if app
        .service
        .store()
        .claim(&key, s.arrival.at, seen_window())
        .await?
    {
        send(mailer, s.reply(help(s))).await;
    }
    Ok(())
}

fn help(s: &Sender<'_>) -> String {
    format!(
        "Nothing in your mail could be read as an act, so it changes nothing.\n\n{}\n\n{} <{}>\n",
        s.competition.game.mail_help(),
        s.competition.name,
        s.address()
    )
}

/// Sends a reply; a failure is logged, since the acts stand either way and
/// the board's pages show them.
async fn send<M: Mailer>(mailer: &M, email: Email) {
    if let Err(e) = mailer.send(&email).await {
        tracing::warn!(error = %e, "a mail reply was not sent");
    }
}
