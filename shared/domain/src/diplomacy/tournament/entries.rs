//! Entries (wm A.1, A.4, A.8, B.2, B.5): teams of at least seven players
//! with their round-one powers, individual sign-ups grouped at random into
//! teams when entries close, and the official reserve list.

use super::event::{by_rule, Event};
use super::model::TeamId;
use super::state::{Settings, Team, Tournament};
use crate::diplomacy::map::Power;
use crate::diplomacy::tournament::Recorded;
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// wm A.1: a team has at least seven players.
pub const TEAM_PLAYERS: usize = 7;

/// A team's sign-up (wm A.1, B.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TeamEntry {
    pub id: TeamId,
    pub name: String,
    /// wm B.5: the seven players and the power each plays in round one.
    pub players: BTreeMap<Power, UserId>,
    /// wm A.1: an optional non-playing captain.
    #[serde(default)]
    pub captain: Option<UserId>,
    /// wm A.1: an optional non-playing GM.
    #[serde(default)]
    pub gm: Option<UserId>,
    /// wm A.1: optional replacement players.
    #[serde(default)]
    pub replacements: Vec<UserId>,
}

/// wm A.4, A.8: the TD, assistant TDs and TMC members play for no team.
fn official(env: &Envelope, user: &UserId) -> Option<&'static str> {
    if env.has_role(user, Role::TournamentDirector)
        || env.has_role(user, Role::AssistantTournamentDirector)
    {
        Some("wm A.4")
    } else if env.has_role(user, Role::TmcMember) {
        Some("wm A.8")
    } else {
        None
    }
}

fn open_for_entries<'a>(state: &'a Tournament, ctx: &Context) -> Result<&'a Settings, Refusal> {
    let settings = state.settings.as_ref().ok_or_else(|| {
        Refusal::conflict("the TD has not set the tournament's dates yet").citing("wm A.3.i")
    })?;
    if state.entries_closed || ctx.now >= settings.entry_deadline {
        return Err(Refusal::rule(
            "wm B.2",
            format!("entries closed at {}", settings.entry_deadline),
        ));
    }
    Ok(settings)
}

/// wm B.2: a team, or an individual, enters before the deadline.
pub fn register(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    team: Option<&TeamEntry>,
) -> Result<Vec<Recorded>, Refusal> {
    let who = ctx
        .actor
        .user()
        .ok_or_else(|| Refusal::forbidden("wm B.2", "people enter, schedules do not"))?;
    open_for_entries(state, ctx)?;
    let Some(entry) = team else {
        return sign_up(env, state, who);
    };
    check_team_entry(env, state, entry)?;
    Ok(vec![by_rule(
        Event::TeamRegistered {
            team: entry.id.clone(),
            entry: Team {
                name: entry.name.trim().to_owned(),
                registered_by: Some(who.clone()),
                captain: entry.captain.clone(),
                gm: entry.gm.clone(),
                players: entry.players.clone(),
                replacements: entry.replacements.clone(),
                grouped: false,
            },
        },
        "wm B.2",
    )])
}

/// wm B.2: an individual signs up, to be grouped into a team at the deadline.
fn sign_up(env: &Envelope, state: &Tournament, who: &UserId) -> Result<Vec<Recorded>, Refusal> {
    if let Some(clause) = official(env, who) {
        return Err(Refusal::rule(
            clause,
            "tournament officials play for no team",
        ));
    }
    if state.entered(who) {
        return Err(Refusal::conflict(format!("{who} has already entered")).citing("wm B.2"));
    }
    Ok(vec![by_rule(
        Event::SignedUp {
            player: who.clone(),
        },
        "wm B.2",
    )])
}

/// wm A.1, B.5: a team's sign-up is well formed, new, and names seven
/// players and distinct people, none of them an official or already entered.
fn check_team_entry(env: &Envelope, state: &Tournament, entry: &TeamEntry) -> Result<(), Refusal> {
    if entry.id.trim().is_empty()
        || entry.id.len() > 64
        || entry.name.trim().is_empty()
        || entry.name.chars().count() > 200
    {
        return Err(Refusal::invalid(
            "a team has an id of 1 to 64 and a name of 1 to 200 characters",
        ));
    }
    if state.teams.contains_key(&entry.id) {
        return Err(Refusal::conflict(format!("team {} exists", entry.id)));
    }
    // wm B.5: the sign-up gives each of the seven powers one player.
    if entry.players.len() != TEAM_PLAYERS {
        return Err(Refusal::rule(
            "wm A.1",
            "a team signs up seven players, one for each power of round one (wm B.5)",
        ));
    }
    let everyone: Vec<&UserId> = entry
        .players
        .values()
        .chain(&entry.replacements)
        .chain(&entry.captain)
        .chain(&entry.gm)
        .collect();
    let distinct: BTreeSet<&UserId> = everyone.iter().copied().collect();
    if distinct.len() != everyone.len() {
        return Err(Refusal::rule(
            "wm A.1",
            "a team's players, replacements, captain and GM are different people",
        ));
    }
    for user in &everyone {
        if let Some(clause) = official(env, user) {
            return Err(Refusal::rule(
                clause,
                format!("{user} is a tournament official and plays for no team"),
            ));
        }
        if state.entered(user) {
            return Err(Refusal::conflict(format!("{user} has already entered")).citing("wm B.2"));
        }
    }
    Ok(())
}

/// wm B.2, B.5: at the deadline the TD groups the individual sign-ups at
/// random into teams of seven with an appointed captain and random powers;
/// the remainder start the official reserve list.
pub fn close(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    seed: u64,
) -> Result<Vec<Recorded>, Refusal> {
    require_td(env, state, ctx, "wm B.2", "closes entries")?;
    let settings = state.settings.as_ref().ok_or_else(|| {
        Refusal::conflict("the TD has not set the tournament's dates yet").citing("wm A.3.i")
    })?;
    if state.entries_closed {
        return Err(Refusal::conflict("entries are closed").citing("wm B.2"));
    }
    if ctx.now < settings.entry_deadline {
        return Err(Refusal::rule(
            "wm B.2",
            format!("entries are accepted up to {}", settings.entry_deadline),
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pool = state.individuals.clone();
    pool.shuffle(&mut rng);
    let grouped = pool.len() / TEAM_PLAYERS * TEAM_PLAYERS;
    let reserves = pool.split_off(grouped);
    let mut teams = BTreeMap::new();
    for (n, group) in pool.chunks(TEAM_PLAYERS).enumerate() {
        let mut powers = Power::ALL.to_vec();
        powers.shuffle(&mut rng);
        // The captain is appointed from the group: its first drawn member.
        let captain = group[0].clone();
        teams.insert(
            format!("grouped-{}", n + 1),
            Team {
                name: format!("Grouped team {}", n + 1),
                registered_by: None,
                captain: Some(captain),
                gm: None,
                players: powers.into_iter().zip(group.iter().cloned()).collect(),
                replacements: vec![],
                grouped: true,
            },
        );
    }
    Ok(vec![by_rule(
        Event::EntriesClosed {
            seed,
            teams,
            reserves,
        },
        "wm B.2",
    )])
}

/// The TD (or the assistant standing in) acts.
pub(super) fn require_td(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    clause: &'static str,
    what: &str,
) -> Result<(), Refusal> {
    match ctx.actor.user() {
        Some(u) if super::governance::is_td(env, state.acting_td.as_ref(), u) => Ok(()),
        _ => Err(Refusal::forbidden(clause, format!("only the TD {what}"))),
    }
}
