//! The registry: every competition kind, listed once.
//!
//! `kinds!` turns the list at the bottom of this file into the competition's
//! per-kind enums ([`Kind`], [`Game`], [`Command`], [`Event`]), every
//! dispatch over them, each arm calling the kind's part of the contract
//! ([`crate::rulebook`]), and the wrapping of each kind's own events into
//! the log ([`Recorded`]) and out of it again
//! ([`crate::envelope::Committed`]). Adding a kind
//! is its own folder, its contract, and one line below (see
//! `docs/kinds.md`); nothing else in the domain names the kinds, so no match
//! can forget one or fall into a default.
//!
//! A kind's serialized name is the same everywhere (its `kind`, its commands'
//! `command` tag and its events' `type` tag); the names the kinds had before
//! they agreed are read as aliases, so stored logs and snapshots stay readable.

use super::commit::{file, Commit, Recorded};
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::page::{Listing, Page, Public};
use crate::refusal::Refusal;
use crate::resource::{Query, Resource, ResourceSchema};
use crate::rulebook::{
    Action, Acts, ByMail, Calendar, MailDone, MailReading, Membership, Notices, Offer, Pages,
    Preset, Resources, Route, Rulebook, Rules, Schedule, Secrecy, Views,
};
use crate::vocabulary::{self, OldSpelling};
use chrono::{DateTime, Utc};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

/// A kind as the registry lists it: the way into and out of the
/// competition's sums for code generic over the kinds (tests, tools).
pub trait Registered: Rulebook {
    const KIND: Kind;

    /// The kind's state, when `game` is of this kind.
    fn of_game(game: &Game) -> Option<&Self>;

    /// The kind's own event, when `event` is one.
    fn of_event(event: &Event) -> Option<&<Self as Rules>::Event>;

    /// The kind's command as the competition's.
    fn command(command: <Self as Rules>::Command) -> Command;

    /// The kind's event as the competition's.
    fn event(event: <Self as Rules>::Event) -> Event;
}

