//! The draw's search: a seeded start and a local search over swaps that
//! never makes the lexicographic (a, b, c, d, e) breach count worse.
//!
//! A seating puts each entrant in a slot, `board * 7 + power index`. The
//! state keeps, besides the slots, each team's players per power (wm B.6.a)
//! and how many boards each pair of teams shares (wm B.6.e), so that taking
//! a player off a board or putting one on updates every count in time
//! proportional to the board's seven seats and the player's earlier
//! opponents.

use super::ruler::{is_modular_ruler, modular_ruler, near_ruler, MARKS};
use crate::envelope::UserId;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A teamless entrant (a reserve or non-associated player).
pub(super) const NO_TEAM: u32 = u32::MAX;
const EMPTY: u32 = u32::MAX;
/// Partial rulers tried when looking for a modular Golomb ruler.
const RULER_BUDGET: usize = 200_000;
/// Hill climbs, and moves of one mark in each, when no ruler exists (fewer
/// than 48 teams).
const NEAR_RULER_RESTARTS: usize = 30;
const NEAR_RULER_TRIES: usize = 2_000;

/// Breaches of wm B.6.a–e, compared lexicographically.
pub(super) type Cost = [i64; 5];

/// The request in indices (entrants sorted by player id).
pub(super) struct Problem {
    pub players: Vec<UserId>,
    pub boards: usize,
    /// Team index per entrant, or [`NO_TEAM`].
    pub team: Vec<u32>,
    pub teams: usize,
    /// Round one: each entrant's power index, kept (wm B.5).
    pub fixed_power: Option<Vec<u8>>,
    /// Powers played before, one bit per power index (wm B.6.c).
    pub played: Vec<u8>,
    /// Entrants met before, sorted (wm B.6.d).
    pub met: Vec<Vec<u32>>,
    pub team_round: bool,
}

struct State<'a> {
    pb: &'a Problem,
    slot_of: Vec<u32>,
    seat: Vec<u32>,
    /// Players per (team, power): `team * 7 + power`.
    on_power: Vec<u16>,
    /// Boards shared per pair of teams: `t * teams + u`, symmetric.
    face: Vec<u16>,
    cost: Cost,
}

/// What a board holds as seen by one entrant.
struct View {
    met: i64,
    teammates: i64,
    others: [u32; 7],
    other_count: usize,
}

impl<'a> State<'a> {
    fn new(pb: &'a Problem) -> Self {
        let n = pb.players.len();
        Self {
            pb,
            slot_of: vec![EMPTY; n],
            seat: vec![EMPTY; n],
            on_power: vec![0; pb.teams * 7],
            face: vec![0; pb.teams * pb.teams],
            cost: [0; 5],
        }
    }

    fn view(&self, e: usize, board: usize) -> View {
        let t = self.pb.team[e];
        let met = &self.pb.met[e];
        let mut v = View {
            met: 0,
            teammates: 0,
            others: [NO_TEAM; 7],
            other_count: 0,
        };
        for &o in &self.seat[board * 7..board * 7 + 7] {
            if o == EMPTY || o as usize == e {
                continue;
            }
            if !met.is_empty() && met.binary_search(&o).is_ok() {
                v.met += 1;
            }
            let u = self.pb.team[o as usize];
            if t == NO_TEAM || u == NO_TEAM {
                continue;
            }
            if u == t {
                v.teammates += 1;
            } else if !v.others[..v.other_count].contains(&u) {
                v.others[v.other_count] = u;
                v.other_count += 1;
            }
        }
        v
    }

    fn remove(&mut self, e: usize) {
        let slot = self.slot_of[e] as usize;
        let (board, power) = (slot / 7, slot % 7);
        let v = self.view(e, board);
        self.seat[slot] = EMPTY;
        self.slot_of[e] = EMPTY;
        self.cost[2] -= i64::from(self.pb.played[e] >> power & 1);
        self.cost[3] -= v.met;
        let t = self.pb.team[e];
        if t == NO_TEAM {
            return;
        }
        let t = t as usize;
        self.cost[1] -= v.teammates;
        if self.pb.team_round {
            let c = &mut self.on_power[t * 7 + power];
            *c -= 1;
            self.cost[0] -= i64::from(*c);
        }
        if v.teammates == 0 {
            let teams = self.pb.teams;
            for &u in &v.others[..v.other_count] {
                let u = u as usize;
                let f = &mut self.face[t * teams + u];
                if *f >= 2 {
                    self.cost[4] -= 1;
                }
                *f -= 1;
                self.face[u * teams + t] -= 1;
            }
        }
    }

