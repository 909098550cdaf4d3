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
