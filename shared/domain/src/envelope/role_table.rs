//! Who holds which role in a competition, read both ways: by
//! user (the state's JSON, the view) and by role, so that the holders of an
//! office (the TD, the moderators, the justices) are found without reading
//! every member of a large club, whose members all hold the player role.
//!
//! The by-role index is derived: it is rebuilt when a state is read back,
//! and is not part of the JSON or of equality.

use super::{Role, UserId};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Deref;

/// The roles of a competition, by user; reads go to the map (`Deref`).
#[derive(Debug, Clone, Default)]
pub struct Roles {
    by_user: BTreeMap<UserId, BTreeSet<Role>>,
    by_role: BTreeMap<Role, BTreeSet<UserId>>,
}

impl Roles {
    /// `user` now holds `role`.
    pub fn grant(&mut self, user: &UserId, role: Role) {
        self.by_user.entry(user.clone()).or_default().insert(role);
        self.by_role.entry(role).or_default().insert(user.clone());
    }

    /// `user` no longer holds `role`; a user with no role left is dropped.
    pub fn revoke(&mut self, user: &UserId, role: Role) {
        if let Some(roles) = self.by_user.get_mut(user) {
            roles.remove(&role);
            if roles.is_empty() {
                self.by_user.remove(user);
            }
        }
        if let Some(users) = self.by_role.get_mut(&role) {
            users.remove(user);
            if users.is_empty() {
                self.by_role.remove(&role);
            }
        }
    }

    /// The users holding `role`, in id order.
    pub fn holders(&self, role: Role) -> impl Iterator<Item = &UserId> {
        self.by_role.get(&role).into_iter().flatten()
    }
}

impl Deref for Roles {
    type Target = BTreeMap<UserId, BTreeSet<Role>>;

    fn deref(&self) -> &Self::Target {
        &self.by_user
    }
}

impl From<BTreeMap<UserId, BTreeSet<Role>>> for Roles {
    fn from(by_user: BTreeMap<UserId, BTreeSet<Role>>) -> Self {
        let mut by_role: BTreeMap<Role, BTreeSet<UserId>> = BTreeMap::new();
        for (user, roles) in &by_user {
            for role in roles {
                by_role.entry(*role).or_default().insert(user.clone());
            }
        }
        Roles { by_user, by_role }
    }
}

/// Equal when the roles by user are: the index follows from them.
impl PartialEq for Roles {
    fn eq(&self, other: &Self) -> bool {
        self.by_user == other.by_user
    }
}

impl Eq for Roles {}

impl Serialize for Roles {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.by_user.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Roles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::deserialize(d).map(Roles::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::u;

    /// arbiter roles: granting and revoking keep both readings equal; by
    /// hand: ann and bob hold Moderator, ann also Player; revoking ann's
    /// Moderator leaves bob the only moderator and ann a player.
    #[test]
    fn arbiter_roles_holders_follow_grants_revocations_and_a_json_round_trip() {
        let (ann, bob) = (u("ann"), u("bob"));
        let mut r = Roles::default();
        r.grant(&ann, Role::Moderator);
        r.grant(&ann, Role::Player);
        r.grant(&bob, Role::Moderator);
        r.revoke(&ann, Role::Moderator);
        let mods: Vec<&UserId> = r.holders(Role::Moderator).collect();
        assert_eq!(mods, vec![&bob]);
        let players: Vec<&UserId> = r.holders(Role::Player).collect();
        assert_eq!(players, vec![&ann]);
        r.revoke(&bob, Role::Moderator);
        assert_eq!(r.holders(Role::Moderator).count(), 0);
        assert!(!r.contains_key(&bob));
        let json = serde_json::to_value(&r).expect("serializes");
        assert_eq!(json, serde_json::json!({"ann": ["player"]}));
        let back: Roles = serde_json::from_value(json).expect("deserializes");
        assert_eq!(back, r);
        let players: Vec<&UserId> = back.holders(Role::Player).collect();
        assert_eq!(players, vec![&ann]);
        assert_eq!(back.holders(Role::Moderator).count(), 0);
    }
}
