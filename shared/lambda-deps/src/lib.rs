//! No code: this crate only fixes the features of the dependencies the
//! Lambda functions share (see its `Cargo.toml`).
