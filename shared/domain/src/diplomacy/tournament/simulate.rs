//! Random but legal board results, for simulated tournaments and tests: a
//! board's centres drift year by year from the standard start (three each,
//! four for Russia, twelve neutral), never more than 34 owned; a power
//! reaching 18 ends the game with a solo (wm C.4); otherwise the game runs
//! to its stage's last year (wm B.3). Now and then a player is replaced
//! part-way, permanently or for a while, so pro-rating (wm C.14) is
//! exercised. Everything comes from the seed.

use super::model::{BoardReport, Seating, Stage, Tenure};
use crate::diplomacy::game::event::EndReason;
use crate::diplomacy::game::state::GameResult;
use crate::diplomacy::map::Power;
use crate::envelope::UserId;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// wm C.4: the centres of a solo.
const SOLO: usize = 18;

/// A random legal report for a board of `stage` seated as `seating`;
/// `standby` may take a position over part-way.
pub fn random_report(
    rng: &mut ChaCha8Rng,
    stage: Stage,
    seating: &Seating,
    standby: Option<&UserId>,
) -> BoardReport {
    let mut centers: BTreeMap<Power, usize> = Power::ALL
        .into_iter()
        .map(|p| (p, if p == Power::Russia { 4 } else { 3 }))
        .collect();
    let mut year_end_centers = BTreeMap::new();
    let mut reason = EndReason::LastYear;
    for year in 1901..=stage.last_year() {
        change_hands(rng, &mut centers);
        year_end_centers.insert(year, centers.clone());
        if let Some((power, _)) = centers.iter().find(|(_, c)| **c >= SOLO) {
            reason = EndReason::Solo { power: *power };
            break;
        }
    }
    let eliminated = Power::ALL.into_iter().filter(|p| centers[p] == 0).collect();
    let tenures = random_tenures(rng, seating, standby, stage.seasons());
    BoardReport {
        result: GameResult {
            reason,
            phase: format!(
                "F{}M",
                year_end_centers.keys().last().copied().unwrap_or(1901)
            ),
            centers,
            eliminated,
        },
        year_end_centers,
        tenures,
        game: None,
    }
}

/// One year's drift of the centres.
fn change_hands(rng: &mut ChaCha8Rng, centers: &mut BTreeMap<Power, usize>) {
    // A few centres change hands: neutral ones are taken early on,
    // then survivors take from each other.
    for _ in 0..rng.gen_range(1..=4) {
        let owned: usize = centers.values().sum();
        let alive: Vec<Power> = Power::ALL.into_iter().filter(|p| centers[p] > 0).collect();
        let taker = alive[rng.gen_range(0..alive.len())];
        if owned < 34 && rng.gen_bool(0.6) {
            *centers.get_mut(&taker).expect("seven powers") += 1;
        } else {
            let victim = alive[rng.gen_range(0..alive.len())];
            if victim != taker {
                *centers.get_mut(&victim).expect("seven powers") -= 1;
                *centers.get_mut(&taker).expect("seven powers") += 1;
            }
        }
    }
}

/// Who played each power for how many of the board's `seasons`: now and
/// then the `standby` takes a position over part-way, one position of the
/// board at most (nobody plays two powers of one game).
fn random_tenures(
    rng: &mut ChaCha8Rng,
    seating: &Seating,
    standby: Option<&UserId>,
    seasons: u32,
) -> BTreeMap<Power, Vec<Tenure>> {
    let mut standby = standby;
    seating
        .seats
        .iter()
        .map(|(power, player)| {
            let replaced = standby.filter(|_| rng.gen_bool(0.05));
            if replaced.is_some() {
                standby = None;
            }
            let tenures = match replaced {
                Some(standby) => {
                    // Early-termination seasons go to whoever is active at
                    // the end (wm C.14): the standby here.
                    let first = rng.gen_range(1..seasons);
                    vec![
                        Tenure {
                            player: player.clone(),
                            seasons: first,
                            permanent: false,
                        },
                        Tenure {
                            player: standby.clone(),
                            seasons: seasons - first,
                            permanent: true,
                        },
                    ]
                }
                None => vec![Tenure {
                    player: player.clone(),
                    seasons,
                    permanent: true,
                }],
            };
            (*power, tenures)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn seating() -> Seating {
        Seating {
            seats: Power::ALL
                .into_iter()
                .map(|p| {
                    (
                        p,
                        UserId::try_from(format!("p-{}", p.name().to_lowercase())).unwrap(),
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn random_reports_are_legal() {
        let standby = UserId::try_from("standby").unwrap();
        for seed in 0..300 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let stage = [Stage::RoundOne, Stage::SemiFinal, Stage::Final][seed as usize % 3];
            let r = random_report(&mut rng, stage, &seating(), Some(&standby));
            assert_eq!(r.result.centers.len(), 7);
            assert!(r.result.centers.values().sum::<usize>() <= 34);
            for counts in r.year_end_centers.values() {
                assert!(counts.values().sum::<usize>() <= 34);
            }
            let solo = r.result.centers.values().any(|c| *c >= SOLO);
            assert_eq!(solo, matches!(r.result.reason, EndReason::Solo { .. }));
            if !solo {
                assert_eq!(r.year_end_centers.len() as u16, stage.last_year() - 1900);
            }
            for tenures in r.tenures.values() {
                assert_eq!(
                    tenures.iter().map(|t| t.seasons).sum::<u32>(),
                    stage.seasons()
                );
                assert!(tenures.last().unwrap().permanent);
            }
            let standing_in = r.tenures.values().filter(|t| t.len() > 1).count();
            assert!(standing_in <= 1, "the standby plays one power of a board");
        }
    }
}
