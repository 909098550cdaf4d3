//! The championship's read resources, each showing what the view shows
//! (acwc VII.A: accusations and the review queue stay the TD's; III.H.6.ii:
//! a sealed bid stays its bidder's until both are in).
//!
//! - `standings?stage=qualification|candidates`: the table with every
//!   tiebreak column and the clause that ranked each row above the next.
//! - `rounds`: each round's stage, number, publication, deadline (acwc IV.F),
//!   bye and match count; `pairings/{stage}-{round}`: one round's matches.
//! - `matches/{id}`: one match (`matches/final`: the Final, bids sealed).
//! - `trf`: the Qualification as TRF-16 (text).

use super::standings::{
    candidates_table, qualification_standings, CandidatesRow, QualificationRow,
};
use super::state::{Championship, Match, Round};
use super::view::{final_match_view, qualification_trf};
use super::view_schema::FinalShown;
use super::vocabulary::{Stage, FINAL};
use crate::envelope::Envelope;
use crate::envelope::UserId;
use crate::refusal::Refusal;
use crate::resource::{json_resource, unknown, Page, Query, Resource, ResourceSchema};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;

pub const NAMES: &[&str] = &["standings", "rounds", "pairings", "matches", "trf"];

/// The standings of the stage `?stage=` names (the current one by default).
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "AcwcStandings")]
enum Standings<'a> {
    Qualification(StandingsPage<QualificationLine<'a>>),
    Candidates(StandingsPage<CandidatesLine<'a>>),
}

/// A page of standings lines, with the table's columns in sort order.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcStandingsOf{T}")]
struct StandingsPage<T> {
    /// `qualification` or `candidates`.
    stage: &'static str,
    columns: &'static [&'static str],
    total: usize,
    #[serde(flatten)]
    lines: Page<T>,
}

/// A Qualification row and the clause that ranks it above the next row
/// (`null` for the last).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcQualificationLine")]
struct QualificationLine<'a> {
    #[serde(flatten)]
    row: &'a QualificationRow,
    decided_by: Option<&'static str>,
}

/// A Candidates row and the clause that ranks it above the next row.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcCandidatesLine")]
struct CandidatesLine<'a> {
    #[serde(flatten)]
    row: &'a CandidatesRow,
    decided_by: Option<&'static str>,
}

/// Every round published, a page at a time, and the current stage.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcRoundsPage")]
struct RoundsPage<'a> {
    stage: Stage,
    #[serde(flatten)]
    page: Page<RoundLine<'a>>,
}

/// One round: its publication, deadline (acwc IV.F), bye, match count and
/// whether every match is finished.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcRoundLine")]
struct RoundLine<'a> {
    stage: Stage,
    round: u32,
    published_at: DateTime<Utc>,
    deadline: DateTime<Utc>,
    /// The player with the bye; `null` when there is none.
    bye: Option<&'a UserId>,
    matches: usize,
    complete: bool,
}

/// One round's line (as in `rounds`) beside a page of its matches, each
/// with its negotiation (acwc IV.E, V.A).
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "AcwcPairingsPage")]
struct PairingsPage<'a> {
    #[serde(flatten)]
    round: RoundLine<'a>,
    #[serde(flatten)]
    page: Page<&'a Match>,
}

/// `matches/{id}`: one Qualification or Candidates match; `matches/final`:
/// the Final as the view shows it, bids sealed (acwc III.H.6.ii).
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "AcwcOneMatch")]
enum OneMatch<'a> {
    Match(&'a Match),
    Final(Box<FinalShown<'a>>),
}

/// acwc III.F.3 and the ruling after it: what ranks `row` above `next`, in
/// the order the table is sorted (points, the opponents' seeds, their
/// average, the own seeding rating, the pairing number).
pub fn qualification_decided_by(
    row: &QualificationRow,
    next: Option<&QualificationRow>,
) -> Option<&'static str> {
    let next = next?;
    Some(if row.points != next.points {
        "acwc III.F.1"
    } else if row.opponents_seeds != next.opponents_seeds {
        "acwc III.F.3"
    } else if row.average_opponent_seed != next.average_opponent_seed {
        "acwc III.F.4.1"
    } else if row.seeding_rating != next.seeding_rating {
        "acwc III.E"
    } else {
        "acwc III.F.3 ruling: pairing number"
    })
}

fn standings(state: &Championship, query: &Query) -> Result<Resource, Refusal> {
    let default = if state.stage >= Stage::Candidates {
        "candidates"
    } else {
        "qualification"
    };
    match query.param("stage").unwrap_or(default) {
        "qualification" => {
            // The view shows no Qualification table before the stage.
            let rows = if state.stage >= Stage::Qualification {
                qualification_standings(state)
            } else {
                vec![]
            };
            let lines = rows.iter().enumerate().map(|(i, r)| QualificationLine {
                row: r,
                decided_by: qualification_decided_by(r, rows.get(i + 1)),
            });
            json_resource(&Standings::Qualification(StandingsPage {
                stage: "qualification",
                columns: &[
                    "points",
                    "opponents_seeds",
                    "average_opponent_seed",
                    "seeding_rating",
                ],
                total: rows.len(),
                lines: query.page_of(lines),
            }))
        }
        "candidates" => {
            let rows = candidates_table(state);
            let lines = rows.iter().enumerate().map(|(i, r)| {
                let next = rows.get(i + 1);
                let by = next.map(|n| {
                    if r.points != n.points {
                        "acwc III.G.1"
                    } else if r.sub_scores != n.sub_scores {
                        "acwc III.G.3"
                    } else {
                        "acwc III.G.3 ruling: seeding rating"
                    }
                });
                CandidatesLine {
                    row: r,
                    decided_by: by,
                }
            });
            json_resource(&Standings::Candidates(StandingsPage {
                stage: "candidates",
                columns: &["points", "sub_scores", "seeding_rating"],
                total: rows.len(),
                lines: query.page_of(lines),
            }))
        }
        other => Err(Refusal::invalid(format!(
            "stage must be qualification or candidates, not {other:?}"
        ))),
    }
}

