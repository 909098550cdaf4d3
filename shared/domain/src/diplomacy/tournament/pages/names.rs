//! Who is who on the tournament's pages: a team by its name, a player with
//! the team they play for (wm A.1), never a bare team id.

use maud::{html, Markup};
use serde_json::Value;
use std::collections::BTreeMap;

/// The teams' names and each playing member's team, from the view.
pub struct Names {
    teams: BTreeMap<String, String>,
    team_of: BTreeMap<String, String>,
}

impl Names {
    pub fn of(view: &Value) -> Self {
        let mut teams = BTreeMap::new();
        let mut team_of = BTreeMap::new();
        for (id, t) in view["teams"].as_object().into_iter().flatten() {
            teams.insert(id.clone(), t["name"].as_str().unwrap_or(id).to_owned());
            let players = t["players"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.values());
            let replacements = t["replacements"].as_array().into_iter().flatten();
            for member in players.chain(replacements).filter_map(Value::as_str) {
                team_of
                    .entry(member.to_owned())
                    .or_insert_with(|| id.clone());
            }
        }
        Self { teams, team_of }
    }

    /// A team's name (its id when the view names no such team).
    pub fn team(&self, id: &str) -> String {
        self.teams.get(id).cloned().unwrap_or_else(|| id.to_owned())
    }

    /// A player and, on a second line, their team (or none: a reserve or
    /// non-associated player, wm B.2).
    pub fn player(&self, user: &str) -> Markup {
        html! {
            (user)
            @if let Some(team) = self.team_of.get(user) {
                br; span.muted { (self.team(team)) }
            }
        }
    }

    /// A standing's subject: a team id, a player, or a player on a board
    /// (the best countries' lines).
    pub fn subject(&self, v: &Value) -> Markup {
        match v {
            Value::String(s) if self.teams.contains_key(s) => html! { (self.team(s)) },
            Value::String(s) => self.player(s),
            Value::Object(o) => html! {
                (self.player(o.get("player").and_then(Value::as_str).unwrap_or_default()))
                @if let Some(board) = o.get("board").and_then(Value::as_str) {
                    br; span.muted { "board " (board) }
                }
            },
            _ => html! { "–" },
        }
    }
}
