//! Movement-phase resolution: the 2000 Hasbro rules with the World Masters
//! convoy rules wm D.VI.1–7, by Kruijswijk's guess-and-check algorithm
//! ("The Math of Adjudication"). Each order is one decision (a move succeeds,
//! a support is given, a convoying fleet stays); decisions are resolved
//! recursively, a guess is made when a decision depends on itself, and a cycle
//! with no or two consistent resolutions falls to the backup rule: a convoy
//! paradox fails every convoyed move in it (wm D.VI.6, the Szykman rule), a
//! circular movement succeeds.
//!
//! The file stays whole (a little over 600 lines): its decisions are one
//! recursive resolution over one shared table, and each decision kind reads
//! the others; split, the algorithm could no longer be read in one place.

use super::super::map::{self, Location, Power, Province};
use super::super::position::Board;

/// A movement order as the resolver sees it: already read and checked by
/// [`crate::diplomacy::orders`] (illegal orders arrive as `Hold`, wm D.III.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovementOrder {
    Hold,
    /// Move to `dest`. `by_convoy` is decided per wm D.VI.2 before resolution.
    Move {
        dest: Location,
        by_convoy: bool,
        /// wm D.VI.3: the provinces of the fleets the player named as the route.
        route: Option<Vec<Province>>,
    },
    /// Support the unit in `supported` to hold (`dest: None`) or to move to `dest`.
    Support {
        supported: Province,
        dest: Option<Province>,
    },
    /// Convoy the army in `army` to `dest`.
    Convoy {
        army: Province,
        dest: Province,
    },
}

/// Why a decision came out as it did, for publication (wm D.VIII.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Move: it succeeded.
    Moved,
    /// Move: it failed against these units (the strongest holder or rivals).
    Bounced { by: Vec<Province> },
    /// Move by convoy: no route of undislodged convoying fleets.
    NoConvoy,
    /// Move by convoy: part of a convoy paradox (wm D.VI.6), fails without effect.
    ConvoyParadox,
    /// Support: given.
    Supported,
    /// Support: cut by the unit attacking from this province.
    Cut { by: Province },
    /// Support or convoy: the supported/convoyed unit did not do what the order said.
    NotMatched,
    /// Convoy: the fleet stayed and convoyed.
    Convoyed,
    /// Hold: held.
    Held,
}

/// Result for one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitResolution {
    pub decision: Decision,
    /// Dislodged by the unit that came from this province.
    pub dislodged_by: Option<Province>,
    /// wm D.VI.1: the dislodging unit came by convoy.
    pub dislodged_by_convoy: bool,
}

/// Result of a movement phase.
#[derive(Debug, Clone)]
pub struct MovementResult {
    pub units: Vec<UnitResolution>,
    /// Provinces left empty by a standoff: no retreat there.
    pub contested: u128,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

struct Resolver<'a> {
    board: &'a Board,
    orders: &'a [MovementOrder],
    map: &'static map::Map,
    /// Destination province of each move (u8::MAX if not moving).
    dest: Vec<u8>,
    convoyed: Vec<bool>,
    /// Units moving into each province.
    attackers: Vec<Vec<u8>>,
    /// Valid supporters of each unit's order.
    supporters: Vec<Vec<u8>>,
    /// Fleets with a matching convoy order, per army.
    convoyers: Vec<Vec<u8>>,
    /// Head-to-head opponent.
    h2h: Vec<Option<u8>>,
    paradox: Vec<bool>,
    state: Vec<State>,
    result: Vec<bool>,
    deps: Vec<u8>,
}

const NONE: u8 = u8::MAX;

/// Resolves a movement phase. `orders[i]` is the order of `board.units[i]`.
pub fn resolve(board: &Board, orders: &[MovementOrder]) -> MovementResult {
    let mut r = Resolver::new(board, orders);
    for i in 0..board.units.len() {
        r.resolve(i);
    }
    r.finish()
}

