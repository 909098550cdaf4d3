//! The ladder's members by id, with the leaderboard's order kept beside
//! them (club J.3): the members on the leaderboard (not removed)
//! by score, highest first, then by id. A page of the leaderboard, and a
//! member's rank, are then read without sorting the whole club.
//!
//! The order is derived: rebuilt when a state is read back, and not part
//! of the JSON or of equality. A member is changed only through
//! [`Members::insert`], [`Members::get_mut`] or [`Members::update_range`],
//! each of which files the member again when their score or their removal
//! changed; reads go to the map (`Deref`).

use crate::envelope::UserId;
use crate::ladder::Member;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{ControlFlow, Deref, DerefMut, RangeBounds};

/// A place on the leaderboard: score, highest first, then id.
type Place = (Reverse<i64>, UserId);

/// Everyone who ever joined, by id, and the leaderboard's order.
#[derive(Debug, Clone, Default)]
pub struct Members {
    all: BTreeMap<UserId, Member>,
    ranking: BTreeSet<Place>,
}

/// The score a member is ranked by, if they are on the leaderboard.
fn ranked_score(m: &Member) -> Option<i64> {
    (!m.removed).then_some(m.score)
}

/// Moves `user` in `ranking` from the place of score `before` to that of
/// `after` (`None`: off the leaderboard).
fn refile(ranking: &mut BTreeSet<Place>, user: &UserId, before: Option<i64>, after: Option<i64>) {
    if before == after {
        return;
    }
    if let Some(s) = before {
        ranking.remove(&(Reverse(s), user.clone()));
    }
    if let Some(s) = after {
        ranking.insert((Reverse(s), user.clone()));
    }
}

impl Members {
    /// Adds (or replaces) the member `user`, filed at their place.
    pub fn insert(&mut self, user: UserId, member: Member) -> Option<Member> {
        let after = ranked_score(&member);
        let old = self.all.insert(user.clone(), member);
        refile(
            &mut self.ranking,
            &user,
            old.as_ref().and_then(ranked_score),
            after,
        );
        old
    }

    /// The member `user`, to change; filed again when the change is done.
    pub fn get_mut<'a>(&'a mut self, user: &UserId) -> Option<MemberMut<'a>> {
        let (user, member) = self.all.range_mut::<UserId, _>(user..=user).next()?;
        Some(MemberMut {
            before: ranked_score(member),
            user,
            member,
            ranking: &mut self.ranking,
        })
    }

    /// Changes the members of `range` in id order, each filed again after
    /// `f`, until `f` breaks.
    pub fn update_range<K, R>(
        &mut self,
        range: R,
        mut f: impl FnMut(&UserId, &mut Member) -> ControlFlow<()>,
    ) where
        K: Ord + ?Sized,
        UserId: Borrow<K>,
        R: RangeBounds<K>,
    {
        for (user, member) in self.all.range_mut(range) {
            let before = ranked_score(member);
            let flow = f(user, member);
            refile(&mut self.ranking, user, before, ranked_score(member));
            if flow.is_break() {
                break;
            }
        }
    }

    /// The leaderboard: the members on it with their scores, by score
    /// (highest first), then by id.
    pub fn ranked(&self) -> impl ExactSizeIterator<Item = (&UserId, i64)> {
        self.ranking.iter().map(|(Reverse(s), u)| (u, *s))
    }

    /// club J.3: the place of `user` on the leaderboard (1 for the first),
    /// `None` when they are not on it. Counts only the members ranked above.
    pub fn rank(&self, user: &UserId) -> Option<usize> {
        let score = ranked_score(self.all.get(user)?)?;
        Some(self.ranking.range(..(Reverse(score), user.clone())).count() + 1)
    }
}

/// A member being changed; filed again at their place when dropped.
pub struct MemberMut<'a> {
    user: &'a UserId,
    member: &'a mut Member,
    ranking: &'a mut BTreeSet<Place>,
    before: Option<i64>,
}

