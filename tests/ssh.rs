//! End to end over SSH: `heibai serve` on a loopback port, the real OpenSSH client in a
//! pseudo-terminal, its screen read back through a terminal emulator.

mod pty;

use portable_pty::CommandBuilder;
use pty::{DOWN, ENTER, ESC, PATIENCE, Session, UP};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server in a folder of its own, on a port the system picks.
struct Server {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Server {
    fn start(dir: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_heibai"))
            .env("LANG", "C.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .arg("--data-dir")
            .arg(dir)
            // Never the settings of whoever runs the tests (their game, language, level).
            .arg("--config")
            .arg(dir.join("settings.toml"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting heibai serve");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let port = loop {
            let line = lines
                .next()
                .expect("the server said where it listens")
                .unwrap();
            if let Some(rest) = line.split("listening on 127.0.0.1:").nth(1) {
                break rest.split_whitespace().next().unwrap().parse().unwrap();
            }
        };
        // Keep reading, so that the server never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Server {
            child,
            port,
            dir: dir.to_path_buf(),
        }
    }

    /// Stops the server as a service manager would (SIGTERM) and waits for it.
    fn stop(mut self) {
        let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
        nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGTERM).unwrap();
        let start = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            assert!(start.elapsed() < PATIENCE, "the server did not stop");
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// The ssh command for `user`, with `key` or (without) as anyone.
    fn ssh_command(&self, user: &str, key: Option<&Path>) -> CommandBuilder {
        self.ssh_command_with(user, key, &[])
    }

    /// The ssh command for `user`, with these `-o` options too.
    fn ssh_command_with(&self, user: &str, key: Option<&Path>, extra: &[&str]) -> CommandBuilder {
        let mut cmd = CommandBuilder::new("ssh");
        cmd.args(["-F", "/dev/null", "-tt", "-e", "none", "-p"]);
        cmd.arg(self.port.to_string());
        for option in [
            "StrictHostKeyChecking=no",
            "UserKnownHostsFile=/dev/null",
            "LogLevel=ERROR",
            "IdentitiesOnly=yes",
            "IdentityAgent=none",
        ]
        .iter()
        .chain(extra)
        {
            cmd.args(["-o", option]);
        }
        match key {
            Some(key) => {
                cmd.arg("-i");
                cmd.arg(key);
                cmd.args(["-o", "PreferredAuthentications=publickey"]);
            }
            None => cmd.args(["-o", "PreferredAuthentications=keyboard-interactive"]),
        }
        cmd.arg(format!("{user}@127.0.0.1"));
        cmd
    }

    fn connect(&self, user: &str, key: Option<&Path>) -> Session {
        Session::spawn(self.ssh_command(user, key))
    }

    /// A client whose locale is `lang`, sent to the server as OpenSSH's `SendEnv` does.
    fn connect_in(&self, user: &str, lang: &str) -> Session {
        let mut cmd = self.ssh_command_with(user, None, &["SendEnv=LANG"]);
        cmd.env("LANG", lang);
        Session::spawn(cmd)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh Ed25519 key without a passphrase.
fn make_key(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&path)
        .status()
        .expect("ssh-keygen");
    assert!(status.success());
    path
}

/// From the lobby to the start menu of games against the computer.
fn menu(s: &mut Session) -> String {
    s.wait_for("the lobby", |t| t.contains("Play the computer"));
    s.send(ENTER);
    s.wait_for("the start menu", |t| t.contains("Human vs Human"))
}

#[test]
fn anyone_plays_the_computer_and_esc_never_loses_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--level", "2"]);
    let mut s = server.connect("alice", None);
    menu(&mut s);
    s.send(DOWN); // Human vs Computer: you play Black
    s.send(ENTER);
    let board = s.wait_for("the board", |t| t.contains("Move 1"));
    assert!(
        board.contains("Esc menu"),
        "the key line says where Esc goes: {board}"
    );
    s.send(UP); // d3
    s.send(ENTER);
    s.wait_for("the computer's reply", |t| t.contains("Move 3"));
    // Esc: back to the start menu, the game kept for this connection and offered.
    s.send(ESC);
    s.wait_for("the game kept", |t| {
        t.contains("Your game is kept while you are connected")
            && t.contains("Continue the saved Reversi game (move 3")
    });
    s.send(ENTER);
    s.wait_for("the game again", |t| {
        t.contains("Move 3") && t.contains("d3")
    });
    s.send(ESC);
    s.wait_for("the start menu", |t| t.contains("Continue the saved"));
    s.send(ESC);
    s.wait_for("the lobby, the game offered there too", |t| {
        t.contains("Play the computer") && t.contains("Continue the saved")
    });
    // Leaving the server would lose it: asked first; n stays.
    s.send(ESC);
    s.wait_for("the question", |t| t.contains("Leave the server?"));
    s.send("n");
    s.wait_for("still here", |t| !t.contains("Leave the server?"));
    s.send(ESC);
    s.wait_for("the question again", |t| t.contains("Leave the server?"));
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
    let screen = s.contents();
    assert!(
        screen.contains("Connect with an SSH key to have unfinished games kept"),
        "{screen}"
    );
}

#[test]
fn a_keyed_game_survives_a_dropped_connection_and_a_server_restart() {
    let dir = tempfile::tempdir().unwrap();
    let key = make_key(dir.path(), "id_bob");
    let server = Server::start(dir.path(), &["--level", "2"]);
    let mut s = server.connect("bob", Some(&key));
    menu(&mut s);
    s.send(DOWN);
    s.send(ENTER);
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    s.wait_for("the computer's reply", |t| t.contains("Move 3"));
    // The client dies without a word: its connection just closes.
    s.child.kill().unwrap();
    drop(s);
    // The server notices and keeps the game; then it is restarted.
    let saved = |dir: &Path| {
        std::fs::read_dir(dir.join("server/players"))
            .into_iter()
            .flatten()
            .flatten()
            .filter(|player| !player.file_name().to_string_lossy().starts_with('.'))
            .any(|player| {
                player
                    .path()
                    .join("games")
                    .read_dir()
                    .is_ok_and(|mut d| d.next().is_some())
            })
    };
    let start = Instant::now();
    while !saved(dir.path()) {
        assert!(start.elapsed() < PATIENCE, "the game was not saved");
        std::thread::sleep(Duration::from_millis(30));
    }
    let data = server.dir.clone();
    server.stop();
    let server = Server::start(&data, &["--level", "2"]);
    let mut s = server.connect("bob", Some(&key));
    s.wait_for("the offer to continue", |t| {
        t.contains("Continue the saved Reversi game (move 3")
    });
    s.send(ENTER);
    s.wait_for("the game as it was", |t| {
        t.contains("Move 3") && t.contains("d3")
    });
    // Esc to the start menu, Esc to the lobby, Esc: with a key nothing is lost, so no question.
    for _ in 0..3 {
        s.send(ESC);
    }
    assert!(s.wait_exit().success());
    assert!(
        s.contents().contains("Your game is saved"),
        "{}",
        s.contents()
    );
}

#[test]
fn no_shell_no_commands_no_forwarding() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut cmd = server.ssh_command("mallory", None);
    cmd.arg("cat /etc/passwd");
    let mut s = Session::spawn(cmd);
    let status = s.wait_exit();
    assert!(!status.success());
    assert!(
        s.contents().contains("exec request failed"),
        "{}",
        s.contents()
    );
    assert!(!s.contents().contains("root:"), "{}", s.contents());
    // A tunnel is refused; the connection itself is fine.
    let mut cmd = server.ssh_command("mallory", None);
    cmd.args([
        "-o",
        "ExitOnForwardFailure=yes",
        "-N",
        "-R",
        "0:127.0.0.1:22",
    ]);
    let mut s = Session::spawn(cmd);
    assert!(!s.wait_exit().success(), "{}", s.contents());
    assert!(
        s.contents().contains("forwarding failed"),
        "{}",
        s.contents()
    );
}

#[test]
fn bad_input_and_a_flood_leave_the_server_and_other_sessions_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &["--connections-per-minute", "20"]);
    let mut calm = server.connect("calm", None);
    menu(&mut calm);
    let mut wild = server.connect("wild", None);
    menu(&mut wild);
    // Windows far too big and far too small, then back.
    wild.resize(1000, 1000);
    wild.resize(1, 1);
    wild.resize(80, 24);
    wild.wait_for("the menu again", |t| t.contains("Human vs Human"));
    // Random bytes, Ctrl-C and all: the session may end, the server may not.
    let mut rng = heibai::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200 {
        let bytes: Vec<u8> = (0..16).map(|_| rng.next_u64() as u8).collect();
        let _ = wild.writer.write_all(&bytes);
    }
    // A flood of connections from this address: beyond the rate they are turned away at once.
    let start = Instant::now();
    for _ in 0..200 {
        if let Ok(stream) = std::net::TcpStream::connect(("127.0.0.1", server.port)) {
            drop(stream);
        }
    }
    assert!(start.elapsed() < PATIENCE);
    assert!(server.running());
    // The calm player's session goes on as before.
    calm.send(DOWN);
    calm.wait_for("the next entry picked", |t| {
        t.contains("▶  Human vs Computer")
    });
    calm.send(ESC); // the lobby
    calm.wait_for("the lobby", |t| t.contains("Join by code"));
    calm.send(ESC);
    assert!(calm.wait_exit().success());
    calm.assert_restored();
    // And the address is held back for now.
    let mut late = server.connect("late", None);
    assert!(!late.wait_exit().success());
}

