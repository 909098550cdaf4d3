//! `arbiter`: the local runtime and tools. See `arbiter --help`.

use arbiter::{devkeys, inbox, notifications, progress, scheduler, server};
use arbiter_domain::competition::UserId;
use arbiter_http::auth::{mint_dev_token, ORGANIZERS};
use arbiter_http::{App, Authenticator, Clock, RehearsalClock, SystemClock};
use arbiter_store::{Counted, EmbeddedStore};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Arbiter: rule-heavy competitions, run by the rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Subcommand)]
enum Commands {
    /// Serve the whole API on one port with the embedded store and the schedules.
    Serve {
        #[arg(long, default_value = "127.0.0.1:3000")]
        addr: String,
        /// Where the store file and the dev-token secret live.
        #[arg(long, env = "ARBITER_DATA_DIR", default_value = DEFAULT_DATA_DIR)]
        data_dir: PathBuf,
        /// Do not run the schedules (for load tests and debugging).
        #[arg(long)]
        no_schedules: bool,
        /// Where ACWC registrations fetch player facts (acwc II): Lichess's
        /// API or a stand-in. Only a registration by account reaches it.
        #[arg(long, default_value = arbiter_facts::lichess::PUBLIC_BASE)]
        lichess_url: String,
        /// Start the server's clock at this instant (RFC 3339, e.g.
        /// 2019-09-02T00:00:00Z) instead of now: rehearse a season, or
        /// reach a deadline without waiting for it. Local only.
        #[arg(long, value_name = "RFC3339")]
        clock: Option<chrono::DateTime<chrono::Utc>>,
        /// With --clock: simulated seconds per real second (3600: an hour a
        /// second). The schedules fire on the simulated time.
        #[arg(long, requires = "clock", default_value_t = 1.0, value_name = "N")]
        clock_rate: f64,
        /// Let browser scripts from ORIGIN (e.g. http://localhost:5173, or
        /// `*` for any) call the API: CORS. Repeat for more origins.
        #[arg(long = "cors-origin", value_name = "ORIGIN")]
        cors_origins: Vec<String>,
        /// The address clients reach this server by, for Location headers
        /// and notification links (e.g. https://arbiter.club.example behind
        /// a proxy). Default: the listening address, with `localhost` for an
        /// address that listens everywhere (0.0.0.0, ::).
        #[arg(long, env = "ARBITER_PUBLIC_BASE_URL", value_name = "URL")]
        public_base_url: Option<String>,
        /// The domain boards receive mail at: `<board id>@DOMAIN` (wm D.II.2).
        /// Mail dropped as `.eml` files into `<data dir>/inbox/` is read as
        /// sent to it; answers go to the outbox.
        #[arg(
            long,
            env = "ARBITER_MAIL_DOMAIN",
            default_value = "boards.localhost",
            value_name = "DOMAIN"
        )]
        mail_domain: String,
    },
    /// Print a dev token for USER that `arbiter serve` accepts.
    Token {
        user: String,
        /// `organizer` lets the user create competitions.
        #[arg(long = "role")]
        roles: Vec<String>,
        /// How many days the token is valid (1 to 3650).
        #[arg(long, default_value_t = 30, allow_negative_numbers = true)]
        days: i64,
        /// The data directory of the `arbiter serve` that is to accept it.
        #[arg(long, env = "ARBITER_DATA_DIR", default_value = DEFAULT_DATA_DIR)]
        data_dir: PathBuf,
    },
    /// Pair the next round of the tournament in a TRF file. Prints the number
    /// of pairs, then `white black` per board, the bye as `N 0`. Exit 0 on
    /// success, 1 when no valid pairing exists, 3 on invalid input.
    Pair {
        /// dutch-2006, dutch-2017, dutch-2026, monrad-acwc (acwc III.F.4.3 as written),
        /// monrad-acwc-lookahead (avoids rematches) or round-robin.
        #[arg(long)]
        system: String,
        input: PathBuf,
        /// Write the pairing to OUTPUT (standard output without a file name).
        #[arg(short = 'p', num_args = 0..=1, default_missing_value = "-", value_name = "OUTPUT")]
        output: Option<PathBuf>,
        /// Re-pair every round of INPUT from the rounds before it and report
        /// each round whose published pairing differs.
        #[arg(long, conflicts_with = "explain")]
        check: bool,
        /// Say why: each board's floats and colours, each score bracket's
        /// treatment and what it gave up, and the bye, with their clauses
        /// (every Dutch edition).
        #[arg(long)]
        explain: bool,
    },
    /// Adjudicate one Diplomacy phase: JSON on standard input, JSON on
    /// standard output (schema: docs/adjudicate.md). Exit 3 on invalid input.
    Adjudicate,
    /// Print the OpenAPI document built from the code's routes and types
    /// (docs/openapi.json is this output).
    Openapi {
        /// Rewrite docs/openapi.json (in the current directory's repository)
        /// instead of printing.
        #[arg(long)]
        write: bool,
    },
    /// Draw a Diplomacy board as SVG: a phase record (`before`, `results`,
    /// as a board's history shows it) or a position as JSON on standard
    /// input, the SVG on standard output. Exit 3 on invalid input.
    Map,
    /// List the competition kinds this build runs: each kind's name and how
    /// refusals name it, one per line, or with `--json` every kind's name,
    /// title, routes and read resources. Scripts and clients read this
    /// instead of keeping a list of their own.
    Kinds {
        #[arg(long)]
        json: bool,
    },
    /// Run a seeded competition through the local runtime (embedded store
    /// in a temporary directory, fake clock) and print its results.
    Simulate {
        #[command(subcommand)]
        kind: Simulation,
    },
}

