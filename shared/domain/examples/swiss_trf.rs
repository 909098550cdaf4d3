//! Writes a simulated Swiss tournament as TRF-16 to standard output, for
//! timing `arbiter pair` as a process and for feeding other engines:
//!
//! ```sh
//! cargo run --release -p arbiter-domain --example swiss_trf -- 1000 11 > t1000.trf
//! arbiter pair --system dutch-2006 t1000.trf
//! ```
//!
//! Arguments: players, the round to pair next (rounds before it are simulated
//! with the Dutch engine and seeded results), and optionally the seed.

use arbiter_domain::chess::swiss::{dutch, simulate};
use arbiter_domain::chess::trf;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("whole numbers: players, round to pair, [seed]")
        })
        .collect();
    let (players, round, seed) = match args.as_slice() {
        [p, r] => (*p, *r, 20_260_101),
        [p, r, s] => (*p, *r, *s),
        _ => panic!("usage: swiss_trf PLAYERS ROUND_TO_PAIR [SEED]"),
    };
    let (players, round) = (players as u32, round as u32);
    let t = simulate::simulate(
        players,
        round.max(15),
        round - 1,
        seed,
        simulate::Incidents::default(),
        |t| dutch::pair(t).ok(),
    );
    print!("{}", trf::write(&t.to_trf()));
}
