//! heibai's saved-game text: any text reads or is refused, never a panic; what reads is written
//! and read back the same.
#![no_main]

use heibai::game::SavedGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(game) = SavedGame::from_text(text) {
        assert_eq!(SavedGame::from_text(&game.to_text()), Ok(game));
    }
});
