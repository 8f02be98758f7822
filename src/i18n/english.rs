//! The English words of the errors the lower layers report as data: their `Display`, which is
//! what the command line prints and what a developer reads. Here, and not beside the types,
//! so that the rules and the file formats know nothing of the language layer, and each
//! English sentence has one home (en.rs).

use super::Lang;
use crate::game::{Flaw, SaveError};
use crate::gomoku::{self, Forbidden};
use crate::record::sgf::SgfError;
use crate::reversi::{self, PositionError};
use crate::store::LoadError;
use std::fmt;

impl fmt::Display for reversi::MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().reversi_refused(*self))
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().position_error(self))
    }
}

impl fmt::Display for gomoku::MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().gomoku_refused(*self))
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Lang::En.text().forbidden(*self))
    }
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().flaw(self))
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().save_error(self))
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().sgf_error(self))
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Lang::En.text().load_error(self))
    }
}
