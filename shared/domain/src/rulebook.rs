//! The contract every competition kind fulfils, split by role.
//!
//! A kind is its rules state plus these parts, each implemented in the kind's
//! folder where it already does that work:
//!
//! - [`Rules`]: its vocabulary, decide and apply, and its role policy;
//! - [`Schedule`]: what falls due, and when (the TD's clock);
//! - [`Secrecy`]: what each viewer may see of an event; no default;
//! - [`Views`]: its state as a viewer may see it, and that view's schema;
//! - [`Resources`]: the paged read resources, and their schemas;
//! - [`Notices`]: what a commit makes the organizers tell people;
//! - [`Calendar`]: the deadlines of its calendar feeds;
//! - [`Pages`]: its public pages, from what anyone may read;
//! - [`Acts`]: what a person may do now, for the app's "what may I do".
//!
//! Every part speaks only the kind's own commands and events and knows the
//! competition only as its [`Envelope`]: the registry
//! ([`crate::competition`]) wraps a kind's events into the log and unwraps
//! them again. Items without a default are the ones whose omission could leak
//! a secret or hand out a role; the harmless ones (no reminders, nothing
//! falls due) have one.
//!
//! The kind conformance suite (`tests/tests/kind_conformance/`) checks every
//! registered kind against this contract; `docs/kinds.md` shows how to add one.

use crate::envelope::{Committed, Context, Envelope, Role, Ruled, UserId};
use crate::ical::Deadline;
use crate::notice::{Notice, Reminder};
use crate::page::{Listing, Page, Public};
use crate::refusal::Refusal;
use crate::resource::{Query, Resource, ResourceSchema};
use crate::vocabulary::OldSpelling;
use chrono::{DateTime, Utc};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// The routes the API gives the actions most kinds share; each kind names
/// the action a route performs for it, or none (the route is then a 404
/// naming the kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// `POST /registrations`: entering the competition.
    Registrations,
    /// `POST /votes`: a vote the rules provide for.
    Votes,
    /// `POST /orders`: a Diplomacy power's orders.
    Orders,
    /// `POST /rounds`: pairing or drawing the next round.
    Rounds,
}

impl Route {
    pub const ALL: [Route; 4] = [
        Route::Registrations,
        Route::Votes,
        Route::Orders,
        Route::Rounds,
    ];

    /// The route's last path segment: `POST /v1/competitions/{id}/<segment>`.
    pub fn segment(self) -> &'static str {
        match self {
            Route::Registrations => "registrations",
            Route::Votes => "votes",
            Route::Orders => "orders",
            Route::Rounds => "rounds",
        }
    }

    /// The route as the API document names it.
    pub fn path(self) -> String {
        format!("POST /v1/competitions/{{id}}/{}", self.segment())
    }
}

/// A kind's command, as the audit log names it.
pub trait Action {
    /// The command's name in the audit log (its `action` tag).
    fn name(&self) -> &'static str;
}

/// A kind's event, as it makes members: the users who find the competition
/// in "my competitions" and hold the player role in the envelope.
pub trait Membership {
    /// The users this event makes members of the competition (a World
    /// Masters team brings seven or more; most events none).
    fn members_added(&self) -> Vec<&UserId>;

