//! GGF Othello games: any text reads or is refused, never a panic; what reads writes back.
#![no_main]

use heibai::record::ggf::{from_ggf, to_ggf};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = from_ggf(text) {
        let again = from_ggf(&to_ggf(&game)).expect("our own GGF reads back");
        assert_eq!(again.record.played(), game.record.played());
    }
});