    fn add(&mut self, e: usize, slot: usize) {
        let (board, power) = (slot / 7, slot % 7);
        debug_assert_eq!(self.seat[slot], EMPTY);
        let v = self.view(e, board);
        self.seat[slot] = e as u32;
        self.slot_of[e] = slot as u32;
        self.cost[2] += i64::from(self.pb.played[e] >> power & 1);
        self.cost[3] += v.met;
        let t = self.pb.team[e];
        if t == NO_TEAM {
            return;
        }
        let t = t as usize;
        self.cost[1] += v.teammates;
        if self.pb.team_round {
            let c = &mut self.on_power[t * 7 + power];
            self.cost[0] += i64::from(*c);
            *c += 1;
        }
        if v.teammates == 0 {
            let teams = self.pb.teams;
            for &u in &v.others[..v.other_count] {
                let u = u as usize;
                let f = &mut self.face[t * teams + u];
                if *f >= 1 {
                    self.cost[4] += 1;
                }
                *f += 1;
                self.face[u * teams + t] += 1;
            }
        }
    }

    /// Swaps the slots of `i` and `j` if that does not worsen the cost.
    fn try_swap(&mut self, i: usize, j: usize) -> bool {
        let (si, sj) = (self.slot_of[i] as usize, self.slot_of[j] as usize);
        let before = self.cost;
        self.remove(i);
        self.remove(j);
        self.add(i, sj);
        self.add(j, si);
        if self.cost <= before {
            return true;
        }
        self.remove(i);
        self.remove(j);
        self.add(i, si);
        self.add(j, sj);
        debug_assert_eq!(self.cost, before);
        false
    }

    /// True when `e` takes part in a breach.
    fn in_breach(&self, e: usize) -> bool {
        let slot = self.slot_of[e] as usize;
        let (board, power) = (slot / 7, slot % 7);
        if self.pb.played[e] >> power & 1 == 1 {
            return true;
        }
        let v = self.view(e, board);
        if v.met > 0 || v.teammates > 0 {
            return true;
        }
        let t = self.pb.team[e];
        if t == NO_TEAM {
            return false;
        }
        let t = t as usize;
        if self.pb.team_round && self.on_power[t * 7 + power] >= 2 {
            return true;
        }
        let teams = self.pb.teams;
        v.others[..v.other_count]
            .iter()
            .any(|&u| self.face[t * teams + u as usize] >= 2)
    }
}

/// The breach counts of a seating (`slots[e]` per entrant), as the search
/// keeps them.
pub(super) fn cost_of(pb: &Problem, slots: &[usize]) -> Cost {
    let mut st = State::new(pb);
    for (e, &s) in slots.iter().enumerate() {
        st.add(e, s);
    }
    st.cost
}

/// Draws a seating: `slots[e]` for each entrant. After round one, when the
/// search from the cyclic start leaves a breach, it is run again from a
/// dealt start and the better result (the first on a tie) is kept.
pub(super) fn solve(pb: &Problem, seed: u64) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let first = match &pb.fixed_power {
        Some(powers) => round_one_start(pb, powers, &mut rng),
        None => cyclic_start(pb, &mut rng),
    };
    let (mut best, cost) = search_from(pb, &first, &mut rng);
    if pb.fixed_power.is_none() && cost != [0; 5] {
        let second = dealt_start(pb, &mut rng);
        let (other, other_cost) = search_from(pb, &second, &mut rng);
        if other_cost < cost {
            best = other;
        }
    }
    best
}

fn search_from(pb: &Problem, start: &[usize], rng: &mut ChaCha8Rng) -> (Vec<usize>, Cost) {
    let mut st = State::new(pb);
    for (e, &s) in start.iter().enumerate() {
        st.add(e, s);
    }
    improve(&mut st, rng);
    (st.slot_of.iter().map(|&s| s as usize).collect(), st.cost)
}

