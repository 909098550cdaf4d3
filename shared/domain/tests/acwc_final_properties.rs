//! acwc III.H: the Final's state machine, for any sequence of legal
//! results: it never panics, and it always ends with exactly one champion
//! (at most 30 regular games and one Armageddon game).

use arbiter_domain::chess::acwc::testkit::user;
use arbiter_domain::chess::acwc::{FinalGame, FinalMatch, FinalPhase, Format};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn acwc_iii_h_final_always_ends_with_one_champion(
        results in proptest::collection::vec(0u8..3, 31),
        bids in (1u32..=180, 1u32..=180),
        holder_is_higher_seed in any::<bool>(),
    ) {
        let format = Format::acwc_2019();
        let (h, c) = (user("holder"), user("challenger"));
        let seed = if holder_is_higher_seed { h.clone() } else { c.clone() };
        let mut m = FinalMatch::new(h.clone(), c.clone(), seed.clone());
        let mut results = results.into_iter();
        let champion = loop {
            match m.phase(&format) {
                FinalPhase::Decided { champion } => break champion,
                FinalPhase::ArmageddonBidding => {
                    prop_assert_eq!(m.games.len(), 30);
                    m.bids.insert(h.clone(), bids.0);
                    m.bids.insert(c.clone(), bids.1);
                    let a = m.armageddon_colours(&format).expect("both bids are in");
                    prop_assert!(a.white_seconds <= a.black_seconds || bids.0.min(bids.1) == a.white_seconds);
                    if bids.0 == bids.1 {
                        prop_assert_eq!(&a.white, &seed);
                    }
                    m.armageddon = Some(a);
                }
                FinalPhase::Match { .. } | FinalPhase::Rapid { .. } | FinalPhase::Armageddon => {
                    let r = results.next().expect("at most 31 games");
                    let winner = match r {
                        0 => Some(h.clone()),
                        1 => Some(c.clone()),
                        _ => None,
                    };
                    m.record(FinalGame { winner }, &format);
                }
            }
        };
        prop_assert!(champion == h || champion == c);
        prop_assert!(m.games_played() <= 31);
        prop_assert!(m.games.len() >= 12 && m.games.len().is_multiple_of(2));
        // The loser never leads the regular games once it is decided before Armageddon.
        if m.armageddon_game.is_none() {
            let loser = if champion == h { &c } else { &h };
            prop_assert!(m.half_games(&champion) > m.half_games(loser));
        }
    }
}
