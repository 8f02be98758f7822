//! Files and text formats games are exchanged in.

pub mod games;
pub mod ggf;
pub mod obf;
pub mod sgf;
pub mod wthor;
