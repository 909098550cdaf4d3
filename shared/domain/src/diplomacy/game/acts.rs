//! What a person may do now on a Diplomacy board: a power's player enters
//! its orders for the phase (wm D.II, D.III), votes on the proposals open
//! (D.IX) and sends press (D.X); the GM enters orders a player sent
//! another way. Setting the board up is among the forms of every act, its
//! settings being too many to sample. `decide` says which are open.

use super::command::Command;
use super::press::PressKind;
use super::state::Board;
use super::vote::Ballot;
use crate::envelope::{Envelope, Role, UserId};
use crate::rulebook::{Acts, Offer};

impl Acts for Board {
    fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
        let mut offers = Vec::new();
        if env.has_role(viewer, Role::GameMaster) || env.has_role(viewer, Role::Organizer) {
            offers.extend(game_master(self));
        }
        if let (Some(power), Some(phase)) = (self.power_of(viewer), self.phase()) {
            offers.push(Offer::new(
                format!("Enter {power}'s orders for {phase}"),
                Command::SubmitOrders {
                    power,
                    phase: phase.to_owned(),
                    orders: Vec::new(),
                    is_final: false,
                },
                &["power", "phase"],
            ));
            for p in self.proposals.iter().filter(|p| p.passed.is_none()) {
                offers.push(Offer::new(
                    format!("Vote on proposal {}", p.id),
                    Command::RecordVote {
                        proposal: p.id,
                        ballot: Ballot::Yes,
                    },
                    &["proposal"],
                ));
            }
            offers.push(Offer::new(
                "Send press",
                Command::SendPress {
                    press: PressKind::White,
                    text: "press".to_owned(),
                    attributed_to: None,
                },
                &[],
            ));
        }
        offers
    }

    /// Beside a power's orders: the board as it stands, with the legal
    /// orders of each of the power's units for the map's clicks (the
    /// options resource's, wm D.II), which a script reads; without it the
    /// orders are typed.
    fn beside(&self, _env: &Envelope, viewer: &UserId, action: &str) -> Option<String> {
        if action != "submit-orders" {
            return None;
        }
        let power = self.power_of(viewer)?;
        let position = self.position.as_ref()?;
        let (_, options) = super::resources::power_options(self, power).ok()?;
        let svg = crate::diplomacy::picture::draw(position, &[]);
        let options = serde_json::to_string(&options).ok()?;
        let figure = maud::html! {
            figure.orders-map data-power=(power.name()) data-options=(options) {
                (maud::PreEscaped(svg))
                figcaption { "Click one of your units, then where it goes (or the unit it supports or convoys, then where that one goes); the order is written below, where you may also type." }
            }
        };
        Some(figure.into_string())
    }
}

fn game_master(board: &Board) -> Vec<Offer<Command>> {
    let mut offers = Vec::new();
    if let Some(phase) = board.phase() {
        for power in board.seats.keys() {
            offers.push(Offer::new(
                format!("Enter {power}'s orders for {phase} (as GM)"),
                Command::EnterOrders {
                    power: *power,
                    phase: phase.to_owned(),
                    orders: Vec::new(),
                    is_final: false,
                },
                &["power", "phase"],
            ));
        }
    }
    offers
}
