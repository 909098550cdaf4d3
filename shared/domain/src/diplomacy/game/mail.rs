//! Play by e-mail (wm D.II.1, D.II.2, D.VII.1, D.VII.7, D.IX, D.X): the new
//! text of a mail to the board, read as the acts it holds in the format the
//! GM states for the board (D.II.2), and the automatic confirmation the
//! sender gets back (D.VII.7).
//!
//! The format, one act per line (letter case does not matter):
//!
//! ```text
//! A Par - Bur                     an order, in the house rules' plain English (D.III.1)
//! Army Marseilles to Spain        (conditional alternatives with "or", D.II.5)
//! Final                           the set is final (D.II.1); also "Final" in the subject
//! Vote 1: yes                     a vote on proposal 1: yes, no or abstain (D.IX)
//! Propose draw: France, Germany   a draw proposal (or "Propose concession: England")
//! Extension: 24 hours             a request for an extension (D.VII.5)
//! Press: <text to the end>        white press (or "Grey press:", "Dark grey press as X:")
//! ```
//!
//! A line that is none of these is "not read" and listed as such in the
//! receipt: a greeting changes nothing, and a mistyped order is shown to
//! its author before the deadline rather than voided silently. How the
//! channel finds that text (quoted replies, signatures, HTML) is the mail
//! adapter's business; this module starts from the text the sender wrote.

use super::event::{plain, Event};
use super::position;
use super::press::PressKind;
use super::state::Board;
use super::vote::{Ballot, ProposalKind};
use super::Command;
use super::Recorded;
use crate::diplomacy::map::Power;
use crate::diplomacy::orders::{parse_order, split_alternatives, Abbreviations};
use crate::envelope::{Context, Envelope, Role, UserId};
use crate::refusal::Refusal;
use crate::rulebook::{MailDone, MailReading};
use chrono::{DateTime, Utc};
use std::collections::{BTreeMap, BTreeSet};

/// The most lines of a mail read as acts; the rest are not read.
pub const MAX_LINES: usize = 200;

/// What a mail to the board asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MailActs {
    /// Order lines as written (wm D.II.1, D.III.1).
    pub orders: Vec<String>,
    /// wm D.II.1: "preliminary unless marked Final".
    pub is_final: bool,
    /// wm D.IX: ballots by proposal number.
    pub votes: Vec<(u32, Ballot)>,
    /// wm D.IX: a draw or concession proposal.
    pub proposal: Option<ProposalKind>,
    /// wm D.X: press, its kind and, for dark grey, whom it names.
    pub press: Option<MailPress>,
    /// wm D.VII.5: the hours of extension asked for.
    pub extension: Option<u32>,
    /// Lines that are none of these, as written.
    pub not_read: Vec<String>,
}

/// Press found in a mail (wm D.X).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailPress {
    pub kind: PressKind,
    pub text: String,
    pub attributed_to: Option<String>,
}

impl MailActs {
    /// Whether the mail asks for nothing at all.
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
            && self.votes.is_empty()
            && self.proposal.is_none()
            && self.press.is_none()
            && self.extension.is_none()
    }
}

/// Reads `text` (and `subject`, for "Final") as the acts of the mail.
pub fn read(subject: &str, text: &str) -> MailActs {
    let mut acts = MailActs {
        is_final: has_word(subject, "final"),
        ..MailActs::default()
    };
    let lines: Vec<&str> = text.lines().collect();
    for (i, raw) in lines.iter().enumerate().take(MAX_LINES) {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(press) = press_start(line) {
            let rest: Vec<&str> = lines[i + 1..].to_vec();
            let body = std::iter::once(press.1)
                .chain(rest)
                .collect::<Vec<_>>()
                .join("\n");
            acts.press = Some(MailPress {
                kind: press.0,
                text: body.trim().to_owned(),
                attributed_to: press.2,
            });
            break;
        }
        read_line(&mut acts, line);
    }
    acts
}

fn read_line(acts: &mut MailActs, line: &str) {
    let bare = line.trim_end_matches(['.', '!']).to_ascii_lowercase();
    if matches!(
        bare.as_str(),
        "final" | "final orders" | "these orders are final"
    ) {
        acts.is_final = true;
    } else if let Some(vote) = vote(line) {
        acts.votes.push(vote);
    } else if let Some(proposal) = proposal(line) {
        acts.proposal = Some(proposal);
    } else if let Some(hours) = extension(line) {
        acts.extension = Some(hours);
    } else if is_order(line) {
        acts.orders.push(line.to_owned());
    } else {
        acts.not_read.push(line.to_owned());
    }
}

fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// The text after `prefix` (any case) and a colon.
fn after<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    let head = line.get(..prefix.len())?;
    if !head.eq_ignore_ascii_case(prefix) {
        return None;
    }
    line[prefix.len()..].trim_start().strip_prefix(':')
}

/// "Vote 1: yes", "Vote on 1: no".
fn vote(line: &str) -> Option<(u32, Ballot)> {
    let lower = line.to_ascii_lowercase();
    let rest = lower.strip_prefix("vote")?.trim_start();
    let rest = rest.strip_prefix("on").unwrap_or(rest).trim_start();
    let rest = rest.strip_prefix("proposal").unwrap_or(rest).trim_start();
    let (number, ballot) = rest.split_once(':')?;
    let number: u32 = number.trim().trim_start_matches('#').parse().ok()?;
    let ballot = match ballot.trim().trim_end_matches(['.', '!']) {
        "yes" => Ballot::Yes,
        "no" => Ballot::No,
        "abstain" => Ballot::Abstain,
        _ => return None,
    };
    Some((number, ballot))
}

/// "Propose draw: France, Germany", "Propose concession: England".
fn proposal(line: &str) -> Option<ProposalKind> {
    if let Some(list) = after(line, "propose draw") {
        let powers: Option<BTreeSet<Power>> = list
            .split([',', '&'])
            .flat_map(|p| p.split(" and "))
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(Power::parse)
            .collect();
        return powers.map(|powers| ProposalKind::Draw { powers });
    }
    let to = after(line, "propose concession")?;
    let to = to.trim();
    let to = to.strip_prefix("to ").unwrap_or(to).trim();
    Power::parse(to).map(|to| ProposalKind::Concession { to })
}

/// "Extension: 24 hours", "Extension: 48h".
fn extension(line: &str) -> Option<u32> {
    let rest = after(line, "extension")?.trim().to_ascii_lowercase();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let unit = rest[digits.len()..].trim();
    matches!(unit, "" | "h" | "hour" | "hours")
        .then(|| digits.parse().ok())
        .flatten()
}

/// "Press:", "White press:", "Grey press:", "Dark grey press as Kaiser:".
fn press_start(line: &str) -> Option<(PressKind, &str, Option<String>)> {
    for (prefix, kind) in [
        ("press", PressKind::White),
        ("white press", PressKind::White),
        ("grey press", PressKind::Grey),
        ("gray press", PressKind::Grey),
    ] {
        if let Some(rest) = after(line, prefix) {
            return Some((kind, rest, None));
        }
    }
    let lower = line.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("dark grey press as ")
        .or_else(|| lower.strip_prefix("dark gray press as "))?;
    let (name, _) = rest.split_once(':')?;
    let start = line.len() - rest.len();
    let original_name = line[start..start + name.len()].trim().to_owned();
    let text = &line[start + name.len() + 1..];
    Some((PressKind::DarkGrey, text, Some(original_name)))
}

/// Whether every alternative of `line` reads as an order (wm D.III.1,
/// D.II.5); whether it is legal is for the board to say.
fn is_order(line: &str) -> bool {
    let abbr = Abbreviations::new();
    let alternatives = split_alternatives(line);
    !alternatives.is_empty() && alternatives.iter().all(|a| parse_order(a, &abbr).is_ok())
}

/// The longest address kept (RFC 5321's limit on a path).
pub const MAX_ADDRESS: usize = 254;

/// An address as the board keeps it: trimmed, lower case; `None` unless it
/// has the shape `local@domain` without spaces or controls.
pub fn normalize_address(address: &str) -> Option<String> {
    let a = address.trim().to_ascii_lowercase();
    let (local, domain) = a.split_once('@')?;
    let fine = |s: &str| {
        !s.is_empty()
            && !s
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '@')
    };
    (a.len() <= MAX_ADDRESS && fine(local) && fine(domain) && domain.contains('.')).then_some(a)
}

/// `address` as it is kept, if it is an address and not someone other than
/// `user`'s already (`within`: "on this board", "in this tournament").
pub fn free_address(
    addresses: &BTreeMap<String, UserId>,
    user: &UserId,
    address: &str,
    within: &str,
) -> Result<String, Refusal> {
    let Some(address) = normalize_address(address) else {
        return Err(Refusal::invalid(format!(
            "an e-mail address (local@domain, at most {MAX_ADDRESS} characters)"
        )));
    };
    if let Some(other) = addresses.get(&address).filter(|u| *u != user) {
        return Err(Refusal::conflict(format!(
            "{address} is already {other}'s address {within}"
        )));
    }
    Ok(address)
}