/// The join code on the screen of a player waiting for an opponent.
fn join_code(s: &Session) -> String {
    let screen = s.wait_for("the join code", |t| {
        t.contains("Waiting for an opponent: code")
    });
    let at = screen.find("Waiting for an opponent: code ").unwrap();
    screen[at + 30..].chars().take(5).collect()
}

/// Creates an unrated Reversi game as Black from the lobby; returns its join code.
fn create_as_black(s: &mut Session) -> String {
    create(s, false)
}

/// Creates a Reversi game as Black from the lobby, rated if `rated` (the player has a key);
/// returns its join code.
fn create(s: &mut Session, rated: bool) -> String {
    s.wait_for("the lobby", |t| t.contains("A game with a person"));
    s.send(DOWN); // Game
    s.send(DOWN); // Rated
    if rated {
        s.send(RIGHT);
        s.wait_for("rated chosen", |t| t.contains("Rated: < yes >"));
    }
    s.send(DOWN); // Clock
    s.send(DOWN); // Play someone now
    s.send(DOWN); // Your colour
    s.send(RIGHT); // Black
    s.send(DOWN); // Create
    s.send(ENTER);
    join_code(s)
}

/// Joins the game with `code` from the lobby.
fn join(s: &mut Session, code: &str) {
    s.wait_for("the lobby", |t| t.contains("Join by code"));
    for _ in 0..7 {
        s.send(DOWN);
    }
    s.send(code);
    s.send(ENTER);
}

