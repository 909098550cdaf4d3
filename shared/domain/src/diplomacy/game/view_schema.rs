//! The JSON Schema of the kind's view (`view.rs`), for the API document:
//! every field the view writes, typed where the field is one of the kind's
//! schema-deriving types, described otherwise.

use schemars::{json_schema, Schema, SchemaGenerator};

pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    let settings = generator.subschema_for::<Option<super::settings::Settings>>();
    json_schema!({
        "type": "object",
        "description": "One Diplomacy board as the viewer may see it; orders before adjudication only to their power and the GM (wm D.VIII.4). Before set-up: only status \"awaiting-set-up\".",
        "required": ["status"],
        "properties": {
            "status": {"enum": ["awaiting-set-up", "playing", "ended"]},
            "settings": settings,
            "seats": { "description": "Who plays each power." },
            "position": { "description": "The current position." },
            "deadline": { "description": "The phase deadline (date-time, wm D.VII)." },
            "withheld": { "description": "What is withheld from this viewer." },
            "history": { "description": "Adjudicated phases." },
            "orders": { "description": "Per power the viewer may see: submissions and counted orders." },
            "extensions": { "description": "Deadline extensions." },
            "holidays": { "description": "Holidays." },
            "windows": { "description": "Unavailability windows the viewer may see." },
            "nmrs": { "description": "NMRs (wm B.8.b)." },
            "proposals": { "description": "Draw, concession and house-rule proposals (wm D.IX)." },
            "my_ballots": { "description": "The viewer's own ballots (wm D.IX.2)." },
            "press": { "description": "Press the viewer may read (wm D.X)." },
            "result": { "description": "The result, once the game ends." },
            "scores": { "description": "Board scores, once the game ends." },
            "td_flags": { "description": "GM and TD only: flags." },
        },
    })
}
