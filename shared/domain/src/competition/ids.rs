//! The ids the envelope validates at the edge: competitions and users.

use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! validated_id {
    ($name:ident, $max:expr, $what:expr, $valid:expr) => {
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = Refusal;
            fn try_from(s: String) -> Result<Self, Refusal> {
                let valid: fn(&str) -> bool = $valid;
                if s.is_empty() || s.len() > $max || !valid(&s) {
                    return Err(Refusal::invalid(format!(
                        "{} must be 1 to {} characters of {}",
                        stringify!($name),
                        $max,
                        $what
                    )));
                }
                Ok(Self(s))
            }
        }

        impl TryFrom<&str> for $name {
            type Error = Refusal;
            fn try_from(s: &str) -> Result<Self, Refusal> {
                Self::try_from(s.to_owned())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

validated_id!(CompetitionId, 64, "a-z, 0-9 and '-'", |s| s
    .bytes()
    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));

// User ids come from the identity provider (Cognito `sub`, or a dev token's
// subject); anything printable without '#', which the store uses as a separator.
validated_id!(UserId, 128, "printable characters other than '#'", |s| s
    .chars()
    .all(|c| !c.is_control() && c != '#'));
