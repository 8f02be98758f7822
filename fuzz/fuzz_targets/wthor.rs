//! WTHOR `.wtb` databases: any bytes read or are refused, never a panic; what reads writes back.
#![no_main]

use heibai::record::wthor::{Names, read_names, read_wtb, write_wtb};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let _ = read_names(bytes, 20);
    if let Ok(wtb) = read_wtb(bytes) {
        assert_eq!(read_wtb(&write_wtb(&wtb)).expect("our own file reads back"), wtb);
        for game in &wtb.games {
            let _ = game.to_game(wtb.year, &Names::default());
        }
    }
});