#[derive(Subcommand)]
enum Simulation {
    /// An Antichess World Championship: entered facts, every Qualification
    /// round, the Candidates and the Final. Exit 3 on invalid options.
    Acwc {
        /// Entrants, the holder (p001) and runner-up (p002) among them.
        #[arg(long, default_value_t = 40)]
        players: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Then deliver every notice of the log to e-mail subscribers of
        /// everyone it names (a temporary outbox), and time the notifier.
        #[arg(long)]
        notify: bool,
    },
    /// A Swiss event paired by the Dutch engine, every result reported one
    /// request at a time. Exit 3 on invalid options.
    Swiss {
        #[arg(long, default_value_t = 100)]
        players: u32,
        #[arg(long, default_value_t = 7)]
        rounds: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A World Masters team tournament from sign-up to the final, with
    /// random but legal board results. Exit 3 on invalid options.
    WorldMasters {
        /// Teams in round one (one of them grouped from individual sign-ups).
        #[arg(long, default_value_t = 60)]
        teams: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Then deliver every notice of the log to e-mail subscribers of
        /// everyone it names (a temporary outbox), and time the notifier.
        #[arg(long)]
        notify: bool,
    },
}

/// Where `serve` keeps its store and `token` finds the secret, unless told.
const DEFAULT_DATA_DIR: &str = ".arbiter";

/// The longest a dev token lives: ten years.
const MAX_TOKEN_DAYS: i64 = 3650;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Commands::Serve {
            addr,
            data_dir,
            no_schedules,
            lichess_url,
            clock,
            clock_rate,
            cors_origins,
            public_base_url,
            mail_domain,
        } => {
            let rehearsal = match clock.map(|start| RehearsalClock::new(start, clock_rate)) {
                None => None,
                Some(Ok(c)) => Some(c),
                Some(Err(e)) => {
                    eprintln!("arbiter serve: {e}");
                    return ExitCode::from(3);
                }
            };
            serve(
                &addr,
                &data_dir,
                !no_schedules,
                &lichess_url,
                rehearsal,
                Web {
                    cors_origins,
                    public_base_url,
                    mail_domain,
                },
            )
        }
        Commands::Token {
            user,
            roles,
            days,
            data_dir,
        } => token(&user, &roles, days, &data_dir),
        Commands::Pair {
            system,
            input,
            output,
            check,
            explain,
        } => pair(&system, &input, output.as_deref(), (check, explain)),
        Commands::Adjudicate => adjudicate(),
        Commands::Openapi { write } => openapi(write),
        Commands::Map => map(),
        Commands::Kinds { json } => {
            print!("{}", arbiter::kinds::listing(json));
            ExitCode::SUCCESS
        }
        Commands::Simulate {
            kind:
                Simulation::Acwc {
                    players,
                    seed,
                    notify,
                },
        } => simulate_acwc(players, seed, notify),
        Commands::Simulate {
            kind:
                Simulation::Swiss {
                    players,
                    rounds,
                    seed,
                },
        } => simulate_swiss(players, rounds, seed),
        Commands::Simulate {
            kind:
                Simulation::WorldMasters {
                    teams,
                    seed,
                    notify,
                },
        } => simulate_world_masters(teams, seed, notify),
    }
}

