//! The kind conformance suite: every registered kind against the contract
//! (`arbiter_domain::rulebook::Rulebook`), as the store's suite holds every
//! store to its port. A new kind is done when its script is here and every
//! check passes (see `docs/kinds.md`).
//!
//! Each kind gives a [`Script`]: commands that reach its interesting states
//! with secrets open, and the secrets it plants (what, whose, until when).
//! On every state the script reaches, the suite checks:
//!
//! 1. **Snapshot round trip**: the state survives the service's snapshot
//!    path (serialize, gzip, read back) equal, and decides the next command
//!    the same way; on both stores, a service that writes a snapshot with
//!    every commit (so every load reads one) ends where the pure fold ends.
//! 2. **Secrecy**: every viewer (no token, outsider, each participant, each
//!    official) on every read path (view, log, each log entry, notices,
//!    refusals; over HTTP the GET routes) finds no secret they may not see,
//!    and no hidden author.
//! 3. **Roles**: a grant is accepted or refused naming its clause, and no
//!    accepted grant shows a participant another participant's secret.
//! 4. **No panic**: commands with fields at extreme values (chrono's limits,
//!    integers at their max, long and odd strings) against every reached
//!    state answer a decision or a refusal; over HTTP a 4xx problem.
//! 5. **Schedules**: a tick run twice, or two at once, changes state once.
//! 6. **Schemas**: every view and every resource, as every viewer, fits
//!    the schema the API document (`docs/openapi.json`) gives it.
//! 7. **Acts**: what each viewer is offered to do now is a command of the
//!    kind, names no secret of another, and the kind offers something.

mod checks;
mod harness;
mod schemas;
mod scripts;

use arbiter_domain::competition::Kind;
use scripts::Script;

/// The scripts, one per registered kind: a kind missing here fails
/// [`every_registered_kind_has_a_script`].
fn scripts() -> Vec<Script> {
    vec![
        scripts::acwc(),
        scripts::club_ladder(),
        scripts::diplomacy_game(),
        scripts::diplomacy_tournament(),
        scripts::nomic(),
        scripts::swiss(),
    ]
}

fn script(kind: Kind) -> Script {
    scripts()
        .into_iter()
        .find(|s| s.kind == kind)
        .unwrap_or_else(|| panic!("no conformance script for {}", kind.name()))
}

#[test]
fn every_registered_kind_has_a_script() {
    let covered: Vec<Kind> = scripts().iter().map(|s| s.kind).collect();
    assert_eq!(covered, Kind::ALL, "one script per kind, in registry order");
}

macro_rules! conformance {
    ($($module:ident => $kind:expr;)+) => {
        /// The kinds the suite below runs for.
        const SUITE: &[Kind] = &[$($kind),+];

        #[test]
        fn every_registered_kind_runs_the_whole_suite() {
            assert_eq!(SUITE, Kind::ALL, "one line per kind in `conformance!`, in registry order");
        }

        $(
        mod $module {
            use super::*;

            #[test]
            fn snapshots_round_trip_and_decide_alike() {
                checks::snapshots(&script($kind));
            }

            #[test]
            fn secrets_reach_nobody_else_on_any_domain_read_path() {
                checks::secrecy(&script($kind));
            }

            #[test]
            fn acts_offered_are_the_kinds_commands_and_keep_secrets() {
                checks::acts(&script($kind));
            }

            #[test]
            fn grants_follow_the_kind_and_open_no_secret() {
                checks::roles(&script($kind));
            }

            #[test]
            fn a_tick_run_twice_changes_state_once() {
                checks::schedules(&script($kind));
            }

            #[test]
            fn every_resource_reads_odd_keys_and_pages_without_panic() {
                checks::resources(&script($kind));
            }

            #[test]
            fn every_view_and_resource_fits_the_api_document() {
                schemas::views_and_resources(&script($kind));
            }

            #[test]
            fn extreme_field_values_never_panic() {
                checks::no_panic(&script($kind));
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn embedded_store_loads_from_snapshots_and_keeps_secrets_over_http() {
                checks::on_store(&script($kind), arbiter_e2e::embedded().await).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn dynamodb_store_loads_from_snapshots_and_keeps_secrets_over_http() {
                if let Some(server) = arbiter_e2e::dynamo().await {
                    checks::on_store(&script($kind), server).await;
                }
            }
        }
    )+
    };
}

conformance! {
    acwc => Kind::Acwc;
    club_ladder => Kind::ClubLadder;
    diplomacy_game => Kind::DiplomacyGame;
    diplomacy_tournament => Kind::DiplomacyTournament;
    nomic => Kind::Nomic;
    swiss => Kind::Swiss;
}
