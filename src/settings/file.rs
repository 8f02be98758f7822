//! The settings file: reading it over the defaults, and what can be wrong with it, as data
//! (the App and the command line word it).

use super::Settings;
use crate::store::{LoadError, MAX_OWN_BYTES, read_file};
use std::path::Path;

/// What is wrong with one line or key of the settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// This line (from 1) is not `key = value`.
    Line(usize),
    /// The key of this name has a bad value, or is unknown.
    Key(String, Expected),
}

/// What a key of the settings file wanted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Text,
    Flag,
    Number,
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// A number in this range.
    Range(u8, u8),
    /// A time control; the text was not one.
    Clock(String),
    /// Not a key heibai knows.
    Known,
}

/// What was wrong with a settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// It could not be read, for this reason.
    Unreadable(LoadError),
    TooLarge,
    /// Some of its lines or keys.
    Problems(Vec<Problem>),
}

/// Reads the settings file over `base` (the defaults, in the locale's language): missing is
/// `base`; what is wrong with it comes back too.
pub fn load(path: &Path, base: Settings) -> (Settings, Option<Trouble>) {
    let text = match read_file(path, MAX_OWN_BYTES) {
        Err(LoadError::Missing) => return (base, None),
        Err(LoadError::TooLarge(_)) => return (base, Some(Trouble::TooLarge)),
        Err(e) => return (base, Some(Trouble::Unreadable(e))),
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
    };
    let (settings, problems) = Settings::from_toml(&text, base);
    let trouble = (!problems.is_empty()).then_some(Trouble::Problems(problems));
    (settings, trouble)
}
