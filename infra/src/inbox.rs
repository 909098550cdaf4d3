//! The local runtime's mailbox: a person (or a test) drops `.eml` files into
//! `<data dir>/inbox/`; each is received as SES would deliver it
//! ([`inbound_mail::receive`]), its answer written to the outbox, and the
//! file moved to `inbox/read/` (or left for the next look when the store
//! did not answer). Files are taken in name order.

use arbiter_http::App;
use arbiter_notify::Mailer;
use arbiter_store::{NotifyStore, Store};
use inbound_mail::{receive, Arrival, Outcome, Verdicts};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How often the folder is looked at.
pub const LOOK_EVERY: Duration = Duration::from_millis(500);

/// Receives every `.eml` file in `dir` once: what became of each, by file.
pub async fn read_folder<S: Store + NotifyStore, M: Mailer>(
    app: &App<S>,
    mailer: &M,
    dir: &Path,
) -> Vec<(PathBuf, Outcome)> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "eml") && p.is_file())
            .collect(),
        Err(_) => return vec![],
    };
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let Ok(raw) = std::fs::read(&file) else {
            continue;
        };
        let arrival = Arrival {
            at: app.clock.now(),
            verdicts: Verdicts::trusted(),
        };
        match receive(app, mailer, &raw, &arrival).await {
            Ok(outcome) => {
                let read = dir.join("read");
                let moved = std::fs::create_dir_all(&read).and_then(|_| {
                    std::fs::rename(&file, read.join(file.file_name().unwrap_or_default()))
                });
                if let Err(e) = moved {
                    tracing::warn!(file = %file.display(), error = %e, "could not move a read mail");
                }
                tracing::info!(file = %file.display(), outcome = ?outcome, "mail received");
                out.push((file, outcome));
            }
            Err(e) => tracing::warn!(file = %file.display(), error = %e, "mail left for later"),
        }
    }
    out
}

/// Looks at `dir` every [`LOOK_EVERY`] until the server stops.
pub fn spawn<S: Store + NotifyStore, M: Mailer + 'static>(
    app: Arc<App<S>>,
    mailer: M,
    dir: PathBuf,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            read_folder(&app, &mailer, &dir).await;
            tokio::time::sleep(LOOK_EVERY).await;
        }
    })
}
