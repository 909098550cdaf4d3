//! The JSON Schema of the kind's view (`view.rs`), for the API document:
//! every field the view writes, typed where the field is one of the kind's
//! schema-deriving types, described otherwise.

use schemars::{json_schema, Schema, SchemaGenerator};

pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    let settings = generator.subschema_for::<Option<super::settings::Settings>>();
    json_schema!({
        "type": "object",
        "description": "A Nomic game, the same for every viewer.",
        "required": ["players", "proposals"],
        "properties": {
            "players": { "type": "array", "description": "Seated players: player, day (nomic 201) and points (nomic 209)." },
            "points_thread": { "type": "array", "description": "The points thread: player, line, proposal, at (nomic 209)." },
            "begun_at": { "description": "When the game began (date-time)." },
            "settings": settings,
            "forfeited": { "description": "Players who forfeited." },
            "threshold": { "description": "The adoption threshold now (nomic 204)." },
            "majority_from": { "description": "When the majority threshold applies (nomic 204)." },
            "next_proposal_number": { "type": "integer", "description": "The number the next proposal takes (nomic 107)." },
            "proposals": { "description": "Proposals by number, with their votes." },
            "points_of_order": { "description": "Points of Order raised and their rulings." },
            "winner": { "description": "The winner, once there is one (nomic 210)." },
            "next_due": { "description": "The next deadline (date-time)." },
            "rules": { "description": "The rule book now, in the export format." },
        },
    })
}