macro_rules! kinds {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident = $name:literal $(| $old:literal)* => $state:ty;
    )+) => {
        /// The kinds of competition Arbiter runs, one per rulebook. Read by
        /// [`Kind::named`], so a name that is no kind is refused naming the
        /// kinds as they are spelt now, not their old names.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
        pub enum Kind {
            $( $(#[doc = $doc])* #[serde(rename = $name)] $variant, )+
        }

        /// The rules state of a competition, by kind.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "kind")]
        pub enum Game {
            $( #[serde(rename = $name $(, alias = $old)*)] $variant($state), )+
        }

        /// A request to change a competition: the envelope's own commands,
        /// then one variant per kind holding that kind's command.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "command", rename_all = "kebab-case")]
        pub enum Command {
            /// Start a new competition; the caller becomes its organizer.
            Create { kind: Kind, name: String },
            GrantRole { user: UserId, role: Role },
            RevokeRole { user: UserId, role: Role },
            /// The organizer lists the competition publicly (`public: true`:
            /// anyone may find it in the public listing) or withdraws it.
            SetPublic { public: bool },
            /// A schedule (or an official) asks the competition to act on
            /// whatever has fallen due by `now`. A tick that finds nothing
            /// due decides no events, so running a schedule twice, or two at
            /// once, changes the state once.
            Tick,
            $( #[serde(rename = $name $(, alias = $old)*)]
               $variant(<$state as Rules>::Command), )+
        }

        /// Something that happened to a competition: the envelope's own
        /// events, then one variant per kind (its own tag is `event`).
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "type", rename_all = "kebab-case")]
        pub enum Event {
            Created { kind: Kind, name: String, organizer: UserId },
            RoleGranted { user: UserId, role: Role },
            RoleRevoked { user: UserId, role: Role },
            PublicSet { public: bool },
            $( #[serde(rename = $name $(, alias = $old)*)]
               $variant(<$state as Rules>::Event), )+
        }

        // Every listed state is a whole kind: a part of the contract left
        // unimplemented fails here, naming the kind.
        const _: fn() = || {
            fn is_a_kind<K: Rulebook>() {}
            $( is_a_kind::<$state>(); )+
        };

        impl Kind {
            /// Every registered kind, in registry order.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant),+];

            /// The kinds' names before they agreed, still read under `kind`
            /// ([`crate::vocabulary`]).
            pub const OLD_NAMES: &'static [OldSpelling] = &[$($(OldSpelling::value_of("kind", $old, $name),)*)+];

            /// The kind named `name` now or before ([`Kind::OLD_NAMES`]).
            pub fn named(name: &str) -> Option<Kind> {
                let now = Kind::ALL.iter().copied().find(|k| k.name() == name);
                now.or_else(|| {
                    let old = Kind::OLD_NAMES.iter().find(|s| s.old == name)?;
                    Kind::ALL.iter().copied().find(|k| k.name() == old.new)
                })
            }

            /// See [`Rules::OLD_SPELLINGS`].
            pub fn old_spellings(self) -> &'static [OldSpelling] {
                match self { $(Kind::$variant => <$state as Rules>::OLD_SPELLINGS,)+ }
            }

            /// See [`Acts::presets`].
            pub fn presets(self) -> Vec<Preset> {
                match self { $(Kind::$variant => <$state as Acts>::presets(),)+ }
            }

            /// The kind's name as the API spells it.
            pub fn name(self) -> &'static str {
                match self { $(Kind::$variant => $name,)+ }
            }

            /// How refusals name the kind.
            pub fn title(self) -> &'static str {
                match self { $(Kind::$variant => <$state as Rules>::TITLE,)+ }
            }

            /// The action a dedicated route performs for this kind.
            pub fn route_action(self, route: Route) -> Option<&'static str> {
                match self { $(Kind::$variant => <$state as Rules>::route_action(route),)+ }
            }

            /// See [`Rules::route_actions`].
            pub fn route_actions(self, route: Route) -> Vec<&'static str> {
                match self { $(Kind::$variant => <$state as Rules>::route_actions(route),)+ }
            }

            /// The route of its own that `action` has in any kind, if any:
            /// `POST /actions` refuses it, so each thing has one way to be done.
            pub fn dedicated_route(action: &str) -> Option<Route> {
                Route::ALL.into_iter().find(|route| {
                    Kind::ALL.iter().any(|kind| kind.route_actions(*route).contains(&action))
                })
            }

            /// See [`Rules::route_body_schema`].
            pub fn route_body_schema(self, route: Route, generator: &mut SchemaGenerator) -> Option<Schema> {
                match self { $(Kind::$variant => <$state as Rules>::route_body_schema(route, generator),)+ }
            }

            /// Whether people answer this kind's notices by mail (see
            /// [`ByMail::ANSWERED_BY_MAIL`]).
            pub fn answered_by_mail(self) -> bool {
                match self { $(Kind::$variant => <$state as ByMail>::ANSWERED_BY_MAIL,)+ }
            }

            /// Whether only a channel adapter submits `action` of this kind
            /// (see [`Rules::CHANNEL_ONLY`]).
            pub fn channel_only(self, action: &str) -> bool {
                match self { $(Kind::$variant => <$state as Rules>::CHANNEL_ONLY.contains(&action),)+ }
            }

            /// Whether `action` of this kind draws lots (see [`Rules::draws_lots`]).
            pub fn draws_lots(self, action: &str) -> bool {
                match self { $(Kind::$variant => <$state as Rules>::draws_lots(action),)+ }
            }

            /// The read resources of this kind (see [`Resources::RESOURCES`]).
            pub fn resources(self) -> &'static [&'static str] {
                match self { $(Kind::$variant => <$state as Resources>::RESOURCES,)+ }
            }

            /// The JSON Schema of this kind's commands (tagged by `action`).
            pub fn command_schema(self, generator: &mut SchemaGenerator) -> Schema {
                match self { $(Kind::$variant => generator.subschema_for::<<$state as Rules>::Command>(),)+ }
            }

            /// The JSON Schema of this kind's events (tagged by `event`).
            pub fn event_schema(self, generator: &mut SchemaGenerator) -> Schema {
                match self { $(Kind::$variant => generator.subschema_for::<<$state as Rules>::Event>(),)+ }
            }

            /// What each of this kind's resources answers (see [`Resources::resource_schemas`]).
            pub fn resource_schemas(self, generator: &mut SchemaGenerator) -> Vec<ResourceSchema> {
                match self { $(Kind::$variant => <$state as Resources>::resource_schemas(generator),)+ }
            }

            /// The JSON Schema of this kind's view (see [`Views::view_schema`]).
            pub fn view_schema(self, generator: &mut SchemaGenerator) -> Schema {
                match self { $(Kind::$variant => <$state as Views>::view_schema(generator),)+ }
            }

            /// Reads a JSON command of this kind (tagged by `action`).
            pub fn command(self, body: serde_json::Value) -> Result<Command, serde_json::Error> {
                Ok(match self {
                    $(Kind::$variant => Command::$variant(serde_json::from_value(body)?),)+
                })
            }
        }

        impl Game {
            /// The state a new competition of `kind` starts with.
            pub fn new(kind: Kind) -> Self {
                match kind { $(Kind::$variant => Game::$variant(<$state>::default()),)+ }
            }

            pub fn kind(&self) -> Kind {
                match self { $(Game::$variant(_) => Kind::$variant,)+ }
            }

            /// See [`Schedule::CLOCK_OFFICIALS`].
            pub fn clock_officials(&self) -> &'static [Role] {
                match self { $(Game::$variant(_) => <$state as Schedule>::CLOCK_OFFICIALS,)+ }
            }

            /// See [`Rules::OFFICIALS`].
            pub fn officials(&self) -> &'static [Role] {
                match self { $(Game::$variant(_) => <$state as Rules>::OFFICIALS,)+ }
            }

            /// See [`Rules::may_grant`].
            pub fn may_grant(&self, env: &Envelope, user: &UserId, role: Role) -> Result<(), Refusal> {
                match self { $(Game::$variant(s) => s.may_grant(env, user, role),)+ }
            }

            pub fn tick(&self, env: &Envelope, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
                match self { $(Game::$variant(s) => Ok(file(s.tick(env, ctx)?, Event::$variant)),)+ }
            }

            pub fn next_due(&self) -> Option<DateTime<Utc>> {
                match self { $(Game::$variant(s) => s.next_due(),)+ }
            }

            pub fn view(&self, env: &Envelope, viewer: Option<&UserId>) -> serde_json::Value {
                match self { $(Game::$variant(s) => s.view(env, viewer),)+ }
            }

            /// See [`Resources::resource`].
            pub fn resource(&self, env: &Envelope, name: &str, query: &Query, viewer: Option<&UserId>) -> Result<Resource, Refusal> {
                match self { $(Game::$variant(s) => s.resource(env, name, query, viewer),)+ }
            }

            /// The notices a kind builds from its own events in `commit`.
            pub fn notices(&self, env: &Envelope, commit: &Commit) -> Vec<Notice> {
                match self {
                    $(Game::$variant(s) => s.notices(env, &commit.of(<$state as Registered>::of_event)),)+
                }
            }

            pub fn reminders(&self, env: &Envelope, now: DateTime<Utc>) -> Vec<Reminder> {
                match self { $(Game::$variant(s) => s.reminders(env, now),)+ }
            }

            /// The page at `path` of this competition as of `now`, from what
            /// anyone may read of it (see [`Pages::page`]).
            pub fn page(&self, env: &Envelope, path: &[&str], now: DateTime<Utc>) -> Option<Page> {
                match self { $(Game::$variant(s) => <$state as Pages>::page(&public(env, s, now), path),)+ }
            }

            /// Every page's path as things stand (see [`Pages::page_paths`]);
            /// paths do not depend on the hour, so the envelope's creation
            /// stands for it.
            pub fn page_paths(&self, env: &Envelope) -> Vec<String> {
                match self { $(Game::$variant(s) => <$state as Pages>::page_paths(&public(env, s, env.created_at)),)+ }
            }

            /// The competition's line in the index as of `now` (see
            /// [`Pages::listing`]).
            pub fn listing(&self, env: &Envelope, now: DateTime<Utc>) -> Listing {
                match self { $(Game::$variant(s) => <$state as Pages>::listing(&public(env, s, now)),)+ }
            }

            /// The user whose recorded address `address` is (see [`ByMail::mail_sender`]).
            pub fn mail_sender(&self, address: &str) -> Option<&UserId> {
                match self { $(Game::$variant(s) => s.mail_sender(address),)+ }
            }

            /// The commands a mail holds (see [`ByMail::read_mail`]).
            pub fn read_mail(&self, sender: &UserId, subject: &str, text: &str) -> MailReading<Command> {
                match self { $(Game::$variant(s) => {
                    let r = s.read_mail(sender, subject, text);
                    MailReading {
                        commands: r.commands.into_iter().map(|(a, c)| (a, Command::$variant(c))).collect(),
                        not_read: r.not_read,
                    }
                })+ }
            }

            /// The answer to a mail with nothing readable (see [`ByMail::mail_help`]).
            pub fn mail_help(&self) -> String {
                match self { $(Game::$variant(s) => s.mail_help(),)+ }
            }

            /// The receipt of a mail (see [`ByMail::mail_receipt`]); `done`
            /// holds the competition's events, of which the kind's are read.
            pub fn mail_receipt(&self, env: &Envelope, sender: &UserId, done: &[MailDone<Event>], not_read: &[String]) -> String {
                match self { $(Game::$variant(s) => {
                    let done: Vec<MailDone<<$state as Rules>::Event>> = done.iter().map(|d| match d {
                        MailDone::Applied { act, events } => MailDone::Applied {
                            act,
                            events: events.iter().filter_map(|e| match e {
                                Event::$variant(e) => Some(e.clone()),
                                _ => None,
                            }).collect(),
                        },
                        MailDone::Refused { act, clause, detail } => MailDone::Refused {
                            act,
                            clause: clause.clone(),
                            detail: detail.clone(),
                        },
                    }).collect();
                    s.mail_receipt(env, sender, &done, not_read)
                })+ }
            }

            /// See [`Calendar::deadlines`].
            pub fn deadlines(&self, env: &Envelope, viewer: Option<&UserId>, now: DateTime<Utc>) -> Vec<Deadline> {
                match self { $(Game::$variant(s) => s.deadlines(env, viewer, now),)+ }
            }

            /// See [`Acts::offers`]: each offer's probe as the competition's
            /// command.
            pub fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Command>> {
                match self { $(Game::$variant(s) => s.offers(env, viewer).into_iter().map(|o| Offer {
                    title: o.title,
                    probe: Command::$variant(o.probe),
                    fixed: o.fixed,
                    checked: o.checked,
                }).collect(),)+ }
            }

            /// See [`Acts::beside`].
            pub fn beside(&self, env: &Envelope, viewer: &UserId, action: &str) -> Option<String> {
                match self { $(Game::$variant(s) => s.beside(env, viewer, action),)+ }
            }

            /// Decides a kind's command; a command of another kind is refused
            /// naming the kind this competition is.
            pub fn decide(&self, env: &Envelope, command: &Command, ctx: &Context) -> Result<Vec<Recorded>, Refusal> {
                match command {
                    Command::Create { .. } | Command::GrantRole { .. }
                    | Command::RevokeRole { .. } | Command::SetPublic { .. }
                    | Command::Tick => Err(Refusal::invalid(
                        "an envelope command is not a kind's command",
                    )),
                    $(Command::$variant(c) => {
                        let Game::$variant(s) = self else {
                            return Err(Refusal::not_found(format!(
                                "this competition is {}, which has no {} action",
                                self.kind().title(),
                                Action::name(c),
                            )));
                        };
                        Ok(file(s.decide(env, c, ctx)?, Event::$variant))
                    })+
                }
            }

            /// Folds a kind's event into the state; the envelope's events and
            /// another kind's events (never decided) change nothing here.
            pub fn apply(&mut self, event: &Event, at: DateTime<Utc>) {
                match event {
                    Event::Created { .. } | Event::RoleGranted { .. } | Event::RoleRevoked { .. }
                    | Event::PublicSet { .. } => {}
                    $(Event::$variant(e) => {
                        if let Game::$variant(s) = self {
                            s.apply(e, at);
                        }
                    })+
                }
            }

            /// A kind's event as `viewer` may see it; `None` withholds it.
            /// An event of another kind was never decided here: withheld.
            /// The envelope's own events are public: who runs the competition.
            pub fn redact(&self, env: &Envelope, event: &Event, viewer: Option<&UserId>) -> Option<Event> {
                match event {
                    Event::Created { .. } | Event::RoleGranted { .. } | Event::RoleRevoked { .. }
                    | Event::PublicSet { .. } => {
                        Some(event.clone())
                    }
                    $(Event::$variant(e) => {
                        let Game::$variant(s) = self else { return None };
                        s.redact(env, e, viewer).map(Event::$variant)
                    })+
                }
            }
        }

        $(
            impl Registered for $state {
                const KIND: Kind = Kind::$variant;

                fn of_game(game: &Game) -> Option<&Self> {
                    match game {
                        Game::$variant(state) => Some(state),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn of_event(event: &Event) -> Option<&<Self as Rules>::Event> {
                    match event {
                        Event::$variant(event) => Some(event),
                        _ => None,
                    }
                }

                fn command(command: <Self as Rules>::Command) -> Command {
                    Command::$variant(command)
                }

                fn event(event: <Self as Rules>::Event) -> Event {
                    Event::$variant(event)
                }
            }

            impl From<<$state as Rules>::Command> for Command {
                fn from(command: <$state as Rules>::Command) -> Self {
                    <$state as Registered>::command(command)
                }
            }

            /// The kind's state, when the competition is of that kind: how
            /// code outside the domain reaches one kind's state without
            /// naming the sum's variants.
            impl<'a> TryFrom<&'a Game> for &'a $state {
                type Error = Refusal;
                fn try_from(game: &'a Game) -> Result<Self, Refusal> {
                    <$state as Registered>::of_game(game).ok_or_else(|| {
                        Refusal::not_found(format!(
                            "this competition is {}, not {}",
                            game.kind().title(),
                            <$state as Rules>::TITLE,
                        ))
                    })
                }
            }
        )+

        impl Command {
            /// The command's name as it appears in the audit log and in logs.
            pub fn name(&self) -> &'static str {
                match self {
                    Command::Create { .. } => "create",
                    Command::GrantRole { .. } => "grant-role",
                    Command::RevokeRole { .. } => "revoke-role",
                    Command::SetPublic { .. } => "set-public",
                    Command::Tick => "tick",
                    $(Command::$variant(c) => Action::name(c),)+
                }
            }
        }

        impl Event {
            /// Users who become (or stay) members of the competition through
            /// this event: they find it in "my competitions".
            pub fn members_added(&self) -> Vec<&UserId> {
                match self {
                    Event::Created { organizer, .. } => vec![organizer],
                    Event::RoleGranted { user, .. } => vec![user],
                    Event::RoleRevoked { .. } | Event::PublicSet { .. } => vec![],
                    $(Event::$variant(e) => e.members_added(),)+
                }
            }

            /// Keys other than users under which the competition is found
            /// from this event on (see [`Membership::found_under`]).
            pub fn found_under(&self) -> Vec<String> {
                match self {
                    $(Event::$variant(e) => e.found_under(),)+
                    _ => vec![],
                }
            }

            /// Whether this is a kind's event rather than the envelope's.
            pub fn is_kind_event(&self) -> bool {
                match self {
                    Event::Created { .. } | Event::RoleGranted { .. } | Event::RoleRevoked { .. }
                    | Event::PublicSet { .. } => false,
                    $(Event::$variant(_) => true,)+
                }
            }

            /// See [`Secrecy::conceals_actor`]; the envelope's events conceal nobody.
            pub fn conceals_actor(&self) -> bool {
                match self {
                    Event::Created { .. } | Event::RoleGranted { .. } | Event::RoleRevoked { .. }
                    | Event::PublicSet { .. } => false,
                    $(Event::$variant(e) => <$state as Secrecy>::conceals_actor(e),)+
                }
            }
        }
    };
}

