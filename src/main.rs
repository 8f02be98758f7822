use anyhow::{Context, Result};
use clap::Parser;
use heibai::cli::{Cli, Command, GomokuCommand, Who};
use heibai::game::{Game, GomokuGame, Player};
use heibai::ui::{Options, Start, Theme};

/// The file that holds the unfinished game between runs.
const SAVE_FILE: &str = "unfinished-game.txt";

/// Runs the command; an error is one line on stderr (with its causes) and exit status 1.
fn main() -> std::process::ExitCode {
    match run(Cli::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("heibai: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let options = Options {
        theme: Theme::from_env(cli.ascii),
        bell: cli.bell,
        level: cli.level,
    };
    let start = match cli.command {
        Some(Command::Perft { depth }) => return heibai::commands::perft(depth),
        Some(Command::Solve {
            target,
            threads,
            json,
        }) => return heibai::commands::solve(&target, threads.into(), json),
        Some(Command::Analyze {
            position,
            depth,
            time,
            threads,
        }) => return heibai::commands::analyze(&position, depth, time, threads.into()),
        Some(Command::Gtp { threads }) => return heibai::commands::gtp(threads.into()),
        Some(Command::Gomoku {
            command:
                Some(GomokuCommand::Forbidden {
                    moves,
                    black,
                    white,
                    size,
                }),
            ..
        }) => {
            return heibai::commands::forbidden(
                size,
                moves.as_deref(),
                black.as_deref(),
                white.as_deref(),
            );
        }
        Some(Command::Gomoku {
            command: None,
            size,
            rule,
            black,
            white,
            free_opening,
        }) => {
            let start = heibai::gomoku::Position::new(size, rule.into(), !free_opening);
            let mut game = GomokuGame::from_position(start, player(black), player(white));
            game.level = cli.level;
            Start::Gomoku(game)
        }
        Some(Command::Pbrain) => return heibai::commands::pbrain(),
        Some(Command::Bench { gomoku: true, .. }) => return heibai::commands::bench_gomoku(),
        Some(Command::Bench { full, threads, .. }) => {
            return heibai::commands::bench(full, threads.into());
        }
        Some(Command::Reversi { black, white }) => {
            let mut game = Game::new(player(black), player(white));
            game.level = cli.level;
            Start::Game(game)
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
