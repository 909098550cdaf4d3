//! The end-to-end tests, one module per topic, linked into one test binary.
//!
//! Each module used to be a test target of its own; every target links the
//! whole platform (about 115 MB unoptimised), so twenty of them cost the
//! build minutes of linking and gigabytes of disk. As modules they share
//! one link. Run one topic with a filter:
//! `cargo test -p arbiter-e2e --test e2e world_masters::`.
//!
//! The browser test (`browser/`) stays a target of its own: it is ignored
//! here and run by `scripts/browser-test.sh` with Chromium beside it.

mod acwc;
mod api;
mod app;
mod app_cognito;
mod clock;
mod consistency;
mod contention;
mod diplomacy;
mod diplomacy_races;
mod faults;
mod faults_disk;
mod fuzz_http;
mod http_semantics;
mod kind_conformance;
mod ladder;
mod lambda_path;
mod lambda_scale;
mod nomic;
mod nomic_telegram;
mod notifications;
mod openapi;
mod pages;
mod scale_dynamo;
mod self_contained;
mod standard_webhooks;
mod swiss;
mod swiss_editions;
mod tick;
mod vocabulary;
mod world_masters;
mod world_masters_mail;

/// With `autotests = false`, a new file in `tests/` that is not declared
/// above would never be compiled or run: every `.rs` file and every
/// module folder beside this one must be a module here (or the browser
/// test's folder, a target of its own).
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("e2e.rs")).expect("e2e.rs");
    let entries = std::fs::read_dir(&dir).expect("tests/ lists");
    let mut missing = Vec::new();
    for entry in entries {
        let path = entry.expect("an entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let is_module = path.is_dir() || path.extension().is_some_and(|e| e == "rs");
        if is_module
            && !["e2e", "browser"].contains(&name)
            && !root.contains(&format!("mod {name};"))
        {
            missing.push(name.to_owned());
        }
    }
    // Expected: none (every topic in the list above).
    assert!(
        missing.is_empty(),
        "not declared in tests/e2e.rs: {missing:?}"
    );
}
