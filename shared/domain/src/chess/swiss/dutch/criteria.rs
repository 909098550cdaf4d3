//! dutch B1–B6 and dutch A8 as predicates over the pairing state, and the levels at
//! which the relative criteria are relaxed (dutch C9, dutch C10, dutch C11, dutch C14, dutch A7(c), the
//! last-round notes).

use super::state::{PlayerState, Strength};
use crate::chess::swiss::{Colour, Float};

/// Which relative criteria are still in force (one step of dutch C9–C11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// dutch A8/B4: pairings allowed not to fulfil all colour preferences.
    pub x: usize,
    /// dutch B5 for upfloats (dropped by dutch C9).
    pub b5_up: bool,
    /// dutch B6 for upfloats (dropped by dutch C9).
    pub b6_up: bool,
    /// dutch B5 for downfloats (dropped by dutch C10).
    pub b5_down: bool,
    /// dutch B6 for downfloats (dropped by dutch C10).
    pub b6_down: bool,
    /// dutch A7(c): `Some(k)`: the strong preferences of the bracket's bye
    /// players are treated as absolute except for at most `k` of them (the
    /// search counts who breaks it, see [`Criteria::a7c_broken`]); `None`:
    /// not applied (lower brackets, checks outside the bracket search).
    pub a7c: Option<usize>,
    /// Note to dutch B6: dutch B2 waived for players on 50% in the last round.
    pub b2_waiver: bool,
}

impl Level {
    /// Every relative criterion in force, at most `x` colour failures.
    pub fn all(x: usize) -> Level {
        Level {
            x,
            b5_up: true,
            b6_up: true,
            b5_down: true,
            b6_down: true,
            a7c: None,
            b2_waiver: false,
        }
    }
}

/// dutch A7(d) in one bracket: in an even round a player with a mild
/// preference who has had a bye is "counted as if" he had the mild preference
/// "which reduces the value of x". dutch A8 makes x = max(w, b) - q, so only a
/// player preferring the more wanted colour `from` can lower x, by one each,
/// and only `count` of them are needed. The pairing decides which of them
/// take the other colour: a pairing failing dutch B4 because two players want
/// `from` is not counted as failing when one of them is such a player and
/// fewer than `count` were counted so far. The others keep their own
/// preference (ruling, docs/rulings/chess.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct A7dSwitch {
    /// The colour they are counted away from.
    pub from: Colour,
    /// How many of them are counted with the other colour at most.
    pub count: usize,
}

/// The facts about the round that the criteria need.
pub struct Criteria<'a> {
    /// Player states, by index.
    pub ps: &'a [PlayerState],
    /// Round being paired.
    pub round: u32,
    /// Whether it is the last round (notes to dutch B6).
    pub last_round: bool,
    /// dutch A7(c) applies to this player (odd round, strong preference, had a bye).
    pub a7c: Vec<bool>,
    /// dutch A7(d) applies to this player (even round, mild preference, had a bye).
    pub a7d: Vec<bool>,
    /// [`super::Wording::no_history_colours_reversed`] (off for the seed).
    pub no_history_colours_reversed: bool,
    /// [`super::Wording::floats_b6_before_b5`] (off for the seed).
    pub floats_b6_before_b5: bool,
    /// [`super::Wording::topscorers`] (off for the seed).
    pub topscorers: bool,
    /// [`super::Wording::c12_in_homogeneous_next`] (off for the seed).
    pub c12_in_homogeneous_next: bool,
}

impl<'a> Criteria<'a> {
    /// Set up the criteria for pairing `round` of `total_rounds`.
    pub fn new(ps: &'a [PlayerState], round: u32, total_rounds: u32) -> Self {
        let odd = round % 2 == 1;
        let a7c = ps
            .iter()
            .map(|p| {
                odd && p.had_bye
                    && p.preference()
                        .is_some_and(|c| c.strength == Strength::Strong)
            })
            .collect();
        let a7d = ps
            .iter()
            .map(|p| {
                !odd && p.had_bye && p.preference().is_some_and(|c| c.strength == Strength::Mild)
            })
            .collect();
        Criteria {
            ps,
            round,
            last_round: total_rounds > 0 && round >= total_rounds,
            a7c,
            a7d,
            no_history_colours_reversed: false,
            floats_b6_before_b5: false,
            topscorers: false,
            c12_in_homogeneous_next: false,
        }
    }