/// Prints the OpenAPI document, or rewrites `docs/openapi.json` (and the
/// TypeScript client's copy) with it.
fn openapi(write: bool) -> ExitCode {
    let text = arbiter::openapi::render();
    if !write {
        print!("{text}");
        return ExitCode::SUCCESS;
    }
    for path in [arbiter::openapi::PATH, arbiter::openapi::CLIENT_COPY] {
        if let Err(e) = std::fs::write(path, &text) {
            eprintln!("{path}: {e} (run from the repository's root)");
            return ExitCode::FAILURE;
        }
        eprintln!("wrote {path}");
    }
    ExitCode::SUCCESS
}

/// Prints a pure command's output and turns its code into the exit status.
fn finish(stdout: &str, stderr: &str, code: i32, output: Option<&std::path::Path>) -> ExitCode {
    match output {
        Some(path) if path.as_os_str() != "-" => {
            if let Err(e) = std::fs::write(path, stdout) {
                eprintln!("cannot write {}: {e}", path.display());
                return ExitCode::from(3);
            }
        }
        _ => print!("{stdout}"),
    }
    eprint!("{stderr}");
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

fn pair(
    system: &str,
    input: &std::path::Path,
    output: Option<&std::path::Path>,
    (check, explain): (bool, bool),
) -> ExitCode {
    let bytes = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter pair: cannot read {}: {e}", input.display());
            return ExitCode::from(3);
        }
    };
    // TRF files in the wild are Latin-1 as often as UTF-8: keep every byte.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    if explain {
        let out = arbiter_domain::chess::cli::explain(system, &text);
        return finish(&out.stdout, &out.stderr, out.exit_code, output);
    }
    let bar = progress::rounds();
    let out = arbiter_domain::chess::cli::pair_observed(system, &text, check, &mut |done, of| {
        bar.set_length(u64::from(of));
        bar.set_position(u64::from(done));
    });
    bar.finish_and_clear();
    finish(&out.stdout, &out.stderr, out.exit_code, output)
}

#[tokio::main]
async fn simulate_acwc(players: u32, seed: u64, notify: bool) -> ExitCode {
    if !(arbiter::simulate::MIN_PLAYERS..=arbiter::simulate::MAX_PLAYERS).contains(&players) {
        eprintln!(
            "arbiter simulate acwc: --players must be between {} and {}",
            arbiter::simulate::MIN_PLAYERS,
            arbiter::simulate::MAX_PLAYERS
        );
        return ExitCode::from(3);
    }
    match arbiter::simulate::acwc(players, seed, notify, progress::requests()).await {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter simulate acwc: {e}");
            ExitCode::FAILURE
        }
    }
}