    /// Keys other than users under which the competition is found from this
    /// event on, e.g. the chat group a Nomic game is played in
    /// ([`chat_key`]). Each starts with `#`, which no user id holds.
    fn found_under(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The key under which a competition played in `chat` is found (see
/// [`Membership::found_under`]).
pub fn chat_key(chat: &str) -> String {
    format!("#chat:{chat}")
}

/// A kind's rules: its vocabulary, how it decides and folds, and who may
/// hold its offices.
///
/// `Self` is the kind's rules state (what a snapshot stores); its commands
/// are tagged by `action` and its events by `event`. Both derive their JSON
/// Schema from their serde attributes, so the API document (`arbiter
/// openapi`) describes every kind's bodies and log entries as they are read
/// and written; a kind without them does not compile.
pub trait Rules:
    Default + Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    type Command: Action
        + Clone
        + Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + JsonSchema
        + Send
        + Sync;
    type Event: Membership
        + Clone
        + Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + JsonSchema
        + Send
        + Sync;

    /// How refusals name the kind ("a club ladder").
    const TITLE: &'static str;

    /// The offices the kind's rulebook names, besides the organizer and the
    /// players every kind has: a grant of any other role is refused, since
    /// no rule of this kind would give it meaning or bound it.
    const OFFICIALS: &'static [Role];

    /// The action `route` performs for this kind; `None`: not offered.
    fn route_action(route: Route) -> Option<&'static str>;

    /// Every action `route` performs for this kind: the one it performs
    /// by default ([`Rules::route_action`]), then any the route's body may
    /// choose instead (acwc II: the organizer's entry of a player). None of
    /// them is accepted at `POST /actions`, so each thing has one way to be
    /// done.
    fn route_actions(route: Route) -> Vec<&'static str> {
        Self::route_action(route).into_iter().collect()
    }

    /// The body `route` reads when it is not simply the route's command
    /// without its `action` (acwc II: a registration names a Lichess account
    /// whose facts the edge fetches), for the API document; `None`: the
    /// command's own schema.
    fn route_body_schema(_route: Route, _generator: &mut SchemaGenerator) -> Option<Schema> {
        None
    }

    /// Whether `action` draws lots and so needs a seed the caller did not
    /// give: the edge draws one, the event keeps it, the domain stays pure.
    fn draws_lots(_action: &str) -> bool {
        false
    }

    /// The actions only a channel adapter submits (a chat bot, for the
    /// player it has identified in the chat): the REST routes refuse them,
    /// so that what the channel vouches for cannot be claimed over HTTP.
    const CHANNEL_ONLY: &'static [&'static str] = &[];

    /// The spellings this kind's commands used before the API had one
    /// vocabulary: still read, answered with a deprecation note
    /// ([`crate::vocabulary`]).
    const OLD_SPELLINGS: &'static [OldSpelling] = &[];

    /// Decides a command of this kind against the state; pure.
    fn decide(
        &self,
        env: &Envelope,
        command: &Self::Command,
        ctx: &Context,
    ) -> Result<Vec<Ruled<Self::Event>>, Refusal>;

    /// Folds an event into the state; total, never refuses.
    fn apply(&mut self, event: &Self::Event, at: DateTime<Utc>);

    /// The kind's rules on who may hold `role` (wm A.1, acwc I.D, ...): a
    /// grant they forbid is refused naming the clause.
    fn may_grant(&self, env: &Envelope, user: &UserId, role: Role) -> Result<(), Refusal>;
}

/// What falls due without anyone acting, and when.
pub trait Schedule: Rules {
    /// The officials who, besides the organizer, may run what is due now
    /// instead of waiting for the schedule (the TD's clock).
    const CLOCK_OFFICIALS: &'static [Role] = &[];

    /// What falls due by `ctx.now`. Nothing due: no events, so a tick run
    /// twice, or two at once, changes the state once.
    fn tick(&self, _env: &Envelope, _ctx: &Context) -> Result<Vec<Ruled<Self::Event>>, Refusal> {
        Ok(Vec::new())
    }

    /// The next instant a schedule must act.
    fn next_due(&self) -> Option<DateTime<Utc>> {
        None
    }
}

/// What each viewer may see of the kind's events. No default: each kind
/// decides what its rules keep secret.
pub trait Secrecy: Rules {
    /// The event as `viewer` may see it in the log and in notices: `None`
    /// withholds it, a copy may be redacted.
    fn redact(
        &self,
        env: &Envelope,
        event: &Self::Event,
        viewer: Option<&UserId>,
    ) -> Option<Self::Event>;

    /// Whether the log hides who made the commit holding `event` from every
    /// viewer but that actor (wm D.IX.2 who voted, wm D.X.2 grey press).
    fn conceals_actor(event: &Self::Event) -> bool;
}

/// The kind's state as a viewer may see it.
pub trait Views: Rules {
    /// The kind's state as `viewer` may see it.
    fn view(&self, env: &Envelope, viewer: Option<&UserId>) -> serde_json::Value;

    /// The JSON Schema of what [`Views::view`] answers (the `game` of a
    /// competition), for the API document.
    fn view_schema(generator: &mut SchemaGenerator) -> Schema;
}

