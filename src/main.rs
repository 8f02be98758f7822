use anyhow::{Context, Result};
use clap::Parser;
use heibai::cli::{Cli, Command, Who};
use heibai::game::{Game, Player};
use heibai::reversi::{Position, perft};
use heibai::ui::{Options, Start, Theme};
use std::time::Instant;

/// The file that holds the unfinished game between runs.
const SAVE_FILE: &str = "unfinished-game.txt";

fn main() -> Result<()> {
    let cli = Cli::parse();
    let options = Options {
        theme: Theme::from_env(cli.ascii),
        bell: cli.bell,
    };
    let start = match cli.command {
        Some(Command::Perft { depth }) => return run_perft(depth),
        Some(Command::Reversi { black, white }) => {
            Start::Game(Game::new(player(black), player(white)))
        }
        None => Start::Menu,
    };
    let dir = match cli.data_dir {
        Some(dir) => dir,
        None => dirs::data_dir()
            .context("cannot find the user's data directory for saved games: pass --data-dir DIR")?
            .join("heibai"),
    };
    heibai::term::run(options, start, &dir.join(SAVE_FILE))
}

fn player(who: Who) -> Player {
    match who {
        Who::Human => Player::Human,
        Who::Computer => Player::Computer,
    }
}

fn run_perft(depth: u32) -> Result<()> {
    let (own, opp) = Position::initial().own_opp();
    let started = Instant::now();
    let leaves = perft(own, opp, depth);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {leaves} leaves in {secs:.3} s ({:.1} M leaves/s)",
        leaves as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
