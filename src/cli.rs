//! The command line.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// heibai (黑白): black-and-white stone games in the terminal. Without a command it opens the
/// start screen.
#[derive(Parser, Debug)]
#[command(name = "heibai", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Draw with plain ASCII, for terminals without Unicode.
    #[arg(long, global = true)]
    pub ascii: bool,

    /// Colours: classic, high-contrast, colour-blind (no red against green) or mono (none).
    /// Overrides the settings file for this run.
    #[arg(long, global = true, value_enum)]
    pub theme: Option<ThemeArg>,

    /// Ring the terminal bell on an illegal move (for this run; the settings screen has more).
    #[arg(long, global = true)]
    pub bell: bool,

    /// The computer's level, 1 (beginner) to 8 (for analysis: no time limit in Reversi, 15 s a
    /// move in Gomoku); see the help screen (?) in the game. Overrides the settings file.
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: Option<u8>,

    /// Clocks for the people in a game: minutes each plus seconds a move, such as 5+3, or off.
    /// Overrides the settings file for this run.
    #[arg(long, global = true, value_name = "M+S", value_parser = clock)]
    pub clock: Option<ClockArg>,

    /// The language of the interface: en (English) or zh (简体中文). Default: the settings
    /// file, else the locale (LC_ALL, LC_MESSAGES, LANG). Overrides the file for this run.
    #[arg(long, global = true, value_name = "en|zh", value_parser = lang)]
    pub lang: Option<LangArg>,

    /// The settings file (default: the user's config directory, e.g.
    /// ~/.config/heibai/settings.toml on Linux).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,

    /// Where the unfinished game is saved (default: the user's data directory, e.g.
    /// ~/.local/share/heibai on Linux).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,

    /// The processor instructions the engines use: baseline, x86-64-v3 (AVX2) or x86-64-v4
    /// (AVX-512). Default: the best this processor has; a lower level is for comparing speeds.
    #[arg(long, global = true, value_name = "LEVEL", value_parser = cpu_level)]
    pub cpu: Option<CpuArg>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Start a game of Reversi (Othello) straight away.
    Reversi {
        /// Who plays Black (moves first).
        #[arg(long, value_enum, default_value_t = Who::Human)]
        black: Who,
        /// Who plays White.
        #[arg(long, value_enum, default_value_t = Who::Computer)]
        white: Who,
    },
    /// Count the leaves of the Reversi game tree from the start position to DEPTH plies.
    Perft {
        /// How many plies (a pass counts as one).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
        depth: u32,
    },
    /// Solve endgames exactly: one position (64 squares and the side to move, quoted) or every
    /// line of an OBF file such as the FFO suite; checks the scores the file gives.
    Solve {
        /// A file of OBF lines, or one position.
        #[arg(allow_hyphen_values = true)]
        target: String,
        /// Search threads.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// One JSON object per position, for scripts.
        #[arg(long)]
        json: bool,
    },
    /// Analyse one position: best move, score and principal variation, deepening as it goes
    /// (to 18 plies, selective at 98 %, unless a depth or a time is given); exact when 20 or
    /// fewer squares are empty and no depth is given.
    Analyze {
        /// 64 squares (X, O, -) then the side to move, quoted.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Search this many plies.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Search for at most this many seconds.
        #[arg(long, value_name = "SECONDS")]
        time: Option<f64>,
        /// Search threads.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// Speak the Go Text Protocol (Othello conventions) on standard input and output, for match
    /// runners and GUIs. Besides the standard commands: `level N` (1-8) and `depth D`.
    Gtp {
        /// Search threads.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// Speak the NBoard protocol on standard input and output, to play and analyse inside the
    /// NBoard GUI: nboard, set depth/game, move, go, hint, ping, learn.
    Nboard {
        /// Search threads.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// Start a game of Gomoku or Renju straight away (or, with `forbidden`, list Black's
    /// forbidden points in a position).
    #[command(args_conflicts_with_subcommands = true)]
    Gomoku {
        #[command(subcommand)]
        command: Option<GomokuCommand>,
        /// Board size: 15 (standard) or 19.
        #[arg(long, default_value_t = 15, value_parser = board_size)]
        size: u8,
        /// Which lines win, and whether Black has forbidden moves.
        #[arg(long, value_enum, default_value_t = RuleArg::Renju)]
        rule: RuleArg,
        /// Who plays Black (moves first).
        #[arg(long, value_enum, default_value_t = Who::Human)]
        black: Who,
        /// Who plays White.
        #[arg(long, value_enum, default_value_t = Who::Computer)]
        white: Who,
        /// Let Black's first stone go anywhere, not only in the centre.
        #[arg(long, conflicts_with = "opening")]
        free_opening: bool,
        /// How the game begins: centre (Black's first stone there), random (one of the 26 Renju
        /// openings), one of them by its short name, 1D-13D or 1I-13I, its three stones
        /// placed, or taraguchi-10 (the RIF opening rule: swaps and ten offered fifth stones).
        /// Default: the settings' choice (centre unless changed).
        #[arg(long, value_parser = opening)]
        opening: Option<crate::settings::OpeningChoice>,
    },
    /// Print a game in another format: FILE is a heibai saved game (such as the unfinished game
    /// in the data directory), an SGF, GGF or PSQ file, or an Othello transcript.
    Export {
        file: PathBuf,
        /// The format to print.
        #[arg(long, value_enum, default_value_t = ExportFormat::Sgf)]
        to: ExportFormat,
    },
    /// Replay a game step by step: FILE is a heibai saved game, an SGF, GGF or PSQ file, an
    /// Othello transcript, or a WTHOR database (.wtb) with --game.
    Replay {
        file: PathBuf,
        /// Which game of a WTHOR .wtb file (from 1); without it, the file's games are listed.
        #[arg(long, value_name = "N")]
        game: Option<usize>,
    },
    /// Put the game in FILE (SGF, GGF, PSQ, an Othello transcript, or a heibai saved game)
    /// among the saved games, under the file's name: `heibai` offers to continue it when it is
    /// unfinished.
    Import {
        file: PathBuf,
        /// Put it in place of a saved game of the same name (otherwise the name is numbered).
        #[arg(long)]
        replace: bool,
    },
    /// Play Gomoku as an engine speaking the Gomocup ("pbrain") protocol on standard input and
    /// output: START, BEGIN, TURN, BOARD, INFO, RESTART, TAKEBACK, ABOUT, END. It plays the
    /// strongest level in the manager's time; `heibai --level N pbrain` plays level N (its
    /// depth and time a move, within the manager's).
    Pbrain,
    /// Run an SSH server where every session plays heibai: `ssh -p 2222 NAME@HOST`. Anyone
    /// may connect; a public key, when offered, keeps that player's games. The host key and
    /// players' games are kept in the data directory's `server` folder.
    Serve {
        /// The address and port to listen on (0.0.0.0:2222 for every interface).
        #[arg(long, default_value = "127.0.0.1:2222")]
        listen: std::net::SocketAddr,
        /// The host key's file, made on first start (default: DATA/server/host_ed25519).
        #[arg(long, value_name = "PATH")]
        host_key: Option<PathBuf>,
        /// Sessions at once, in all.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_sessions: u32,
        /// Sessions at once from one address.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_per_address: u32,
        /// New connections a minute from one address.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        connections_per_minute: u32,
        /// Close a session after this many minutes without a key pressed.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        idle_minutes: u32,
        /// Close a connection that has not logged in and opened a session within this many
        /// seconds.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3_600))]
        login_seconds: u32,
        /// Threads for all the computer players together (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        engine_threads: Option<u16>,
        /// The longest a computer move or an analysis may think, in seconds.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=600))]
        think_seconds: u32,
        /// The SQLite database of games between people (default: DATA/server/games.db).
        #[arg(long, value_name = "PATH")]
        db: Option<PathBuf>,
        /// How long a player who drops out keeps their seat before the opponent may claim the
        /// win, in seconds.
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=604_800))]
        grace_seconds: u32,
        /// Games between people (open or being played) at once; a new one beyond them is
        /// refused.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        max_tables: u32,
        /// Megabytes that all players' files on the server (saved games, unfinished games,
        /// settings) may take together; saving beyond them is refused.
        #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        max_saved_mb: u32,
        /// Write every finished game between people (SGF: players, ratings, results) to this
        /// file, then stop (run it while the server is stopped).
        #[arg(long, value_name = "FILE")]
        export_games: Option<PathBuf>,
        /// Forget the ratings of one game and rule set for a new season ("reversi",
        /// "renju-15", "freestyle-19", …), then stop.
        #[arg(long, value_name = "GAME", conflicts_with = "export_games")]
        reset_ratings: Option<String>,
    },
    /// Measure speed: perft, exact solving of FFO endgames #40-#44 (#40-#49 with --full) and
    /// midgame search; with --gomoku the forbidden-point scan, Gomoku search and VCF instead.
    /// Prints figures for docs/BENCHMARKS.md.
    Bench {
        /// Solve FFO #40-#49 instead of #40-#44.
        #[arg(long)]
        full: bool,
        /// The Gomoku benchmarks instead of the Reversi ones.
        #[arg(long, conflicts_with = "full")]
        gomoku: bool,
        /// Search threads.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// Print a completion script for a shell, to tab-complete heibai's commands and options:
    /// `heibai completions bash > ~/.local/share/bash-completion/completions/heibai`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print heibai's manual page (roff): `heibai man > ~/.local/share/man/man1/heibai.1`,
    /// then `man heibai`.
    Man,
}