/// The kind's read resources, each a small page of its state.
pub trait Resources: Rules {
    /// The read resources the kind answers (`standings`, `rounds`, ...), as
    /// `GET /v1/competitions/{id}/{resource}` names them.
    const RESOURCES: &'static [&'static str];

    /// The resource `name` as `viewer` may see it: never more than
    /// [`Views::view`] shows them, paged by `query` where it is a list.
    /// A name not in [`Resources::RESOURCES`] is refused as not found.
    fn resource(
        &self,
        env: &Envelope,
        name: &str,
        query: &Query,
        viewer: Option<&UserId>,
    ) -> Result<Resource, Refusal>;

    /// What each of [`Resources::RESOURCES`] answers, in the same order, for
    /// the API document.
    fn resource_schemas(generator: &mut SchemaGenerator) -> Vec<ResourceSchema>;
}

/// What the kind's rules make the organizers tell people.
pub trait Notices: Rules {
    /// The notices `commit` causes; `self` is the state after it. The
    /// registry drops every recipient who may not read the event.
    fn notices(&self, env: &Envelope, commit: &Committed<'_, Self::Event>) -> Vec<Notice>;

    /// The deadline reminders due at `now`.
    fn reminders(&self, _env: &Envelope, _now: DateTime<Utc>) -> Vec<Reminder> {
        Vec::new()
    }
}

/// The deadlines of the kind's calendar feeds.
pub trait Calendar: Rules {
    /// Every deadline the rules set that `viewer` may see, for the calendar
    /// feeds ([`crate::ical`]): what falls due, when, under which clause and
    /// for whom. A deadline whose existence would tell a secret (an early
    /// adjudication once every set is final) is left out. `now` places the
    /// recurring ones (nomic 201's allocated days).
    fn deadlines(
        &self,
        env: &Envelope,
        viewer: Option<&UserId>,
        now: DateTime<Utc>,
    ) -> Vec<Deadline>;
}

/// The kind's public pages: what anyone may read, laid out for people.
pub trait Pages: Views + Resources {
    /// The page at `path` (the segments after the competition's front
    /// page's address; none for the front page), read from `public` (what
    /// anyone may see, never more); `None` when there is no such page.
    fn page(public: &Public, path: &[&str]) -> Option<Page>;

    /// Every page's path as things stand (`""`, the front page, aside):
    /// what a crawler, the secrecy search and the browser tests visit.
    /// They never depend on `public.now`.
    fn page_paths(public: &Public) -> Vec<String>;

    /// The competition's line in the index of public competitions: its
    /// kind in words, where it stands, its dates and its size, read from
    /// `public` as its pages are. No default: only the kind knows what
    /// "round 3 of 7" or "Spring 1902" means for it.
    fn listing(public: &Public) -> Listing;
}

/// An act a kind offers a person: the command they would send, with a
/// sample for whatever they still choose (the result of a game, the text of
/// a proposal), and which of its fields the rules have already fixed (the
/// round and board of that game). The registry keeps an offer only if the
/// kind's own `decide` accepts its probe from that person now, so whether an
/// act is open is said in one place: the rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer<C> {
    /// What the act is, in the rulebook's words ("Report the result of
    /// board 4").
    pub title: String,
    /// The command, complete, with a sample where the person chooses.
    pub probe: C,
    /// The fields of `probe` the person does not choose: the form shows
    /// them fixed.
    pub fixed: &'static [&'static str],
    /// Whether the registry asks `decide` to accept the probe before
    /// offering the act; see [`Offer::open`].
    pub checked: bool,
}

impl<C> Offer<C> {
    /// An act offered when the rules accept its probe from the person now.
    pub fn new(title: impl Into<String>, probe: C, fixed: &'static [&'static str]) -> Self {
        Offer {
            title: title.into(),
            probe,
            fixed,
            checked: true,
        }
    }

    /// An act whose every field is the person's to choose (a game to
    /// register, a team's players, the grounds of a petition), so that no
    /// sample could stand for it: offered on the kind's word alone (its
    /// role and state), the rules deciding once it is sent.
    pub fn open(title: impl Into<String>, probe: C) -> Self {
        Offer {
            checked: false,
            ..Offer::new(title, probe, &[])
        }
    }
}

