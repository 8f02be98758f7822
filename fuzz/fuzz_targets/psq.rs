//! Gomocup PSQ files: any text reads or is refused, never a panic.
#![no_main]

use heibai::record::games::{from_psq, to_psq};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = from_psq(text) {
        let again = from_psq(&to_psq(&game)).expect("our own PSQ reads back");
        assert_eq!(again.record.moves(), game.record.moves());
    }
});
