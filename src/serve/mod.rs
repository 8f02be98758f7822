//! `heibai serve`: an SSH server whose every session is a heibai App, the same App the local
//! terminal drives. Anyone may connect; a public key, when offered, is the player's identity
//! and keeps their saved games on the server. The computer players of all sessions share one
//! bounded pool of engine threads, each request with a time budget.

mod db;
mod host_key;
mod hub;
mod input;
mod limits;
mod pairing;
mod paste;
mod ratings;
mod session;

use crate::engine::Pool;
use crate::ui::Options;
use anyhow::{Context, Result};
use limits::{Gate, Limits};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// How the server runs (`heibai serve …`).
pub struct ServeOptions {
    pub listen: SocketAddr,
    /// The host key's file (made on first start).
    pub host_key: PathBuf,
    /// Where players' games are kept.
    pub data_dir: PathBuf,
    pub max_sessions: usize,
    pub per_address: usize,
    pub connections_per_minute: usize,
    /// A session with no key pressed for this long is closed.
    pub idle: Duration,
    /// A connection that has not logged in and started a session within this is closed.
    pub login: Duration,
    /// Engine threads shared by all sessions.
    pub engine_threads: usize,
    /// The longest one computer move or analysis may think.
    pub think_budget: Duration,
    /// The look and the computer's level for new sessions.
    pub options: Options,
    /// The database of games between people.
    pub db: PathBuf,
    /// How long a player who has gone keeps their seat before the opponent may claim the win
    /// (and a game both players have left is finished as abandoned).
    pub grace: Duration,
    /// Tables (open or being played) at once.
    pub max_tables: usize,
    /// Bytes all players' saved files may take together.
    pub max_saved: u64,
}

/// What every session of a server shares.
pub struct Shared {
    pool: Arc<Pool>,
    options: Options,
    data_dir: PathBuf,
    idle: Duration,
    /// Bytes a second a client may send.
    input_rate: usize,
    /// Becomes true when the server is shutting down.
    shutdown: tokio::sync::watch::Receiver<bool>,
    /// The games between people.
    hub: Arc<std::sync::Mutex<hub::Hub>>,
    /// The space all players' files share.
    budget: Arc<crate::store::Budget>,
    /// Connections and sessions turned away, for the log.
    turned_away: std::sync::Mutex<TurnedAway>,
}

/// Input a client may send a second, on average; pastes of a few kilobytes pass at once.
const INPUT_RATE: usize = 2048;
/// The longest the exchange of SSH versions may take (and no longer than the login's
/// `ServeOptions::login`).
const HANDSHAKE: Duration = Duration::from_secs(20);

/// `heibai serve --export-games FILE`: every finished game in the database at `db`, as one
/// SGF collection written to `file`.
pub fn export_games(db: &Path, file: &Path) -> Result<()> {
    let (games, bad) = db::Db::open(db)?.export()?;
    for problem in &bad {
        eprintln!("heibai serve: skipped {problem}");
    }
    let mut text = games.join("\n");
    text.push('\n');
    crate::store::write_atomically(file, &text)
        .with_context(|| format!("writing {}", file.display()))?;
    println!(
        "{} finished games written to {}",
        games.len(),
        file.display()
    );
    Ok(())
}

/// `heibai serve --reset-ratings POOL`: a new season for one game and rule set ("reversi",
/// "renju-15", "freestyle-19", …).
pub fn reset_ratings(db: &Path, pool: &str) -> Result<()> {
    let variant = pool_named(pool).with_context(|| {
        format!(
            "no such game: {} (reversi, or a Gomoku rule and board such as renju-15, \
             freestyle-19, standard-15)",
            crate::visible::quoted(pool)
        )
    })?;
    let n = db::Db::open(db)?.reset_ratings(variant)?;
    println!("{n} ratings of {} reset for a new season", pool.trim());
    Ok(())
}

/// The pool a command line names: "reversi", or a Gomoku rule and board ("renju-15").
fn pool_named(name: &str) -> Option<crate::table::Variant> {
    let name = name.trim().to_ascii_lowercase();
    let code = match name.split_once('-') {
        Some((rule, size)) => format!("gomoku {rule} {size}"),
        None => name,
    };
    crate::table::Variant::from_pool_code(&code)
}

