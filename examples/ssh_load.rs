//! A load generator for `heibai serve`, on loopback only and bounded in sessions and time:
//! SESSIONS SSH sessions (russh's client) each open a hot-seat Reversi game and press keys about
//! once a second — cursor moves, a short game's moves, and takebacks — for SECONDS seconds.
//! It prints the sessions held to the end, the key-to-frame latency (from sending a key to the
//! first bytes of the frame that answers it) at p50/p90/p99, and, given the server's pid, its
//! memory per session.
//!
//! ```text
//! heibai serve --listen 127.0.0.1:2222 --max-sessions 1000 --max-per-address 1000 \
//!     --connections-per-minute 100000 &
//! cargo run --release --example ssh_load -- 2222 500 60 $(pgrep -f 'heibai serve')
//! ```
//!
//! With `--lobby` the sessions stay in the lobby and move up and down its list instead. To see
//! what stored games cost the lobby, `ssh_load seed DB N` first writes N unfinished games between
//! people into the server's database (made by a first start of the server, which is stopped
//! while seeding).

use russh::client::{self, KeyboardInteractiveAuthResponse};
use russh::keys::PublicKeyOrCertificate;
use russh::{ChannelMsg, Disconnect};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most sessions and seconds this will run, whatever it is asked.
const MAX_SESSIONS: usize = 2000;
const MAX_SECONDS: u64 = 600;
/// Sessions opening at once while ramping up.
const RAMP: usize = 25;
/// The shortest Reversi game: Black takes every disc in nine moves.
const GAME: [&str; 9] = ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"];

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

#[derive(Default)]
struct Results {
    latencies: Vec<Duration>,
    held: usize,
    failed: Vec<String>,
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time the process has used, user and system.
fn cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let [mode, db, n] = args.as_slice()
        && mode == "seed"
    {
        return seed(std::path::Path::new(db), n.parse()?);
    }
    let lobby = args.iter().any(|a| a == "--lobby");
    args.retain(|a| a != "--lobby");
    let [port, sessions, seconds, rest @ ..] = args.as_slice() else {
        anyhow::bail!("usage: ssh_load PORT SESSIONS SECONDS [SERVER_PID] [--lobby] | seed DB N");
    };
    let port: u16 = port.parse()?;
    let sessions = sessions.parse::<usize>()?.clamp(1, MAX_SESSIONS);
    let seconds = seconds.parse::<u64>()?.clamp(1, MAX_SECONDS);
    let pid: Option<u32> = rest.first().map(|p| p.parse()).transpose()?;
    let before = pid.and_then(rss_kib);
    let results = Arc::new(Mutex::new(Results::default()));
    let started = Instant::now();
    let end = started + Duration::from_secs(seconds);
    let ramp = Arc::new(tokio::sync::Semaphore::new(RAMP));
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel();
    let mut tasks = vec![];
    for n in 0..sessions {
        let (results, ramp, ready) = (results.clone(), ramp.clone(), ready_tx.clone());
        tasks.push(tokio::spawn(async move {
            let outcome = session(n, port, end, lobby, &ramp, ready, &results).await;
            let mut r = results.lock().unwrap();
            match outcome {
                Ok(()) => r.held += 1,
                Err(e) => r.failed.push(format!("session {n}: {e:#}")),
            }
        }));
    }
    drop(ready_tx);
    // Memory once every session that will connect has.
    let mut connected = 0;
    while ready_rx.recv().await.is_some() {
        connected += 1;
    }
    let during = pid.and_then(rss_kib);
    let ramped = started.elapsed();
    let cpu_start = pid.and_then(cpu);
    let measured = Instant::now();
    for task in tasks {
        let _ = task.await;
    }
    let cpu_used = pid
        .and_then(cpu)
        .zip(cpu_start)
        .map(|(b, a)| b.saturating_sub(a));
    let r = results.lock().unwrap();
    let mut l = r.latencies.clone();
    l.sort();
    let at = |q: f64| l.get(((l.len() as f64 * q) as usize).min(l.len().saturating_sub(1)));
    let ms =
        |d: Option<&Duration>| d.map_or("-".into(), |d| format!("{:.1} ms", d.as_secs_f64() * 1e3));
    println!(
        "sessions asked {sessions}, connected {connected} (in {:.1} s), held to the end {}",
        ramped.as_secs_f64(),
        r.held
    );
    println!(
        "keys {}, key-to-frame p50 {} p90 {} p99 {} max {}",
        l.len(),
        ms(at(0.5)),
        ms(at(0.9)),
        ms(at(0.99)),
        ms(l.last())
    );
    if let (Some(b), Some(d)) = (before, during) {
        println!(
            "server memory {} MiB idle, {} MiB with {connected} sessions: {:.0} KiB a session",
            b / 1024,
            d / 1024,
            (d.saturating_sub(b)) as f64 / connected.max(1) as f64
        );
    }
    if let Some(used) = cpu_used {
        println!(
            "server CPU while playing: {:.0} % of one core",
            100.0 * used.as_secs_f64() / measured.elapsed().as_secs_f64()
        );
    }
    for f in r.failed.iter().take(5) {
        println!("failed: {f}");
    }
    Ok(())
}