    /// dutch A2: `a` ranks above `b` (score, then pairing number standing for b–d).
    pub fn ranks_above(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.ps[a], &self.ps[b]);
        (std::cmp::Reverse(pa.score), pa.number) < (std::cmp::Reverse(pb.score), pb.number)
    }

    /// Sort indices by dutch A2.
    pub fn sort(&self, v: &mut [usize]) {
        v.sort_by_key(|&i| (std::cmp::Reverse(self.ps[i].score), self.ps[i].number));
    }

    /// Notes to dutch B6: score of exactly 50% before the last round.
    fn at_half(&self, i: usize) -> bool {
        self.ps[i].score == self.round - 1
    }

    /// Whom the last-round dutch B2 waiver covers: players on exactly 50%
    /// (note to dutch B6), or with [`super::Wording::topscorers`] those over 50%.
    fn b2_waived(&self, i: usize) -> bool {
        if self.topscorers {
            self.over_half(i)
        } else {
            self.at_half(i)
        }
    }

    /// Notes to dutch B6: score over 50% before the last round.
    fn over_half(&self, i: usize) -> bool {
        self.ps[i].score > self.round - 1
    }

    fn may_receive(&self, i: usize, c: Colour, lvl: Option<&Level>) -> bool {
        let p = &self.ps[i];
        if let Some(l) = lvl {
            if l.a7c == Some(0) && self.a7c[i] && p.preference().is_some_and(|pr| pr.colour != c) {
                return false;
            }
            if l.b2_waiver && self.last_round && self.b2_waived(i) {
                return true;
            }
        }
        p.may_receive(c)
    }

    /// dutch B2 (with the level's dutch A7(c) and last-round note): may `i` receive `c`?
    pub fn may_receive_at(&self, i: usize, c: Colour, lvl: &Level) -> bool {
        self.may_receive(i, c, Some(lvl))
    }

    /// dutch B1a and dutch B2: `a` and `b` may meet (with the level's dutch A7(c) and dutch B2 notes when given);
    /// a pairing the regulations prohibit counts as a meeting.
    pub fn compatible(&self, a: usize, b: usize, lvl: Option<&Level>) -> bool {
        if a == b || self.ps[a].met.contains(&b) || self.ps[a].barred.contains(&b) {
            return false;
        }
        (self.may_receive(a, Colour::White, lvl) && self.may_receive(b, Colour::Black, lvl))
            || (self.may_receive(a, Colour::Black, lvl) && self.may_receive(b, Colour::White, lvl))
    }

    /// dutch A7(c), counted per player: at a level that lets `k > 0` of the
    /// bracket's A7(c) players break it, does the pairing of `a` and `b`
    /// (possible under dutch B1/B2) need one of them to take the colour
    /// against his strong preference? At most one of the two ever has to:
    /// two opposite preferences are both granted.
    pub fn a7c_broken(&self, a: usize, b: usize, lvl: &Level) -> bool {
        if !matches!(lvl.a7c, Some(k) if k > 0) || !(self.a7c[a] || self.a7c[b]) {
            return false;
        }
        let kept = Level {
            a7c: Some(0),
            ..*lvl
        };
        !self.compatible(a, b, Some(&kept))
    }

    /// dutch B1b: may receive the bye.
    pub fn bye_allowed(&self, i: usize) -> bool {
        !self.ps[i].had_unplayed_point
    }

    /// The last-round note to dutch B6 as a level: dutch B2 not applied to players on
    /// exactly 50% (only in the last round).
    fn note_level(&self) -> Option<Level> {
        self.last_round.then(|| Level {
            b2_waiver: true,
            ..Level::all(0)
        })
    }

    /// dutch C1 with the last-round note to dutch B6: dutch B1a and dutch B2, but in the last
    /// round dutch B2 is not applied to players on exactly 50%, since a player
    /// without an opponent here would be moved down, and the note waives dutch B2
    /// "if this is helpful to avoid additional downfloaters". The bracket
    /// search still tries strict dutch B2 first (see [`Criteria::levels`]).
    pub fn compatible_c1(&self, a: usize, b: usize) -> bool {
        self.compatible(a, b, self.note_level().as_ref())
    }

    /// dutch B2 with the last-round note to dutch B6 (for checking a pairing made
    /// elsewhere, dutch F6): may `i` receive `c`?
    pub fn may_receive_with_note(&self, i: usize, c: Colour) -> bool {
        self.may_receive(i, c, self.note_level().as_ref())
    }

    /// dutch B4: the pairing does not fulfil both players' (dutch A7) colour preferences.
    /// See [`A7dSwitch`] for the dutch A7(d) players counted with the other colour.
    pub fn colour_conflict(&self, a: usize, b: usize) -> bool {
        match (self.preferred(a), self.preferred(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// dutch A7(d) for the bracket `players`: how many of its dutch A7(d) players
    /// are counted with the other colour, and which colour they leave; `None`
    /// when no such change lowers x.
    pub fn a7d_switch(&self, players: &[usize]) -> Option<A7dSwitch> {
        let (mut w, mut b) = (0usize, 0usize);
        for &i in players {
            match self.preferred(i) {
                Some(Colour::White) => w += 1,
                Some(Colour::Black) => b += 1,
                None => {}
            }
        }
        let q = players.len().div_ceil(2);
        let x_own = w.max(b).saturating_sub(q);
        let count = x_own - self.x(players).min(x_own);
        let from = if w > b { Colour::White } else { Colour::Black };
        (count > 0).then_some(A7dSwitch { from, count })
    }

    /// dutch A7(d): `i` is one of the players who may be counted with the
    /// other colour under `sw`.
    pub fn switchable(&self, i: usize, sw: Option<A7dSwitch>) -> bool {
        sw.is_some_and(|sw| self.a7d[i] && self.preferred(i) == Some(sw.from))
    }

    /// Preferred colour (dutch A7(a), (b)).
    pub fn preferred(&self, i: usize) -> Option<Colour> {
        self.ps[i].preference().map(|p| p.colour)
    }

    /// dutch B5/B6 for one float of player `i` (not applied over 50% in the last round).
    pub fn float_allowed(&self, i: usize, f: Float, lvl: &Level) -> bool {
        if self.last_round && !self.topscorers && self.over_half(i) {
            return true;
        }
        let p = &self.ps[i];
        let (b5, b6) = match f {
            Float::Downfloat => (lvl.b5_down, lvl.b6_down),
            Float::Upfloat => (lvl.b5_up, lvl.b6_up),
        };
        !(b5 && p.floats[0] == Some(f) || b6 && p.floats[1] == Some(f))
    }

    /// dutch B5/B6 for the downfloat of `i`, unless `i` is one of the `settled`
    /// moved-down players (sorted), whose downfloat repeats whatever he plays
    /// (see `bracket::settled_downfloaters`).
    pub fn downfloat_allowed(&self, i: usize, lvl: &Level, settled: &[usize]) -> bool {
        settled.binary_search(&i).is_ok() || self.float_allowed(i, Float::Downfloat, lvl)
    }

    /// dutch B5/B6 for the floats a pairing of `a` and `b` creates (dutch A4), with the
    /// `settled` moved-down players' downfloats already accepted.
    pub fn pairing_floats_allowed(
        &self,
        a: usize,
        b: usize,
        lvl: &Level,
        settled: &[usize],
    ) -> bool {
        let (sa, sb) = (self.ps[a].score, self.ps[b].score);
        if sa == sb {
            return true;
        }
        let (hi, lo) = if sa > sb { (a, b) } else { (b, a) };
        self.downfloat_allowed(hi, lvl, settled) && self.float_allowed(lo, Float::Upfloat, lvl)
    }

    /// dutch A8 (with dutch A7(d)): x for a set of players. The dutch A7(d) players are
    /// shared out between white and black so that x is smallest: x is then
    /// max(w, b, half the players with a preference, rounded up) - q.
    pub fn x(&self, players: &[usize]) -> usize {
        let (mut w, mut b, mut flex) = (0usize, 0usize, 0usize);
        for &i in players {
            if self.a7d[i] {
                flex += 1;
                continue;
            }
            match self.preferred(i) {
                Some(Colour::White) => w += 1,
                Some(Colour::Black) => b += 1,
                None => {}
            }
        }
        let q = players.len().div_ceil(2);
        let larger = w.max(b).max((w + b + flex).div_ceil(2));
        larger.saturating_sub(q)
    }

    /// The relaxation steps, in groups: dutch C9 (upfloats), dutch C10
    /// (downfloats) and dutch C11 (x) for `p` pairings starting at `x`, with
    /// dutch A7(c) kept for every bye player of the bracket (the first group);
    /// then the same steps again with A7(c) given up for one player more in
    /// each group, "as long as this does not result in additional
    /// downfloaters" (ruling, docs/rulings/chess.md); then the dutch B2 note.
    /// Each group's last level is more relaxed than every level before it.
    pub fn levels(&self, players: &[usize], x: usize, p: usize) -> Vec<Vec<Level>> {
        let a7c_players = players.iter().filter(|&&i| self.a7c[i]).count();
        let has_half = self.last_round && players.iter().any(|&i| self.b2_waived(i));
        // At most one player of a pairing ever breaks A7(c), so p bounds it.
        let a7c_max = a7c_players.min(p);
        let mut groups: Vec<Vec<Level>> = (0..=a7c_max)
            .map(|k| {
                let base = Level {
                    a7c: (a7c_players > 0).then_some(k),
                    ..Level::all(x)
                };
                self.float_and_x_levels(players, base, p)
            })
            .collect();
        if has_half {
            let mut l = *groups.last().and_then(|g| g.last()).expect("one level");
            l.b2_waiver = true;
            groups.push(vec![l]);
        }
        groups
    }

    /// dutch C9–C11 from `base`: for each x from `base.x` up to `p`, the float
    /// criteria in force, then given up one by one.
    fn float_and_x_levels(&self, players: &[usize], base: Level, p: usize) -> Vec<Level> {
        let mut l = base;
        let has = |k: usize, f: Float| players.iter().any(|&i| self.ps[i].floats[k] == Some(f));
        // dutch C9 drops dutch B6 then B5 for upfloats, dutch C10 then B6 and B5
        // for downfloats; the later wording drops both B6 before either B5.
        let steps: [(usize, Float); 4] = if self.floats_b6_before_b5 {
            [
                (1, Float::Upfloat),
                (1, Float::Downfloat),
                (0, Float::Upfloat),
                (0, Float::Downfloat),
            ]
        } else {
            [
                (1, Float::Upfloat),
                (0, Float::Upfloat),
                (1, Float::Downfloat),
                (0, Float::Downfloat),
            ]
        };
        // dutch C11 raises x and restarts at dutch C3: the procedure runs again
        // through dutch C6–C10 with B5/B6 in force, so that B5/B6 (lower in
        // priority than dutch B4) are given up again only as far as needed
        // at the new x (ruling, docs/rulings/chess.md).
        let mut out = Vec::new();
        loop {
            l.b6_up = true;
            l.b5_up = true;
            l.b6_down = true;
            l.b5_down = true;
            out.push(l);
            for (k, f) in steps {
                match (k, f) {
                    (1, Float::Upfloat) => l.b6_up = false,
                    (0, Float::Upfloat) => l.b5_up = false,
                    (1, Float::Downfloat) => l.b6_down = false,
                    _ => l.b5_down = false,
                }
                if has(k, f) {
                    out.push(l);
                }
            }
            *out.last_mut().expect("one level") = l;
            if l.x >= p {
                break;
            }
            l.x += 1;
        }
        out
    }
}
