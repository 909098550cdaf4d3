//! The forms of a kind's commands, built from its command schema: the
//! same JSON Schema the API document is built from. A route that reads a
//! body of its own gets that body's form in place of its action's.

use crate::form::{forms, object_forms, Defs, Form};
use arbiter_domain::competition::Kind;
use arbiter_domain::rulebook::Route;
use schemars::generate::SchemaSettings;
use schemars::SchemaGenerator;
use serde_json::Value;

/// JSON Schema 2020-12, definitions under `$defs`: what the forms read.
pub fn generator() -> SchemaGenerator {
    SchemaSettings::draft2020_12().into_generator()
}

/// Every form of `kind`'s commands, but those only a channel sends.
pub fn kind_forms(kind: Kind) -> Vec<Form> {
    let mut generator = generator();
    let root = kind.command_schema(&mut generator);
    // A route that reads a body of its own (an ACWC entry names a Lichess
    // account whose facts the edge fetches) gets that body's form in place
    // of its action's.
    let bodies: Vec<(&str, Value)> = Route::ALL
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
