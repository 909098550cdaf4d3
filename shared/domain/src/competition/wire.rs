//! A competition's JSON, as snapshots store it and views read it: the
//! envelope's fields, the kind and the kind's state side by side in one
//! object. Written through borrowed fields, so a snapshot of a large
//! competition is never copied to be written.

use super::{Competition, Envelope, Game, Kind};
use crate::envelope::{CompetitionId, Roles, UserId};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize)]
struct Out<'a> {
    id: &'a CompetitionId,
    kind: Kind,
    name: &'a str,
    created_at: DateTime<Utc>,
    organizer: &'a UserId,
    roles: &'a Roles,
    version: u64,
    public: bool,
    game: &'a Game,
}

#[derive(Deserialize)]
struct In {
    id: CompetitionId,
    kind: Kind,
    name: String,
    created_at: DateTime<Utc>,
    organizer: UserId,
    roles: Roles,
    version: u64,
    #[serde(default)]
    public: bool,
    game: Game,
}

impl Serialize for Competition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = &self.envelope;
        Out {
            id: &e.id,
            kind: self.kind,
            name: &e.name,
            created_at: e.created_at,
            organizer: &e.organizer,
            roles: &e.roles,
            version: e.version,
            public: e.public,
            game: &self.game,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Competition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let w = In::deserialize(deserializer)?;
        Ok(Competition {
            envelope: Envelope {
                id: w.id,
                name: w.name,
                created_at: w.created_at,
                organizer: w.organizer,
                roles: w.roles,
                version: w.version,
                public: w.public,
            },
            kind: w.kind,
            game: w.game,
        })
    }
}