/// Round one (wm B.5: powers kept). When every team has seven players, one
/// per power, the cyclic construction over a modular Golomb ruler seats no
/// two teammates together (wm B.6.b) and no two teams together twice (wm
/// B.6.e); see `ruler`. Teams, boards and the powers' offsets are shuffled,
/// so the draw is random among such constructions. Without a ruler (none
/// exists modulo fewer than 48 (`wm_b_6_e_modular_rulers_start_at_48`), or none
/// was found) seven distinct offsets with the fewest repeated differences
/// found still keep b and few repeats of e. In any other case each power's
/// players are dealt to the boards at random.
fn round_one_start(pb: &Problem, powers: &[u8], rng: &mut ChaCha8Rng) -> Vec<usize> {
    let n = pb.players.len();
    let boards = pb.boards;
    let mut members = vec![[EMPTY; 7]; pb.teams];
    let mut regular = pb.teams == boards && boards >= MARKS;
    for e in 0..n {
        let t = pb.team[e];
        if !regular || t == NO_TEAM || members[t as usize][powers[e] as usize] != EMPTY {
            regular = false;
            break;
        }
        members[t as usize][powers[e] as usize] = e as u32;
    }
    let mut slots = vec![0usize; n];
    if regular {
        let found = modular_ruler(boards, rng, RULER_BUDGET);
        debug_assert!(found.is_none_or(|k| is_modular_ruler(boards, &k)));
        let mut offsets =
            found.unwrap_or_else(|| near_ruler(boards, rng, NEAR_RULER_RESTARTS, NEAR_RULER_TRIES));
        offsets.shuffle(rng);
        let mut cyclic: Vec<usize> = (0..pb.teams).collect();
        cyclic.shuffle(rng);
        let mut board_order: Vec<usize> = (0..boards).collect();
        board_order.shuffle(rng);
        for (b, &board) in board_order.iter().enumerate() {
            for (p, &k) in offsets.iter().enumerate() {
                let team = cyclic[(b + k) % boards];
                slots[members[team][p] as usize] = board * 7 + p;
            }
        }
    } else {
        for p in 0..7 {
            let mut of_power: Vec<usize> = (0..n).filter(|&e| powers[e] as usize == p).collect();
            of_power.shuffle(rng);
            for (board, e) in of_power.into_iter().enumerate() {
                slots[e] = board * 7 + p;
            }
        }
    }
    slots
}

/// Later rounds: the cyclic layout of round one with rows in place of teams.
/// The players are packed into `boards` rows of seven, each team's players
/// in one row where they fit (largest teams first, first fit; a team of more
/// than seven, or one that fits nowhere, is split), teamless players filling
/// the gaps. Row `r`'s player in column `p` plays power `p` on board
/// `r - k_p`: a row's players are on seven boards and seven powers (wm
/// B.6.a, B.6.b), two teams in one row never meet, and two rows share one
/// board at most when the offsets form a modular Golomb ruler (wm B.6.e).
/// Within a row, players are given columns whose power they have not played
/// where a swap allows (wm B.6.c). Rows, boards, offsets and the order of
/// equal-sized teams are shuffled by the seed.
fn cyclic_start(pb: &Problem, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let n = pb.players.len();
    let boards = pb.boards;
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); pb.teams];
    for e in 0..n {
        match pb.team[e] {
            NO_TEAM => groups.push(vec![e]),
            t => groups[t as usize].push(e),
        }
    }
    groups.retain(|g| !g.is_empty());
    for g in &mut groups {
        g.shuffle(rng);
    }
    groups.shuffle(rng);
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    let mut rows: Vec<Vec<usize>> = vec![Vec::with_capacity(7); boards];
    for mut rest in groups {
        while !rest.is_empty() {
            let r = rows
                .iter()
                .position(|row| 7 - row.len() >= rest.len())
                .unwrap_or_else(|| {
                    (0..boards)
                        .max_by_key(|&r| (7 - rows[r].len(), std::cmp::Reverse(r)))
                        .expect("a board")
                });
            let take = (7 - rows[r].len()).min(rest.len());
            rows[r].extend(rest.drain(..take));
        }
    }
    rows.shuffle(rng);
    let found = modular_ruler(boards, rng, RULER_BUDGET);
    let mut offsets = match found {
        Some(k) => k,
        None if boards >= MARKS => near_ruler(boards, rng, NEAR_RULER_RESTARTS, NEAR_RULER_TRIES),
        // Fewer boards than powers cannot happen (7 rows of 7 need 7 boards)
        // unless there are fewer than seven boards: any distinct columns.
        None => [0, 1, 2, 3, 4, 5, 6],
    };
    offsets.shuffle(rng);
    let mut board_order: Vec<usize> = (0..boards).collect();
    board_order.shuffle(rng);
    let mut slots = vec![0usize; n];
    for (r, row) in rows.iter_mut().enumerate() {
        debug_assert_eq!(row.len(), 7);
        // Columns whose power the player has not played, by swaps in the row.
        let fresh = |e: usize, p: usize| pb.played[e] >> p & 1 == 0;
        for _ in 0..2 {
            for p in 0..7 {
                if fresh(row[p], p) {
                    continue;
                }
                if let Some(q) = (0..7).find(|&q| fresh(row[p], q) && fresh(row[q], p)) {
                    row.swap(p, q);
                }
            }
        }
        for (p, &e) in row.iter().enumerate() {
            let board = (r + boards - offsets[p] % boards) % boards;
            slots[e] = board_order[board] * 7 + p;
        }
    }
    slots
}