/// The completion script for `shell`, made from the command line's definition.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    use clap::CommandFactory;
    let mut script = vec![];
    clap_complete::generate(shell, &mut Cli::command(), "heibai", &mut script);
    script
}

/// Writes the manual page, with a section for every command, to `out`.
pub fn man_page(out: &mut dyn std::io::Write) -> std::io::Result<()> {
    use clap::CommandFactory;
    let command = Cli::command();
    clap_mangen::Man::new(command.clone()).render(out)?;
    // Each command with its own arguments, as further sections of the one page.
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        writeln!(out, ".SH \"HEIBAI {}\"", sub.get_name().to_uppercase())?;
        if let Some(about) = sub.get_long_about().or(sub.get_about()) {
            writeln!(out, "{}", roff_text(&about.to_string()))?;
        }
        let own = sub
            .get_arguments()
            .filter(|a| !a.is_global_set() && !a.is_hide_set());
        for arg in own.filter(|a| !matches!(a.get_id().as_str(), "help" | "version")) {
            let value = arg.get_value_names().and_then(|v| v.first()).map_or_else(
                || arg.get_id().to_string().to_uppercase(),
                |v| v.to_string(),
            );
            let name = match (arg.get_long(), arg.get_short()) {
                (Some(long), _) if arg.get_action().takes_values() => {
                    format!("\\fB\\-\\-{long}\\fR \\fI<{value}>\\fR")
                }
                (Some(long), _) => format!("\\fB\\-\\-{long}\\fR"),
                (None, Some(short)) => format!("\\fB\\-{short}\\fR"),
                (None, None) => format!("\\fI{value}\\fR"),
            };
            writeln!(out, ".TP\n{name}")?;
            if let Some(help) = arg.get_help() {
                writeln!(out, "{}", roff_text(&help.to_string()))?;
            }
        }
    }
    Ok(())
}