/// Folds an address recorded for `user`: it replaces their old one.
pub fn keep_address(addresses: &mut BTreeMap<String, UserId>, user: &UserId, address: &str) {
    addresses.retain(|_, u| u != user);
    addresses.insert(address.to_owned(), user.clone());
}

/// wm D.II.2: the GM (or the TD) records the address `player` mails the
/// board from; an address is one player's.
pub(super) fn register_address(
    env: &Envelope,
    state: &Board,
    ctx: &Context,
    player: &UserId,
    address: &str,
) -> Result<Vec<Recorded>, Refusal> {
    let official = ctx.actor.user().is_some_and(|u| {
        env.has_role(u, Role::GameMaster) || env.has_role(u, Role::TournamentDirector)
    });
    if !official {
        return Err(Refusal::forbidden(
            "wm D.II.2",
            "the GM states how orders reach them: only the GM or the TD records a player's address",
        ));
    }
    let address = free_address(&state.mail_addresses, player, address, "on this board")?;
    Ok(vec![plain(Event::MailAddressRegistered {
        player: player.clone(),
        address,
    })])
}

/// What one act of a mail came to, for its receipt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Done {
    /// wm D.II.1, D.VII.1, D.VII.7: an order set received.
    Orders {
        received_at: DateTime<Utc>,
        is_final: bool,
        sha256: String,
    },
    /// wm D.IX.2: the sender's own (secret) ballot.
    Voted { proposal: u32, ballot: Ballot },
    /// wm D.IX: a proposal made, with its number.
    Proposed { number: u32 },
    /// wm D.X: press published.
    Press { kind: PressKind },
    /// wm D.VII.5: an extension granted; the new deadline.
    Extended { deadline: Option<DateTime<Utc>> },
    /// An act the rules refused: what it was, and why.
    Refused {
        act: String,
        clause: Option<String>,
        detail: String,
    },
}

/// wm D.VII.7: the automatic confirmation of a mail from `power`'s player:
/// what was done, each order of the set that now counts as understood, each
/// void one with its reason, the units still without an order, what was not
/// read, and the deadline. It holds the sender's own ballot, never anyone
/// else's (wm D.IX.2).
pub fn receipt(board: &Board, power: Power, done: &[Done], not_read: &[String]) -> String {
    let mut out = Vec::new();
    let phase = board.phase().unwrap_or("-");
    out.push(format!("{} — {phase}", power.title()));
    for d in done {
        out.extend(done_lines(board, power, d));
    }
    if !not_read.is_empty() {
        out.push(String::new());
        out.push("Not read (neither an order nor one of the words of the board's format):".into());
        out.extend(not_read.iter().map(|l| format!("  {l}")));
    }
    out.push(String::new());
    out.push(match board.deadline {
        Some(d) => format!(
            "Deadline: {} (wm D.VII.4).",
            d.format("%a %-d %b %Y %H:%M UTC")
        ),
        None => "No deadline is set for this phase.".into(),
    });
    out.join("\n")
}

fn done_lines(board: &Board, power: Power, done: &Done) -> Vec<String> {
    match done {
        Done::Orders {
            received_at,
            is_final,
            sha256,
        } => {
            let mut lines = vec![
                String::new(),
                format!(
                    "Orders received {} (wm D.VII.1), {} (wm D.II.1).",
                    received_at.format("%a %-d %b %Y %H:%M:%S UTC"),
                    if *is_final { "final" } else { "preliminary: mark a set \"Final\" to make it final" }
                ),
                format!("SHA-256 of the orders as received: {sha256} (wm D.VII.7)."),
            ];
            lines.extend(order_lines(board, power));
            lines
        }
        Done::Voted { proposal, ballot } => vec![
            String::new(),
            format!(
                "Your vote on proposal {proposal}: {} (secret, and you may change it before the deadline; wm D.IX.2).",
                match ballot {
                    Ballot::Yes => "yes",
                    Ballot::No => "no",
                    Ballot::Abstain => "abstain",
                }
            ),
        ],
        Done::Proposed { number } => vec![
            String::new(),
            format!("Proposal {number} made; the players vote on it by the deadline (wm D.IX.1)."),
        ],
        Done::Press { kind } => vec![
            String::new(),
            format!("Press published ({}; wm D.X.1).", press_name(*kind)),
        ],
        Done::Extended { deadline } => vec![
            String::new(),
            match deadline {
                Some(d) => format!(
                    "Extension granted: the deadline is now {} (wm D.VII.5).",
                    d.format("%a %-d %b %Y %H:%M UTC")
                ),
                None => "Extension granted (wm D.VII.5).".into(),
            },
        ],
        Done::Refused {
            act,
            clause,
            detail,
        } => vec![
            String::new(),
            match clause {
                Some(c) => format!("Not accepted: {act} ({c}): {detail}."),
                None => format!("Not accepted: {act}: {detail}."),
            },
        ],
    }
}

