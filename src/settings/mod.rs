//! The player's choices that outlive a run, kept in a TOML file in the user's config directory
//! (`--config PATH` elsewhere). A file that is partly wrong still counts: every good key is used,
//! the bad ones are named in one message, and the file is left as it is until the player changes
//! a setting in the game.

use crate::game::GameId;
use crate::game::clock::TimeControl;
use crate::gomoku::{OPENINGS, Rule, Start};

mod file;
mod lang;
mod setup;

pub use file::{Expected, Problem, Trouble, load};
pub use lang::Lang;
pub use setup::{NewGame, Setup};

/// How long the discs a move flipped stay highlighted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Animation {
    Off,
    Fast,
    Normal,
    Slow,
}

impl Animation {
    pub const ALL: [Animation; 4] = [
        Animation::Off,
        Animation::Fast,
        Animation::Normal,
        Animation::Slow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Animation::Off => "off",
            Animation::Fast => "fast",
            Animation::Normal => "normal",
            Animation::Slow => "slow",
        }
    }

    /// The highlight's length.
    pub fn flash(self) -> std::time::Duration {
        std::time::Duration::from_millis(match self {
            Animation::Off => 0,
            Animation::Fast => 500,
            Animation::Normal => 1200,
            Animation::Slow => 2500,
        })
    }
}

/// The colour schemes (`--theme`). Monochrome is no colour at all, as with NO_COLOR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Palette {
    /// A green Reversi board and a wooden Gomoku board, red for the side to move.
    #[default]
    Classic,
    /// Black and white with the brightest colours only, and stones told apart by shape too.
    HighContrast,
    /// Safe for red-green colour blindness: blue and yellow carry the meaning, never red
    /// against green.
    ColourBlind,
}

/// One line of the Settings window, in the order shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Language,
    Theme,
    Board,
    Hints,
    Analysis,
    /// The bar that shows who is winning.
    LeadBar,
    Animation,
    Level,
    GomokuRule,
    GomokuSize,
    GomokuOpening,
    ConfirmQuit,
    Clock,
    BellIllegal,
    BellStone,
    BellEnd,
}

pub const FIELDS: [Field; 16] = [
    Field::Language,
    Field::Theme,
    Field::Board,
    Field::Hints,
    Field::Analysis,
    Field::LeadBar,
    Field::Animation,
    Field::Level,
    Field::GomokuRule,
    Field::GomokuSize,
    Field::GomokuOpening,
    Field::ConfirmQuit,
    Field::Clock,
    Field::BellIllegal,
    Field::BellStone,
    Field::BellEnd,
];

/// How big the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSize {
    /// As big as fits beside a side panel whose lines do not wrap.
    Auto,
    /// Always the smallest board, leaving the panel all the room.
    Compact,
    /// As big as fits beside the narrowest panel.
    Large,
}

impl BoardSize {
    pub const ALL: [BoardSize; 3] = [BoardSize::Auto, BoardSize::Compact, BoardSize::Large];

    pub fn name(self) -> &'static str {
        match self {
            BoardSize::Auto => "auto",
            BoardSize::Compact => "compact",
            BoardSize::Large => "large",
        }
    }
}

/// When the terminal bell rings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sound {
    /// On a move that is refused (an occupied square, a forbidden point…).
    pub illegal: bool,
    /// On every stone or disc placed, a click as in the original.
    pub stone: bool,
    /// When a game ends.
    pub end: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The language of the interface.
    pub lang: Lang,
    /// `None`: no colour at all (monochrome).
    pub palette: Option<Palette>,
    pub board: BoardSize,
    pub hints: bool,
    /// Analysis mode on when a Reversi game starts.
    pub analysis: bool,
    /// A bar beside the board shows who is winning (off by default: against the computer it
    /// gives its judgement away).
    pub lead_bar: bool,
    pub animation: Animation,
    /// The computer's level for new games, 1-8.
    pub level: u8,
    /// The game the start screen offers: the one last chosen there.
    pub game: GameId,
    pub gomoku_rule: Rule,
    pub gomoku_size: u8,
    pub gomoku_opening: OpeningChoice,
    /// Ask before Esc leaves a game in progress.
    pub confirm_quit: bool,
    /// Clocks for the people in a game; `None`: untimed.
    pub clock: Option<TimeControl>,
    pub sound: Sound,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::En,
            palette: Some(Palette::Classic),
            board: BoardSize::Auto,
            hints: true,
            analysis: false,
            lead_bar: false,
            animation: Animation::Normal,
            level: crate::engine::reversi::DEFAULT_LEVEL,
            game: GameId::Reversi,
            gomoku_rule: Rule::Renju,
            gomoku_size: 15,
            gomoku_opening: OpeningChoice::Centre,
            confirm_quit: false,
            clock: None,
            sound: Sound::default(),
        }
    }
}

