//! `heibai pbrain`, driven as a Gomocup manager drives it: one command per line on stdin.

use std::io::Write;
use std::process::{Command, Stdio};

/// A settings file that is never written: never the settings of whoever runs the tests (their
/// language or level would change what is printed), on every platform.
const NO_SETTINGS: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/no-settings.toml");

/// Runs a session with `input` and returns every line it printed but the MESSAGE lines (what
/// the search reached, for the manager's log).
fn session(input: &str) -> Vec<String> {
    session_with_messages(input)
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect()
}

/// Runs a session with `input` and returns every line it printed.
fn session_with_messages(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_heibai"))
        .args(["--config", NO_SETTINGS])
        .arg("pbrain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running heibai pbrain");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn xy(line: &str) -> (u8, u8) {
    let (x, y) = line
        .split_once(',')
        .unwrap_or_else(|| panic!("not x,y: {line}"));
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn start_begin_turn_end() {
    let out = session("START 15\nINFO timeout_turn 500\nBEGIN\nTURN 8,8\nEND\n");
    assert_eq!(out[0], "OK");
    assert_eq!(out[1], "7,7", "the first stone goes in the centre");
    let reply = xy(&out[2]);
    assert_ne!(reply, (7, 7));
    assert_ne!(reply, (8, 8));
    assert_eq!(out.len(), 3);
}

#[test]
fn a_searched_move_comes_after_a_message_saying_how_deep() {
    let out = session_with_messages("START 15\nINFO timeout_turn 300\nBEGIN\nTURN 8,8\nEND\n");
    assert_eq!(out[..2], ["OK", "7,7"]);
    assert!(out[2].starts_with("MESSAGE depth "), "{out:?}");
    xy(&out[3]);
}

#[test]
fn board_then_done_asks_for_a_move_and_it_takes_the_win() {
    // Ours (1): a row of four at y=7 from x=3 to x=6; theirs (2): four stones elsewhere.
    let input = "START 15\nINFO timeout_turn 1000\nBOARD\n3,7,1\n0,0,2\n4,7,1\n0,2,2\n5,7,1\n\
                 0,4,2\n6,7,1\n0,6,2\nDONE\nEND\n";
    let out = session(input);
    assert_eq!(out[0], "OK");
    assert!(out[1] == "7,7" || out[1] == "2,7", "makes five: {}", out[1]);
}

#[test]
fn it_blocks_a_four() {
    // Theirs: x=3..6 on y=0, open at x=2 and x=7 is ours already, so 2,0 must be blocked.
    let input = "START 15\nINFO timeout_turn 1000\nBOARD\n7,0,1\n3,0,2\n7,7,1\n4,0,2\n\
                 9,9,1\n5,0,2\n6,0,2\nDONE\nEND\n";
    let out = session(input);
    assert_eq!(out[1], "2,0");
}

#[test]
fn renju_rule_and_takeback_and_restart() {
    let input = "START 15\nINFO rule 4\nINFO timeout_turn 300\nBEGIN\nTAKEBACK 7,7\n\
                 TAKEBACK 7,7\nRESTART\nABOUT\nEND\n";
    let out = session(input);
    assert_eq!(out[0], "OK");
    assert_eq!(out[1], "7,7");
    assert_eq!(out[2], "OK");
    assert!(out[3].starts_with("ERROR"), "{}", out[3]);
    assert_eq!(out[4], "OK");
    assert!(out[5].starts_with("name=\"heibai\""), "{}", out[5]);
}

#[test]
fn bad_input_gets_an_error_line_and_the_session_goes_on() {
    let input = "TURN 1,1\nSTART 1000\nSTART x\nSTART 20\nTURN 20,3\nTURN 3\nFROB\n\
                 TURN 10,10\nEND\n";
    let out = session(input);
    assert!(out[0].starts_with("ERROR"), "TURN before START: {}", out[0]);
    assert!(out[1].starts_with("ERROR"), "{}", out[1]);
    assert!(out[2].starts_with("ERROR"), "{}", out[2]);
    assert_eq!(out[3], "OK", "20x20, the Gomocup freestyle size");
    assert!(out[4].starts_with("ERROR"), "off the board: {}", out[4]);
    assert!(out[5].starts_with("ERROR"), "{}", out[5]);
    assert!(out[6].starts_with("UNKNOWN"), "{}", out[6]);
    let (x, y) = xy(&out[7]);
    assert!(x < 20 && y < 20);
}

#[test]
fn swap2_places_three_stones_then_swaps_or_plays_white() {
    let out = session("START 15\nSWAP2BOARD\nDONE\nEND\n");
    let three: Vec<(u8, u8)> = out[1].split(' ').map(xy).collect();
    assert_eq!(three.len(), 3, "{}", out[1]);
    assert_eq!(three[0], (7, 7), "Black's first stone in the centre");
    assert!(three[1] != three[2] && three[2] != three[0]);
    assert!(
        three
            .iter()
            .all(|&(x, y)| x.abs_diff(7) <= 3 && y.abs_diff(7) <= 3)
    );
    // Black's two stones side by side next to White's: Black is better, take Black.
    let out = session("START 15\nSWAP2BOARD\n7,7\n7,6\n8,6\nDONE\nEND\n");
    assert_eq!(out[1], "SWAP");
    // Black's second stone thrown away in a corner: play White's move.
    let out = session("START 15\nSWAP2BOARD\n7,7\n7,6\n0,14\nDONE\nEND\n");
    let (x, y) = xy(&out[1]);
    assert!(![(7, 7), (7, 6), (0, 14)].contains(&(x, y)));
    // Five stones: White to move again, one answer or the other.
    let out = session("START 15\nSWAP2BOARD\n7,7\n7,6\n0,14\n6,6\n14,0\nDONE\nEND\n");
    assert!(out[1] == "SWAP" || out[1].contains(','), "{}", out[1]);
}

#[test]
fn as_white_in_renju_an_overline_wins() {
    // Ours: 1-3 and 5-6 on y=7, so 4,7 makes six in a row, which wins for White (and would
    // be forbidden for Black). Theirs: one stone more, so we are White.
    let input = "START 15\nINFO rule 4\nINFO timeout_turn 1000\nBOARD\n1,7,1\n0,0,2\n2,7,1\n\
                 2,0,2\n3,7,1\n4,0,2\n5,7,1\n6,0,2\n6,7,1\n14,14,2\n10,10,2\nDONE\nEND\n";
    let out = session(input);
    assert_eq!(out[1], "4,7");
}
