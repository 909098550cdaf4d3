//! The Court of Appeals (club III.3): petitions, hearings granted by the
//! Chief Justice or two independent justices (III.3.6), panels of three
//! chosen by the Chief Justice with the conflict rules of III.3.5, decisions
//! by majority (III.3.8), en banc appeals (III.3.9), written opinions within
//! seven days (III.3.10); technical modifications (III.5) and decay appeals
//! (II.6.3) are heard en banc. Remedies are in `remedy`, the anti-cheat
//! information the Court may see in `anticheat`.

mod decision;
mod petition;

use super::decide::{rec, text, Decider};
use super::remedy::{self, Remedy};
use super::{Event, Ladder};
use crate::envelope::UserId;
use crate::ladder::Recorded;
use crate::refusal::Refusal;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// club III.3.10: days to present the written opinion.
pub const OPINION_DAYS: i64 = 7;

/// What an appeal is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "matter", rename_all = "kebab-case")]
pub enum AppealSubject {
    /// club III.3: a moderator's use of power (score change II.3, fraud
    /// penalty II.5, ban II.9.3, monitor II.10.6).
    PowerUse { power_use: u64 },
    /// club II.10.5: a monitor not removed after the following session.
    MonitorPersistence { member: UserId },
    /// club II.6.3: a week's decay, heard as a technical modification (en banc).
    Decay { week: NaiveDate },
    /// club III.5: a technical modification, challenged en banc.
    TechnicalModification { modification: u64 },
    /// club III.3.9: a panel's judgement, appealed en banc.
    Judgement { appeal: u64 },
    /// club I.9.7 and III.3: a game (e.g. an online game ended improperly).
    Game { game: u64 },
    /// club II.12.2: a removal by the Chief Justice (II.7, II.8), petitioned
    /// by the member removed as not supported by the Terms.
    Removal { member: UserId },
    /// club II.11.3: cannot be petitioned; always refused.
    Chessclock { member: UserId },
}

/// club III.3.8: a justice's vote, and the Court's decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "decision", rename_all = "kebab-case")]
#[schemars(rename = "ClubLadderVote")]
pub enum Vote {
    /// a) back to the moderator to re-evaluate with conditions.
    Remand { conditions: String },
    /// b) overturn, with the Court's own decision in its place.
    Overturn { remedy: Remedy },
    /// c) uphold the original decision.
    Uphold,
}

impl Vote {
    fn key(&self) -> String {
        match self {
            Vote::Remand { .. } => "remand".into(),
            Vote::Overturn { remedy } => format!("overturn {remedy:?}"),
            Vote::Uphold => "uphold".into(),
        }
    }
}

/// Where an appeal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderAppealStatus")]
#[serde(rename_all = "kebab-case")]
pub enum AppealStatus {
    Filed,
    /// Hearing granted; the panel is yet to be chosen.
    Granted,
    /// The bench is hearing the case.
    Sitting,
    Decided,
    Remanded,
    Reevaluated,
}

/// club III.3.8: the Court's judgement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Judgement {
    pub decision: Vote,
    pub majority: Vec<UserId>,
    pub decided_at: DateTime<Utc>,
    /// club III.3.10.
    pub opinion_due: DateTime<Utc>,
    /// club II.9.5: further ban appeals refused until this date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bar_appeals_until: Option<NaiveDate>,
    /// club III.3.9.2: an en banc judgement is final and binding.
    pub binding: bool,
}

/// club III.3.10: the written majority opinion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ClubLadderOpinion")]
pub struct Opinion {
    pub author: UserId,
    pub text: String,
    pub at: DateTime<Utc>,
}