/// Jumps to `square` ("e6") and places a disc there.
fn play(s: &mut Session, square: &str) {
    s.send(square);
    s.send(ENTER);
}

const RIGHT: &str = "\x1b[C";

#[test]
fn two_people_play_a_whole_game_while_a_third_watches() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let alice_key = make_key(dir.path(), "id_alice");
    let mut alice = server.connect("alice", Some(&alice_key));
    let mut bob = server.connect("bob", None);
    let code = create_as_black(&mut alice);
    join(&mut bob, &code);
    bob.wait_for("the game", |t| t.contains("White: bob"));
    alice.wait_for("bob", |t| t.contains("White: bob"));
    let mut carol = server.connect("carol", None);
    join(&mut carol, &code); // a full table: carol watches
    carol.wait_for("the game watched", |t| t.contains("Watching game"));
    alice.wait_for("the watcher counted", |t| t.contains("1 watching"));
    // The shortest game there is: Black takes every disc in nine moves.
    let moves = ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"];
    for (n, square) in moves.iter().enumerate() {
        let (mover, other) = if n % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        play(mover, square);
        let next = format!("Move {}", n + 2);
        let over = n + 1 == moves.len();
        other.wait_for(&format!("{square} seen"), |t| {
            t.contains(&next) || (over && t.contains("Game over"))
        });
    }
    for s in [&alice, &bob, &carol] {
        s.wait_for("the end", |t| {
            t.contains("Game over: Black wins by 64, 64-0")
        });
    }
    // A watcher is offered only what a watcher can do.
    let watched = carol.wait_for("the watcher's keys", |t| t.contains("Esc lobby"));
    for players_only in ["resign", "save", "place"] {
        assert!(!watched.contains(players_only), "{players_only}: {watched}");
    }
    for s in [&mut alice, &mut bob, &mut carol] {
        s.send(ESC); // back to the lobby
        s.wait_for("the lobby", |t| t.contains("Join by code"));
        s.send(ESC);
        assert!(s.wait_exit().success());
        s.assert_restored();
    }
}