/// Runs the server until SIGINT or SIGTERM.
pub fn run(options: ServeOptions) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("heibai-serve")
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(serve(options))
}

async fn serve(o: ServeOptions) -> Result<()> {
    let (key, new) = host_key::load_or_make(&o.host_key)?;
    let fingerprint = host_key::fingerprint(key.public_key());
    println!(
        "heibai serve: host key {fingerprint} ({}{})",
        o.host_key.display(),
        if new { ", just made" } else { "" }
    );
    let config = Arc::new(russh::server::Config {
        keys: vec![key],
        methods: russh::MethodSet::from(
            &[
                russh::MethodKind::PublicKey,
                russh::MethodKind::KeyboardInteractive,
            ][..],
        ),
        auth_rejection_time: Duration::from_millis(200),
        auth_rejection_time_initial: Some(Duration::ZERO),
        // Dead connections are found by keepalives; idle players by the session itself.
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(15)),
        keepalive_max: 4,
        nodelay: true,
        ..Default::default()
    });
    // A database that cannot be opened stops the server before it says it is listening.
    let db = db::Db::open(&o.db)?;
    let listener = TcpListener::bind(o.listen)
        .await
        .with_context(|| format!("listening on {}", o.listen))?;
    println!(
        "heibai serve: listening on {} (ssh -p {} NAME@HOST)",
        listener.local_addr()?,
        listener.local_addr()?.port()
    );
    let gate = Gate::new(Limits {
        max_sessions: o.max_sessions,
        per_address: o.per_address,
        connections_per_minute: o.connections_per_minute,
    });
    let (hub, problems) = hub::Hub::new(Some(db), o.grace, o.max_tables, Instant::now());
    for problem in problems {
        eprintln!(
            "heibai serve: not loaded from {}: {problem}",
            o.db.display()
        );
    }
    let hub = Arc::new(std::sync::Mutex::new(hub));
    let ticking = Arc::clone(&hub);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let mut hub = ticking.lock().unwrap_or_else(|e| e.into_inner());
            hub.tick(Instant::now());
        }
    });
    let (stop, shutdown) = tokio::sync::watch::channel(false);
    let players = o.data_dir.join("players");
    sweep_guests(&players);
    let budget = Arc::new(crate::store::Budget::measure(&players, o.max_saved));
    println!(
        "heibai serve: players' files take {} of {} MB (--max-saved-mb)",
        budget.used().div_ceil(1 << 20),
        o.max_saved >> 20
    );
    let shared = Arc::new(Shared {
        budget,
        turned_away: std::sync::Mutex::default(),
        pool: Arc::new(Pool::new(o.engine_threads, 1, Some(o.think_budget))),
        options: o.options,
        data_dir: o.data_dir,
        idle: o.idle,
        input_rate: INPUT_RATE,
        shutdown,
        hub,
    });
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("installing the SIGTERM handler")?;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = tokio::signal::ctrl_c() => break,
            _ = terminate.recv() => break,
        };
        let (socket, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a moment rather than spin.
                eprintln!("heibai serve: accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let ticket = match gate.admit(peer.ip(), Instant::now()) {
            Ok(ticket) => ticket,
            Err(refusal) => {
                shared.turned_away(peer.ip(), &refusal);
                // One line before the SSH version, which the protocol allows (RFC 4253, 4.2)
                // and clients show when asked (`ssh -v`), then the connection is closed.
                let line = format!("heibai: {refusal}; try again in a minute\r\n");
                tokio::spawn(async move {
                    use tokio::io::AsyncWriteExt;
                    let mut socket = socket;
                    let write = socket.write_all(line.as_bytes());
                    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
                });
                continue;
            }
        };
        let (live, watching) = tokio::sync::watch::channel(false);
        let handler = session::Connection::new(Arc::clone(&shared), ticket, Arc::new(live));
        let config = Arc::clone(&config);
        let login = o.login;
        tokio::spawn(async move {
            let _ = socket.set_nodelay(true);
            let running = tokio::time::timeout(
                HANDSHAKE.min(login),
                russh::server::run_stream(config, socket, handler),
            )
            .await;
            let Ok(Ok(running)) = running else {
                return;
            };
            watch_connection(running, watching, login).await;
        });
    }
    println!("heibai serve: shutting down; saving the games in progress");
    let _ = stop.send(true);
    // Wait (a little) for every connection to save its game, say goodbye and close.
    let deadline = Instant::now() + Duration::from_secs(3);
    while gate.open() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Waits for a connection to end, closing it once it has been without a running session for