/// What anyone may read of `state`, a competition of kind `K`: what its
/// pages are laid out from.
fn public<'a, K: Views + Resources>(
    env: &'a Envelope,
    state: &'a K,
    now: DateTime<Utc>,
) -> Public<'a> {
    Public::new(
        env,
        <K as Rules>::TITLE,
        state.view(env, None),
        now,
        move |name, query| state.resource(env, name, query, None),
    )
}

/// The schema of a competition's `game`: the view of its kind (the
/// competition's `kind` says which).
pub fn game_view_schema(generator: &mut SchemaGenerator) -> Schema {
    let views: Vec<Schema> = Kind::ALL.iter().map(|k| k.view_schema(generator)).collect();
    schemars::json_schema!({ "anyOf": views })
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = std::borrow::Cow::<str>::deserialize(d)?;
        Kind::named(&name).ok_or_else(|| {
            let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
            serde::de::Error::custom(format!(
                "unknown kind `{name}`, expected one of {}",
                kinds.join(", ")
            ))
        })
    }
}

/// The old spellings a request body uses, of any kind (the edge reads a
/// body before it knows the competition), each as its deprecation note.
pub fn old_spellings_in(body: &serde_json::Value) -> Vec<String> {
    let tables =
        std::iter::once(Kind::OLD_NAMES).chain(Kind::ALL.iter().map(|k| k.old_spellings()));
    tables
        .flat_map(|table| vocabulary::old_spellings_in(body, table))
        .map(OldSpelling::note)
        .collect()
}

kinds! {
    /// A multi-stage chess match tournament (acwc): Monrad qualification,
    /// round-robins and a Final.
    Acwc = "acwc" | "swiss-match" => crate::chess::acwc::Championship;
    /// A club leaderboard with Elo, decay, penalties and a Court of Appeals (club).
    ClubLadder = "club-ladder" | "ladder" => crate::ladder::Ladder;
    /// One Diplomacy board (wm D).
    DiplomacyGame = "diplomacy-game" | "board" => crate::diplomacy::game::Board;
    /// The World Masters team tournament (wm A–C).
    DiplomacyTournament = "diplomacy-tournament" | "tournament" => crate::diplomacy::tournament::Tournament;
    /// A Nomic game (nomic).
    Nomic = "nomic" => crate::nomic::Nomic;
    /// A Swiss event paired by the FIDE Dutch system (dutch).
    Swiss = "swiss" => crate::chess::swiss_event::SwissEvent;
}