/// A time control as the file and the command line write it: "5+3", or "off".
pub fn clock_name(clock: Option<TimeControl>) -> String {
    clock.map_or("off".into(), |c| c.to_string())
}

/// The time control `text` names ("off" for none).
pub fn clock_named(text: &str) -> Result<Option<TimeControl>, String> {
    match text.trim() {
        "off" | "none" => Ok(None),
        text => text.parse().map(Some),
    }
}

/// The names of the palettes in the file and on the command line.
pub fn palette_name(palette: Option<Palette>) -> &'static str {
    match palette {
        Some(Palette::Classic) => "classic",
        Some(Palette::HighContrast) => "high-contrast",
        Some(Palette::ColourBlind) => "colour-blind",
        None => "mono",
    }
}

fn palette_named(name: &str) -> Option<Option<Palette>> {
    [
        Some(Palette::Classic),
        Some(Palette::HighContrast),
        Some(Palette::ColourBlind),
        None,
    ]
    .into_iter()
    .find(|&p| palette_name(p) == name)
}

/// How new Gomoku games begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningChoice {
    /// Black's first stone in the centre, then anything.
    Centre,
    /// One of the 26 Renju openings at random, turned at random.
    Random,
    /// The RIF opening rule Taraguchi-10: swaps and offered fifth stones.
    Taraguchi,
    /// That one of the 26 (an index into [`OPENINGS`]).
    Named(u8),
}

impl OpeningChoice {
    /// Every choice, in the order ← and → step through them.
    pub fn all() -> Vec<OpeningChoice> {
        let named = (0..OPENINGS.len() as u8).map(OpeningChoice::Named);
        [
            OpeningChoice::Centre,
            OpeningChoice::Random,
            OpeningChoice::Taraguchi,
        ]
        .into_iter()
        .chain(named)
        .collect()
    }

    /// As the file writes it: `centre`, `random` or an opening's short name such as `4D`.
    pub fn name(self) -> String {
        match self {
            OpeningChoice::Centre => "centre".into(),
            OpeningChoice::Random => "random".into(),
            OpeningChoice::Taraguchi => "taraguchi-10".into(),
            OpeningChoice::Named(i) => OPENINGS[usize::from(i)].code(),
        }
    }

    pub fn named(name: &str) -> Option<OpeningChoice> {
        OpeningChoice::all().into_iter().find(|c| c.name() == name)
    }

    /// How a game begun now begins: the clock chooses what is left to chance.
    pub fn start_now(self) -> Start {
        self.start(crate::engine::reversi::seed())
    }

    /// How a new game begins, `seed` choosing the opening (when random) and how it is turned.
    pub fn start(self, seed: u64) -> Start {
        // Spread the seed's bits over the high ones, which are used: a coarse clock leaves the
        // low bits alike.
        let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        let symmetry = (seed % 8) as u8;
        match self {
            OpeningChoice::Centre => Start::Centre,
            OpeningChoice::Taraguchi => Start::Taraguchi,
            OpeningChoice::Random => Start::Opening {
                index: (seed / 8 % OPENINGS.len() as u64) as u8,
                symmetry,
            },
            OpeningChoice::Named(index) => Start::Opening { index, symmetry },
        }
    }
}

impl Settings {
    /// Takes `field`'s value from `other`: a change made in the Settings window goes to the
    /// file's settings as it is shown, even where a flag made this run's differ.
    pub fn take_field(&mut self, other: &Settings, field: Field) {
        let o = other;
        match field {
            Field::Language => self.lang = o.lang,
            Field::Theme => self.palette = o.palette,
            Field::Board => self.board = o.board,
            Field::Hints => self.hints = o.hints,
            Field::Analysis => self.analysis = o.analysis,
            Field::LeadBar => self.lead_bar = o.lead_bar,
            Field::Animation => self.animation = o.animation,
            Field::Level => self.level = o.level,
            Field::GomokuRule => self.gomoku_rule = o.gomoku_rule,
            Field::GomokuSize => self.gomoku_size = o.gomoku_size,
            Field::GomokuOpening => self.gomoku_opening = o.gomoku_opening,
            Field::ConfirmQuit => self.confirm_quit = o.confirm_quit,
            Field::Clock => self.clock = o.clock,
            Field::BellIllegal => self.sound.illegal = o.sound.illegal,
            Field::BellStone => self.sound.stone = o.sound.stone,
            Field::BellEnd => self.sound.end = o.sound.end,
        }
    }

