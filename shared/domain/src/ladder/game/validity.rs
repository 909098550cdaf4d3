//! Whether a game played in the room may be registered: who registers it
//! (club II.4), when and where it was played (J.5), who oversaw it (J.6,
//! III.3.5), the chessclock requirement (II.11), and that it is not
//! registered already.

use super::{invalid, GameStatus, Played};
use crate::ladder::decide::Decider;
use crate::refusal::Refusal;
use chrono::NaiveDate;

/// club II.4: members register their own games (moderators any game), of
/// two players, once played.
pub(super) fn check_registrar(d: &Decider, g: &Played) -> Result<(), Refusal> {
    if d.actor != g.white && d.actor != g.black && !d.is_moderator(d.actor) {
        return Err(Refusal::forbidden(
            "club II.4",
            "members register their own games",
        ));
    }
    if g.white == g.black {
        return Err(Refusal::invalid("a game has two players"));
    }
    if g.played_at > d.now {
        return Err(Refusal::invalid("a game is registered after it is played"));
    }
    Ok(())
}

/// club J.5: the session the game was played in, in the room, under the
/// Terms in force when it was played (IV.2); J.6: a moderator oversaw it,
/// III.3.5: one who did not play in it.
pub(super) fn session(d: &Decider, g: &Played) -> Result<NaiveDate, Refusal> {
    let s = d.state.settings_at(g.played_at);
    let Some(session) = s.session_of(g.played_at) else {
        return Err(invalid(
            "club J.5",
            format!(
                "games take place on a Friday between {} and {} ({} time)",
                s.session_start.format("%H:%M"),
                s.session_end.format("%H:%M"),
                s.time_zone
            ),
        ));
    };
    if !g.room.trim().eq_ignore_ascii_case(s.room.trim()) {
        return Err(invalid(
            "club J.5",
            format!("games take place in {}, not {}", s.room, g.room),
        ));
    }
    if !d.is_moderator(g.moderator) {
        return Err(invalid(
            "club J.6",
            format!("{} is not a moderator", g.moderator),
        ));
    }
    if g.moderator == g.white || g.moderator == g.black {
        return Err(Refusal::rule(
            "club III.3.5",
            "a moderator may not act in a game they took part in; another moderator must be present",
        ));
    }
    Ok(session)
}

/// club II.11: a member required to use a chessclock used one.
pub(super) fn check_chessclock(d: &Decider, g: &Played) -> Result<(), Refusal> {
    for p in [g.white, g.black] {
        if d.state.members.get(p).is_some_and(|m| m.chessclock) && !g.chessclock {
            return Err(invalid(
                "club II.11",
                format!("{p} must use a chessclock in every game"),
            ));
        }
    }
    Ok(())
}

/// The same game (players, colours and time) is not registered already,
/// unless void.
pub(super) fn check_not_registered(d: &Decider, g: &Played) -> Result<(), Refusal> {
    let duplicate = d.state.games.values().any(|x| {
        x.played_at == g.played_at
            && &x.white == g.white
            && &x.black == g.black
            && x.status != GameStatus::Void
    });
    if duplicate {
        return Err(Refusal::conflict("this game is already registered"));
    }
    Ok(())
}
