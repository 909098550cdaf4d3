//! Serde for the ladder's maps keyed by numeric id (games, uses of power,
//! appeals...): JSON objects with string keys. Written out explicitly because
//! the envelope's `Game` is an internally tagged enum, and serde buffers its
//! content in a way that cannot turn a string key back into a number.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

pub fn serialize<S: Serializer, T: Serialize>(
    map: &BTreeMap<u64, T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(map.iter().map(|(k, v)| (k.to_string(), v)))
}

pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<BTreeMap<u64, T>, D::Error> {
    BTreeMap::<String, T>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| k.parse().map(|k| (k, v)).map_err(serde::de::Error::custom))
        .collect()
}
