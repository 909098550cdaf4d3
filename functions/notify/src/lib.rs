//! The `notify` function: the table's DynamoDB Stream brings every new
//! commit; the notifier turns the events the rules make someone tell someone into
//! messages (acwc IV.E pairings, wm B.8.b NMR warnings, wm D.IX.2 results, club
//! III.2.4 declarations, nomic 209 points) and delivers them to the recipients'
//! subscriptions. On the `deadline-reminders` schedule it sends the reminders due
//! 24 hours and 1 hour before deadlines (wm D.VII.1).
//!
//! A batch processed twice (a retry after a timeout, a replay) sends nothing twice:
//! each (message, target) is claimed in the table before it is sent.
//!
//! Configuration (environment): `TABLE_NAME`; `SENDER_ADDRESS`, the SES identity
//! e-mail goes out from (no e-mail without it); `TELEGRAM_BOT_TOKEN` and optionally
//! `TELEGRAM_API_URL` (no Telegram without a token); `MAIL_DOMAIN`, the domain
//! boards receive mail at (their mail's `Reply-To`).

use arbiter_http::ScheduleEvent;
use arbiter_notify::{
    default_client, stream, AnyMailer, Channels, EmailChannel, Notifier, NotifyError, NotifyReport,
    Retrier, RetryPolicy, SesMailer, TokioSleeper,
};
use arbiter_service::schedules::schedule_of;
use arbiter_store::{DynamoStore, NotifyStore, Store};
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::sync::Arc;

/// The function's name in the schedule table.
pub const FUNCTION: &str = "notify";

/// Why an invocation failed; a failed stream batch is retried by Lambda.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error(transparent)]
    Notify(NotifyError),
    #[error("{0}")]
    Schedule(String),
}

/// Handles one invocation: a schedule event (`{"schedule": "deadline-reminders"}`)
/// or a stream batch (`{"Records": [...]}`).
pub async fn on_event<S, M>(
    notifier: &Notifier<S, M>,
    now: DateTime<Utc>,
    event: Value,
) -> Result<NotifyReport, Failure>
where
    S: Store + NotifyStore + Clone,
    M: arbiter_notify::Mailer,
{
    if event.get("schedule").is_some() {
        let event: ScheduleEvent =
            serde_json::from_value(event).map_err(|e| Failure::Schedule(e.to_string()))?;
        schedule_of(FUNCTION, &event.schedule).map_err(Failure::Schedule)?;
        let report = notifier.remind(now).await.map_err(Failure::Notify)?;
        tracing::info!(schedule = event.schedule, sent = report.sent, "reminders");
        return Ok(report);
    }
    let parsed = stream::commits_of(&event);
    let report = notifier
        .process(&parsed.commits)
        .await
        .map_err(Failure::Notify)?;
    tracing::info!(
        commits = report.commits,
        notices = report.notices,
        sent = report.sent,
        duplicates = report.duplicates,
        failed = report.failed,
        unreachable = report.unreachable,
        skipped = parsed.skipped,
        unreadable = parsed.unreadable,
        "stream batch"
    );
    Ok(report)
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The production notifier: DynamoDB, SES, HTTPS adapters, the system clock.
pub async fn production() -> Result<Notifier<DynamoStore, AnyMailer>, lambda_runtime::Error> {
    let table = env("TABLE_NAME").ok_or("TABLE_NAME is not set")?;
    let store = DynamoStore::from_env(table).await;
    let clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync> = Arc::new(Utc::now);
    let retrier = Retrier::new(
        RetryPolicy::default(),
        Arc::new(TokioSleeper),
        Notifier::<DynamoStore, AnyMailer>::dead_letter_sink(store.clone(), clock.clone()),
    );
    let telegram = env("TELEGRAM_BOT_TOKEN").map(|token| {
        let base = env("TELEGRAM_API_URL")
            .unwrap_or_else(|| arbiter_notify::telegram::TELEGRAM_API.into());
        (base, token)
    });
    let mut channels = Channels::over_http(default_client(), retrier, telegram);
    if let Some(sender) = env("SENDER_ADDRESS") {
        let config = aws_config::load_from_env().await;
        let mailer = AnyMailer::Ses(SesMailer::new(aws_sdk_sesv2::Client::new(&config)));
        channels = channels.with_email(EmailChannel::new(mailer, sender));
    }
    let mut notifier = Notifier::new(store, channels, clock);
    // A board's mail is answered with orders at its own address (wm D.II.2).
    if let Some(domain) = env("MAIL_DOMAIN") {
        notifier = notifier.with_mail_domain(domain);
    }
    // Links open from a mail client: absolute under the API's address.
    Ok(match env("PUBLIC_BASE_URL") {
        Some(base) => notifier.with_link_base(base),
        None => notifier,
    })
}

/// Runs the function in Lambda.
pub async fn serve() -> Result<(), lambda_runtime::Error> {
    arbiter_http::lambda::init_tracing();
    let notifier = Arc::new(production().await?);
    lambda_runtime::run(lambda_runtime::service_fn(
        move |event: lambda_runtime::LambdaEvent<Value>| {
            let notifier = Arc::clone(&notifier);
            async move {
                on_event(&notifier, Utc::now(), event.payload)
                    .await
                    .map_err(|e| lambda_runtime::Error::from(e.to_string()))
            }
        },
    ))
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_notify::EmlFolder;
    use arbiter_store::EmbeddedStore;
    use serde_json::json;

    fn notifier(dir: &std::path::Path) -> Notifier<EmbeddedStore, AnyMailer> {
        let store = EmbeddedStore::open(dir.join("t.redb")).expect("store");
        let clock: Arc<dyn Fn() -> DateTime<Utc> + Send + Sync> = Arc::new(Utc::now);
        let channels = Channels::default().with_email(EmailChannel::new(
            AnyMailer::Eml(EmlFolder::new(dir.join("outbox"))),
            "Arbiter <arbiter@example.org>",
        ));
        Notifier::new(store, channels, clock)
    }

    #[tokio::test]
    async fn a_schedule_of_another_function_is_refused() {
        let dir = tempfile::tempdir().expect("dir");
        let n = notifier(dir.path());
        let err = on_event(&n, Utc::now(), json!({"schedule": "deadline-sweep"}))
            .await
            .expect_err("not ours");
        assert!(err.to_string().contains("does not run"), "{err}");
        let report = on_event(&n, Utc::now(), json!({"schedule": "deadline-reminders"}))
            .await
            .expect("ours");
        assert_eq!(report, NotifyReport::default());
    }

    /// Bad input never crashes and changes nothing: a batch of nonsense is read as
    /// no commits.
    #[tokio::test]
    async fn a_batch_of_nonsense_notifies_nobody() {
        let dir = tempfile::tempdir().expect("dir");
        let n = notifier(dir.path());
        for event in [
            json!(null),
            json!({"Records": "x"}),
            json!({"Records": [1, {"eventName": "INSERT"}]}),
        ] {
            let report = on_event(&n, Utc::now(), event).await.expect("processed");
            assert_eq!(report.commits, 0);
        }
    }
}
