//! What a person may do now: the kind's offers ([`crate::rulebook::Acts`])
//! that its own `decide` accepts from them at this instant. The app lists
//! these first on a competition's page; the API answers them at
//! `GET /v1/competitions/{id}/acts`.

use super::{Command, Competition, Context, UserId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// An act open to the viewer now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Act {
    /// The command's `action`, as `POST /actions` (or its own route) reads it.
    pub action: String,
    /// What the act is, in the rulebook's words.
    pub title: String,
    /// The command's fields the rules have fixed, with their values; the
    /// person fills in the rest.
    pub fixed: Map<String, Value>,
    /// What the kind shows beside the act's form (HTML drawn from what the
    /// viewer may see: the board to click orders on); not in the API's
    /// answer, which carries data only.
    #[serde(skip)]
    #[schemars(skip)]
    pub beside: Option<String>,
}

impl Competition {
    /// The acts `viewer` may take at `now`: every offer of the kind whose
    /// probe the rules accept from them (`may_organize`: the platform-wide
    /// right their sign-in carries), and the open ones the kind offers them
    /// on its own word.
    pub fn acts(&self, viewer: &UserId, may_organize: bool, now: DateTime<Utc>) -> Vec<Act> {
        let ctx = Context::user(viewer.clone(), may_organize, now);
        self.game
            .offers(&self.envelope, viewer)
            .into_iter()
            .filter(|offer| {
                !offer.checked || self.game.decide(&self.envelope, &offer.probe, &ctx).is_ok()
            })
            .filter_map(|offer| act(&offer.probe, offer.title, offer.fixed))
            .map(|mut act| {
                act.beside = self.game.beside(&self.envelope, viewer, &act.action);
                act
            })
            .collect()
    }
}

/// The act `probe` offers, its fixed fields read from the command's JSON.
fn act(probe: &Command, title: String, fixed: &[&str]) -> Option<Act> {
    let Value::Object(body) = serde_json::to_value(probe).ok()? else {
        return None;
    };
    let action = body.get("action")?.as_str()?.to_owned();
    // A fixed field the command leaves out is fixed to nothing (a player
    // acting for themselves names no `player`).
    let fixed = fixed
        .iter()
        .map(|f| {
            let v = body.get(*f).cloned().unwrap_or(Value::Null);
            ((*f).to_owned(), v)
        })
        .collect();
    Some(Act {
        action,
        title,
        fixed,
        beside: None,
    })
}
