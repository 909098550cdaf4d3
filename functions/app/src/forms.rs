//! The forms of every kind's commands and of the envelope's acts, built
//! once from the JSON Schemas the API document is built from.

use arbiter_app::form::{object_forms, Defs, Form};
use arbiter_app::kinds::{generator, kind_forms};
use arbiter_domain::competition::Kind;
use schemars::JsonSchema;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The envelope's acts an organizer takes from the desk, by the `_act`
/// their forms send.
pub const GRANT_ROLE: &str = "grant-role";
pub const REVOKE_ROLE: &str = "revoke-role";
pub const SET_PUBLIC: &str = "set-public";
/// The TD's clock: run what is due now.
pub const TICK: &str = "tick";
/// A subscription to the competition's notices, and its end.
pub const SUBSCRIBE: &str = "subscribe";
pub const UNSUBSCRIBE: &str = "unsubscribe";

/// Every form of `kind`'s commands, but those only a channel sends.
pub fn of_kind(kind: Kind) -> &'static [Form] {
    static ALL: OnceLock<HashMap<Kind, Vec<Form>>> = OnceLock::new();
    ALL.get_or_init(|| Kind::ALL.iter().map(|k| (*k, kind_forms(*k))).collect())
        .get(&kind)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// The envelope's forms: grant and revoke a role, list publicly, run the
/// clock.
pub fn envelope() -> &'static [Form] {
    static ALL: OnceLock<Vec<Form>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = plain::<competitions::RoleGrant>(GRANT_ROLE);
        all.extend(plain::<competitions::RoleGrant>(REVOKE_ROLE));
        all.extend(plain::<competitions::listing::SetPublic>(SET_PUBLIC));
        all.push(Form {
            action: TICK.to_owned(),
            variant: None,
            help: Some("Run what is due now, as the schedules would (the TD's clock).".into()),
            fields: Vec::new(),
        });
        all
    })
}

/// The forms of one's own notices: subscribe by each channel, and end a
/// subscription.
pub fn notices() -> &'static [Form] {
    static ALL: OnceLock<Vec<Form>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = plain::<arbiter_notify::SubscriptionRequest>(SUBSCRIBE);
        // The server makes a webhook's secret and shows it once.
        for f in &mut all {
            f.fields.retain(|field| field.name() != "secret");
        }
        all.push(Form {
            action: UNSUBSCRIBE.to_owned(),
            variant: None,
            help: None,
            fields: vec![arbiter_app::form::Field {
                path: vec!["subscription".to_owned()],
                shared: 0,
                help: None,
                input: arbiter_app::form::Input::Text,
                required: true,
                default: None,
                hidden: false,
            }],
        });
        all
    })
}

fn plain<T: JsonSchema>(action: &str) -> Vec<Form> {
    let mut generator = generator();
    let root: Value = generator.subschema_for::<T>().into();
    let defs = generator.take_definitions(true);
    object_forms(&Defs(&defs), &root, action)
}

/// The form `action` (and `variant`) names among `all`.
pub fn find<'f>(
    mut all: impl Iterator<Item = &'f Form>,
    action: &str,
    variant: Option<&str>,
) -> Option<&'f Form> {
    all.find(|f| f.action == action && f.variant.as_deref() == variant)
}
