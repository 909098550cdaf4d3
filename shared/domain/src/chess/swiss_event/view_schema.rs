//! The JSON Schema of the kind's view (`view.rs`), for the API document:
//! every field the view writes, typed where the field is one of the kind's
//! schema-deriving types, described otherwise.

use schemars::{json_schema, Schema, SchemaGenerator};

pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    let settings = generator.subschema_for::<Option<super::settings::Settings>>();
    json_schema!({
        "type": "object",
        "description": "A Swiss event, the same for every viewer (dutch F1).",
        "required": ["players", "rounds", "standings", "finished"],
        "properties": {
            "settings": settings,
            "players": { "type": "array", "description": "Entrants: player, pairing number, entry, first_round, withdrawn_from, absences." },
            "rounds": { "description": "The rounds paired so far, with their boards and results." },
            "standings": { "type": "object", "description": "after_round, tiebreaks (names) and lines (dutch H)." },
            "next_round": { "type": "object", "description": "number and scheduled_at of the next round." },
            "finished": { "type": "boolean", "description": "Whether every round has been played." },
        },
    })
}
