//! What a person may do now in a Nomic game: propose on their day (nomic
//! 201, 202), vote on the proposals open (113), raise a Point of Order and,
//! as its Judge, pronounce (214); the organizer seats players and begins.
//! `decide` says which are open.

use super::proposal::{ProposalStatus, RuleChange, Vote};
use super::settings::Settings;
use super::turns::AllocatedDay;
use super::vocabulary::Command;
use super::Nomic;
use crate::envelope::{Envelope, Role, UserId};
use crate::rulebook::{Acts, Offer, Preset};

impl Acts for Nomic {
    fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = Vec::new();
        if env.has_role(viewer, Role::Organizer) {
            offers.extend(organizer(self));
        }
        offers.push(Offer::new(
            "Propose a rule-change",
            Command::Propose {
                change: RuleChange::AsWritten {
                    text: "a rule-change".to_owned(),
                },
            },
            &[],
        ));
        for p in self
            .proposals
            .iter()
            .filter(|p| p.status == ProposalStatus::Voting && !p.votes.contains_key(viewer))
        {
            offers.push(Offer::new(
                format!("Vote on proposal {}", p.number),
                Command::RecordVote {
                    proposal: p.number,
                    vote: Vote::Yes,
                },
                &["proposal"],
            ));
        }
        offers.push(Offer::new(
            "Raise a Point of Order",
            Command::RaisePointOfOrder {
                statement: "a question".to_owned(),
                proposal: None,
            },
            &[],
        ));
        for point in self
            .points_of_order
            .iter()
            .filter(|p| p.judgement.is_none() && p.judge == *viewer)
        {
            offers.push(Offer::new(
                format!("Pronounce Judgement on Point of Order {}", point.id),
                Command::PronounceJudgement {
                    point: point.id,
                    decision: "a decision".to_owned(),
                    finding: None,
                    mover: None,
                },
                &["point"],
            ));
        }
        offers
    }

    /// nomic 201 and 210's note: a correspondence game starts everyone at
    /// zero; a game played face to face starts them at 100.
    fn presets() -> Vec<Preset> {
        let by_mail = serde_json::to_value(Settings::default()).expect("settings serialize");
        let mut face_to_face = by_mail.clone();
        face_to_face["starting_points"] = serde_json::json!(100);
        vec![
            Preset {
                name: "Correspondence game",
                about: "nomic 201: all players begin with zero points.",
                action: "begin",
                fields: serde_json::json!({ "settings": by_mail }),
            },
            Preset {
                name: "Face-to-face game",
                about: "nomic 210, note: in non-correspondence games the initial total is 100.",
                action: "begin",
                fields: serde_json::json!({ "settings": face_to_face }),
            },
        ]
    }

    /// Beside a proposal: the rule book in effect, by number, so a
    /// rule-change can name the rule it amends, repeals or transmutes
    /// (nomic 103, 109) without leaving the form.
    fn beside(&self, _env: &Envelope, _viewer: &UserId, action: &str) -> Option<String> {
        if action != "propose" {
            return None;
        }
        let mut rules: Vec<_> = self.rules.current.in_effect().collect();
        rules.sort_by_key(|r| r.label.number);
        let book = maud::html! {
            details.rule-book {
                summary { "The rule book in effect (" (rules.len()) " rules)" }
                dl {
                    @for r in &rules {
                        dt { "Rule " (r.record.label) }
                        dd { @for p in &r.record.text { p { (p) } } }
                    }
                }
            }
        };
        Some(book.into_string())
    }
}

fn organizer(state: &Nomic) -> Vec<Offer<Command>> {
    let free = AllocatedDay::ALL
        .into_iter()
        .find(|d| !state.players.values().any(|held| held == d));
    let mut offers: Vec<Offer<Command>> = free
        .map(|day| {
            Offer::new(
                "Seat a player",
                Command::SeatPlayer {
                    player: UserId::try_from("someone").expect("a user id"),
                    day,
                },
                &[],
            )
        })
        .into_iter()
        .collect();
    offers.push(Offer::new(
        "Begin the game",
        Command::Begin {
            settings: Settings::default(),
        },
        &[],
    ));
    offers
}