/// Two players with keys play a rated game while a third watches: all three see both new
/// ratings; then a rematch, asked by one and accepted by the other, seats them again with the
/// colours swapped, the watcher along.
#[test]
fn a_rated_game_shows_the_new_ratings_and_a_rematch_swaps_colours() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let alice_key = make_key(dir.path(), "id_alice");
    let bob_key = make_key(dir.path(), "id_bob");
    let mut alice = server.connect("alice", Some(&alice_key));
    let mut bob = server.connect("bob", Some(&bob_key));
    let code = create(&mut alice, true);
    join(&mut bob, &code);
    bob.wait_for("the rated game", |t| {
        t.contains("White 1500?") && t.contains("rated")
    });
    let mut carol = server.connect("carol", None);
    join(&mut carol, &code); // rated and full: carol watches
    carol.wait_for("the game watched", |t| t.contains("Watching game"));
    let moves = ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"];
    for (n, square) in moves.iter().enumerate() {
        let mover = if n % 2 == 0 { &mut alice } else { &mut bob };
        play(mover, square);
        let next = format!("Move {}", n + 2);
        let over = n + 1 == moves.len();
        for s in [&alice, &bob] {
            s.wait_for(&format!("{square} seen"), |t| {
                t.contains(&next) || (over && t.contains("Game over"))
            });
        }
    }
    for s in [&alice, &bob, &carol] {
        s.wait_for("the new ratings", |t| {
            t.contains("Black 1500? → 1662? (+162)") && t.contains("White 1500? → 1338? (-162)")
        });
    }
    bob.send(ENTER);
    alice.wait_for("the rematch asked", |t| t.contains("asks for a rematch"));
    alice.send(ENTER);
    for s in [&alice, &bob, &carol] {
        s.wait_for("the rematch", |t| {
            t.contains("Black: bob#") && t.contains("White 1662?") && t.contains("Move 1")
        });
    } // From the lobby, the leaderboard lists both (provisional), bob's own line first.
    bob.send(ESC);
    bob.wait_for("the lobby", |t| t.contains("Join by code"));
    bob.send(&DOWN.repeat(20));
    bob.send(UP);
    bob.send(UP);
    bob.send(ENTER);
    bob.wait_for("the leaderboard", |t| {
        t.contains("You: bob#") && t.contains("Provisional") && t.contains("alice#")
    });
}