/// Text for a roff page: backslashes escaped, and no line taken for a request.
fn roff_text(text: &str) -> String {
    text.replace('\\', "\\e")
        .lines()
        .map(|l| match l.starts_with(['.', '\'']) {
            true => format!("\\&{l}"),
            false => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Gomoku and Renju tools.
#[derive(Subcommand, Debug)]
pub enum GomokuCommand {
    /// Print every point forbidden for Black under Renju rules (double-three, double-four,
    /// overline), one `point kind` per line, or `none`. Points are named like h8: column a-o
    /// (a-s on 19×19), row counted from the bottom.
    Forbidden {
        /// The moves so far, alternating and Black first, with Black to move next: "h8 h9 i8 …".
        #[arg(long, conflicts_with_all = ["black", "white"])]
        moves: Option<String>,
        /// Black's stones: "h8 i8 …".
        #[arg(long)]
        black: Option<String>,
        /// White's stones: "h9 …".
        #[arg(long)]
        white: Option<String>,
        /// Board size.
        #[arg(long, default_value_t = 15, value_parser = board_size)]
        size: u8,
    },
}

/// A time control on the command line: "5+3", or "off" (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockArg(pub Option<crate::game::clock::TimeControl>);

/// A language as the command line names it.
#[derive(Clone, Copy, Debug)]
pub struct LangArg(pub crate::i18n::Lang);

fn lang(s: &str) -> Result<LangArg, String> {
    crate::i18n::Lang::named(s)
        .map(LangArg)
        .ok_or_else(|| format!("'{s}' is not a language heibai speaks: en or zh"))
}

/// A processor level as the command line names it.
#[derive(Clone, Copy, Debug)]
pub struct CpuArg(pub crate::cpu::Level);

fn cpu_level(s: &str) -> Result<CpuArg, String> {
    crate::cpu::Level::ALL
        .into_iter()
        .find(|l| l.name() == s)
        .map(CpuArg)
        .ok_or_else(|| format!("'{s}' is not a level: baseline, x86-64-v3 or x86-64-v4"))
}

fn clock(s: &str) -> Result<ClockArg, String> {
    crate::settings::clock_named(s).map(ClockArg)
}

/// A Gomoku board size: 15 (standard) or 19 (the original design's).
fn opening(s: &str) -> Result<crate::settings::OpeningChoice, String> {
    crate::settings::OpeningChoice::named(s)
        .ok_or_else(|| "centre, random, or a Renju opening from 1D-13D or 1I-13I".into())
}

fn board_size(s: &str) -> Result<u8, String> {
    match s {
        "15" => Ok(15),
        "19" => Ok(19),
        _ => Err("the board is 15 or 19 points wide".into()),
    }
}

/// A colour scheme on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    /// A green Reversi board, a wooden Gomoku board.
    Classic,
    /// A black board, the brightest colours, stones told apart by shape as well.
    HighContrast,
    /// Blue and yellow, never red against green.
    ColourBlind,
    /// No colour at all (as NO_COLOR).
    Mono,
}

impl ThemeArg {
    /// The palette, or `None` for no colour.
    pub fn palette(self) -> Option<crate::settings::Palette> {
        use crate::settings::Palette;
        match self {
            ThemeArg::Classic => Some(Palette::Classic),
            ThemeArg::HighContrast => Some(Palette::HighContrast),
            ThemeArg::ColourBlind => Some(Palette::ColourBlind),
            ThemeArg::Mono => None,
        }
    }
}

/// The formats `heibai export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// SGF FF[4]: GM[2] for Othello, GM[4] for Gomoku.
    Sgf,
    /// An Othello transcript such as f5d6c3d3 (Reversi only).
    Transcript,
    /// A Gomocup (Piskvork) PSQ file (Gomoku only).
    Psq,
    /// GGF, the Othello game servers' format (Reversi only).
    Ggf,
}

/// A Gomoku rule set on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RuleArg {
    /// Five or more in a row wins, for both.
    Freestyle,
    /// Exactly five wins, for both.
    Standard,
    /// Exactly five for Black, who may not play double-threes, double-fours or overlines;
    /// five or more for White.
    Renju,
}

impl From<RuleArg> for crate::gomoku::Rule {
    fn from(r: RuleArg) -> Self {
        match r {
            RuleArg::Freestyle => crate::gomoku::Rule::Freestyle,
            RuleArg::Standard => crate::gomoku::Rule::Standard,
            RuleArg::Renju => crate::gomoku::Rule::Renju,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Who {
    Human,
    Computer,
}
