//! Publishing the rounds (acwc IV.D–E).

use super::{actor, settings, Out};
use crate::chess::acwc::due::follow_ups;
use crate::chess::acwc::state::Championship;
use crate::envelope::{Context, Envelope, Role};
use crate::refusal::Refusal;

/// The TD or the organizer publishes the next round now, if it is due; the
/// round itself follows from [`follow_ups`].
pub(super) fn pair_round(
    env: &Envelope,
    state: &Championship,
    ctx: &Context,
) -> Result<Out, Refusal> {
    let u = actor(ctx)?;
    if !env.has_role(u, Role::TournamentDirector) && !env.has_role(u, Role::Organizer) {
        return Err(Refusal::forbidden(
            "acwc I.C",
            "the TD or the organizer publishes rounds",
        ));
    }
    settings(state)?;
    if follow_ups(state, ctx.now).is_empty() {
        return Err(Refusal::conflict(
            "no round is due: the current round's matches are not all complete (acwc IV.E)",
        ));
    }
    Ok(vec![])
}
