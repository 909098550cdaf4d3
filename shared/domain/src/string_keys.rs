//! Serde for maps keyed by numbers (a ladder's games and appeals, a board's
//! ballots by proposal): JSON objects with the keys written as strings.
//!
//! Written out because every kind's state lives inside the envelope's
//! internally tagged `Game` enum, where serde buffers the content and cannot
//! turn a string key back into a number by itself: without this a state
//! serializes but never reads back, and a snapshot of it is lost. The kind
//! conformance round trip (`tests` of each kind) keeps it that way.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::str::FromStr;

pub fn serialize<S: Serializer, K: Display, T: Serialize>(
    map: &BTreeMap<K, T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(map.iter().map(|(k, v)| (k.to_string(), v)))
}

pub fn deserialize<'de, D, K, T>(d: D) -> Result<BTreeMap<K, T>, D::Error>
where
    D: Deserializer<'de>,
    K: FromStr + Ord,
    K::Err: Display,
    T: Deserialize<'de>,
{
    BTreeMap::<String, T>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| k.parse().map(|k| (k, v)).map_err(serde::de::Error::custom))
        .collect()
}
