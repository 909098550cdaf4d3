//! Arbiter's browser app, as pure rendering: the screens a signed-in person
//! acts from, and the forms every command is sent with, generated from the
//! same JSON Schemas the API document is built from ([`form`]) and read
//! back into commands ([`read`]). The `app` function serves them; what a
//! person may do now comes from the kinds (`Competition::acts`), and every
//! refusal from the rules.

pub mod form;
pub mod kinds;
pub mod layout;
pub mod read;
pub mod render;
pub mod screens;

#[cfg(test)]
mod tests;

pub use layout::{Viewer, MAP_SCRIPT, ROOT, STYLESHEET};
