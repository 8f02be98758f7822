//! SGF: any text either reads as a game or gets an error, never a panic; what reads is written
//! and read back the same.
#![no_main]

use heibai::record::games::{from_sgf, to_sgf};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = from_sgf(text) {
        let again = from_sgf(&to_sgf(&game, None)).expect("our own SGF reads back");
        assert_eq!(again, game);
    }
});