    /// The settings in `text`, and what was wrong with it (one entry per bad key), if
    /// anything. Keys that are missing keep their values in `base` (the defaults, with the
    /// language of the locale).
    pub fn from_toml(text: &str, base: Settings) -> (Settings, Vec<Problem>) {
        let mut settings = base;
        let mut problems = vec![];
        match text.parse::<toml::Table>() {
            Ok(table) => settings.read(&table, "", &mut problems),
            // A file that does not parse as a whole is read a line at a time, so one typo costs
            // only its own key.
            Err(_) => {
                let mut section = String::new();
                for (n, line) in text.lines().enumerate() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                        section = format!("{}.", name.trim());
                        continue;
                    }
                    match line.parse::<toml::Table>() {
                        Ok(table) => settings.read(&table, &section, &mut problems),
                        Err(_) => problems.push(Problem::Line(n + 1)),
                    }
                }
            }
        }
        (settings, problems)
    }

    /// Takes every key of `table` (whose keys sit under `prefix`, "" or "sound.").
    fn read(&mut self, table: &toml::Table, prefix: &str, problems: &mut Vec<Problem>) {
        for (key, value) in table {
            let name = format!("{prefix}{key}");
            if let (toml::Value::Table(inner), "") = (value, prefix) {
                self.read(inner, &format!("{key}."), problems);
                continue;
            }
            if let Err(why) = self.set(&name, value) {
                problems.push(Problem::Key(name, why));
            }
        }
    }

    fn set(&mut self, name: &str, value: &toml::Value) -> Result<(), Expected> {
        let text = || value.as_str().ok_or(Expected::Text);
        let flag = || value.as_bool().ok_or(Expected::Flag);
        let number = || value.as_integer().ok_or(Expected::Number);
        let one_of = |words: &'static [&'static str]| Expected::OneOf(words);
        match name {
            "language" => self.lang = Lang::named(text()?).ok_or(one_of(&["en", "zh"]))?,
            "theme" => {
                self.palette = palette_named(text()?).ok_or(one_of(&[
                    "classic",
                    "high-contrast",
                    "colour-blind",
                    "mono",
                ]))?
            }
            "board_size" => {
                let name = text()?;
                self.board = BoardSize::ALL
                    .into_iter()
                    .find(|b| b.name() == name)
                    .ok_or(one_of(&["auto", "compact", "large"]))?;
            }
            "hints" => self.hints = flag()?,
            "analysis" => self.analysis = flag()?,
            "lead_bar" => self.lead_bar = flag()?,
            "animation" => {
                let name = text()?;
                self.animation = Animation::ALL
                    .into_iter()
                    .find(|a| a.name() == name)
                    .ok_or(one_of(&["off", "fast", "normal", "slow"]))?;
            }
            "level" => match number()? {
                n @ 1..=8 => self.level = n as u8,
                _ => return Err(Expected::Range(1, 8)),
            },
            "game" => {
                let name = text()?;
                self.game = GameId::ALL
                    .into_iter()
                    .find(|g| g.key() == name)
                    .ok_or(one_of(&["reversi", "gomoku"]))?;
            }
            "gomoku_rule" => {
                let name = text()?;
                self.gomoku_rule =
                    Rule::named(name).ok_or(one_of(&["renju", "standard", "freestyle"]))?;
            }
            "gomoku_size" => match number()? {
                n @ (15 | 19) => self.gomoku_size = n as u8,
                _ => return Err(one_of(&["15", "19"])),
            },
            "gomoku_opening" => {
                self.gomoku_opening = OpeningChoice::named(text()?)
                    .ok_or(one_of(&["centre", "random", "1D-13D", "1I-13I"]))?
            }
            "confirm_quit" => self.confirm_quit = flag()?,
            "clock" => {
                let text = text()?;
                self.clock = clock_named(text).map_err(|_| Expected::Clock(text.into()))?
            }
            "sound.illegal" => self.sound.illegal = flag()?,
            "sound.stone" => self.sound.stone = flag()?,
            "sound.end" => self.sound.end = flag()?,
            _ => return Err(Expected::Known),
        }
        Ok(())
    }

    /// The file's text, with a comment on each key so that it can be edited by hand too.
    pub fn to_toml(&self) -> String {
        let s = self;
        format!(
            "# heibai's settings: change them in the game (o, or Settings on the start screen)\n\
             # or here.\n\
             language = \"{}\"         # en (English) or zh (简体中文)\n\
             theme = \"{}\"        # classic, high-contrast, colour-blind or mono\n\
             board_size = \"{}\"      # how big the board is drawn: auto, compact or large\n\
             hints = {}               # legal moves (Renju: forbidden points) marked\n\
             analysis = {}           # analysis on when a Reversi game starts\n\
             lead_bar = {}           # a bar beside the board shows who is winning\n\
             animation = \"{}\"      # how long flipped discs stay highlighted: off, fast, normal, slow\n\
             level = {}                  # the computer's level for new games, 1-8\n\
             game = \"{}\"          # the game the start screen offers: reversi or gomoku\n\
             gomoku_rule = \"{}\"     # renju, standard or freestyle\n\
             gomoku_size = {}           # 15 or 19\n\
             gomoku_opening = \"{}\"  # centre, random, or a Renju opening: 1D-13D, 1I-13I\n\
             confirm_quit = {}       # ask before Esc leaves a game in progress\n\
             clock = \"{}\"              # people's clocks: off, or minutes+seconds a move such as 5+3\n\
             \n\
             [sound]                    # the terminal bell\n\
             illegal = {}            # on a move that is refused\n\
             stone = {}              # on every disc or stone placed\n\
             end = {}                # when a game ends\n",
            s.lang.code(),
            palette_name(s.palette),
            s.board.name(),
            s.hints,
            s.analysis,
            s.lead_bar,
            s.animation.name(),
            s.level,
            s.game.key(),
            s.gomoku_rule.name(),
            s.gomoku_size,
            s.gomoku_opening.name(),
            s.confirm_quit,
            clock_name(s.clock),
            s.sound.illegal,
            s.sound.stone,
            s.sound.end,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_settings_read_back_the_same() {
        let changed = Settings {
            lang: Lang::Zh,
            palette: None,
            board: BoardSize::Large,
            hints: false,
            analysis: true,
            lead_bar: true,
            animation: Animation::Slow,
            level: 7,
            game: GameId::Gomoku,
            gomoku_rule: Rule::Freestyle,
            gomoku_size: 19,
            gomoku_opening: OpeningChoice::Named(17),
            confirm_quit: true,
            clock: Some(TimeControl::minutes(5, 3)),
            sound: Sound {
                illegal: true,
                stone: true,
                end: false,
            },
        };
        for settings in [Settings::default(), changed] {
            let (read, problems) = Settings::from_toml(&settings.to_toml(), Settings::default());
            assert_eq!(read, settings);
            assert!(problems.is_empty(), "{problems:?}");
        }
    }

    #[test]
    fn bad_keys_are_named_and_good_ones_kept() {
        let text =
            "theme = \"mauve\"\nlevel = 6\nhints = \"yes\"\ncolour = 3\n[sound]\nend = true\n";
        let (settings, problems) = Settings::from_toml(text, Settings::default());
        assert_eq!(settings.level, 6);
        assert!(settings.sound.end);
        assert_eq!(settings.palette, Settings::default().palette);
        let problems = crate::i18n::Lang::En
            .text()
            .settings_problems("F", &problems);
        assert_eq!(
            problems,
            "Settings file F: colour: not a setting heibai knows; \
             hints: expected true or false; \
             theme: expected classic, high-contrast, colour-blind or mono. \
             Those were left at their defaults; the file is unchanged."
        );
    }

    #[test]
    fn a_broken_line_costs_only_its_key() {
        let text = "level = 3\nthis is not toml\n[sound]\nillegal = true\nstone = tru\n";
        let (settings, problems) = Settings::from_toml(text, Settings::default());
        assert_eq!(settings.level, 3);
        assert!(settings.sound.illegal);
        assert!(!settings.sound.stone);
        assert_eq!(problems, [Problem::Line(2), Problem::Line(5)]);
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        assert_eq!(
            Settings::from_toml("", Settings::default()),
            (Settings::default(), vec![])
        );
        let chinese = Settings {
            lang: Lang::Zh,
            ..Settings::default()
        };
        assert_eq!(Settings::from_toml("level = 3", chinese).0.lang, Lang::Zh);
    }
}