fn press_name(kind: PressKind) -> &'static str {
    match kind {
        PressKind::White => "white",
        PressKind::Grey => "grey",
        PressKind::DarkGrey => "dark grey",
        PressKind::Black => "black",
    }
}

/// The set that counts for `power` now (wm D.III.3), read against the
/// position as the adjudicator will read it: orders as understood, void
/// ones with their reason (wm D.III.4), units without an order (D.III.2).
/// Whether a move succeeds depends on the other powers, so nothing here
/// says so.
fn order_lines(board: &Board, power: Power) -> Vec<String> {
    let Some(position) = &board.position else {
        return vec![];
    };
    let counted = board.counted_orders(power).unwrap_or_default();
    let abbreviations: BTreeMap<Power, BTreeMap<String, String>> = board
        .settings
        .as_ref()
        .and_then(|s| s.abbreviations.get(&power).cloned())
        .map(|a| BTreeMap::from([(power, a)]))
        .unwrap_or_default();
    let written_at = |w: &str| counted.iter().position(|l| l == w).unwrap_or(usize::MAX);
    let orders = BTreeMap::from([(power, counted.clone())]);
    let Ok(read) = position::adjudicate(position, &orders, &abbreviations) else {
        return vec![
            "The orders could not be read against the board; the GM has been told.".into(),
        ];
    };
    // In the order the player wrote them; units without an order last.
    let mut mine: Vec<_> = read
        .results
        .iter()
        .filter(|r| r.power == power.name())
        .collect();
    // Units without an order by province, as a player looks them up.
    let province = |r: &&crate::diplomacy::cli::OrderResult| {
        r.unit
            .as_deref()
            .map(|u| u.get(2..).unwrap_or(u).to_owned())
    };
    mine.sort_by_key(|r| {
        (
            r.written.as_deref().map_or(usize::MAX, written_at),
            province(r),
        )
    });
    let mut understood = Vec::new();
    let mut void = Vec::new();
    let mut unordered = Vec::new();
    for r in mine {
        match (&r.written, r.outcome.as_str()) {
            (None, "disbanded") => unordered.push(format!(
                "  {}: {}",
                r.unit.as_deref().unwrap_or("a unit"),
                r.reason.as_deref().unwrap_or("removed")
            )),
            (None, _) => unordered.push(format!(
                "  {} (holds, wm D.III.2)",
                r.unit.as_deref().unwrap_or("a unit")
            )),
            (Some(w), "void") if !depends_on_others(r.reason.as_deref()) => {
                void.push(format!("  {w}: {}", r.reason.as_deref().unwrap_or("void")))
            }
            (Some(w), _) => understood.push(format!(
                "  {w}{}",
                r.order
                    .as_deref()
                    .filter(|o| !o.eq_ignore_ascii_case(w))
                    .map(|o| format!("  =  {o}"))
                    .unwrap_or_default()
            )),
        }
    }
    let mut lines = vec![
        String::new(),
        "The orders that count now, as understood:".into(),
    ];
    if understood.is_empty() {
        lines.push("  (none)".into());
    }
    lines.extend(understood);
    if !void.is_empty() {
        lines.push("Void:".into());
        lines.extend(void);
    }
    if !unordered.is_empty() {
        lines.push("Still without an order:".into());
        lines.extend(unordered);
    }
    lines
}

/// A support or convoy is void when the unit it names does otherwise: that
/// depends on the other powers' orders, unknown until the deadline.
fn depends_on_others(reason: Option<&str>) -> bool {
    reason.is_some_and(|r| {
        r.starts_with("the supported unit") || r.starts_with("the army did not move")
    })
}