fn round_line<'a>(state: &Championship, r: &'a Round) -> RoundLine<'a> {
    RoundLine {
        stage: r.stage,
        round: r.number,
        published_at: r.published_at,
        deadline: r.deadline,
        bye: r.bye.as_ref(),
        matches: r.matches.len(),
        complete: state.round_complete(r),
    }
}

fn rounds(state: &Championship, query: &Query) -> Result<Resource, Refusal> {
    let rows = state.rounds.iter().map(|r| round_line(state, r));
    json_resource(&RoundsPage {
        stage: state.stage,
        page: query.page_of(rows),
    })
}

/// One round's pairings, each match with its negotiation: the agreed time
/// is public (acwc V.A: "it must be shared in the pairings forum post").
fn pairings(state: &Championship, query: &Query) -> Result<Resource, Refusal> {
    let key = query.key("pairings")?;
    let found = key.rsplit_once('-').and_then(|(stage, n)| {
        let stage: Stage = serde_json::from_value(json!(stage)).ok()?;
        let n: u32 = n.parse().ok()?;
        state
            .rounds
            .iter()
            .find(|r| r.stage == stage && r.number == n)
    });
    let round = found.ok_or_else(|| {
        Refusal::not_found(format!(
            "no round {key:?} has been published (name it as qualification-3)"
        ))
    })?;
    let matches = round.matches.iter().filter_map(|id| state.matches.get(id));
    json_resource(&PairingsPage {
        round: round_line(state, round),
        page: query.page_of(matches),
    })
}

fn one_match(
    state: &Championship,
    query: &Query,
    viewer: Option<&UserId>,
) -> Result<Resource, Refusal> {
    let id = query.key("matches")?;
    let found = if id == FINAL {
        let shown = final_match_view(state, viewer)
            .ok_or_else(|| Refusal::not_found("the Final has not been set up"))?;
        OneMatch::Final(Box::new(shown))
    } else {
        let found = state
            .matches
            .get(id)
            .ok_or_else(|| Refusal::not_found(format!("no match {id:?}")))?;
        OneMatch::Match(found)
    };
    json_resource(&found)
}

/// The contract's read resources (see [`crate::rulebook`]).
impl crate::rulebook::Resources for Championship {
    const RESOURCES: &'static [&'static str] = NAMES;

    /// What each resource answers, for the API document.
    fn resource_schemas(
        generator: &mut schemars::SchemaGenerator,
    ) -> Vec<crate::resource::ResourceSchema> {
        vec![
            ResourceSchema::whole::<Standings>("standings", generator),
            ResourceSchema::whole::<RoundsPage>("rounds", generator),
            ResourceSchema::keyed::<PairingsPage>("pairings", generator),
            ResourceSchema::keyed::<OneMatch>("matches", generator),
            ResourceSchema::text("trf"),
        ]
    }

    fn resource(
        &self,
        _env: &Envelope,
        name: &str,
        query: &crate::resource::Query,
        viewer: Option<&UserId>,
    ) -> Result<crate::resource::Resource, Refusal> {
        let state = self;
        match name {
            "standings" => query.no_key().and_then(|()| standings(state, query)),
            "rounds" => query.no_key().and_then(|()| rounds(state, query)),
            "pairings" => pairings(state, query),
            "matches" => one_match(state, query, viewer),
            "trf" => query
                .no_key()
                .map(|()| Resource::Text(qualification_trf(state))),
            _ => Err(unknown(
                <Self as crate::rulebook::Rules>::TITLE,
                name,
                Self::RESOURCES,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(points: f64, seeds: f64, average: f64, rating: f64, number: u32) -> QualificationRow {
        QualificationRow {
            rank: number,
            player: UserId::try_from(format!("p{number}").as_str()).unwrap(),
            number,
            points,
            opponents_seeds: seeds,
            average_opponent_seed: average,
            seeding_rating: rating,
            active: true,
        }
    }

    #[test]
    fn acwc_iii_f_3_each_place_names_the_first_column_that_separates_it() {
        // By hand, down the table's sort order: points (III.F.1), the sum of
        // the opponents' seeds (III.F.3), their average (III.F.4.1), the own
        // seeding rating (III.E), then the pairing number (the ruling).
        let a = row(3.0, 6000.0, 2000.0, 2100.0, 1);
        let cases = [
            (row(2.5, 6000.0, 2000.0, 2100.0, 2), Some("acwc III.F.1")),
            (row(3.0, 5900.0, 2000.0, 2100.0, 2), Some("acwc III.F.3")),
            (row(3.0, 6000.0, 1950.0, 2100.0, 2), Some("acwc III.F.4.1")),
            (row(3.0, 6000.0, 2000.0, 2050.0, 2), Some("acwc III.E")),
            (
                row(3.0, 6000.0, 2000.0, 2100.0, 2),
                Some("acwc III.F.3 ruling: pairing number"),
            ),
        ];
        for (next, expected) in cases {
            assert_eq!(qualification_decided_by(&a, Some(&next)), expected);
        }
        // The last row is ahead of nobody.
        assert_eq!(qualification_decided_by(&a, None), None);
    }
}
