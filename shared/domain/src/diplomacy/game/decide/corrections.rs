//! Correcting unit placements after a GM error in a published adjudication
//! (wm D.VIII.2 two units in one space, wm D.VIII.3 an extra unit). Both
//! are the GM's commands; each correction is an event of the audit log.

use super::require_started;
use crate::diplomacy::game::event::{by_rule, Event};
use crate::diplomacy::game::position::Position;
use crate::diplomacy::game::state::Board;
use crate::diplomacy::game::Recorded;
use crate::diplomacy::map::{self, parse_location, Power};
use crate::diplomacy::position::Unit;
use crate::refusal::Refusal;

/// The unit of `power` the GM names, as stored in the position.
fn named_unit(position: &Position, power: Power, unit: &str) -> Result<(String, Unit), Refusal> {
    position.find_unit(power, unit).ok_or_else(|| {
        Refusal::not_found(format!(
            "{power} has no unit \"{unit}\" on the board (write it as \"A Mun\" or \"F Stp/sc\")"
        ))
    })
}

/// wm D.VIII.2: "any unit erroneously present in that space will be placed
/// in the space where it should have been if that is otherwise vacant, and
/// otherwise off the board ... unless one of the units has vacated the space
/// by the time the error is noticed". The GM names the unit erroneously
/// present and, if there is one, the space where it should have been.
pub(super) fn double_occupancy(
    state: &Board,
    power: Power,
    unit: &str,
    should_be: Option<&str>,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    let (stored, found) = named_unit(position, power, unit)?;
    if position.occupants(found.province()) < 2 {
        return Err(Refusal::rule(
            "wm D.VIII.2",
            format!(
                "{stored} is the only unit in {}: a unit has vacated the space, so nothing is moved",
                found.province()
            ),
        ));
    }
    let placed = match should_be {
        None => None,
        Some(place) => {
            let loc = parse_location(place.trim())
                .filter(|l| map::standard().valid_location(found.kind, *l))
                .ok_or_else(|| {
                    Refusal::invalid(format!(
                        "\"{place}\" is not a space where {stored} can stand"
                    ))
                })?;
            // Otherwise vacant: no unit of any power stands there.
            (position.occupants(loc.province) == 0).then(|| {
                Unit {
                    location: loc,
                    ..found
                }
                .to_string()
                .to_ascii_uppercase()
            })
        }
    };
    Ok(vec![by_rule(
        Event::UnitPlacementCorrected {
            power,
            unit: stored,
            placed,
        },
        "wm D.VIII.2",
    )])
}

/// wm D.VIII.3: an extra unit that "has existed for more than one
/// adjudication" stays, and the next build/disband phase rectifies the
/// imbalance (it counts the unit against the power's centres). One first
/// shown by the latest adjudication is a mistake pointed out in time and is
/// corrected at once (wm D.VIII.1): it is taken off the board. The GM names
/// the adjudicated phase whose published result first showed the unit.
pub(super) fn extra_unit(
    state: &Board,
    power: Power,
    unit: &str,
    appeared_in: &str,
) -> Result<Vec<Recorded>, Refusal> {
    let position = require_started(state)?;
    let (stored, _) = named_unit(position, power, unit)?;
    let latest = state.history.last().map(|r| r.before.phase.as_str());
    if latest == Some(appeared_in) {
        return Ok(vec![by_rule(
            Event::UnitPlacementCorrected {
                power,
                unit: stored,
                placed: None,
            },
            "wm D.VIII.1",
        )]);
    }
    if !state.history.iter().any(|r| r.before.phase == appeared_in) {
        return Err(Refusal::not_found(format!(
            "{appeared_in} is not an adjudicated phase of this game"
        )));
    }
    Ok(vec![by_rule(
        Event::ExtraUnitNoted {
            power,
            unit: stored,
            appeared_in: appeared_in.to_owned(),
        },
        "wm D.VIII.3",
    )])
}
