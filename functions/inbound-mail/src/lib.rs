//! The `inbound-mail` function: play by e-mail, as the World Masters rules
//! say (wm D.II.1, D.II.2, D.VII.1, D.VII.7).
//!
//! Every board has an address, `<board id>@<mail domain>`, standing for the
//! GM's address of wm D.II.2: a mail that has it in To or Cc, from an
//! address the GM recorded for a player, is that player's act for the
//! power they hold, at the time the mail arrived (D.VII.1). Its text is read
//! in the board's format (`arbiter_domain::diplomacy::game::mail`): orders,
//! "Final", votes, proposals, press, an extension. The sender gets the
//! automatic confirmation of D.VII.7 as a reply in the same thread.
//!
//! Who a mail is from is a security question. A mail that fails SES's
//! SPF/DKIM/DMARC verdicts, or comes from an address no player has, changes
//! nothing and gets no reply (no backscatter to forged senders); the GM sees
//! it in the board's quarantine. Each mail is applied once (its
//! `Message-ID`); sizes and mails per sender per hour are bounded.
//!
//! In AWS, SES stores each mail in S3 and invokes this function ([`ses`]);
//! locally, `arbiter serve` reads `.eml` files dropped into its inbox
//! folder. Both call [`receive`].

pub mod incoming;
mod quarantine;
mod receive;
pub mod ses;
mod slots;

pub use quarantine::{QuarantinePage, Quarantined, ROUTES};
pub use receive::{receive, Arrival, Outcome, Verdicts, MAX_MAIL_BYTES, MAX_PER_HOUR};

use arbiter_http::{dispatch, App};
use arbiter_store::{NotifyStore, Store};
use bytes::Bytes;
use http::{Request, Response};
use std::sync::Arc;

/// The quarantine route, for the GM.
pub async fn handle<S: Store + NotifyStore>(
    app: Arc<App<S>>,
    req: Request<Bytes>,
) -> Response<Bytes> {
    let app = &*app;
    dispatch(app, ROUTES, req, |call| async move {
        quarantine::list(app, &call).await
    })
    .await
}

/// Serves the function in Lambda: SES notifications, and the quarantine
/// route. Configuration (environment): `TABLE_NAME`, `MAIL_DOMAIN`,
/// `MAIL_BUCKET` and `MAIL_PREFIX` (where the receipt rule stores mail).
pub async fn serve() -> Result<(), arbiter_http::lambda::Error> {
    arbiter_http::lambda::serve_http_and_events(handle, on_lambda_event).await
}

/// The clients an SES notification needs, made once per process.
struct Aws {
    raw: ses::S3Mail,
    mailer: arbiter_notify::SesMailer,
}

async fn on_lambda_event(
    app: Arc<App<arbiter_store::DynamoStore>>,
    event: serde_json::Value,
) -> Result<serde_json::Value, arbiter_http::lambda::Error> {
    static AWS: tokio::sync::OnceCell<Aws> = tokio::sync::OnceCell::const_new();
    let aws = AWS
        .get_or_init(|| async {
            let config = aws_config::load_from_env().await;
            let env = |name: &str| std::env::var(name).unwrap_or_default();
            Aws {
                raw: ses::S3Mail {
                    client: aws_sdk_s3::Client::new(&config),
                    bucket: env("MAIL_BUCKET"),
                    prefix: env("MAIL_PREFIX"),
                },
                mailer: arbiter_notify::SesMailer::new(aws_sdk_sesv2::Client::new(&config)),
            }
        })
        .await;
    let outcomes = ses::on_event(&app, &aws.mailer, &aws.raw, event).await?;
    Ok(serde_json::json!({ "read": outcomes.len() }))
}
