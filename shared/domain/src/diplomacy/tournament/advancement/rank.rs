//! The ranking engine every advancement rule uses: each subject carries
//! an ordered list of [`Key`]s, one per criterion of its clause; subjects
//! are sorted by the first key, ties by the next, and so on; subjects
//! still tied on every key roll a 100-sided die (wm C.7.f, C.13.c) drawn
//! from the tournament's seed, rolling again while they tie.
//!
//! Each roll depends only on the seed, the clause and the subject, never
//! on input order, so a ranking can be audited and replayed.

use super::super::scoring::Points;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::cmp::Ordering;

/// One criterion's value for one subject.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum KeyValue {
    /// More is better.
    Higher(Points),
    /// Less is better (wm C.7.a: the least successful country ranks first).
    Lower(Points),
    /// A whole number, more is better (wm C.12.a).
    Count(usize),
    /// Compared element by element, more is better, a missing element
    /// counting zero: a count-back from the latest year (wm C.7.d), or
    /// totals with the highest scores removed one by one (wm C.6.a).
    Sequence(Vec<Points>),
    /// A place in another ranking, 1 first; None (unranked,
    /// non-associated) last (wm C.7.e).
    Place(Option<usize>),
    /// True ranks first (wm C.13.a: round two outranks round one).
    Flag(bool),
    /// d100 rolls, compared in order (the later ones are re-rolls).
    Dice(Vec<u8>),
}

impl KeyValue {
    /// Less = `self` ranks ahead of `other`.
    fn rank_cmp(&self, other: &KeyValue) -> Ordering {
        use KeyValue::*;
        match (self, other) {
            (Higher(a), Higher(b)) => b.cmp(a),
            (Lower(a), Lower(b)) => a.cmp(b),
            (Count(a), Count(b)) => b.cmp(a),
            (Sequence(a), Sequence(b)) => {
                let n = a.len().max(b.len());
                (0..n)
                    .map(|i| {
                        let x = a.get(i).copied().unwrap_or(Points::ZERO);
                        let y = b.get(i).copied().unwrap_or(Points::ZERO);
                        y.cmp(&x)
                    })
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            }
            (Place(a), Place(b)) => match (a, b) {
                (Some(x), Some(y)) => x.cmp(y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            },
            (Flag(a), Flag(b)) => b.cmp(a),
            (Dice(a), Dice(b)) => b.cmp(a),
            _ => panic!("keys of one criterion must be of one kind"),
        }
    }
}

/// A criterion's value, labelled with its clause.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Key {
    /// The clause, e.g. "wm C.7.a".
    pub clause: &'static str,
    pub value: KeyValue,
}

impl Key {
    pub fn new(clause: &'static str, value: KeyValue) -> Key {
        Key { clause, value }
    }
}

/// One place of a ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing<S> {
    /// 1 for first; every place is distinct.
    pub place: usize,
    pub subject: S,
    /// The values of every criterion, in the clause's order; a d100 key
    /// only for subjects tied with a neighbour on every other key.
    pub keys: Vec<Key>,
    /// The clause of the first criterion that separates this subject from
    /// the one ranked just above (None for first place).
    pub decided_by: Option<&'static str>,
}

/// How a ranking breaks the ties its criteria leave.
#[derive(Debug, Clone, Copy)]
pub struct DiceRule {
    pub seed: u64,
    /// The clause the die stands for ("wm C.7.f"); also separates the
    /// rolls of different rankings.
    pub clause: &'static str,
}

/// Rolls needed before giving up and ordering by subject (never reached in
/// practice: 100^-32).
const MAX_ROLLS: usize = 32;

/// The first `n` d100 rolls of `name` under `rule`.
pub fn rolls(rule: DiceRule, name: &str, n: usize) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(rule.seed.to_le_bytes());
    h.update(rule.clause.as_bytes());
    h.update([0]);
    h.update(name.as_bytes());
    let mut rng = ChaCha8Rng::from_seed(h.finalize().into());
    (0..n).map(|_| rng.gen_range(1..=100u8)).collect()
}

fn cmp_keys(a: &[Key], b: &[Key]) -> (Ordering, Option<&'static str>) {
    for (x, y) in a.iter().zip(b) {
        let o = x.value.rank_cmp(&y.value);
        if o.is_ne() {
            return (o, Some(x.clause));
        }
    }
    (Ordering::Equal, None)
}

/// Ranks `subjects` (unique by `name`) by their keys; ties on every key go
/// to the die. Invariant to the input order.
pub fn rank<S: Clone>(
    mut subjects: Vec<(S, Vec<Key>)>,
    name: impl Fn(&S) -> String,
    dice: DiceRule,
) -> Vec<Standing<S>> {
    subjects.sort_by(|(sa, ka), (sb, kb)| cmp_keys(ka, kb).0.then_with(|| name(sa).cmp(&name(sb))));
    // Groups tied on every key roll the die.
    let mut out: Vec<(S, Vec<Key>)> = Vec::with_capacity(subjects.len());
    let mut i = 0;
    while i < subjects.len() {
        let mut j = i + 1;
        while j < subjects.len() && cmp_keys(&subjects[i].1, &subjects[j].1).0.is_eq() {
            j += 1;
        }
        let mut group: Vec<(S, Vec<Key>)> = subjects[i..j].to_vec();
        if group.len() > 1 {
            let all: Vec<Vec<u8>> = group
                .iter()
                .map(|(s, _)| rolls(dice, &name(s), MAX_ROLLS))
                .collect();
            // Roll until every member of the group has a different sequence.
            let needed = (1..=MAX_ROLLS)
                .find(|&n| {
                    let mut seen: Vec<&[u8]> = all.iter().map(|r| &r[..n]).collect();
                    seen.sort();
                    seen.windows(2).all(|w| w[0] != w[1])
                })
                .unwrap_or(MAX_ROLLS);
            for ((_, keys), r) in group.iter_mut().zip(&all) {
                keys.push(Key::new(dice.clause, KeyValue::Dice(r[..needed].to_vec())));
            }
            group.sort_by(|(sa, ka), (sb, kb)| {
                cmp_keys(ka, kb).0.then_with(|| name(sa).cmp(&name(sb)))
            });
        }
        out.extend(group);
        i = j;
    }
    let mut standings: Vec<Standing<S>> = Vec::with_capacity(out.len());
    for (idx, (subject, keys)) in out.into_iter().enumerate() {
        let decided_by = standings.last().map(|prev| {
            cmp_keys(&prev.keys, &keys)
                .1
                .unwrap_or("identical rolls: subject id (not in the rules)")
        });
        standings.push(Standing {
            place: idx + 1,
            subject,
            keys,
            decided_by,
        });
    }
    standings
}

/// wm C.6.a, C.12.b–c: the total, then the total with the highest score
/// removed, then with the two highest removed, and so on.
pub fn totals_removing_highest(scores: &[Points]) -> Vec<Points> {
    let mut sorted = scores.to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    (0..=sorted.len())
        .map(|k| sorted[k..].iter().copied().sum())
        .collect()
}

/// wm C.7.d, C.9.b, C.11.a: a count-back as a sequence key.
pub fn count_back(centres: &[usize]) -> KeyValue {
    KeyValue::Sequence(centres.iter().map(|c| Points::whole(*c as i128)).collect())
}