/// Two players with keys press "Play someone now" (rated) from two terminals: the first waits,
/// listed for the other, and the second is paired with them at once.
#[test]
fn two_players_are_paired_by_play_someone_now() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let alice_key = make_key(dir.path(), "id_alice");
    let bob_key = make_key(dir.path(), "id_bob");
    let mut alice = server.connect("alice", Some(&alice_key));
    let mut bob = server.connect("bob", Some(&bob_key));
    for s in [&mut alice, &mut bob] {
        s.wait_for("the lobby", |t| t.contains("A game with a person"));
        s.send(DOWN); // Game
        s.send(DOWN); // Rated
        s.send(RIGHT);
        s.wait_for("rated chosen", |t| t.contains("Rated: < yes >"));
        s.send(DOWN); // Clock
        s.send(DOWN); // Play someone now
    }
    alice.send(ENTER);
    alice.wait_for("the wait", |t| {
        t.contains("Looking for an opponent (Enter or Esc stops)")
    });
    bob.wait_for("alice listed", |t| t.contains("wants Reversi · rated"));
    bob.send(ENTER);
    for s in [&alice, &bob] {
        s.wait_for("the game", |t| {
            t.contains("Black 1500?") && t.contains("White 1500?") && t.contains("rated")
        });
    }
}

#[test]
fn a_player_who_drops_out_comes_back_and_a_restart_keeps_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let alice_key = make_key(dir.path(), "id_alice");
    let bob_key = make_key(dir.path(), "id_bob");
    let mut alice = server.connect("alice", Some(&alice_key));
    let mut bob = server.connect("bob", Some(&bob_key));
    let code = create_as_black(&mut alice);
    join(&mut bob, &code);
    bob.wait_for("the game", |t| t.contains("White: bob"));
    play(&mut alice, "e6");
    bob.wait_for("e6 seen", |t| t.contains("Move 2"));
    // Bob's connection dies; alice is told, and bob's key takes him straight back.
    bob.child.kill().unwrap();
    drop(bob);
    // Keyed players' names carry the start of their key's fingerprint: "bob#k/eW".
    alice.wait_for("bob away", |t| t.contains("is away") && t.contains("bob#"));
    let mut bob = server.connect("bob", Some(&bob_key));
    bob.wait_for("the game again", |t| {
        t.contains("Move 2") && t.contains("Your move, White")
    });
    alice.wait_for("bob back", |t| !t.contains("is away"));
    // The server restarts: everyone is told, and the game is there afterwards.
    let data = server.dir.clone();
    server.stop();
    for s in [&mut alice, &mut bob] {
        s.wait_exit();
        assert!(s.contents().contains("shutting down"), "{}", s.contents());
    }
    let server = Server::start(&data, &[]);
    let alice = server.connect("alice", Some(&alice_key));
    alice.wait_for("the game after the restart", |t| {
        t.contains("Move 2") && t.contains("is away") && t.contains(&code)
    });
    let mut bob = server.connect("bob", Some(&bob_key));
    bob.wait_for("the game after the restart", |t| {
        t.contains("Your move, White")
    });
    play(&mut bob, "f4");
    alice.wait_for("f4 seen", |t| t.contains("Move 3"));
}

#[test]
fn the_win_may_be_claimed_once_the_grace_period_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--grace-seconds", "1"]);
    let mut alice = server.connect("alice", None);
    let mut bob = server.connect("bob", None);
    let code = create_as_black(&mut alice);
    join(&mut bob, &code);
    alice.wait_for("bob", |t| t.contains("White: bob"));
    // Bob leaves for the lobby (his seat is kept) and then the server altogether.
    bob.send(ESC);
    bob.wait_for("the lobby", |t| t.contains("your seat waits"));
    alice.wait_for("the claim offered", |t| t.contains("w: claim the win"));
    alice.send("w");
    alice.wait_for("the win", |t| {
        t.contains("GAME OVER: BLACK WINS, WHITE LEFT THE")
    });
    // After the game, Enter asks for a rematch, which needs the other player there.
    play(&mut alice, "e6");
    alice.wait_for("the refusal", |t| {
        t.contains("The other player has left: no rematch")
    });
}

