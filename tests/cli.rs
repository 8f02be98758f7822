//! The command-line tools, run as a user would run them.

use std::process::{Command, Output};

/// A settings file that is never written: never the settings of whoever runs the tests (their
/// language or level would change what is printed), on every platform.
const NO_SETTINGS: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-settings.toml");

fn heibai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_heibai"))
        .args(["--config", NO_SETTINGS])
        .args(args)
        .output()
        .expect("running heibai")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_the_count() {
    let o = heibai(&["perft", "6"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).starts_with("perft(6) = 8200 leaves"),
        "{}",
        stdout(&o)
    );
}

/// `--cpu` runs the engines with a lower level of instructions, the same answers; a level the
/// processor lacks, or no level at all, is one clear line.
#[test]
fn the_processor_level_can_be_lowered() {
    for level in heibai::cpu::Level::ALL {
        let o = heibai(&["perft", "6", "--cpu", level.name()]);
        if level.available() {
            assert!(stdout(&o).starts_with("perft(6) = 8200 leaves"), "{o:?}");
        } else {
            assert_eq!(o.status.code(), Some(1));
            assert!(stderr(&o).contains("lacks the"), "{}", stderr(&o));
        }
    }
    let o = heibai(&["perft", "6", "--cpu", "pentium"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("baseline, x86-64-v3 or x86-64-v4"));
}

#[test]
fn solve_checks_an_obf_file_and_speaks_json() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fforum-1-19.obf");
    let o = heibai(&["solve", file, "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("all 19 scores match the file"),
        "{}",
        stdout(&o)
    );
    let first = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let o = heibai(&["solve", &first, "--json"]);
    let json = stdout(&o);
    assert!(json.starts_with("{\"position\": \"--XXXXX--"), "{json}");
    assert!(
        json.contains("\"best_move\": \"g8\", \"score\": 18"),
        "{json}"
    );
    assert!(json.contains("\"matches\": true"), "{json}");
}

#[test]
fn analyze_gives_a_move_a_score_and_a_line() {
    let o = heibai(&[
        "analyze",
        "---------------------------OX------XO--------------------------- X",
        "--depth",
        "6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("best "), "{out}");
    assert!(
        ["d3", "c4", "f5", "e6"]
            .iter()
            .any(|m| last.contains(&format!("best {m}"))),
        "{out}"
    );
    assert!(last.contains("pv "), "{out}");
}

#[test]
fn a_gomoku_opening_that_is_not_one_is_refused_before_anything_starts() {
    let o = heibai(&["gomoku", "--opening", "14D"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1D-13D or 1I-13I"), "{}", stderr(&o));
    let o = heibai(&["gomoku", "--opening", "4D", "--free-opening"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn bad_input_is_one_clear_line_and_exit_status_one() {
    for args in [
        &["solve", "/nonexistent/file.obf"][..],
        &["analyze", "garbage"],
        &["gomoku", "forbidden", "--moves", "h8 h8"],
        &["gomoku", "forbidden", "--black", "z99"],
    ] {
        let o = heibai(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.starts_with("heibai: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn gomoku_forbidden_lists_points_or_none() {
    let o = heibai(&[
        "gomoku",
        "forbidden",
        "--black",
        "f8 g8 h6 h7",
        "--white",
        "a1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).lines().any(|l| l == "h8 double-three"),
        "{}",
        stdout(&o)
    );
    let o = heibai(&["gomoku", "forbidden", "--moves", "h8 h9"]);
    assert_eq!(stdout(&o), "none\n");
    // The five clause: g8's column g6-g9 is no three, as its straight-four point g7 makes five.
    let o = heibai(&[
        "gomoku",
        "forbidden",
        "--black",
        "f6 i9 h9 j9 j10 i8 g9 h8 g6",
        "--white",
        "j6 f10 f9 j7",
    ]);
    assert_eq!(stdout(&o), "none\n");
    let o = heibai(&["gomoku", "forbidden", "--moves", "h8"]);
    assert!(stderr(&o).contains("Black is to move"), "{}", stderr(&o));
}

#[test]
fn gtp_over_stdin() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_heibai"))
        .args(["--config", NO_SETTINGS])
        .args(["gtp", "--threads", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"name\nlevel 2\nplay black d3\ngenmove white\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("= heibai\n\n=\n\n=\n\n= "), "{text}");
    assert!(text.ends_with("=\n\n"), "{text}");
}

/// Runs `heibai ARGS` with `input` on its standard input; its exit status and output.
fn with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_heibai"))
        .args(["--config", NO_SETTINGS])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread: the program answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn protocols_answer_bad_bytes_long_lines_and_non_numbers_and_go_on() {
    let mut long = vec![b'x'; 4 << 20];
    long.push(b'\n');
    for (args, bad, then) in [
        (&["gtp", "--threads", "1"][..], "?", "name\nquit\n"),
        (
            &["nboard", "--threads", "1"][..],
            "status",
            "ping 1\nquit\n",
        ),
        (&["pbrain"][..], "ERROR", "ABOUT\nEND\n"),
    ] {
        let mut input = b"# caf\xe9 in a comment\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(then.as_bytes());
        let o = with_stdin(args, &input);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let text = stdout(&o);
        let answers: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
        assert!(answers.len() >= 3, "{args:?}: {text}");
        assert!(answers[0].starts_with(bad), "{args:?}: {text}");
        assert!(answers[0].contains("not UTF-8"), "{args:?}: {text}");
        assert!(
            answers[1].starts_with(bad) && answers[1].contains("longer"),
            "{text}"
        );
        assert!(
            !answers[2].starts_with(bad),
            "{args:?}: the session went on: {text}"
        );
    }
    let o = with_stdin(
        &["gtp", "--threads", "1"],
        b"komi nan\nkomi 6.5\ntime_settings inf 0 0\nquit\n",
    );
    let text = stdout(&o);
    assert!(
        text.starts_with("? 'nan' is not a number\n\n=\n\n? 'inf'"),
        "{text}"
    );
}

#[test]
fn pbrain_refuses_a_board_it_cannot_play_on() {
    // A 5x5 board given whole: no move to make, so an error, never a point off the board.
    let full: String = (0..25)
        .map(|i| format!("{},{},{}\n", i % 5, i / 5, 1 + (i + i / 5) % 2))
        .collect();
    for (board, why) in [
        (full.as_str(), "no empty point"),
        ("1,1,1\n2,2,2\n1,1,2\n", "given twice"),
        ("1,1,1\n7,0,2\n", "not x,y"),
    ] {
        let input = format!("START 5\nBOARD\n{board}DONE\nBOARD\n0,0,1\nDONE\nEND\n");
        let o = with_stdin(&["pbrain"], input.as_bytes());
        let text = stdout(&o);
        // What the search reached comes as a MESSAGE line before each move.
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
        assert_eq!(lines[0], "OK");
        assert!(
            lines[1].starts_with("ERROR") && lines[1].contains(why),
            "{text}"
        );
        // The next board is played as usual.
        let (x, y) = lines[2].split_once(',').expect("a move");
        assert!(
            x.parse::<u8>().unwrap() < 5 && y.parse::<u8>().unwrap() < 5,
            "{text}"
        );
    }
}

#[test]
fn gomoku_refuses_a_bad_size_or_rule_before_touching_the_terminal() {
    let o = heibai(&["gomoku", "--size", "17"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("15 or 19"), "{}", stderr(&o));
    let o = heibai(&["gomoku", "--rule", "caro"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("freestyle"), "{}", stderr(&o));
}

#[test]
fn export_and_import_between_formats() {
    let dir = tempfile::tempdir().unwrap();
    let transcript = dir.path().join("game.txt");
    std::fs::write(&transcript, "f5d6c3d3c4\n").unwrap();
    let o = heibai(&["export", transcript.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let sgf = stdout(&o);
    assert!(sgf.starts_with("(;FF[4]") && sgf.contains("GM[2]"), "{sgf}");
    let sgf_file = dir.path().join("game.sgf");
    std::fs::write(&sgf_file, &sgf).unwrap();
    let o = heibai(&["export", sgf_file.to_str().unwrap(), "--to", "transcript"]);
    assert_eq!(stdout(&o), "f5d6c3d3c4\n");
    let o = heibai(&["export", sgf_file.to_str().unwrap(), "--to", "psq"]);
    assert!(
        stderr(&o).contains("PSQ files are for Gomoku"),
        "{}",
        stderr(&o)
    );
    let psq = dir.path().join("game.psq");
    std::fs::write(&psq, "Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9,0\n-1\n").unwrap();
    let o = heibai(&["export", psq.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("GM[4]") && stdout(&o).contains(";W[ii]"),
        "{}",
        stdout(&o)
    );
    let position = dir.path().join("position.obf");
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18";
    std::fs::write(&position, line).unwrap();
    let o = heibai(&["export", position.to_str().unwrap()]);
    assert!(
        stdout(&o).contains("AB[") && stdout(&o).contains("PL[B]"),
        "{}",
        stdout(&o)
    );

    let data = dir.path().join("data");
    let import = |extra: &[&str]| {
        let mut args = vec!["--data-dir", data.to_str().unwrap(), "import"];
        args.push(sgf_file.to_str().unwrap());
        args.extend(extra);
        heibai(&args)
    };
    let o = import(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("choose Continue"), "{}", stdout(&o));
    let saved = std::fs::read_to_string(data.join("games/game.heibai")).unwrap();
    assert!(saved.contains("moves f5 d6 c3 d3 c4"), "{saved}");
    // The same game again is not kept twice.
    let o = import(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("already"), "{}", stdout(&o));
    assert_eq!(std::fs::read_dir(data.join("games")).unwrap().count(), 1);

    // A finished game goes to the saved games, to be replayed; another game from a file of the
    // same name keeps the first.
    let args = ["--data-dir", data.to_str().unwrap(), "import"];
    for (moves, name) in [
        ("e6f4e3f6g5d6e7f5c5", "wipeout"),
        ("f5f6e6f4", "wipeout (2)"),
    ] {
        let file = dir.path().join("wipeout.txt");
        std::fs::write(&file, moves).unwrap();
        let o = heibai(&[&args[..], &[file.to_str().unwrap()]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains(&format!("as \"{name}\"")),
            "{}",
            stdout(&o)
        );
        assert!(data.join(format!("games/{name}.heibai")).exists());
    }
}

#[test]
fn bad_record_files_get_one_clear_line_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let cases: [(&str, &[u8], &str); 6] = [
        ("size.sgf", b"(;GM[2]SZ[10];B[fe])", "size 10"),
        (
            "illegal.sgf",
            b"(;GM[4];B[hh];W[hh])",
            "move 2 (h8) is illegal",
        ),
        ("go.sgf", b"(;GM[1]SZ[19];B[pd])", "GM[1]"),
        ("binary.sgf", &[0xff, 0xfe, 0x00, 0x01], "not UTF-8"),
        ("truncated.sgf", b"(;GM[2];B[fe];W[d", "']' missing"),
        ("words.txt", b"hello there", "not a heibai saved game"),
    ];
    for (name, bytes, want) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        for args in [
            vec!["export", path.to_str().unwrap()],
            vec![
                "--data-dir",
                data.to_str().unwrap(),
                "import",
                path.to_str().unwrap(),
            ],
        ] {
            let o = heibai(&args);
            assert!(!o.status.success(), "{name}");
            let err = stderr(&o);
            assert!(err.contains(want) && err.contains(name), "{name}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    let missing = dir.path().join("missing.sgf");
    let err = stderr(&heibai(&["export", missing.to_str().unwrap()]));
    assert!(
        err.contains("cannot read") && err.contains("missing.sgf"),
        "{err}"
    );
    let parens = dir.path().join("parens.sgf");
    std::fs::write(&parens, "(".repeat(20 << 20)).unwrap();
    let err = stderr(&heibai(&["export", parens.to_str().unwrap()]));
    assert!(err.contains("too large"), "{err}");
    assert!(!data.exists(), "nothing was written");
}

#[test]
fn game_files_must_be_files() {
    // A device that never ends is refused at once, not read until memory runs out.
    for command in ["export", "import", "replay"] {
        let o = heibai(&[command, "/dev/zero"]);
        assert!(!o.status.success(), "{command}");
        assert!(
            stderr(&o).contains("cannot read /dev/zero: not a file"),
            "{command}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn errors_quote_files_in_short_safe_excerpts() {
    let dir = tempfile::tempdir().unwrap();
    // A secret of many lines, and escape sequences that would clear the screen.
    let secret = format!("password: hunter2\n{}", "more secrets\n".repeat(500));
    let hostile = format!("(;GM[2];B[\u{1b}[2J{}])", "q".repeat(5000));
    for (name, text) in [("secret", secret), ("hostile.sgf", hostile)] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        for command in ["export", "import"] {
            let o = heibai(&[command, path.to_str().unwrap()]);
            assert!(!o.status.success());
            let said = stderr(&o);
            assert!(!said.contains('\u{1b}'), "{said}");
            assert!(said.len() < 400, "{} bytes: {said}", said.len());
            assert!(!said.contains("more secrets\nmore"), "{said}");
        }
    }
}

/// Completions for every shell clap knows, and a manual page with a section for every command,
/// are made from the one command-line definition.
#[test]
fn completions_and_the_man_page() {
    let commands = [
        "reversi",
        "perft",
        "solve",
        "analyze",
        "gtp",
        "nboard",
        "gomoku",
        "export",
        "replay",
        "import",
        "pbrain",
        "serve",
        "bench",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = heibai(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        for command in commands {
            assert!(script.contains(command), "{shell} lacks {command}");
        }
    }
    let bad = heibai(&["completions", "tcsh"]);
    assert!(!bad.status.success());
    assert!(
        stderr(&bad).contains("invalid value 'tcsh'"),
        "{}",
        stderr(&bad)
    );
    let out = heibai(&["man"]);
    assert!(out.status.success());
    let page = stdout(&out);
    assert!(page.starts_with(".ie"), "{page}");
    for command in commands {
        let heading = format!(".SH \"HEIBAI {}\"", command.to_uppercase());
        assert!(page.contains(&heading), "no {heading}");
    }
    assert!(
        page.contains("\\fB\\-\\-black\\fR \\fI<BLACK>\\fR"),
        "{page}"
    );
}

/// `export --to ggf` writes the Othello servers' format, which `export` reads back.
#[test]
fn export_to_ggf_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let transcript = dir.path().join("game.txt");
    std::fs::write(&transcript, "f5d6c3d3c4").unwrap();
    let out = heibai(&["export", transcript.to_str().unwrap(), "--to", "ggf"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ggf = stdout(&out);
    assert!(ggf.starts_with("(;GM[Othello]"), "{ggf}");
    assert!(ggf.contains("B[f5]W[d6]B[c3]W[d3]B[c4];)"), "{ggf}");
    let file = dir.path().join("game.ggf");
    std::fs::write(&file, &ggf).unwrap();
    let back = heibai(&["export", file.to_str().unwrap(), "--to", "transcript"]);
    assert_eq!(stdout(&back).trim(), "f5d6c3d3c4");
}

/// A WTHOR database lists its games with the players' and tournaments' names from the files
/// beside it; `--game` beyond its games is refused, as is a damaged file.
#[test]
fn a_wthor_file_lists_its_games() {
    use heibai::record::wthor::{Wtb, WthorGame, write_wtb};
    let dir = tempfile::tempdir().unwrap();
    let game = |black, white, moves: &str| WthorGame {
        tournament: 1,
        black,
        white,
        black_discs: 40,
        theoretical: 38,
        moves: moves
            .as_bytes()
            .chunks(2)
            .map(|p| std::str::from_utf8(p).unwrap().parse().unwrap())
            .collect(),
    };
    let wtb = Wtb {
        year: 1977,
        games: vec![game(0, 1, "f5d6c3"), game(1, 0, "f5f6")],
    };
    let file = dir.path().join("WTH_1977.wtb");
    std::fs::write(&file, write_wtb(&wtb)).unwrap();
    let names = |names: &[&str], record: usize| {
        let mut out = vec![0u8; 16];
        for n in names {
            let mut r = n.as_bytes().to_vec();
            r.resize(record, 0);
            out.extend(r);
        }
        out
    };
    std::fs::write(
        dir.path().join("WTHOR.JOU"),
        names(&["Tamenori", "Ralle"], 20),
    )
    .unwrap();
    std::fs::write(dir.path().join("wthor.trn"), names(&["", "Paris"], 26)).unwrap();
    let out = heibai(&["replay", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = stdout(&out);
    assert!(list.contains("2 games of 1977"), "{list}");
    assert!(list.contains("1  Tamenori 40-24 Ralle  (Paris)"), "{list}");
    assert!(list.contains("2  Ralle 40-24 Tamenori  (Paris)"), "{list}");
    let out = heibai(&["replay", file.to_str().unwrap(), "--game", "3"]);
    assert!(
        stderr(&out).contains("has games 1 to 2; there is no game 3"),
        "{}",
        stderr(&out)
    );
    std::fs::write(&file, b"not a database").unwrap();
    let out = heibai(&["replay", file.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("not a WTHOR .wtb file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_server_exports_its_games_and_resets_a_pool() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let out = dir.path().join("games.sgf");
    let o = heibai(&[
        "--data-dir",
        data,
        "serve",
        "--export-games",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("0 finished games written"),
        "{}",
        stdout(&o)
    );
    let o = heibai(&["--data-dir", data, "serve", "--reset-ratings", "renju-15"]);
    assert!(
        stdout(&o).contains("0 ratings of renju-15 reset"),
        "{}",
        stdout(&o)
    );
    let o = heibai(&["--data-dir", data, "serve", "--reset-ratings", "chess"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no such game: chess"), "{}", stderr(&o));
}
