//! The platform's own role rules (`arbiter roles`): the organizer creates a
//! competition and grants the offices its kind's rulebook names, under the
//! kind's conditions ([`crate::rulebook::Rulebook::may_grant`]).

use super::{Actor, Competition, Context, Event, Kind, Recorded, Role, UserId, ROLES_CLAUSE};
use crate::refusal::Refusal;

fn require_organizer(state: &Competition, actor: &Actor) -> Result<(), Refusal> {
    match actor {
        Actor::User(u) if state.has_role(u, Role::Organizer) => Ok(()),
        _ => Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "only the competition's organizer grants and revokes roles",
        )),
    }
}

/// A user with the platform's organizer right creates a competition and
/// becomes its organizer.
pub(super) fn create(ctx: &Context, kind: Kind, name: &str) -> Result<Vec<Recorded>, Refusal> {
    let Actor::User(organizer) = &ctx.actor else {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "competitions are created by users",
        ));
    };
    if !ctx.may_organize {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "creating a competition needs the organizer role",
        ));
    }
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(Refusal::invalid("name must be 1 to 200 characters"));
    }
    Ok(vec![Recorded::new(Event::Created {
        kind,
        name: name.to_owned(),
        organizer: organizer.clone(),
    })])
}

/// The organizer grants `role`: an office the kind's rulebook names, to a
/// user its conditions allow.
pub(super) fn grant(
    state: &Competition,
    ctx: &Context,
    user: &UserId,
    role: Role,
) -> Result<Vec<Recorded>, Refusal> {
    require_organizer(state, &ctx.actor)?;
    if state.has_role(user, role) {
        return Err(
            Refusal::conflict(format!("{user} already holds {role:?}")).citing(ROLES_CLAUSE)
        );
    }
    let every_kind = matches!(role, Role::Organizer | Role::Player);
    let officials = state.game.officials();
    if !every_kind && !officials.contains(&role) {
        let named: Vec<String> = officials.iter().map(|r| r.name()).collect();
        return Err(Refusal::rule(
            ROLES_CLAUSE,
            format!(
                "{} has no {} office: its rules name {named:?}",
                state.kind.title(),
                role.name(),
            ),
        ));
    }
    state.game.may_grant(state, user, role)?;
    Ok(vec![Recorded::new(Event::RoleGranted {
        user: user.clone(),
        role,
    })])
}

/// The organizer revokes `role`; a competition keeps at least one organizer.
pub(super) fn revoke(
    state: &Competition,
    ctx: &Context,
    user: &UserId,
    role: Role,
) -> Result<Vec<Recorded>, Refusal> {
    require_organizer(state, &ctx.actor)?;
    if !state.has_role(user, role) {
        return Err(Refusal::not_found(format!("{user} does not hold {role:?}")));
    }
    if role == Role::Organizer && state.holders(Role::Organizer).count() == 1 {
        return Err(Refusal::rule(
            ROLES_CLAUSE,
            "a competition keeps at least one organizer",
        ));
    }
    Ok(vec![Recorded::new(Event::RoleRevoked {
        user: user.clone(),
        role,
    })])
}

/// The organizer lists the competition publicly or withdraws it; setting
/// what is already set changes nothing.
pub(super) fn set_public(
    state: &Competition,
    ctx: &Context,
    public: bool,
) -> Result<Vec<Recorded>, Refusal> {
    let organizer = matches!(&ctx.actor, Actor::User(u) if state.has_role(u, Role::Organizer));
    if !organizer {
        return Err(Refusal::forbidden(
            ROLES_CLAUSE,
            "only the competition's organizer lists it publicly or withdraws it",
        ));
    }
    if state.public == public {
        return Ok(vec![]);
    }
    Ok(vec![Recorded::new(Event::PublicSet { public })])
}

#[cfg(test)]
mod tests {
    use super::super::{apply, decide, Command, Commit, CompetitionId};
    use super::*;

    fn ctx(who: &str) -> Context {
        Context {
            actor: Actor::User(UserId::try_from(who).unwrap()),
            may_organize: true,
            now: "2026-11-21T10:00:00Z".parse().unwrap(),
        }
    }

    /// Decides `command` as `who` and folds it in as the next commit.
    fn run(
        state: Option<Competition>,
        who: &str,
        command: Command,
    ) -> Result<Competition, Refusal> {
        let events = decide(state.as_ref(), &command, &ctx(who))?;
        let commit = Commit {
            version: state.as_ref().map_or(1, |s| s.version + 1),
            at: ctx(who).now,
            actor: ctx(who).actor,
            command: command.name().into(),
            events,
            idempotency: None,
        };
        Ok(apply(
            state,
            &CompetitionId::try_from("club").unwrap(),
            &commit,
        ))
    }

    #[test]
    fn arbiter_roles_only_the_organizer_lists_a_competition_publicly() {
        let create = Command::Create {
            kind: Kind::ClubLadder,
            name: "Friday Chess Club".into(),
        };
        let club = run(None, "ann", create).unwrap();
        // By hand: a new competition is not listed; ann created it, so she
        // is its organizer and may list it; bob holds no role and may not.
        assert!(!club.public);
        let bob = run(
            Some(club.clone()),
            "bob",
            Command::SetPublic { public: true },
        );
        assert_eq!(bob.unwrap_err().clause.as_deref(), Some(ROLES_CLAUSE));
        let listed = run(Some(club), "ann", Command::SetPublic { public: true }).unwrap();
        assert!(listed.public);
        // Listing what is listed decides no event; withdrawing does.
        let again = decide(
            Some(&listed),
            &Command::SetPublic { public: true },
            &ctx("ann"),
        );
        assert_eq!(again.unwrap(), vec![]);
        let withdrawn = run(Some(listed), "ann", Command::SetPublic { public: false }).unwrap();
        assert!(!withdrawn.public);
    }
}