/// Later rounds, the second start: teams in a random order, each team's
/// players together, dealt one per board across the boards, the `k`-th
/// player to board `k mod boards` and power `(k / boards + k mod boards)
/// mod 7`: consecutive teammates land on different boards and powers (wm
/// B.6.a, B.6.b).
fn dealt_start(pb: &Problem, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let n = pb.players.len();
    let boards = pb.boards;
    let mut by_team: Vec<Vec<usize>> = vec![Vec::new(); pb.teams + 1];
    for e in 0..n {
        let t = pb.team[e];
        let t = if t == NO_TEAM { pb.teams } else { t as usize };
        by_team[t].push(e);
    }
    for players in &mut by_team {
        players.shuffle(rng);
    }
    by_team.shuffle(rng);
    let mut slots = vec![0usize; n];
    for (k, e) in by_team.into_iter().flatten().enumerate() {
        let (b, r) = (k % boards, k / boards);
        slots[e] = b * 7 + (r + b) % 7;
    }
    slots
}

/// Local search: take a player in breach, swap them with a random partner
/// (round one: the same power on another board, wm B.5; later: anyone),
/// keep the swap unless it makes the cost worse. Stops when nothing is
/// breached, or after a bounded number of tries, or after many tries without
/// improvement.
fn improve(st: &mut State, rng: &mut ChaCha8Rng) {
    let pb = st.pb;
    let n = pb.players.len();
    // One player, or round one on one board: nothing to swap.
    if n < 2 || (pb.fixed_power.is_some() && pb.boards < 2) {
        return;
    }
    let by_power: Option<Vec<Vec<usize>>> = pb.fixed_power.as_ref().map(|powers| {
        let mut v = vec![Vec::new(); 7];
        for (e, &p) in powers.iter().enumerate() {
            v[p as usize].push(e);
        }
        v
    });
    let max_swaps = 40 * n + 100_000;
    let stall_limit = 10 * n + 20_000;
    let (mut swaps, mut stall) = (0usize, 0usize);
    let mut pool: Vec<usize> = Vec::new();
    while swaps < max_swaps && stall < stall_limit && st.cost != [0; 5] {
        if pool.is_empty() {
            pool = (0..n).filter(|&e| st.in_breach(e)).collect();
            if pool.is_empty() {
                break;
            }
        }
        swaps += 1;
        stall += 1;
        let i = pool.swap_remove(rng.gen_range(0..pool.len()));
        if !st.in_breach(i) {
            continue;
        }
        let j = match &by_power {
            Some(v) => {
                let same = &v[st.slot_of[i] as usize % 7];
                same[rng.gen_range(0..same.len())]
            }
            None => rng.gen_range(0..n),
        };
        if j == i {
            pool.push(i);
            continue;
        }
        let before = st.cost;
        if st.try_swap(i, j) && st.cost < before {
            stall = 0;
        }
        for e in [i, j] {
            if st.in_breach(e) {
                pool.push(e);
            }
        }
    }
}
