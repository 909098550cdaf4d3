//! The JSON Schema of the kind's view (`view.rs`), for the API document:
//! every field the view writes, typed where the field is one of the kind's
//! schema-deriving types, described otherwise.

use schemars::{json_schema, Schema, SchemaGenerator};

pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    let settings = generator.subschema_for::<Option<super::settings::Settings>>();
    json_schema!({
        "type": "object",
        "description": "An ACWC championship as the viewer may see it; cheating reports, exceptions and flagged matches only for the TD (acwc VII.A).",
        "required": ["stage", "entrants", "rounds"],
        "properties": {
            "settings": settings,
            "stage": { "description": "The stage being played (acwc III)." },
            "entrants": { "description": "Entrants with their seeding (acwc II)." },
            "qualification": { "type": "object", "description": "rounds and standings of the Qualification (acwc III.F)." },
            "candidates": { "type": "object", "description": "seats and standings of the Candidates (acwc III.G)." },
            "rounds": { "type": "array", "description": "Published rounds: stage, round, published_at, deadline, bye, matches (acwc IV.E)." },
            "schedule": { "description": "Match times, bids shown only to whom they may be (acwc V, III.H.6.ii)." },
            "final": { "description": "The Final (acwc III.H)." },
            "champion": { "description": "The champion, once decided." },
            "cheating_reports": { "description": "TD only: accusations (acwc VII.A)." },
            "exceptions": { "description": "TD only: entry exceptions (acwc II.B)." },
            "flagged_matches": { "description": "TD only: matches flagged for review (acwc IV.F)." },
        },
    })
}
