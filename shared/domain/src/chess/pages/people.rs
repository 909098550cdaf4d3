//! The players as the pages name them. The view keys every player by user
//! id; a page shows what the player entered instead: a Swiss entrant's
//! starting number, title and name ("3 GM Carla"), as crosstables print
//! them, and an ACWC entrant's Lichess account.

use crate::page::layout::text;
use crate::page::Public;
use maud::{html, Markup};
use serde_json::Value;
use std::collections::BTreeMap;

/// One player as entered.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Person {
    /// dutch A2: the starting number; `None` for an ACWC entrant.
    pub number: Option<u64>,
    pub name: String,
    /// The FIDE title (`GM`, `WIM`, ...) or empty.
    pub title: String,
    /// The three-letter federation code or empty.
    pub federation: String,
    /// 0 when unrated.
    pub rating: u64,
    pub fide_id: Option<u64>,
    /// The first round he may be paired in (a late entry's is later).
    pub first_round: u64,
    /// dutch F5: the round from which he is withdrawn.
    pub withdrawn_from: Option<u64>,
}

impl Person {
    /// The title and the name: "GM Carla".
    pub fn titled(&self) -> String {
        if self.title.is_empty() {
            self.name.clone()
        } else {
            format!("{} {}", self.title, self.name)
        }
    }
}

/// Every player of a competition, by user id.
pub struct People(BTreeMap<String, Person>);

impl People {
    /// The Swiss event's entrants (`players`) or the ACWC's (`entrants`).
    pub fn of(p: &Public) -> Self {
        let swiss = p.view["players"].as_array().into_iter().flatten();
        let acwc = p.view["entrants"].as_array().into_iter().flatten();
        People(
            swiss
                .filter_map(swiss_entrant)
                .chain(acwc.filter_map(acwc_entrant))
                .collect(),
        )
    }

    pub fn get(&self, id: &str) -> Option<&Person> {
        self.0.get(id)
    }

    /// The player with starting number `n`, with his user id.
    pub fn by_number(&self, n: u64) -> Option<(&str, &Person)> {
        self.0
            .iter()
            .find(|(_, e)| e.number == Some(n))
            .map(|(id, e)| (id.as_str(), e))
    }

    /// Every starting number, in order.
    pub fn numbers(&self) -> impl Iterator<Item = u64> + '_ {
        let mut all: Vec<u64> = self.0.values().filter_map(|e| e.number).collect();
        all.sort_unstable();
        all.into_iter()
    }

    /// Whether any player entered a rating, a federation.
    pub fn rated(&self) -> bool {
        self.0.values().any(|e| e.rating > 0)
    }

    pub fn federations(&self) -> bool {
        self.0.values().any(|e| !e.federation.is_empty())
    }

    /// Player `id` as a page names him: "3 GM Carla"; an id no entry
    /// names as itself (a player the view does not list).
    pub fn shown(&self, id: &Value) -> String {
        let id = text(id);
        match self.0.get(&id) {
            Some(e) => match e.number {
                Some(n) => format!("{n} {}", e.titled()),
                None => e.titled(),
            },
            None => id,
        }
    }

    /// [`People::shown`], linked to the player's page where he has one.
    pub fn link(&self, p: &Public, id: &Value) -> Markup {
        self.linked(p, id, self.shown(id))
    }

    /// The title and the name without the number, linked the same.
    pub fn name_link(&self, p: &Public, id: &Value) -> Markup {
        let shown = self.get(&text(id)).map_or_else(|| text(id), Person::titled);
        self.linked(p, id, shown)
    }

    fn linked(&self, p: &Public, id: &Value, shown: String) -> Markup {
        match self.get(&text(id)).and_then(|e| e.number) {
            Some(n) => html! { a href=(p.link(&format!("player/{n}"))) { (shown) } },
            None => html! { (shown) },
        }
    }
}

fn swiss_entrant(e: &Value) -> Option<(String, Person)> {
    let id = e["player"].as_str()?;
    let entry = &e["entry"];
    let person = Person {
        number: e["number"].as_u64(),
        name: entry["name"].as_str().unwrap_or(id).to_owned(),
        title: entry["title"].as_str().unwrap_or_default().to_owned(),
        federation: entry["federation"].as_str().unwrap_or_default().to_owned(),
        rating: entry["rating"].as_u64().unwrap_or(0),
        fide_id: entry["fide_id"].as_u64(),
        first_round: e["first_round"].as_u64().unwrap_or(1),
        withdrawn_from: e["withdrawn_from"].as_u64(),
    };
    Some((id.to_owned(), person))
}

fn acwc_entrant(e: &Value) -> Option<(String, Person)> {
    let id = e["player"].as_str()?;
    let person = Person {
        name: e["account"].as_str().unwrap_or(id).to_owned(),
        rating: e["seeding_rating"].as_f64().unwrap_or(0.0).max(0.0) as u64,
        ..Person::default()
    };
    Some((id.to_owned(), person))
}
