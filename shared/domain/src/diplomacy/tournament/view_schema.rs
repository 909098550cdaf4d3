//! The JSON Schema of the kind's view (`view.rs`), for the API document:
//! every field the view writes, typed where the field is one of the kind's
//! schema-deriving types, described otherwise.

use schemars::{json_schema, Schema, SchemaGenerator};

pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    let settings = generator.subschema_for::<Option<super::state::Settings>>();
    json_schema!({
        "type": "object",
        "description": "The World Masters tournament as the viewer may see it; TMC ballots secret to their voter (wm A.6).",
        "required": ["teams"],
        "properties": {
            "settings": settings,
            "teams": { "description": "Teams by id (wm A.1)." },
            "individuals": { "description": "Individual entrants (wm B.2)." },
            "reserves": { "description": "Reserves." },
            "entries_closed": { "description": "Whether entries are closed." },
            "next_stage": { "description": "The next stage (wm B.1)." },
            "rounds": { "description": "Rounds drawn: boards, powers, observers, standings (wm B.5-B.6)." },
            "declined_final": { "description": "Who declined the final." },
            "motions": { "description": "TMC motions, binding, and the viewer's own ballot (wm A.6)." },
            "acting_td": { "description": "The acting TD (wm A.3)." },
            "winners": { "description": "The winners, once decided." },
        },
    })
}