/// A case before the Court.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    pub appellant: UserId,
    pub subject: AppealSubject,
    pub grounds: String,
    pub filed_at: DateTime<Utc>,
    pub en_banc: bool,
    /// Who the case involves (III.3.5 conflicts, II.8.1 hearings).
    pub parties: BTreeSet<UserId>,
    pub supporters: BTreeSet<UserId>,
    pub status: AppealStatus,
    pub granted_at: Option<DateTime<Utc>>,
    pub bench: Vec<UserId>,
    pub conflicts_ignored: Vec<UserId>,
    pub votes: BTreeMap<UserId, (Vote, Option<NaiveDate>)>,
    pub judgement: Option<Judgement>,
    pub opinion: Option<Opinion>,
    pub opinion_overdue: bool,
    pub raw_votes: BTreeSet<UserId>,
    pub raw_ordered: bool,
}

impl Appeal {
    pub fn new(
        appellant: &UserId,
        subject: &AppealSubject,
        grounds: &str,
        en_banc: bool,
        parties: &BTreeSet<UserId>,
        at: DateTime<Utc>,
    ) -> Self {
        Self {
            appellant: appellant.clone(),
            subject: subject.clone(),
            grounds: grounds.to_owned(),
            filed_at: at,
            en_banc,
            parties: parties.clone(),
            supporters: BTreeSet::new(),
            status: AppealStatus::Filed,
            granted_at: None,
            bench: vec![],
            conflicts_ignored: vec![],
            votes: BTreeMap::new(),
            judgement: None,
            opinion: None,
            opinion_overdue: false,
            raw_votes: BTreeSet::new(),
            raw_ordered: false,
        }
    }

    /// club II.8.1: "a Court hearing involving them" is under way.
    pub fn hearing_under_way(&self) -> bool {
        matches!(self.status, AppealStatus::Granted | AppealStatus::Sitting)
    }

    fn open(&self) -> bool {
        matches!(
            self.status,
            AppealStatus::Filed | AppealStatus::Granted | AppealStatus::Sitting
        )
    }
}

pub(super) fn appeal<'a>(d: &'a Decider, id: u64) -> Result<&'a Appeal, Refusal> {
    d.state
        .appeals
        .get(&id)
        .ok_or_else(|| Refusal::not_found(format!("no appeal {id}")))
}

/// The subject an appeal finally bears on (through en banc appeals), with
/// the appellant of that first appeal.
pub(super) fn base<'a>(state: &'a Ladder, a: &'a Appeal) -> (&'a AppealSubject, &'a UserId) {
    match &a.subject {
        AppealSubject::Judgement { appeal } => match state.appeals.get(appeal) {
            Some(inner) => base(state, inner),
            None => (&a.subject, &a.appellant),
        },
        s => (s, &a.appellant),
    }
}

/// The online game an appeal concerns, if any (I.9.7–I.9.9).
pub fn appeal_game(state: &Ladder, a: &Appeal) -> Option<u64> {
    match base(state, a).0 {
        AppealSubject::Game { game } => Some(*game),
        AppealSubject::PowerUse { power_use } => state.powers.get(power_use).and_then(|p| p.game),
        _ => None,
    }
}

pub(super) fn bans(state: &Ladder, a: &Appeal) -> bool {
    matches!(base(state, a).0, AppealSubject::PowerUse { power_use } if state.powers.get(power_use).is_some_and(|p| p.ban))
}

/// club III.3: a petition to the Court, by the member concerned.
pub(super) fn file(
    d: &Decider,
    subject: &AppealSubject,
    grounds: &str,
) -> Result<Vec<Recorded>, Refusal> {
    let grounds = text(grounds, "club III.3", "the grounds of the appeal")?;
    let me = d.actor;
    let (en_banc, parties, clause) = petition::standing(d, subject)?;
    petition::check_matter_open(d, subject)?;
    Ok(vec![rec(
        Event::AppealFiled {
            appeal: d.state.fresh_id(),
            appellant: me.clone(),
            subject: subject.clone(),
            grounds,
            en_banc,
            parties,
        },
        clause,
    )])
}

