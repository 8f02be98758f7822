use anyhow::{Context, Result};
use clap::Parser;
use heibai::cli::{Cli, Command, ExportFormat, GomokuCommand, Who};
use heibai::game::{Game, GomokuGame, Player, SavedGame};
use heibai::i18n::Lang;
use heibai::settings::Settings;
use heibai::ui::{Options, Start};

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

/// What was written to standard output: a reader that stops early (`| head`) is no error.
fn quietly(written: std::io::Result<()>) -> Result<()> {
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        written => written.context("writing to standard output"),
    }
}

fn run(cli: Cli) -> Result<()> {
    if let Some(cpu) = cli.cpu {
        heibai::cpu::limit(cpu.0).map_err(|best| {
            anyhow::anyhow!(
                "this processor lacks the {} instructions (the best it has is {})",
                cpu.0.name(),
                best.name()
            )
        })?;
    }
    let config = config_file(cli.config.clone());
    // Until the file says otherwise, the interface speaks the locale's language.
    let base = Settings {
        lang: Lang::from_env(),
        ..Settings::default()
    };
    let (saved, trouble) = match &config {
        Some(path) => heibai::settings::load(path, base),
        None => (base, None),
    };
    // Flags change this run only; the file keeps what the player chose in the game.
    let mut settings = saved;
    if let Some(lang) = cli.lang {
        settings.lang = lang.0;
    }
    let t = settings.lang.text();
    let config = config.ok_or_else(|| t.no_config_dir().to_string());
    let notice = match (&config, trouble) {
        (Ok(path), Some(trouble)) => Some(t.settings_trouble(path, &trouble)),
        (Err(why), _) => Some(why.clone()),
        _ => None,
    };
    if let Some(theme) = cli.theme {
        settings.palette = theme.palette();
    }
    if let Some(level) = cli.level {
        settings.level = level;
    }
    settings.sound.illegal |= cli.bell;
    if let Some(clock) = cli.clock {
        settings.clock = clock.0;
    }
    let options = Options::from_env(cli.ascii, settings);
    let start = match cli.command {
        Some(Command::Perft { depth }) => return heibai::commands::perft(depth),
        Some(Command::Completions { shell }) => {
            let script = heibai::cli::completions(shell);
            return quietly(std::io::Write::write_all(&mut std::io::stdout(), &script));
        }
        Some(Command::Man) => return quietly(heibai::cli::man_page(&mut std::io::stdout())),
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
        Some(Command::Nboard { threads }) => return heibai::commands::nboard(threads.into()),
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
            opening,
        }) => {
            let start = if free_opening {
                heibai::gomoku::Start::Free
            } else {
                opening.unwrap_or(settings.gomoku_opening).start_now()
            };
            let start = heibai::gomoku::Position::starting(size, rule.into(), start);
            let mut game = GomokuGame::starting(start, player(black), player(white));
            game.level = settings.level;
            Start::Game(SavedGame::Gomoku(game))
        }
        Some(Command::Pbrain) => return heibai::commands::pbrain(cli.level),
        Some(Command::Export { file, to }) => {
            let format = match to {
                ExportFormat::Sgf => heibai::commands::Format::Sgf,
                ExportFormat::Transcript => heibai::commands::Format::Transcript,
                ExportFormat::Psq => heibai::commands::Format::Psq,
                ExportFormat::Ggf => heibai::commands::Format::Ggf,
            };
            return heibai::commands::export(&file, format);
        }
        Some(Command::Import { file, replace }) => {
            return heibai::commands::import(&file, &data_dir(cli.data_dir)?, replace);
        }
        #[cfg(feature = "serve")]
        Some(Command::Serve {
            listen,
            host_key,
            max_sessions,
            max_per_address,
            connections_per_minute,
            idle_minutes,
            login_seconds,
            engine_threads,
            think_seconds,
            db,
            grace_seconds,
            max_tables,
            max_saved_mb,
            export_games,
            reset_ratings,
        }) => {
            let dir = data_dir(cli.data_dir)?.join("server");
            let db = db.unwrap_or_else(|| dir.join("games.db"));
            if let Some(file) = export_games {
                return heibai::serve::export_games(&db, &file);
            }
            if let Some(pool) = reset_ratings {
                return heibai::serve::reset_ratings(&db, &pool);
            }
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            return heibai::serve::run(heibai::serve::ServeOptions {
                listen,
                host_key: host_key.unwrap_or_else(|| dir.join("host_ed25519")),
                data_dir: dir.clone(),
                max_sessions: max_sessions as usize,
                per_address: max_per_address as usize,
                connections_per_minute: connections_per_minute as usize,
                idle: std::time::Duration::from_secs(u64::from(idle_minutes) * 60),
                login: std::time::Duration::from_secs(login_seconds.into()),
                engine_threads: engine_threads.map_or(cores, usize::from),
                think_budget: std::time::Duration::from_secs(think_seconds.into()),
                options,
                db,
                grace: std::time::Duration::from_secs(grace_seconds.into()),
                max_tables: max_tables as usize,
                max_saved: u64::from(max_saved_mb) << 20,
            });
        }
        #[cfg(not(feature = "serve"))]
        Some(Command::Serve { .. }) => {
            anyhow::bail!("this heibai was built without the SSH server (the `serve` feature)")
        }
        Some(Command::Bench { gomoku: true, .. }) => return heibai::commands::bench_gomoku(),
        Some(Command::Bench { full, threads, .. }) => {
            return heibai::commands::bench(full, threads.into());
        }
        Some(Command::Replay { file, game }) if heibai::commands::is_wthor(&file) => {
            match heibai::commands::read_wthor(&file, game)? {
                Some(game) => Start::Replay(game),
                None => return Ok(()),
            }
        }
        Some(Command::Replay { game: Some(_), .. }) => {
            anyhow::bail!("--game chooses a game of a WTHOR .wtb file")
        }
        Some(Command::Replay { file, .. }) => Start::Replay(heibai::commands::read_game(&file)?),
        Some(Command::Reversi { black, white }) => {
            let mut game = Game::new(player(black), player(white));
            game.level = settings.level;
            Start::Game(SavedGame::Reversi(game))
        }
        None => Start::Menu,
    };
    let dir = data_dir(cli.data_dir)?;
    let files = heibai::term::Files {
        data: dir,
        config,
        saved_settings: saved,
        notice,
    };
    heibai::term::run(options, start, &files)
}

/// The settings file: `--config`, or settings.toml in the platform's config directory (if
/// there is one).
fn config_file(given: Option<std::path::PathBuf>) -> Option<std::path::PathBuf> {
    given.or_else(|| dirs::config_dir().map(|dir| dir.join("heibai").join("settings.toml")))
}

/// Where saved games go: `--data-dir`, or the platform's data directory.
fn data_dir(given: Option<std::path::PathBuf>) -> Result<std::path::PathBuf> {
    match given {
        Some(dir) => Ok(dir),
        None => Ok(dirs::data_dir()
            .context("cannot find the user's data directory for saved games: pass --data-dir DIR")?
            .join("heibai")),
    }
}

fn player(who: Who) -> Player {
    match who {
        Who::Human => Player::Human,
        Who::Computer => Player::Computer,
    }
}