/// The contract's mail (see [`crate::rulebook::ByMail`]): a board's players
/// mail their orders, votes and press to its address (wm D.II.2).
impl crate::rulebook::ByMail for Board {
    /// wm D.VII.1: a reminder answered with orders is an order set.
    const ANSWERED_BY_MAIL: bool = true;

    fn mail_sender(&self, address: &str) -> Option<&UserId> {
        self.mail_addresses.get(address)
    }

    /// The acts of the mail, for the power the sender holds now; nothing
    /// when they hold none.
    fn read_mail(&self, sender: &UserId, subject: &str, text: &str) -> MailReading<Command> {
        let Some(power) = self.power_of(sender) else {
            return MailReading::default();
        };
        let acts = read(subject, text);
        MailReading {
            commands: commands(&acts, power, self.phase().unwrap_or_default()),
            not_read: acts.not_read,
        }
    }

    fn mail_help(&self) -> String {
        "Write one order per line, in the house rules' plain English (wm D.III.1), and \"Final\" on a line of its own when the set is final (wm D.II.1):\n\n\
         \x20 A Par - Bur\n  Army Marseilles to Spain\n  Final\n\n\
         Also: \"Vote 1: yes\" (or no, abstain), \"Propose draw: France, Germany\", \"Extension: 24 hours\", and \"Press:\" followed by the text (\"Grey press:\" for grey). Text quoted from earlier mails is not read."
            .to_owned()
    }

    fn mail_receipt(
        &self,
        _env: &Envelope,
        sender: &UserId,
        done: &[MailDone<Event>],
        not_read: &[String],
    ) -> String {
        let Some(power) = self.power_of(sender) else {
            return "You hold no power on this board, so your mail changes nothing (wm D.II.3: no proxies).".into();
        };
        let done: Vec<Done> = done.iter().map(done_of).collect();
        receipt(self, power, &done, not_read)
    }
}

/// The board commands a mail's acts make, each with what the receipt calls it.
fn commands(acts: &MailActs, power: Power, phase: &str) -> Vec<(&'static str, Command)> {
    let mut out = Vec::new();
    if !acts.orders.is_empty() {
        out.push((
            "the orders",
            Command::SubmitOrders {
                power,
                phase: phase.to_owned(),
                orders: acts.orders.clone(),
                is_final: acts.is_final,
            },
        ));
    }
    if let Some(proposal) = &acts.proposal {
        out.push((
            "the proposal",
            Command::Propose {
                proposal: proposal.clone(),
            },
        ));
    }
    for (proposal, ballot) in &acts.votes {
        out.push((
            "the vote",
            Command::RecordVote {
                proposal: *proposal,
                ballot: *ballot,
            },
        ));
    }
    if let Some(press) = &acts.press {
        out.push((
            "the press",
            Command::SendPress {
                press: press.kind,
                text: press.text.clone(),
                attributed_to: press.attributed_to.clone(),
            },
        ));
    }
    if let Some(hours) = acts.extension {
        out.push((
            "the extension",
            Command::RequestExtension {
                power,
                hours,
                holiday: None,
                for_later_turn: false,
            },
        ));
    }
    out
}

/// What an act came to, from the events it recorded.
fn done_of(d: &MailDone<Event>) -> Done {
    let (act, events) = match d {
        MailDone::Refused {
            act,
            clause,
            detail,
        } => {
            return Done::Refused {
                act: (*act).to_owned(),
                clause: clause.clone(),
                detail: detail.clone(),
            }
        }
        MailDone::Applied { act, events } => (*act, events),
    };
    let found = events.iter().find_map(|e| match e {
        Event::OrdersSubmitted {
            is_final, receipt, ..
        } => Some(Done::Orders {
            received_at: receipt.received_at,
            is_final: *is_final,
            sha256: receipt.sha256.clone(),
        }),
        Event::VoteRecorded {
            proposal, ballot, ..
        } => Some(Done::Voted {
            proposal: *proposal,
            ballot: *ballot,
        }),
        Event::ProposalMade { proposal } => Some(Done::Proposed {
            number: proposal.id,
        }),
        Event::PressPublished { press } => Some(Done::Press { kind: press.kind }),
        Event::ExtensionGranted { deadline, .. } => Some(Done::Extended {
            deadline: Some(*deadline),
        }),
        _ => None,
    });
    found.unwrap_or(match act {
        "the extension" => Done::Extended { deadline: None },
        other => Done::Refused {
            act: other.to_owned(),
            clause: None,
            detail: "it changed nothing".into(),
        },
    })
}

#[cfg(test)]
mod tests;
