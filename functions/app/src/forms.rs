//! The forms of every kind's commands and of the envelope's acts, built
//! once from the JSON Schemas the API document is built from.

use arbiter_app::form::{forms, object_forms, Defs, Form};
use arbiter_domain::competition::Kind;
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, SchemaGenerator};
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
    ALL.get_or_init(|| Kind::ALL.iter().map(|k| (*k, build(*k))).collect())
        .get(&kind)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

fn build(kind: Kind) -> Vec<Form> {
    let mut generator = generator();
    let root = kind.command_schema(&mut generator);
    // A route that reads a body of its own (an ACWC entry names a Lichess
    // account whose facts the edge fetches) gets that body's form in place
    // of its action's.
    let bodies: Vec<(&str, Value)> = arbiter_domain::rulebook::Route::ALL
        .iter()
        .filter_map(|r| {
            let schema = kind.route_body_schema(*r, &mut generator)?;
            Some((kind.route_action(*r)?, schema.into()))
        })
        .collect();
    let defs = generator.take_definitions(true);
    let root: Value = root.into();
    // A draw's seed is the edge's to draw (wm B.2, B.6, C.7.f).
    let skip = |action: &str, field: &str| field == "seed" && kind.draws_lots(action);
    let mut all: Vec<Form> = forms(&Defs(&defs), &root, skip)
        .into_iter()
        .filter(|f| !kind.channel_only(&f.action))
        .filter(|f| !bodies.iter().any(|(action, _)| *action == f.action))
        .collect();
    for (action, body) in &bodies {
        all.extend(object_forms(&Defs(&defs), body, action));
    }
    all
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

fn generator() -> SchemaGenerator {
    SchemaSettings::draft2020_12().into_generator()
}

/// The form `action` (and `variant`) names among `all`.
pub fn find<'f>(all: &'f [Form], action: &str, variant: Option<&str>) -> Option<&'f Form> {
    all.iter()
        .find(|f| f.action == action && f.variant.as_deref() == variant)
}
