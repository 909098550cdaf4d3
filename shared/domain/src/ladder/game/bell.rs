//! The bell (club I.5): a game unfinished when the session ends is
//! adjudicated on the material captured.

use super::*;

/// club I.5: a game forced to end by lack of time is decided on captured
/// material; the higher total wins, equal totals draw (ruling).
pub(in crate::ladder) fn on_material(
    white_captured: super::Material,
    black_captured: super::Material,
) -> Result<(GameResult, Bell), Refusal> {
    if !white_captured.plausible() || !black_captured.plausible() {
        return Err(Refusal::invalid(
            "a side has at most 8 pawns and 15 pieces besides its king",
        ));
    }
    let (wp, bp) = (white_captured.points(), black_captured.points());
    let result = match wp.cmp(&bp) {
        std::cmp::Ordering::Greater => GameResult::WhiteWins,
        std::cmp::Ordering::Less => GameResult::BlackWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
    };
    Ok((
        result,
        Bell {
            white_captured,
            black_captured,
            white_points: wp,
            black_points: bp,
        },
    ))
}

/// club I.5: a game ended by the bell is decided by a moderator on captured
/// material. An ordinary game whose agreed limit expired (I.4, I.8.2: "ended
/// as per Act 5") is adjudicated the same way.
pub(in crate::ladder) fn adjudicate_bell(
    d: &Decider,
    white: &UserId,
    black: &UserId,
    played_at: DateTime<Utc>,
    room: &str,
    white_captured: super::Material,
    black_captured: super::Material,
) -> Result<Vec<Recorded>, Refusal> {
    d.require_moderator("club I.5", "end a game at the bell")?;
    if d.actor == white || d.actor == black {
        return Err(Refusal::rule(
            "club III.3.5",
            "a moderator may not act in a game they took part in",
        ));
    }
    let (result, bell) = on_material(white_captured, black_captured)?;
    // club II.10.3: the adjudicating moderator oversaw the game's ending,
    // so at least partially.
    let oversight = super::Oversight {
        moderator: d.actor.clone(),
        extent: super::OversightExtent::Partial,
    };
    register(
        d,
        Played {
            white,
            black,
            played_at,
            room,
            moderator: d.actor,
            chessclock: false,
            oversight: Some(&oversight),
        },
        result,
        Some(bell),
    )
}
