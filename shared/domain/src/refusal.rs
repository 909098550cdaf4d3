//! The typed "no": every refused command says why, and when a rule said no,
//! which clause of which rulebook it was.
//!
//! The HTTP layer turns a [`Refusal`] into `application/problem+json`; the
//! [`RefusalKind`] chooses the status, the clause travels as an extension member.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Why a command was refused, in the terms the HTTP layer maps to a status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefusalKind {
    /// A rule of the competition forbids it (HTTP 422). Always carries a clause.
    Rule,
    /// The caller lacks the role the action needs (HTTP 403).
    Forbidden,
    /// The thing named does not exist (HTTP 404).
    NotFound,
    /// The request contradicts the current state in a way a retry cannot fix,
    /// e.g. creating a competition whose id is taken (HTTP 409).
    Conflict,
    /// The request is well-formed JSON but its content is not acceptable (HTTP 400).
    Invalid,
}

/// A refused command. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{detail}")]
pub struct Refusal {
    pub kind: RefusalKind,
    /// The rule that refused, as `seed clause`, e.g. `acwc III.F.2`, `dutch C12`,
    /// `wm D.VII.5`, `club II.6`, `nomic 203`; `arbiter roles` for the
    /// platform's own role rules.
    pub clause: Option<Cow<'static, str>>,
    pub detail: String,
}

impl Refusal {
    /// A rule of a rulebook refused the command.
    pub fn rule(clause: impl Into<Cow<'static, str>>, detail: impl Into<String>) -> Self {
        Self {
            kind: RefusalKind::Rule,
            clause: Some(clause.into()),
            detail: detail.into(),
        }
    }

    /// The caller's roles do not allow the action; `clause` names where the
    /// role requirement comes from.
    pub fn forbidden(clause: impl Into<Cow<'static, str>>, detail: impl Into<String>) -> Self {
        Self {
            kind: RefusalKind::Forbidden,
            clause: Some(clause.into()),
            detail: detail.into(),
        }
    }

    pub fn not_found(detail: impl Into<String>) -> Self {
        Self {
            kind: RefusalKind::NotFound,
            clause: None,
            detail: detail.into(),
        }
    }

    pub fn conflict(detail: impl Into<String>) -> Self {
        Self {
            kind: RefusalKind::Conflict,
            clause: None,
            detail: detail.into(),
        }
    }

    /// The same refusal, naming the clause that gives it.
    pub fn citing(mut self, clause: impl Into<Cow<'static, str>>) -> Self {
        self.clause = Some(clause.into());
        self
    }

    pub fn invalid(detail: impl Into<String>) -> Self {
        Self {
            kind: RefusalKind::Invalid,
            clause: None,
            detail: detail.into(),
        }
    }
}