/// Writes `n` unfinished games between keyed players into the server's database at `db`.
fn seed(db: &std::path::Path, n: usize) -> anyhow::Result<()> {
    use heibai::game::{Game, Player, SavedGame};
    let mut conn = rusqlite::Connection::open(db)?;
    let game = SavedGame::Reversi(Game::new(Player::Human, Player::Human)).to_text();
    let rows = conn.transaction()?;
    for i in 0..n {
        rows.execute(
            "INSERT OR REPLACE INTO tables VALUES \
             (?1, ?2, ?3, ?4, NULL, ?5, ?6, NULL, NULL, 0, 0)",
            rusqlite::params![
                format!("S{i:06}"),
                game,
                format!("b{i}"),
                format!("SHA256:b{i}"),
                format!("w{i}"),
                format!("SHA256:w{i}"),
            ],
        )?;
    }
    rows.commit()?;
    println!("{n} games written to {}", db.display());
    Ok(())
}

/// One player: connect, open a hot-seat game (or stay in the lobby), press keys until `end`,
/// measuring each answer.
async fn session(
    n: usize,
    port: u16,
    end: Instant,
    lobby: bool,
    ramp: &tokio::sync::Semaphore,
    ready: tokio::sync::mpsc::UnboundedSender<()>,
    results: &Mutex<Results>,
) -> anyhow::Result<()> {
    let permit = ramp.acquire().await?;
    let config = Arc::new(client::Config::default());
    let mut handle = client::connect(config, ("127.0.0.1", port), Client).await?;
    let auth = handle
        .authenticate_keyboard_interactive_start(format!("load{n}"), None)
        .await?;
    anyhow::ensure!(
        matches!(auth, KeyboardInteractiveAuthResponse::Success),
        "not let in: {auth:?}"
    );
    let mut channel = handle.channel_open_session().await?;
    channel
        .request_pty(false, "xterm-256color", 80, 24, 0, 0, &[])
        .await?;
    channel.request_shell(false).await?;
    drop(permit);
    let _ = ready.send(());
    drop(ready);
    // Waits for the answer to a key: the first bytes that arrive, then a moment's quiet.
    async fn answer(channel: &mut russh::Channel<client::Msg>) -> anyhow::Result<Duration> {
        let sent = Instant::now();
        let first = loop {
            match tokio::time::timeout(Duration::from_secs(10), channel.wait()).await {
                Ok(Some(ChannelMsg::Data { .. })) => break sent.elapsed(),
                Ok(Some(ChannelMsg::Eof | ChannelMsg::Close)) | Ok(None) => {
                    anyhow::bail!("the server closed the session")
                }
                Ok(Some(_)) => {}
                Err(_) => anyhow::bail!("no answer within 10 s"),
            }
        };
        while let Ok(Some(_)) =
            tokio::time::timeout(Duration::from_millis(30), channel.wait()).await
        {}
        Ok(first)
    }
    answer(&mut channel).await?; // the lobby
    let mut latencies = vec![];
    if lobby {
        // Four down the list and back up, a key a second (every key moves the selection, so
        // every key is answered with a frame).
        let mut step = 0;
        while Instant::now() < end {
            let key: &[u8] = if (step / 4) % 2 == 0 {
                b"\x1b[B"
            } else {
                b"\x1b[A"
            };
            step += 1;
            channel.data_bytes(key).await?;
            latencies.push(answer(&mut channel).await?);
            tokio::time::sleep(Duration::from_millis(900)).await;
        }
        results.lock().unwrap().latencies.extend(latencies);
        let _ = handle
            .disconnect(Disconnect::ByApplication, "done", "en")
            .await;
        return Ok(());
    }
    channel.data_bytes(&b"\r"[..]).await?; // Play the computer
    answer(&mut channel).await?;
    channel.data_bytes(&b"\r"[..]).await?; // Human vs Human
    answer(&mut channel).await?;
    let mut step = n; // sessions start at different points of the cycle
    while Instant::now() < end {
        // A cycle: three cursor moves, one move of the short game; after the game, takebacks.
        let cycle = step % 4;
        let turn = (step / 4) % (2 * GAME.len());
        let (key, after): (Vec<u8>, Duration) = if cycle < 3 {
            let arrow: &[u8] = if cycle == 1 { b"\x1b[D" } else { b"\x1b[C" };
            (arrow.to_vec(), Duration::from_millis(900))
        } else if turn < GAME.len() {
            // Wait out the highlight of the flipped discs before the next key is timed.
            (
                format!("{}\r", GAME[turn]).into_bytes(),
                Duration::from_millis(1500),
            )
        } else {
            (b"u".to_vec(), Duration::from_millis(900))
        };
        step += 1;
        channel.data_bytes(key).await?;
        latencies.push(answer(&mut channel).await?);
        tokio::time::sleep(after).await;
    }
    results.lock().unwrap().latencies.extend(latencies);
    let _ = handle
        .disconnect(Disconnect::ByApplication, "done", "en")
        .await;
    Ok(())
}
