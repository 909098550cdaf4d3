//! A tournament's history written as TRF-16: the inverse of
//! [`SwissTournament::from_trf`], for exports (the ACWC qualification's TRF,
//! acwc and dutch alike) and for feeding simulated tournaments to other
//! engines and to `arbiter pair`.

use super::{Colour, RoundOutcome, SwissTournament};
use crate::chess::trf::{Trf, TrfColour, TrfLine, TrfPlayer, TrfResult, TrfRound};

impl SwissTournament {
    /// The finished rounds as a TRF document with `XXR` (total rounds) and
    /// `XXC` (the colour drawn for the first player in round 1).
    pub fn to_trf(&self) -> Trf {
        let mut lines = vec![
            TrfLine::Rounds(self.total_rounds),
            TrfLine::Configuration {
                white1: Some(self.first_colour == Colour::White),
                raw: format!(
                    "XXC {}",
                    if self.first_colour == Colour::White {
                        "white1"
                    } else {
                        "black1"
                    }
                ),
            },
        ];
        for p in &self.players {
            lines.push(TrfLine::Player(TrfPlayer {
                number: p.number,
                title: p.title.code().to_owned(),
                name: p.name.clone(),
                rating: p.rating,
                points_tenths: Some(p.half_points() * 5),
                rounds: p.rounds.iter().map(|o| o.map(round_block)).collect(),
                ..TrfPlayer::default()
            }));
        }
        Trf { lines }
    }
}

fn round_block(outcome: RoundOutcome) -> TrfRound {
    match outcome {
        RoundOutcome::Game {
            opponent,
            colour,
            half_points,
            played,
        } => TrfRound {
            opponent: Some(opponent),
            // dutch F2: a forfeit did not count for colour; TRF still records
            // the colour the pairing gave.
            colour: match colour {
                Colour::White => TrfColour::White,
                Colour::Black => TrfColour::Black,
            },
            result: match (played, half_points) {
                (true, 2) => TrfResult::Win,
                (true, 1) => TrfResult::Draw,
                (true, _) => TrfResult::Loss,
                (false, 0) => TrfResult::ForfeitLoss,
                (false, _) => TrfResult::ForfeitWin,
            },
        },
        RoundOutcome::PairingBye => TrfRound {
            opponent: None,
            colour: TrfColour::None,
            result: TrfResult::PairingBye,
        },
        RoundOutcome::NotPaired { half_points } => TrfRound {
            opponent: None,
            colour: TrfColour::None,
            result: match half_points {
                2 => TrfResult::FullPointBye,
                1 => TrfResult::HalfPointBye,
                _ => TrfResult::ZeroPointBye,
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::swiss::{dutch, simulate, SwissTournament};
    use crate::chess::trf;

    #[test]
    fn trf_export_reads_back_as_the_same_history() {
        let t = simulate::simulate(40, 9, 6, 7, simulate::Incidents::default(), |t| {
            dutch::pair(t).ok()
        });
        let text = trf::write(&t.to_trf());
        let back = SwissTournament::from_trf(&trf::read(&text).unwrap(), None).unwrap();
        assert_eq!(back.rounds_played, t.rounds_played);
        assert_eq!(back.total_rounds, t.total_rounds);
        assert_eq!(back.first_colour, t.first_colour);
        for (a, b) in t.players.iter().zip(&back.players) {
            assert_eq!(
                (a.number, &a.name, a.rating, a.title),
                (b.number, &b.name, b.rating, b.title)
            );
            assert_eq!(a.rounds, b.rounds, "player {}", a.number);
        }
        // And both pair the next round identically.
        assert_eq!(dutch::pair(&t).unwrap(), dutch::pair(&back).unwrap());
    }
}