#[test]
fn a_client_in_a_chinese_locale_gets_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut s = server.connect_in("mei", "zh_CN.UTF-8");
    s.wait_for("the lobby in Chinese", |t| t.contains("用代码加入"));
    for _ in 0..7 {
        s.send(DOWN);
    }
    s.send("ZZZZZ");
    s.send(ENTER);
    s.wait_for("the message in Chinese", |t| {
        t.contains("没有代码为 ZZZZZ 的棋局")
    });
    s.send(ESC);
    assert!(s.wait_exit().success());
    s.assert_restored();
    // Another client at the same time, without a locale, in the server's language.
    let other = server.connect("bob", None);
    other.wait_for("the lobby in English", |t| t.contains("Play the computer"));
}

#[test]
fn a_wrong_code_is_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut s = server.connect("dave", None);
    join(&mut s, "ZZZZZ");
    s.wait_for("the message", |t| {
        t.contains("There is no game with the code ZZZZZ")
    });
    s.wait_for("still the lobby", |t| t.contains("Join by code"));
}

#[test]
fn an_arrow_key_then_a_lone_esc_over_ssh() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut s = server.connect("erin", None);
    s.wait_for("the lobby", |t| t.contains("▶  Play the computer"));
    // A sequence split across packets is the decoder's to join (serve::input's tests, with the
    // time passed in): here the arrow goes whole, and the lone Esc after it is Esc.
    s.send(DOWN);
    s.wait_for("the next entry picked", |t| t.contains("▶  Game:"));
    // A lone Esc is Esc: it quits from the lobby.
    s.send(ESC);
    assert!(s.wait_exit().success());
}

#[test]
fn connections_without_a_session_hold_no_place_and_are_closed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--max-sessions", "1", "--login-seconds", "2"]);
    // `ssh -N`: logged in, but no session. It neither fills the server nor stays.
    let mut idle = Session::spawn(server.ssh_command_with("mallory", None, &["SessionType=none"]));
    let mut alice = server.connect("alice", None);
    alice.wait_for("the lobby", |t| t.contains("Play the computer"));
    let started = Instant::now();
    idle.wait_exit();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "closed at the login deadline"
    );
    // The one session's place is alice's: bob is told the server is full.
    let mut bob = server.connect("bob", None);
    bob.wait_for("the refusal", |t| t.contains("server is full"));
    assert!(!bob.wait_exit().success());
    alice.send(ESC);
    assert!(alice.wait_exit().success());
}

/// A scripted client (russh's), for what OpenSSH cannot be made to send.
struct Scripted;

impl russh::client::Handler for Scripted {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_flood_of_window_changes_from_a_client_that_never_reads_leaves_memory_flat() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let (pid, port) = (server.child.id(), server.port);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (before, after) = runtime.block_on(async move {
        let (_client, channel) = scripted_shell(port, "mallory", (400, 200)).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = rss_kib(pid);
        // Every change is a full 400×200 frame the client never reads. The server may stop
        // reading (its output is blocked on this client): the flood ends after 5 s anyway.
        let mut sent = 0u32;
        let flood = async {
            for i in 0..200_000u32 {
                let (width, height) = (400 - i % 2, 200 - i % 3);
                if channel.window_change(width, height, 0, 0).await.is_err() {
                    break;
                }
                sent += 1;
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(5), flood).await;
        eprintln!("{sent} window changes sent");
        // Far over the rate of channel requests a person's client sends: disconnected.
        assert!(sent < 200_000, "the flood went on: {sent} window changes");
        tokio::time::sleep(Duration::from_secs(1)).await;
        (before, rss_kib(pid))
    });
    eprintln!("server memory: {before} KiB before, {after} KiB after");
    // Before window changes were coalesced and rate-limited: 72 MB more after 10 s, and
    // growing.
    assert!(
        after < before + 16 * 1024,
        "the server grew from {before} KiB to {after} KiB"
    );
}

#[test]
fn a_connection_turned_away_is_told_why() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--connections-per-minute", "1"]);
    let first = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let mut second = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    second.set_read_timeout(Some(PATIENCE)).unwrap();
    let mut said = String::new();
    std::io::Read::read_to_string(&mut second, &mut said).unwrap();
    assert_eq!(
        said,
        "heibai: more than 1 new connection from this address in a minute; \
         try again in a minute\r\n"
    );
    drop(first);
}

