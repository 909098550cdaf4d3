//! The ids the envelope validates at the edge: competitions and users.

use crate::refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! validated_id {
    ($name:ident, $max:expr, $what:expr, $pattern:expr, $valid:expr) => {
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

        /// A string of 1 to `$max` characters (written by hand: the derive
        /// would not know the `TryFrom` check).
        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "type": "string",
                    "minLength": 1,
                    "maxLength": $max,
                    "pattern": $pattern,
                    "description": concat!("1 to ", stringify!($max), " characters of ", $what),
                })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

validated_id!(CompetitionId, 64, "a-z, 0-9 and '-'", "^[a-z0-9-]+$", |s| s
    .bytes()
    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));

// User ids come from the identity provider (Cognito `sub`, or a dev token's
// subject); anything printable without '#', which the store uses as a separator.
validated_id!(
    UserId,
    128,
    "printable characters other than '#'",
    "^[^#]+$",
    |s| s.chars().all(|c| !c.is_control() && c != '#')
);
