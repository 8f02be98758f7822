//! The English words of the errors the lower layers report as data: their `Display`, which is
//! what the command line prints and what a developer reads. Here, and not beside the types,
//! so that the rules and the file formats know nothing of the language layer, and each
//! English sentence has one home (en.rs).

use super::Lang;
use crate::game::SgfError;
use crate::game::{Flaw, SaveError};
use crate::gomoku::{self, Forbidden};
use crate::reversi::{self, PositionError};
use crate::store::LoadError;
use std::fmt;

/// `Display` for each type: what the English text says of a value `$e` of it.
macro_rules! in_english {
    ($($type:ty => |$e:ident| $words:expr;)*) => {$(
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let $e = self;
                f.write_str(&$words)
            }
        }
    )*};
}

in_english! {
    reversi::MoveError => |e| Lang::En.text().illegal(&(*e).into());
    PositionError => |e| Lang::En.text().position_error(e);
    gomoku::MoveError => |e| Lang::En.text().illegal(&(*e).into());
    Forbidden => |e| Lang::En.text().forbidden(*e);
    Flaw => |e| Lang::En.text().flaw(e);
    SaveError => |e| Lang::En.text().save_error(e);
    SgfError => |e| Lang::En.text().sgf_error(e);
    LoadError => |e| Lang::En.text().load_error(e);
}