#[tokio::main]
async fn simulate_swiss(players: u32, rounds: u32, seed: u64) -> ExitCode {
    use arbiter::swiss::{MAX_PLAYERS, MAX_ROUNDS};
    if !(2..=MAX_PLAYERS).contains(&players) || !(1..=MAX_ROUNDS).contains(&rounds) {
        eprintln!(
            "arbiter simulate swiss: --players must be 2 to {MAX_PLAYERS} and --rounds 1 to {MAX_ROUNDS}"
        );
        return ExitCode::from(3);
    }
    let started = std::time::Instant::now();
    let runtime = match simulation_runtime("swiss") {
        Ok(r) => r,
        Err(code) => return code,
    };
    match arbiter::swiss::run(&runtime, players, rounds, seed).await {
        Ok(summary) => {
            print_summary(&summary.text, summary.requests, started, &runtime);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter simulate swiss: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The local runtime a simulation runs in (embedded store in a temporary
/// directory), with its progress on a terminal.
fn simulation_runtime(name: &str) -> Result<arbiter::in_process::InProcess, ExitCode> {
    arbiter::in_process::InProcess::new(chrono::Utc::now())
        .map(|r| r.with_progress(progress::requests()))
        .map_err(|e| {
            eprintln!("arbiter simulate {name}: {e}");
            ExitCode::FAILURE
        })
}

/// A simulation's report, then how many requests it took and how long.
fn print_summary(
    text: &str,
    requests: u64,
    started: std::time::Instant,
    runtime: &arbiter::in_process::InProcess,
) {
    print!("{text}");
    println!(
        "{requests} requests in {:.2} s, through the local runtime",
        started.elapsed().as_secs_f64()
    );
    println!("{}", runtime.latency_report());
}

#[tokio::main]
async fn simulate_world_masters(teams: usize, seed: u64, notify: bool) -> ExitCode {
    use arbiter::world_masters::{MAX_TEAMS, MIN_TEAMS};
    if !(MIN_TEAMS..=MAX_TEAMS).contains(&teams) {
        eprintln!(
            "arbiter simulate world-masters: --teams must be between {MIN_TEAMS} and {MAX_TEAMS}"
        );
        return ExitCode::from(3);
    }
    let started = std::time::Instant::now();
    let runtime = match simulation_runtime("world-masters") {
        Ok(r) => r,
        Err(code) => return code,
    };
    match arbiter::world_masters::run(&runtime, teams, seed).await {
        Ok(summary) => {
            print_summary(&summary.text, summary.requests, started, &runtime);
            if notify {
                match arbiter::notifications::deliver_whole_log(&runtime).await {
                    Ok(delivery) => println!("{delivery}"),
                    Err(e) => {
                        eprintln!("arbiter simulate world-masters: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter simulate world-masters: {e}");
            ExitCode::FAILURE
        }
    }
}

fn adjudicate() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut input) {
        eprintln!("arbiter adjudicate: cannot read standard input: {e}");
        return ExitCode::from(3);
    }
    let out = arbiter_domain::diplomacy::cli::adjudicate(&input);
    finish(&out.stdout, &out.stderr, out.exit_code, None)
}

fn map() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut input) {
        eprintln!("arbiter map: cannot read standard input: {e}");
        return ExitCode::from(3);
    }
    let out = arbiter_domain::diplomacy::picture::from_json(&input);
    finish(&out.stdout, &out.stderr, out.exit_code, None)
}

fn token(user: &str, roles: &[String], days: i64, data_dir: &std::path::Path) -> ExitCode {
    let Ok(user) = UserId::try_from(user) else {
        eprintln!("arbiter token: {user:?} is not a usable user id");
        return ExitCode::from(3);
    };
    if !(1..=MAX_TOKEN_DAYS).contains(&days) {
        eprintln!("arbiter token: --days must be between 1 and {MAX_TOKEN_DAYS}");
        return ExitCode::from(3);
    }
    let mut groups = Vec::new();
    for role in roles {
        match role.as_str() {
            "organizer" | "organizers" => groups.push(ORGANIZERS.to_owned()),
            other => {
                eprintln!("arbiter token: unknown platform role {other:?} (known: organizer); competition roles are granted through the API");
                return ExitCode::from(3);
            }
        }
    }
    let secret = match devkeys::load_or_create(data_dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "arbiter token: cannot read the secret in {}: {e}",
                data_dir.display()
            );
            return ExitCode::FAILURE;
        }
    };
    // In range by the check above: at most ten years from now.
    let expires = chrono::Utc::now() + chrono::Duration::days(days);
    println!("{}", mint_dev_token(&secret, &user, &groups, expires));
    ExitCode::SUCCESS
}

/// How browsers and links reach `arbiter serve`.
struct Web {
    cors_origins: Vec<String>,
    public_base_url: Option<String>,
    mail_domain: String,
}

/// The base of Locations and notification links: the configured address, or
/// the listening one; an address that listens everywhere (0.0.0.0, ::) is no
/// address a client can use, so it becomes `localhost`.
fn link_base(local: std::net::SocketAddr, configured: Option<&str>) -> String {
    if let Some(base) = configured.filter(|b| !b.is_empty()) {
        return base.trim_end_matches('/').to_owned();
    }
    if local.ip().is_unspecified() {
        format!("http://localhost:{}", local.port())
    } else {
        format!("http://{local}")
    }
}

#[tokio::main]
async fn serve(
    addr: &str,
    data_dir: &std::path::Path,
    schedules: bool,
    lichess_url: &str,
    rehearsal: Option<RehearsalClock>,
    web: Web,
) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "warn,arbiter=info".into()),
        )
        .init();
    match run_server(addr, data_dir, schedules, lichess_url, rehearsal, web).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Serves the API, the schedules and the notifications until Ctrl-C, then
