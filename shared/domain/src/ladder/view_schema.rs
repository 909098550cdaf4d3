//! The JSON Schema of the kind's view (`view.rs`), for the API document:
//! every field the view writes, typed where the field is one of the kind's
//! schema-deriving types, described otherwise.

use schemars::{json_schema, Schema, SchemaGenerator};

pub fn view_schema(generator: &mut SchemaGenerator) -> Schema {
    let settings = generator.subschema_for::<Option<super::settings::Settings>>();
    json_schema!({
        "type": "object",
        "description": "A club ladder as the viewer may see it; anti-cheat information withheld (club I.9.5).",
        "required": ["leaderboard"],
        "properties": {
            "settings": settings,
            "closed_through": { "description": "The last closed session." },
            "leaderboard": { "type": "array", "description": "rank, member, score, banned, monitored, chessclock (club I)." },
            "pending_games": { "description": "Games reported and not yet confirmed." },
            "online_game_in_progress": { "description": "The online game in progress, if any." },
            "rematches": { "description": "Rematch petitions: game, petitioner, session." },
            "powers": { "description": "Uses of a moderator power: power_use, power, by, member, reason, at, status, declared, declaration_due (club III.2)." },
            "appeals": { "description": "Appeals: appeal, appellant, subject, grounds, status, en_banc, bench, judgement, opinion, opinion_overdue (club III.3)." },
            "modifications": { "description": "Rule modifications." },
            "terms_changes": { "description": "Changes of terms." },
            "superseded_settings": { "description": "Settings that were replaced." },
            "residual_acts": { "description": "Residual acts." },
            "me": { "description": "The viewer's own standing: score, removed, absent_streak, idle_streak, fraud_violations, removal_requested." },
        },
    })
}