/// club III.3.6: a hearing is granted by the Chief Justice or by two
/// independent justices; club III.3.9.1: an en banc appeal of a judgement
/// only by the Chief Justice. En banc, every justice sits (III.3.5.3).
pub(super) fn grant(d: &Decider, id: u64) -> Result<Vec<Recorded>, Refusal> {
    let a = appeal(d, id)?;
    if a.status != AppealStatus::Filed {
        return Err(Refusal::conflict(format!("appeal {id} is already granted")));
    }
    let bench = if a.en_banc { d.justices() } else { vec![] };
    if d.is_chief(d.actor) {
        return Ok(vec![rec(
            Event::HearingGranted {
                appeal: id,
                by: vec![d.actor.clone()],
                bench,
            },
            "club III.3.6",
        )]);
    }
    if matches!(a.subject, AppealSubject::Judgement { .. }) {
        return Err(Refusal::forbidden(
            "club III.3.9.1",
            "only the Chief Justice accepts an en banc appeal",
        ));
    }
    if !d.is_justice(d.actor) {
        return Err(Refusal::forbidden(
            "club III.3.6",
            "hearings are granted by the Chief Justice or two justices",
        ));
    }
    if a.parties.contains(d.actor) {
        return Err(Refusal::rule(
            "club III.3.6",
            "a justice involved in the case is not independent",
        ));
    }
    if a.supporters.contains(d.actor) {
        return Err(Refusal::conflict("you already support this hearing"));
    }
    if a.supporters.is_empty() {
        return Ok(vec![rec(
            Event::HearingSupported {
                appeal: id,
                justice: d.actor.clone(),
            },
            "club III.3.6",
        )]);
    }
    let mut by: Vec<UserId> = a.supporters.iter().cloned().collect();
    by.push(d.actor.clone());
    Ok(vec![rec(
        Event::HearingGranted {
            appeal: id,
            by,
            bench,
        },
        "club III.3.6",
    )])
}

/// club III.3.3, III.3.5, III.3.7: the Chief Justice selects a panel of three
/// justices; a conflicted justice sits only if there are not three without
/// a conflict (III.3.5.1), and a conflicted Chief Justice never (III.3.5.2).
pub(super) fn empanel(d: &Decider, id: u64, justices: &[UserId]) -> Result<Vec<Recorded>, Refusal> {
    d.require_chief("club III.3.7", "select the panel")?;
    let a = appeal(d, id)?;
    if a.en_banc {
        return Err(Refusal::rule(
            "club III.3.5.3",
            "en banc, every justice hears the case",
        ));
    }
    if a.status != AppealStatus::Granted {
        return Err(Refusal::conflict(format!(
            "appeal {id} is not awaiting a panel"
        )));
    }
    let distinct: BTreeSet<&UserId> = justices.iter().collect();
    if justices.len() != 3 || distinct.len() != 3 {
        return Err(Refusal::rule(
            "club III.3.3",
            "a panel is three different justices",
        ));
    }
    if let Some(j) = justices.iter().find(|j| !d.is_justice(j)) {
        return Err(Refusal::rule(
            "club III.3.3",
            format!("{j} is not a justice"),
        ));
    }
    let free = d
        .justices()
        .iter()
        .filter(|j| !a.parties.contains(*j))
        .count();
    let mut ignored = vec![];
    for j in justices.iter().filter(|j| a.parties.contains(*j)) {
        if d.is_chief(j) {
            return Err(Refusal::rule(
                "club III.3.5.2",
                "the Chief Justice may not sit on a panel in a case they have a conflict in",
            ));
        }
        if free >= 3 {
            return Err(Refusal::rule(
                "club III.3.5",
                format!("{j} has a conflict and there are enough justices without one"),
            ));
        }
        ignored.push(j.clone());
    }
    let clause = if ignored.is_empty() {
        "club III.3.7"
    } else {
        "club III.3.5.1"
    };
    Ok(vec![rec(
        Event::PanelEmpanelled {
            appeal: id,
            justices: justices.to_vec(),
            conflicts_ignored: ignored,
        },
        clause,
    )])
}

