//! The binary as Lambda starts it, outside Lambda: without a usable
//! `_HANDLER` it stops at once, non-zero, saying why. (This target also
//! makes `cargo test --workspace` build the binary itself, which the
//! end-to-end Lambda path, `tests/tests/lambda_path.rs`, runs.)

use std::process::Command;

fn run(handler: Option<&str>) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter-lambda"));
    cmd.env_clear();
    if let Some(h) = handler {
        cmd.env("_HANDLER", h);
    }
    let out = cmd.output().expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn without_a_handler_it_names_the_variable() {
    let (ok, stderr) = run(None);
    assert!(!ok);
    assert!(stderr.contains("_HANDLER is not set"), "{stderr}");
}

#[test]
fn an_unknown_handler_is_refused_with_the_names_it_could_be() {
    let (ok, stderr) = run(Some("bootstrap"));
    assert!(!ok);
    // main's error is printed with Debug: the quotes come escaped.
    assert!(stderr.contains("no function is called"), "{stderr}");
    assert!(stderr.contains("bootstrap"), "{stderr}");
    assert!(stderr.contains("submit-orders"), "{stderr}");
}