impl<'a> Resolver<'a> {
    fn new(board: &'a Board, orders: &'a [MovementOrder]) -> Self {
        let n = board.units.len();
        let mut dest = vec![NONE; n];
        let mut convoyed = vec![false; n];
        let mut attackers = vec![Vec::new(); 75];
        for (i, o) in orders.iter().enumerate() {
            if let MovementOrder::Move {
                dest: d, by_convoy, ..
            } = o
            {
                dest[i] = d.province.0;
                convoyed[i] = *by_convoy;
                attackers[d.province.0 as usize].push(i as u8);
            }
        }
        let mut supporters = vec![Vec::new(); n];
        let mut convoyers = vec![Vec::new(); n];
        for (i, o) in orders.iter().enumerate() {
            match o {
                MovementOrder::Support {
                    supported,
                    dest: sd,
                } => {
                    if let Some(j) = board.index_at(*supported) {
                        let ok = match sd {
                            None => dest[j] == NONE,
                            Some(d) => dest[j] == d.0,
                        };
                        if ok && j != i {
                            supporters[j].push(i as u8);
                        }
                    }
                }
                // A fleet of any power convoys, even an army whose move
                // dislodges the fleet's own power's unit: "the convoy and the
                // dislodgment will be permitted" (wm D.VI.7).
                MovementOrder::Convoy { army, dest: cd } => {
                    if let Some(j) = board.index_at(*army) {
                        if board.units[i].province().is_sea() && dest[j] == cd.0 && convoyed[j] {
                            convoyers[j].push(i as u8);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut h2h = vec![None; n];
        for i in 0..n {
            if dest[i] != NONE && !convoyed[i] {
                if let Some(j) = board.index_at(Province(dest[i])) {
                    if dest[j] == board.units[i].province().0 && !convoyed[j] {
                        h2h[i] = Some(j as u8);
                    }
                }
            }
        }
        Resolver {
            board,
            orders,
            map: map::standard(),
            dest,
            convoyed,
            attackers,
            supporters,
            convoyers,
            h2h,
            paradox: vec![false; n],
            state: vec![State::Unresolved; n],
            result: vec![false; n],
            deps: Vec::with_capacity(n),
        }
    }

    fn power(&self, i: usize) -> Power {
        self.board.units[i].power
    }

    /// Kruijswijk's resolve with cycle detection.
    fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.result[nr],
            State::Guessing => {
                // Every read of a guess is recorded (even if already listed),
                // so that whoever read it knows it depends on a guess; a
                // cycle fully settled inside truncates its entries again.
                self.deps.push(nr as u8);
                return self.result[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.result[nr] = false;
        self.state[nr] = State::Guessing;
        let first = self.adjudicate(nr);
        // Independent of every guess: settled.
        if self.deps.len() == old {
            if self.state[nr] != State::Resolved {
                self.result[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return first;
        }
        if self.deps[old] as usize != nr {
            self.deps.push(nr as u8);
            self.result[nr] = first;
            return first;
        }
        // nr is the root of a cycle: try the other guess.
        self.reset_deps(old);
        self.result[nr] = true;
        self.state[nr] = State::Guessing;
        let second = self.adjudicate(nr);
        if first == second {
            self.reset_deps(old);
            self.result[nr] = first;
            self.state[nr] = State::Resolved;
            return first;
        }
        self.backup_rule(old);
        self.resolve(nr)
    }

    fn reset_deps(&mut self, old: usize) {
        while self.deps.len() > old {
            let d = self.deps.pop().expect("non-empty") as usize;
            self.state[d] = State::Unresolved;
        }
    }

    /// wm D.VI.6 (Szykman rule) for convoy paradoxes; otherwise a circular
    /// movement, in which every move succeeds.
    fn backup_rule(&mut self, old: usize) {
        let mut cycle: Vec<usize> = self.deps[old..].iter().map(|&d| d as usize).collect();
        cycle.sort_unstable();
        cycle.dedup();
        // Only moves in the cycle: a circular movement. Anything else in a
        // cycle comes from a convoy whose success depends on itself.
        let convoy_paradox = cycle.iter().any(|&i| self.dest[i] == NONE);
        if convoy_paradox {
            let before = self.paradox.iter().filter(|p| **p).count();
            for &i in &cycle {
                if self.convoyed[i] {
                    self.paradox[i] = true;
                }
                if let MovementOrder::Convoy { army, .. } = self.orders[i] {
                    if let Some(j) = self.board.index_at(army) {
                        if self.convoyers[j].contains(&(i as u8)) {
                            self.paradox[j] = true;
                        }
                    }
                }
            }
            if self.paradox.iter().filter(|p| **p).count() == before {
                // Nothing left to fail: settle the cycle on its guesses.
                self.deps.truncate(old);
                for &i in &cycle {
                    self.state[i] = State::Resolved;
                }
                return;
            }
            self.reset_deps(old);
        } else {
            self.deps.truncate(old);
            for &i in &cycle {
                if self.dest[i] != NONE {
                    self.result[i] = true;
                    self.state[i] = State::Resolved;
                } else {
                    self.state[i] = State::Unresolved;
                }
            }
        }
    }

    fn adjudicate(&mut self, nr: usize) -> bool {
        match self.orders[nr] {
            MovementOrder::Move { .. } => self.adjudicate_move(nr),
            MovementOrder::Support { .. } => self.adjudicate_support(nr),
            // A holding or convoying unit's decision: it is not dislodged.
            MovementOrder::Hold | MovementOrder::Convoy { .. } => !self.dislodged_guess(nr),
        }
    }

    /// Some move into this (non-moving) unit's province succeeds.
    fn dislodged_guess(&mut self, nr: usize) -> bool {
        let p = self.board.units[nr].province().0 as usize;
        for k in 0..self.attackers[p].len() {
            let a = self.attackers[p][k] as usize;
            if self.resolve(a) {
                return true;
            }
        }
        false
    }

    /// wm D.VI.3, D.VI.4: a convoyed army needs a chain of undislodged
    /// convoying fleets; a named route must be intact (D.VI.3), an unnamed
    /// one fails only when no route is left (D.VI.4).
    fn path(&mut self, nr: usize) -> bool {
        if !self.convoyed[nr] {
            return true;
        }
        if self.paradox[nr] {
            return false;
        }
        let from = self.board.units[nr].province();
        let to = Province(self.dest[nr]);
        let route = match &self.orders[nr] {
            MovementOrder::Move { route, .. } => route.clone(),
            _ => None,
        };
        let mut fleets: u128 = 0;
        for k in 0..self.convoyers[nr].len() {
            let f = self.convoyers[nr][k] as usize;
            fleets |= map::bit(self.board.units[f].province());
        }
        if let Some(route) = route {
            // Every named fleet must be convoying this army, and stay.
            let mut named = 0u128;
            for p in &route {
                named |= map::bit(*p);
            }
            if named & !fleets != 0 || !self.route_is_chain(from, to, &route) {
                return false;
            }
            for k in 0..self.convoyers[nr].len() {
                let f = self.convoyers[nr][k] as usize;
                if named & map::bit(self.board.units[f].province()) != 0 && !self.resolve(f) {
                    return false;
                }
            }
            return !self.paradox[nr];
        }
        // Unnamed: any route through fleets that stay.
        let mut ok = 0u128;
        for k in 0..self.convoyers[nr].len() {
            let f = self.convoyers[nr][k] as usize;
            if self.resolve(f) {
                ok |= map::bit(self.board.units[f].province());
            }
        }
        // A paradox found while resolving the fleets fails the army at once.
        !self.paradox[nr] && self.map.convoy_route_exists(from, to, ok)
    }

    fn route_is_chain(&self, from: Province, to: Province, route: &[Province]) -> bool {
        let mut prev = from;
        for p in route {
            if !self.map.fleet_adjacent_provinces(prev, *p) {
                return false;
            }
            prev = *p;
        }
        !route.is_empty() && self.map.fleet_adjacent_provinces(prev, to)
    }

    fn support_count(&mut self, nr: usize, not_of: Option<Power>) -> u32 {
        let mut n = 0;
        for k in 0..self.supporters[nr].len() {
            let s = self.supporters[nr][k] as usize;
            if not_of == Some(self.power(s)) {
                continue;
            }
            if self.resolve(s) {
                n += 1;
            }
        }
        n
    }

    fn attack_strength(&mut self, nr: usize) -> u32 {
        if !self.path(nr) {
            return 0;
        }
        let d = self.dest[nr] as usize;
        let occupant = self.board.index_at(Province(d as u8));
        let staying = match occupant {
            None => None,
            Some(o) => {
                if self.dest[o] != NONE && self.h2h[nr] != Some(o as u8) && self.resolve(o) {
                    None
                } else {
                    Some(o)
                }
            }
        };
        match staying {
            None => 1 + self.support_count(nr, None),
            Some(o) if self.power(o) == self.power(nr) => 0,
            Some(o) => 1 + self.support_count(nr, Some(self.power(o))),
        }
    }

    fn prevent_strength(&mut self, nr: usize) -> u32 {
        if !self.path(nr) {
            return 0;
        }
        if let Some(o) = self.h2h[nr] {
            if self.resolve(o as usize) {
                return 0;
            }
        }
        1 + self.support_count(nr, None)
    }

    fn hold_strength(&mut self, p: Province) -> u32 {
        match self.board.index_at(p) {
            None => 0,
            Some(o) if self.dest[o] != NONE => u32::from(!self.resolve(o)),
            Some(o) => 1 + self.support_count(o, None),
        }
    }

    fn adjudicate_move(&mut self, nr: usize) -> bool {
        let attack = self.attack_strength(nr);
        if attack == 0 {
            return false;
        }
        let d = self.dest[nr] as usize;
        let resist = match self.h2h[nr] {
            Some(o) => 1 + self.support_count(o as usize, None),
            None => self.hold_strength(Province(d as u8)),
        };
        if attack <= resist {
            return false;
        }
        for k in 0..self.attackers[d].len() {
            let other = self.attackers[d][k] as usize;
            if other != nr && attack <= self.prevent_strength(other) {
                return false;
            }
        }
        true
    }

    fn support_target(&self, nr: usize) -> Province {
        match self.orders[nr] {
            MovementOrder::Support { dest: Some(d), .. } => d,
            MovementOrder::Support { supported, .. } => supported,
            _ => unreachable!("support_target on a non-support"),
        }
    }

    /// A support is given unless cut (wm D.VI.5: not by a unit, convoyed or
    /// not, coming from the province the support is directed at) or the
    /// supporter is dislodged. A unit does not cut its own power's support.
    fn adjudicate_support(&mut self, nr: usize) -> bool {
        let p = self.board.units[nr].province().0 as usize;
        let target = self.support_target(nr);
        for k in 0..self.attackers[p].len() {
            let a = self.attackers[p][k] as usize;
            if self.power(a) == self.power(nr) {
                continue;
            }
            if self.board.units[a].province() == target {
                if self.resolve(a) {
                    return false;
                }
            } else if self.path(a) {
                return false;
            }
        }
        true
    }

    fn finish(mut self) -> MovementResult {
        let n = self.board.units.len();
        let mut out = Vec::with_capacity(n);
        let mut contested = 0u128;
        for i in 0..n {
            let moved = self.dest[i] != NONE && self.resolve(i);
            let (dislodged_by, dislodged_by_convoy) = if moved {
                (None, false)
            } else {
                self.dislodger(i)
            };
            let decision = match self.orders[i].clone() {
                MovementOrder::Move { .. } => {
                    self.move_decision(i, moved, dislodged_by, &mut contested)
                }
                MovementOrder::Support { supported, .. } => self.support_decision(i, supported),
                MovementOrder::Convoy { army, .. } => self.convoy_decision(i, army),
                MovementOrder::Hold => Decision::Held,
            };
            out.push(UnitResolution {
                decision,
                dislodged_by,
                dislodged_by_convoy,
            });
        }
        let contested = self.standoffs_left_empty(&out, contested);
        MovementResult {
            units: out,
            contested,
        }
    }

    /// Where the unit that dislodges unit `i` (which did not move) came
    /// from, and whether it came by convoy; the last successful attacker.
    fn dislodger(&mut self, i: usize) -> (Option<Province>, bool) {
        let here = self.board.units[i].province();
        let mut dislodged_by = None;
        let mut dislodged_by_convoy = false;
        for k in 0..self.attackers[here.0 as usize].len() {
            let a = self.attackers[here.0 as usize][k] as usize;
            if self.resolve(a) {
                dislodged_by = Some(self.board.units[a].province());
                dislodged_by_convoy = self.convoyed[a];
            }
        }
        (dislodged_by, dislodged_by_convoy)
    }

    /// The decision on move `i`; a bounce marks its destination in
    /// `contested` (a standoff).
    fn move_decision(
        &mut self,
        i: usize,
        moved: bool,
        dislodged_by: Option<Province>,
        contested: &mut u128,
    ) -> Decision {
        if moved {
            Decision::Moved
        } else if self.paradox[i] {
            Decision::ConvoyParadox
        } else if !self.path(i) {
            Decision::NoConvoy
        } else {
            // A unit beaten head-to-head makes no standoff.
            if dislodged_by != Some(Province(self.dest[i])) {
                *contested |= 1u128 << self.dest[i];
            }
            Decision::Bounced {
                by: self.bounced_by(i),
            }
        }
    }

    /// The decision on support `i` of the unit in `supported`.
    fn support_decision(&mut self, i: usize, supported: Province) -> Decision {
        let matched = self
            .board
            .index_at(supported)
            .is_some_and(|j| self.supporters[j].contains(&(i as u8)));
        if !self.resolve(i) {
            match self.cutter(i) {
                Some(by) => Decision::Cut { by },
                None => Decision::Held,
            }
        } else if !matched {
            Decision::NotMatched
        } else {
            Decision::Supported
        }
    }

    /// The decision on convoy `i` of the army in `army`.
    fn convoy_decision(&self, i: usize, army: Province) -> Decision {
        let matched = self
            .board
            .index_at(army)
            .is_some_and(|j| self.convoyers[j].contains(&(i as u8)));
        if matched {
            Decision::Convoyed
        } else {
            Decision::NotMatched
        }
    }

    /// The standoffs of `contested` whose province stays empty.
    fn standoffs_left_empty(&self, out: &[UnitResolution], mut contested: u128) -> u128 {
        // A standoff leaves a province contested only if it stays empty.
        for (i, r) in out.iter().enumerate() {
            if r.decision == Decision::Moved {
                contested &= !(1u128 << self.dest[i]);
            } else if r.dislodged_by.is_none() {
                contested &= !map::bit(self.board.units[i].province());
            }
        }
        contested
    }

    fn cutter(&mut self, nr: usize) -> Option<Province> {
        let p = self.board.units[nr].province().0 as usize;
        let target = self.support_target(nr);
        for k in 0..self.attackers[p].len() {
            let a = self.attackers[p][k] as usize;
            let from = self.board.units[a].province();
            if (self.power(a) != self.power(nr) && from != target && self.path(a))
                || self.resolve(a)
            {
                return Some(from);
            }
        }
        None
    }

    /// The units that stopped a failed move: the defender and any rival at
    /// least as strong.
    fn bounced_by(&mut self, nr: usize) -> Vec<Province> {
        let d = self.dest[nr] as usize;
        let attack = self.attack_strength(nr);
        let mut by = Vec::new();
        if let Some(o) = self.board.index_at(Province(d as u8)) {
            let moved_out = self.dest[o] != NONE && self.h2h[nr].is_none() && self.resolve(o);
            if !moved_out {
                by.push(Province(d as u8));
            }
        }
        for k in 0..self.attackers[d].len() {
            let other = self.attackers[d][k] as usize;
            if other != nr && self.prevent_strength(other) >= attack.max(1) {
                by.push(self.board.units[other].province());
            }
        }
        by.sort_unstable();
        by
    }
}