/// club III.3.8: a justice of the bench votes; a majority of the bench
/// decides. If every justice has voted and no decision has a majority, the
/// original decision stands (ruling). En banc judgements bind (III.3.9.2).
pub(super) fn cast_vote(
    d: &Decider,
    id: u64,
    vote: &Vote,
    bar: Option<NaiveDate>,
) -> Result<Vec<Recorded>, Refusal> {
    let a = appeal(d, id)?;
    decision::check_voter(d, a, id)?;
    decision::check_vote(d, a, vote, bar)?;
    let mut out = vec![rec(
        Event::VoteCast {
            appeal: id,
            justice: d.actor.clone(),
            vote: vote.clone(),
            bar_appeals_until: bar,
        },
        "club III.3.8",
    )];
    out.extend(decision::decide(d, a, id, vote, bar)?);
    Ok(out)
}

/// club III.3.8 a): the moderator re-evaluates a remanded decision under the
/// Court's conditions (keeping it, or changing it by a remedy).
pub(super) fn reevaluate(
    d: &Decider,
    id: u64,
    remedy: Option<&Remedy>,
    statement: &str,
) -> Result<Vec<Recorded>, Refusal> {
    let a = appeal(d, id)?;
    if a.status != AppealStatus::Remanded {
        return Err(Refusal::conflict(format!("appeal {id} is not remanded")));
    }
    let (subject, appellant) = base(d.state, a);
    let author = match subject {
        AppealSubject::PowerUse { power_use } => {
            d.state.powers.get(power_use).map(|p| p.by.clone())
        }
        AppealSubject::MonitorPersistence { member } => d
            .state
            .members
            .get(member)
            .and_then(|m| m.monitor.as_ref())
            .map(|o| o.by.clone()),
        _ => None,
    };
    let may = match &author {
        Some(by) if d.is_moderator(by) => by == d.actor,
        _ => d.is_moderator(d.actor),
    };
    if !may {
        return Err(Refusal::forbidden(
            "club III.3.8",
            "the moderator who decided re-evaluates",
        ));
    }
    let statement = text(
        statement,
        "club III.3.8",
        "the re-evaluation under the Court's conditions",
    )?;
    let amendment = remedy
        .map(|r| remedy::amendment_for(d, subject, appellant, r))
        .transpose()?;
    Ok(vec![rec(
        Event::Reevaluated {
            appeal: id,
            by: d.actor.clone(),
            statement,
            remedy: remedy.cloned(),
            amendment,
        },
        "club III.3.8",
    )])
}

/// club III.3.10: the majority presents its written opinion within 7 days.
pub(super) fn publish_opinion(d: &Decider, id: u64, body: &str) -> Result<Vec<Recorded>, Refusal> {
    let a = appeal(d, id)?;
    let Some(j) = &a.judgement else {
        return Err(Refusal::conflict(format!("appeal {id} has no verdict yet")));
    };
    if a.opinion.is_some() {
        return Err(Refusal::conflict("the opinion is published"));
    }
    let in_majority =
        j.majority.contains(d.actor) || (j.majority.is_empty() && a.bench.contains(d.actor));
    if !in_majority {
        return Err(Refusal::forbidden(
            "club III.3.10",
            "a justice of the majority writes the opinion",
        ));
    }
    let body = text(body, "club III.3.10", "the reasoning")?;
    Ok(vec![rec(
        Event::OpinionPublished {
            appeal: id,
            author: d.actor.clone(),
            text: body,
            late: d.now > j.opinion_due,
        },
        "club III.3.10",
    )])
}

/// club III.3.10: opinions whose seven days ran out by `now`.
pub(super) fn opinions_overdue(state: &Ladder, now: DateTime<Utc>) -> Vec<(DateTime<Utc>, u64)> {
    state
        .opinions_awaited
        .iter()
        .filter_map(|id| state.appeals.get(id).map(|a| (id, a)))
        .filter_map(|(id, a)| {
            let j = a.judgement.as_ref()?;
            (a.opinion.is_none() && !a.opinion_overdue && j.opinion_due <= now)
                .then_some((j.opinion_due, *id))
        })
        .collect()
}