/// A ready-made set of settings an organizer may start from: the fields
/// of one command (its `action`), as the rulebook or common practice gives
/// them.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    pub name: &'static str,
    /// What it is and where it comes from ("nomic 210 note: ...").
    pub about: &'static str,
    /// The command the preset fills in (`set-up`, `begin`).
    pub action: &'static str,
    /// The command's fields, without `action`.
    pub fields: serde_json::Value,
}

/// What a person may do now: the acts the app puts first on a
/// competition's page ("propose", "report the result of board 4", "pair
/// round 3"). A kind offers the acts its people take most; every other
/// command stays reachable through the forms generated from its schema.
/// No default: a kind that offered nothing would leave its players with a
/// page of forms and no way to tell which is theirs.
pub trait Acts: Rules {
    /// The acts worth offering `viewer` in this state, most pressing first.
    /// They need not all be open: the registry asks `decide` of each.
    fn offers(&self, env: &Envelope, viewer: &UserId) -> Vec<Offer<Self::Command>>;

    /// What to show `viewer` beside the form of `action` (the board to
    /// click orders on, the rule book to amend), as HTML the kind drew
    /// from what `viewer` may see; none by default.
    fn beside(&self, _env: &Envelope, _viewer: &UserId, _action: &str) -> Option<String> {
        None
    }

    /// The presets an organizer may start the kind's settings from; none
    /// by default.
    fn presets() -> Vec<Preset> {
        Vec::new()
    }
}

/// What a mail to the competition's address holds, read in the kind's
/// format: each command with what a receipt calls it, and the lines that
/// read as nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailReading<C> {
    pub commands: Vec<(&'static str, C)>,
    pub not_read: Vec<String>,
}

impl<C> Default for MailReading<C> {
    fn default() -> Self {
        MailReading {
            commands: Vec::new(),
            not_read: Vec::new(),
        }
    }
}

/// What one command of a mail came to, for its receipt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailDone<E> {
    /// Applied: the events it recorded.
    Applied { act: &'static str, events: Vec<E> },
    /// Refused by the rules.
    Refused {
        act: &'static str,
        clause: Option<String>,
        detail: String,
    },
}

/// Play by e-mail: a kind whose people act by mailing the competition's
/// address (a World Masters board's orders, wm D.II.2) says who an address
/// is, reads a mail as commands, and writes the automatic receipt. By
/// default a kind takes no mail.
pub trait ByMail: Rules {
    /// Whether people answer the kind's notices by mail: its mail carries
    /// the competition's address as `Reply-To`.
    const ANSWERED_BY_MAIL: bool = false;

    /// The user whose recorded address `address` (lower case) is.
    fn mail_sender(&self, _address: &str) -> Option<&UserId> {
        None
    }

    /// The commands a mail from `sender` holds; nothing when it holds none.
    fn read_mail(
        &self,
        _sender: &UserId,
        _subject: &str,
        _text: &str,
    ) -> MailReading<Self::Command> {
        MailReading::default()
    }

    /// What a mail that holds nothing readable is answered: the kind's
    /// format, in a few lines.
    fn mail_help(&self) -> String {
        String::new()
    }

    /// The receipt of a mail from `sender`, on the state after it: what each
    /// command came to, and what was not read.
    fn mail_receipt(
        &self,
        _env: &Envelope,
        _sender: &UserId,
        _done: &[MailDone<Self::Event>],
        _not_read: &[String],
    ) -> String {
        String::new()
    }
}

/// A competition kind: every part of the contract. The registry lists the
/// types that are one; a type missing a part is not one and does not compile
/// there.
pub trait Rulebook:
    Schedule + Secrecy + Views + Resources + Notices + Calendar + Pages + ByMail + Acts
{
}

impl<K: Schedule + Secrecy + Views + Resources + Notices + Calendar + Pages + ByMail + Acts>
    Rulebook for K
{
}

/// Every part of the contract at once, for code that calls a kind's own
/// methods directly (tests, benches, tools).
pub mod parts {
    pub use super::{
        Action, Acts, ByMail, Calendar, Membership, Notices, Offer, Pages, Preset, Resources,
        Rules, Schedule, Secrecy, Views,
    };
}