/// prints how many store operations it made.
async fn run_server(
    addr: &str,
    data_dir: &std::path::Path,
    schedules: bool,
    lichess_url: &str,
    rehearsal: Option<RehearsalClock>,
    web: Web,
) -> Result<(), Box<dyn std::error::Error>> {
    let rate = rehearsal.as_ref().map(RehearsalClock::rate);
    let clock: Arc<dyn Clock> = match rehearsal {
        Some(c) => Arc::new(c),
        None => Arc::new(SystemClock),
    };
    let secret = devkeys::load_or_create(data_dir)?;
    let store_path = data_dir.join("arbiter.redb");
    // Counting costs one relaxed atomic add per store call; the totals
    // printed at shutdown give the store operations per command.
    let embedded = EmbeddedStore::open(&store_path)?;
    let store = Counted::new(embedded.clone());
    let counts = store.clone();
    // Links and Locations name the address this server listens on.
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let base = link_base(local, web.public_base_url.as_deref());
    let mut app = App::new(store.clone(), Authenticator::Dev { secret }, clock.clone())
        .with_loopback_targets()
        .with_facts(Arc::new(arbiter_facts::Lichess::new(lichess_url)))
        .with_public_base(base.clone())
        .with_cors(web.cors_origins)
        .with_mail_domain(web.mail_domain.clone());
    let telegram = arbiter_http::TelegramBot::from_env([
        "ARBITER_TELEGRAM_TOKEN",
        "ARBITER_TELEGRAM_WEBHOOK_SECRET",
        "ARBITER_TELEGRAM_API_URL",
    ]);
    let reads_telegram = telegram.is_some();
    if let Some(bot) = telegram {
        app = app.with_telegram(bot);
    }
    let app = Arc::new(app);
    let outbox = data_dir.join("outbox");
    let notifier = Arc::new(
        notifications::local_notifier(store, &outbox, Arc::new(move || clock.now()))
            .with_link_base(base.clone())
            .with_mail_domain(web.mail_domain.clone()),
    );
    if schedules {
        scheduler::spawn(Arc::clone(&app), Arc::clone(&notifier));
    }
    notifications::Follower::new(notifier, embedded, data_dir.join("notify.cursor")).spawn();
    let inbox = data_dir.join("inbox");
    std::fs::create_dir_all(&inbox)?;
    inbox::spawn(
        Arc::clone(&app),
        arbiter_notify::EmlFolder::new(&outbox),
        inbox.clone(),
    );
    let rehearsing = rate.map(|rate| (app.clock.now(), rate));
    announce(local, &store_path, data_dir, rehearsing, &outbox);
    println!(
        "Mail to <board id>@{} is read from {} (drop .eml files there)",
        web.mail_domain,
        inbox.display()
    );
    if reads_telegram {
        println!("Telegram updates are read at http://{local}/v1/telegram");
    }
    axum::serve(listener, server::router(app))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    let c = counts.counts();
    println!(
        "store operations: {} loads, {} conditional appends, {} other reads",
        c.loads, c.appends, c.reads
    );
    Ok(())
}

/// What a developer needs once the server listens: its address and store,
/// how to get a token, the rehearsal clock (its time and rate) if any, the
/// API description and where e-mail goes.
fn announce(
    local: std::net::SocketAddr,
    store_path: &std::path::Path,
    data_dir: &std::path::Path,
    rehearsing: Option<(chrono::DateTime<chrono::Utc>, f64)>,
    outbox: &std::path::Path,
) {
    println!(
        "Arbiter listening on http://{local} (store: {})",
        store_path.display()
    );
    println!("In your browser: http://{local}/ (public pages: http://{local}/pages)");
    println!("Get a token:  {}", token_command(data_dir));
    if let Some((at, rate)) = rehearsing {
        let at = at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        println!("Rehearsal clock: {at}, running at {rate}x real time");
    }
    println!("API description: http://{local}/openapi.json");
    println!("E-mail notifications are written to {}", outbox.display());
}

/// The command that mints a token this server accepts: it names the data
/// directory unless it is the default one.
fn token_command(data_dir: &std::path::Path) -> String {
    let base = "cargo run --release -p arbiter -- token alice --role organizer";
    if data_dir == std::path::Path::new(DEFAULT_DATA_DIR) {
        base.to_owned()
    } else {
        format!("{base} --data-dir {}", data_dir.display())
    }
}

#[cfg(test)]
mod tests {
    use super::link_base;

    #[test]
    fn links_name_an_address_a_client_can_reach() {
        let any: std::net::SocketAddr = "0.0.0.0:8080".parse().unwrap();
        let any6: std::net::SocketAddr = "[::]:8080".parse().unwrap();
        let loopback: std::net::SocketAddr = "127.0.0.1:3000".parse().unwrap();
        // Listening everywhere is not an address: localhost is.
        assert_eq!(link_base(any, None), "http://localhost:8080");
        assert_eq!(link_base(any6, None), "http://localhost:8080");
        assert_eq!(link_base(loopback, None), "http://127.0.0.1:3000");
        // A configured address wins, without its trailing slash; an empty
        // one (an unset environment variable) counts as none.
        assert_eq!(
            link_base(any, Some("https://arbiter.club.example/")),
            "https://arbiter.club.example"
        );
        assert_eq!(link_base(loopback, Some("")), "http://127.0.0.1:3000");
    }
}
