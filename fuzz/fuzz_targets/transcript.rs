//! Othello transcripts and position lines: any text reads or is refused, never a panic.
#![no_main]

use heibai::record::games::{from_position_line, from_transcript, transcript};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = from_transcript(text) {
        let moves = transcript(&game);
        assert_eq!(from_transcript(&moves).map(|g| transcript(&g)), Ok(moves));
    }
    let _ = from_position_line(text);
});
