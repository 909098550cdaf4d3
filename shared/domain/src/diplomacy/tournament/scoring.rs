//! Placeholder; see the module list in mod.rs.