/// `login`: before its first session (`ssh -N`, a stalled login) and after it (a client that
/// quit or closed its channel but keeps the connection up, keepalives or not). A place is held
/// by a session, never by a bare connection.
async fn watch_connection(
    mut running: russh::server::RunningSession<session::Connection>,
    mut live: tokio::sync::watch::Receiver<bool>,
    login: Duration,
) {
    loop {
        let started = tokio::select! {
            _ = &mut running => return,
            started = tokio::time::timeout(login, live.wait_for(|&live| live)) => {
                matches!(started, Ok(Ok(_)))
            }
        };
        if !started {
            break;
        }
        let ended = tokio::select! {
            _ = &mut running => return,
            ended = live.wait_for(|&live| !live) => ended.is_ok(),
        };
        if !ended {
            break;
        }
    }
    let _ = running
        .handle()
        .disconnect(
            russh::Disconnect::ByApplication,
            "no session".into(),
            String::new(),
        )
        .await;
    let _ = running.await;
}

impl Shared {
    /// Logs a connection or session turned away, as [`TurnedAway`] does.
    fn turned_away(&self, ip: std::net::IpAddr, why: &limits::Refusal) {
        let mut log = self.turned_away.lock().unwrap_or_else(|e| e.into_inner());
        log.count(ip, why, Instant::now());
    }
}

/// Connections turned away, logged as one line a minute at most (a burst of refusals must not
/// flood the log): the first refusal at once, then a count of the rest.
#[derive(Default)]
struct TurnedAway {
    /// Since the last line: refusals, and the last address and reason.
    count: usize,
    last: Option<(std::net::IpAddr, String)>,
    logged: Option<Instant>,
}

impl TurnedAway {
    fn count(&mut self, ip: std::net::IpAddr, why: &limits::Refusal, now: Instant) {
        self.count += 1;
        self.last = Some((ip, why.to_string()));
        if self
            .logged
            .is_some_and(|at| now.duration_since(at) < Duration::from_secs(60))
        {
            return;
        }
        if let Some((ip, why)) = self.last.take() {
            match self.count {
                1 => eprintln!("heibai serve: turned away {ip}: {why}"),
                n => eprintln!("heibai serve: turned away {n} connections, the last {ip}: {why}"),
            }
        }
        self.count = 0;
        self.logged = Some(now);
    }
}

/// Makes the folder `dir` (and those above it) if need be, the new ones readable by their
/// owner only: the server's files hold players' names, keys and games.
fn private_dir(dir: &Path) -> Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("creating {}", dir.display()))
}

/// Deletes the histories of players without a key that a server which stopped without
/// closing their sessions left behind (a day old: another server on the same folder may
/// have guests of its own).
fn sweep_guests(players: &Path) {
    let Ok(dir) = std::fs::read_dir(players) else {
        return;
    };
    let day_old = |e: &std::fs::DirEntry| {
        let modified = e.metadata().and_then(|m| m.modified());
        modified.is_ok_and(|t| {
            t.elapsed()
                .is_ok_and(|age| age > Duration::from_secs(86_400))
        })
    };
    for entry in dir.flatten() {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with(session::GUEST)
            && day_old(&entry)
        {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A player's own folder: their settings and their games.
fn player_dir(data_dir: &Path, key: &str) -> PathBuf {
    let name: String = key
        .trim_start_matches("SHA256:")
        .chars()
        .map(|c| match c {
            '/' => '_',
            '+' => '-',
            c if c.is_ascii_alphanumeric() => c,
            _ => '_',
        })
        .collect();
    data_dir.join("players").join(name)
}
