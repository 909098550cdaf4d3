//! Press (wm D.X): white (attributed), grey (anonymous) and dark-grey
//! (unofficially attributed) by default; never black; the game's alternative
//! rule A, B or C when chosen. A grey or dark-grey author is never revealed.

use super::settings::PressRule;
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};

/// wm D.X.1: the kinds of press.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PressKind {
    /// Correctly identifies the author.
    White,
    /// Published anonymously.
    Grey,
    /// Unofficially attributed to any person.
    DarkGrey,
    /// Officially attributed by the GM to another person: never accepted.
    Black,
}

/// One published press release.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Press {
    pub id: u32,
    pub phase: String,
    pub kind: PressKind,
    pub text: String,
    /// Dark grey: whom the text claims as author (unofficial).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attributed_to: Option<String>,
    /// The author's power: public for white press only (wm D.X.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Power>,
    /// The author: shown to the author alone unless white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<UserId>,
}

impl Press {
    /// wm D.X.2: the release as `viewer` may see it.
    pub fn for_viewer(&self, viewer: Option<&UserId>) -> Press {
        let mut p = self.clone();
        if self.kind != PressKind::White && viewer != self.author.as_ref() {
            p.power = None;
            p.author = None;
        }
        p
    }
}

/// wm D.X.1: whether the game's press rule accepts `kind`.
pub fn accept(rule: PressRule, kind: PressKind) -> Result<(), Refusal> {
    let ok = match (rule, kind) {
        (_, PressKind::Black) => false,
        (PressRule::AlternativeC, _) => false,
        (PressRule::Standard, _) => true,
        (PressRule::AlternativeA, k) => matches!(k, PressKind::White | PressKind::Grey),
        (PressRule::AlternativeB, k) => k == PressKind::White,
    };
    if ok {
        Ok(())
    } else {
        Err(Refusal::rule(
            "wm D.X.1",
            format!("this game does not accept {kind:?} press (press rule {rule:?})"),
        ))
    }
}