#[test]
fn a_long_paste_is_cut_at_its_end_and_the_keys_after_it_work() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut s = server.connect("paster", None);
    s.wait_for("the lobby", |t| t.contains("Play the computer"));
    // 20,000 characters pasted (bracketed, as terminals do), then an arrow key.
    let paste = format!("\x1b[200~{}\x1b[201~", "x".repeat(20_000));
    s.writer.write_all(paste.as_bytes()).unwrap();
    let screen = s.wait_for("the paste cut", |t| t.contains("cut after 16 KiB"));
    assert!(!screen.contains("xxxx"), "{screen}");
    s.send(DOWN);
    s.wait_for("the arrow read", |t| t.contains("▶  Game"));
    s.send(ESC);
    assert!(s.wait_exit().success(), "Esc still quits from the lobby");
}

/// A scripted client logged in without a key, with a shell on a pty of `size`.
async fn scripted_shell(
    port: u16,
    user: &str,
    (width, height): (u32, u32),
) -> (
    russh::client::Handle<Scripted>,
    russh::Channel<russh::client::Msg>,
) {
    let config = std::sync::Arc::new(russh::client::Config::default());
    let mut client = russh::client::connect(config, ("127.0.0.1", port), Scripted)
        .await
        .unwrap();
    let auth = client
        .authenticate_keyboard_interactive_start(user, None)
        .await
        .unwrap();
    assert!(matches!(
        auth,
        russh::client::KeyboardInteractiveAuthResponse::Success
    ));
    let channel = client.channel_open_session().await.unwrap();
    channel
        .request_pty(false, "xterm-256color", width, height, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(false).await.unwrap();
    (client, channel)
}

/// Reads the channel until the screen has shown `what` (or the channel ends: false).
async fn read_until(channel: &mut russh::Channel<russh::client::Msg>, what: &str) -> bool {
    let mut seen = Vec::new();
    let read = async {
        while let Some(message) = channel.wait().await {
            if let russh::ChannelMsg::Data { data } = message {
                seen.extend_from_slice(&data);
                if String::from_utf8_lossy(&seen).contains(what) {
                    return true;
                }
            }
        }
        false
    };
    tokio::time::timeout(PATIENCE, read).await.unwrap_or(false)
}

/// Waits (at most `PATIENCE`) for the server to close `client`'s connection; how long it took.
async fn closed_within(client: &russh::client::Handle<Scripted>) -> Option<Duration> {
    let start = Instant::now();
    while !client.is_closed() {
        if start.elapsed() > PATIENCE {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Some(start.elapsed())
}

#[test]
fn a_place_is_held_by_a_session_not_a_connection() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &["--max-sessions", "1", "--login-seconds", "2"]);
    let port = server.port;
    let runtime = tokio::runtime::Runtime::new().unwrap();
    // A client closes its session's channel but keeps its connection up.
    let (client, closed) = runtime.block_on(async move {
        let (client, mut channel) = scripted_shell(port, "mallory", (80, 24)).await;
        assert!(read_until(&mut channel, "Play the computer").await);
        channel.close().await.unwrap();
        (client, Instant::now())
    });
    // Its place is free at once: the next player gets in.
    let mut alice = server.connect("alice", None);
    alice.wait_for("the lobby", |t| t.contains("Play the computer"));
    // And the bare connection is closed at the login deadline, however it keeps alive.
    let took = runtime.block_on(async { closed_within(&client).await });
    assert!(took.is_some(), "the connection without a session was kept");
    assert!(closed.elapsed() < Duration::from_secs(10));
    // A player who quits frees the place as well, with OpenSSH keeping its connection alive.
    alice.send("q");
    assert!(alice.wait_exit().success());
    let mut bob = Session::spawn(server.ssh_command_with(
        "bob",
        None,
        &["ServerAliveInterval=1", "ServerAliveCountMax=30"],
    ));
    bob.wait_for("the lobby", |t| t.contains("Play the computer"));
    bob.send("q");
    assert!(bob.wait_exit().success());
    let carol = server.connect("carol", None);
    carol.wait_for("the lobby", |t| t.contains("Play the computer"));
}

#[test]
fn a_second_server_on_the_same_database_refuses_to_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db = db.to_str().unwrap();
    let first = Server::start(&dir.path().join("a"), &["--db", db]);
    let second = Command::new(env!("CARGO_BIN_EXE_heibai"))
        .arg("--data-dir")
        .arg(dir.path().join("b"))
        .arg("--config")
        .arg(dir.path().join("b/settings.toml"))
        .args(["serve", "--listen", "127.0.0.1:0", "--db", db])
        .output()
        .unwrap();
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        said.contains("another heibai server is using the database"),
        "{said}"
    );
    assert!(!String::from_utf8_lossy(&second.stdout).contains("listening"));
    // Once the first has stopped, a server may use it.
    first.stop();
    let mut again = Server::start(&dir.path().join("b"), &["--db", db]);
    assert!(again.running());
}