impl Deref for MemberMut<'_> {
    type Target = Member;

    fn deref(&self) -> &Member {
        self.member
    }
}

impl DerefMut for MemberMut<'_> {
    fn deref_mut(&mut self) -> &mut Member {
        self.member
    }
}

impl Drop for MemberMut<'_> {
    fn drop(&mut self) {
        let after = ranked_score(self.member);
        refile(self.ranking, self.user, self.before, after);
    }
}

impl Deref for Members {
    type Target = BTreeMap<UserId, Member>;

    fn deref(&self) -> &Self::Target {
        &self.all
    }
}

impl<'a> IntoIterator for &'a Members {
    type Item = (&'a UserId, &'a Member);
    type IntoIter = std::collections::btree_map::Iter<'a, UserId, Member>;

    fn into_iter(self) -> Self::IntoIter {
        self.all.iter()
    }
}

impl From<BTreeMap<UserId, Member>> for Members {
    fn from(all: BTreeMap<UserId, Member>) -> Self {
        let ranking = all
            .iter()
            .filter_map(|(u, m)| Some((Reverse(ranked_score(m)?), u.clone())))
            .collect();
        Members { all, ranking }
    }
}

/// Equal when the members are: the order follows from them.
impl PartialEq for Members {
    fn eq(&self, other: &Self) -> bool {
        self.all == other.all
    }
}

impl Eq for Members {}

impl Serialize for Members {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.all.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::deserialize(d).map(Members::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::u;
    use chrono::{DateTime, Utc};

    fn joined(score: i64) -> Member {
        let at: DateTime<Utc> = "2026-01-09T12:00:00Z".parse().expect("instant");
        Member::new(score, at)
    }

    /// club J.3: the leaderboard is by score, then id, removed members off
    /// it. By hand: ann 120, bob 150, cat 120, dan 130; dan is removed and
    /// ann drops to 110, so the board reads bob 150, cat 120, ann 110, and
    /// ann's rank is 3; after a JSON round trip it reads the same.
    #[test]
    fn club_j_3_leaderboard_order_follows_scores_removals_and_a_json_round_trip() {
        let mut m = Members::default();
        for (name, score) in [("ann", 120), ("bob", 150), ("cat", 120), ("dan", 130)] {
            m.insert(u(name), joined(score));
        }
        m.get_mut(&u("dan")).expect("dan").remove();
        m.get_mut(&u("ann")).expect("ann").score = 110;
        let board: Vec<(String, i64)> = m.ranked().map(|(u, s)| (u.to_string(), s)).collect();
        let expected = [("bob", 150), ("cat", 120), ("ann", 110)];
        let expected: Vec<(String, i64)> =
            expected.iter().map(|(u, s)| (u.to_string(), *s)).collect();
        assert_eq!(board, expected);
        assert_eq!(m.rank(&u("ann")), Some(3));
        assert_eq!(m.rank(&u("dan")), None);
        let back: Members = serde_json::from_value(serde_json::to_value(&m).expect("serializes"))
            .expect("reads back");
        assert_eq!(back, m);
        assert!(back.ranked().eq(m.ranked()));
    }

    /// A range changed in place is filed again, and a break stops it. By
    /// hand: ann, bob and cat at 100; +10 from bob on, stopping after bob:
    /// bob 110 leads, then ann and cat at 100 (by id); cat is untouched.
    #[test]
    fn club_j_3_a_range_changed_in_place_is_filed_again() {
        let mut m = Members::default();
        for name in ["ann", "bob", "cat"] {
            m.insert(u(name), joined(100));
        }
        m.update_range::<UserId, _>(u("bob").., |u, member| {
            member.score += 10;
            if u.as_str() == "bob" {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let board: Vec<(String, i64)> = m.ranked().map(|(u, s)| (u.to_string(), s)).collect();
        let expected = [("bob", 110), ("ann", 100), ("cat", 100)];
        let expected: Vec<(String, i64)> =
            expected.iter().map(|(u, s)| (u.to_string(), *s)).collect();
        assert_eq!(board, expected);
    }
}
