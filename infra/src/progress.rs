//! Progress of long command-line work (`simulate`, `pair --check`) on a
//! terminal. The bars draw on standard error and only when it is a terminal,
//! so pipes, files and CI logs get the results alone.

use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};

/// A counter of requests through the local runtime, with the simulated
/// date as its message.
pub fn requests() -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{spinner} {human_pos} requests, {per_sec}, simulated time {msg} ({elapsed})",
    )
    .expect("a valid template");
    ProgressBar::no_length()
        .with_style(style)
        .with_finish(ProgressFinish::AndClear)
}

/// Rounds re-paired out of the file's rounds.
pub fn rounds() -> ProgressBar {
    let style = ProgressStyle::with_template("{bar:30} round {pos}/{len} ({elapsed})")
        .expect("a valid template");
    ProgressBar::no_length()
        .with_style(style)
        .with_finish(ProgressFinish::AndClear)
}