#[test]
fn a_key_flood_is_cut_off_and_others_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &[]);
    let port = server.port;
    let mut calm = server.connect("calm", None);
    calm.wait_for("the lobby", |t| t.contains("Play the computer"));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (flooded_for, took) = runtime.block_on(async move {
        let (client, mut channel) = scripted_shell(port, "flood", (80, 24)).await;
        assert!(read_until(&mut channel, "Play the computer").await);
        // The screen is read all along, as a terminal would (a client that stops reading
        // stalls its own connection before it floods anything).
        let (mut reading, writing) = channel.split();
        tokio::spawn(async move { while reading.wait().await.is_some() {} });
        let start = Instant::now();
        // Arrow keys as fast as the connection takes them, for at most 15 s.
        let keys = DOWN.repeat(300);
        while start.elapsed() < Duration::from_secs(15) && !client.is_closed() {
            // A write waiting for room in the window is given up now and then to look at
            // the connection (russh does not wake it when the server disconnects).
            let sent =
                tokio::time::timeout(Duration::from_millis(200), writing.data(keys.as_bytes()));
            if let Ok(Err(_)) = sent.await {
                break;
            }
        }
        (start.elapsed(), closed_within(&client).await)
    });
    assert!(took.is_some(), "the flooding client was not disconnected");
    assert!(
        flooded_for < Duration::from_secs(10),
        "disconnected after {flooded_for:?}"
    );
    assert!(server.running());
    calm.send(DOWN);
    calm.wait_for("the next entry picked", |t| t.contains("▶  Game"));
}

#[test]
fn a_player_who_steps_out_goes_back_to_their_own_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let mut alice = server.connect("alice", None);
    let mut bob = server.connect("bob", None);
    let code = create_as_black(&mut alice);
    join(&mut bob, &code);
    bob.wait_for("the game", |t| t.contains("White: bob"));
    play(&mut alice, "e6");
    bob.wait_for("e6 seen", |t| t.contains("Move 2"));
    // Bob, without a key, steps out: told how to come back, his game listed as his.
    bob.send(ESC);
    let lobby = bob.wait_for("the lobby", |t| t.contains("Your games"));
    assert!(
        lobby.contains("your seat waits under Your games (Enter)"),
        "{lobby}"
    );
    assert!(!lobby.contains("Games being played"), "{lobby}");
    // Down to it (the first table listed) and Enter: his seat, not a watcher's view.
    let entries = lobby
        .lines()
        .filter(|l| l.trim_start().starts_with(&code))
        .count();
    assert_eq!(entries, 1, "{lobby}");
    for _ in 0..8 {
        bob.send(DOWN);
    }
    bob.wait_for("the table chosen", |t| t.contains(&format!("▶  {code}")));
    bob.send(ENTER);
    bob.wait_for("his seat", |t| t.contains("Your move, White"));
    play(&mut bob, "f4");
    alice.wait_for("f4 seen", |t| t.contains("Move 3"));
}
