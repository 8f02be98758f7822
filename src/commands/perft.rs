use crate::reversi::{Position, perft as count};
use std::time::Instant;

/// `heibai perft DEPTH`: leaves from the start position and how fast they were counted.
pub fn perft(depth: u32) -> anyhow::Result<()> {
    let (own, opp) = Position::initial().own_opp();
    let started = Instant::now();
    let leaves = count(own, opp, depth);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {leaves} leaves in {secs:.3} s ({}leaves/s)",
        super::millions(leaves as f64 / secs.max(1e-9))
    );
    Ok(())
}
