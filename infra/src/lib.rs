//! Arbiter's local runtime: every Lambda function's handler mounted on one
//! port over the embedded store, the same schedules run by the `cron` crate,
//! and dev tokens. `arbiter serve` needs no AWS account, Docker or network.

pub mod devkeys;
pub mod in_process;
pub mod inbox;
pub mod kinds;
pub mod notifications;
pub mod openapi;
pub mod progress;
pub mod scheduler;
pub mod server;
pub mod simulate;
pub mod story;
pub mod swiss;
pub mod text_table;
pub mod transport;
pub mod world_masters;
