//! English.

use super::english_count as count;
use super::{Act, Expected, Lang, Problem, Text};
use crate::engine::Level;
use crate::engine::gomoku::Level as GomokuLevel;
use crate::engine::review::Cost;
use crate::game::SgfError;
use crate::game::{Flaw, GameId, Player, SaveError};
use crate::gomoku::{Forbidden, Rule};
use crate::reversi::Color;
use crate::reversi::PositionError;
use crate::settings::Field;
use crate::store::LoadError;
use crate::table::{Ending, MoveRefusal, Note, Refusal, Variant};

pub struct English;

fn plies(depth: u32) -> &'static str {
    if depth == 1 { "ply" } else { "plies" }
}

impl Text for English {
    fn color(&self, color: Color) -> &'static str {
        match color {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::Human => "Human",
            Player::Computer => "Computer",
        }
    }

    fn game(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "Gomoku"
        } else {
            "Reversi"
        }
    }

    fn variant(&self, variant: Variant) -> String {
        match variant {
            Variant::Reversi => "Reversi".into(),
            Variant::Gomoku(rule, size) => {
                let name = match rule {
                    Rule::Renju => "Renju",
                    Rule::Standard => "Gomoku",
                    Rule::Freestyle => "Freestyle",
                };
                format!("{name} {size}x{size}")
            }
        }
    }

    fn rule(&self, rule: Rule) -> &'static str {
        match rule {
            Rule::Freestyle => "Freestyle",
            Rule::Standard => "Standard",
            Rule::Renju => "Renju",
        }
    }

    fn rule_summary(&self, rule: Rule) -> &'static str {
        match rule {
            Rule::Renju => "Renju: Black may not play a double-three, double-four or overline",
            Rule::Standard => "Standard: exactly five wins",
            Rule::Freestyle => "Freestyle: five or more wins",
        }
    }

    fn rules_of(&self, rule: Rule) -> String {
        format!("{} rules", self.rule(rule))
    }

    fn level_name(&self, number: u8) -> &'static str {
        match number {
            1 => "Beginner",
            2 => "Novice",
            3 => "Casual",
            4 => "Club",
            5 => "Strong",
            6 => "Expert",
            7 => "Master",
            _ => "Unlimited",
        }
    }

    fn level_does(&self, level: &Level) -> String {
        match level.depth {
            0 => "a corner if it can, else the most flips".into(),
            d => {
                let time = level
                    .budget
                    .map_or("untimed".into(), |b| format!("{} s", b.as_secs_f64()));
                let book = if level.book.is_some() { "book, " } else { "" };
                let loose = if level.noise > 0 { ", loose" } else { "" };
                format!(
                    "{book}{d} {}{loose}, exact from {} empties, {time}",
                    plies(d),
                    level.exact_from
                )
            }
        }
    }

    fn gomoku_level_does(&self, level: &GomokuLevel) -> String {
        let mut parts = vec![];
        if level.depth == 0 {
            parts.push("best-looking point".to_string());
        } else {
            parts.push(format!("{} {}", level.depth, plies(level.depth)));
        }
        if level.vcf > 0 {
            parts.push("VCF".into());
        }
        if level.vct > 0 {
            parts.push("VCT".into());
        }
        format!("{}, {:.1} s", parts.join(" + "), level.budget.as_secs_f64())
    }

    fn on_off(&self, on: bool) -> &'static str {
        if on { "on" } else { "off" }
    }

    fn act(&self, act: Act) -> &'static str {
        match act {
            Act::Move => "move",
            Act::Place => "place",
            Act::Undo => "undo",
            Act::Redo => "redo",
            Act::Hints => "hints",
            Act::Resign => "resign",
            Act::Save => "save",
            Act::Replay => "replay",
            Act::Help => "help",
            Act::Lobby => "lobby",
            Act::New => "new",
            Act::NewGame => "new game",
            Act::TakeBack => "take back",
            Act::Quit => "quit",
            Act::Menu => "menu",
            Act::StopWatching => "lobby",
            Act::Step => "step",
            Act::PlayFromHere => "play from here",
            Act::PlayPause => "play/pause",
            Act::Speed => "speed",
            Act::Analysis => "analysis",
            Act::Back => "back",
            Act::BackToLobby => "back to the lobby",
            Act::Choose => "choose",
            Act::Change => "change",
            Act::Open => "open",
            Act::Go => "go",
            Act::Start => "start",
            Act::Scroll => "scroll",
            Act::CloseKept => "close (kept for next time)",
            Act::Cancel => "cancel",
            Act::Jump => "jump",
            Act::Click => "click",
            Act::Copy => "copy",
            Act::Settings => "settings",
            Act::Claim => "claim the win",
            Act::ResumeCode => "resume code",
            // The keys say it: "Home/End", "PgUp/PgDn 10".
            Act::Ends => "",
            Act::TenMoves => "10",
            Act::Pause => "pause",
            Act::Rematch => "play again",
            Act::Review => "review",
            Act::Swap => "swap sides",
            Act::Filter => "show",
            Act::Delete => "delete",
            Act::Rename => "rename",
        }
    }

    fn explain(&self, act: Act, game: GameId) -> &'static str {
        match act {
            Act::Move => "move the cursor (stops at the edges)",
            Act::Place if game == GameId::Gomoku => "place a stone; after the game, play again",
            Act::Place => "place a disc; after the game, play again",
            Act::Rematch => "play again, the same sides",
            Act::Review => "replay the game with the engine's review",
            Act::Filter => "show all, unfinished, finished, by game",
            Act::Delete => "delete the game chosen (asks first)",
            Act::Rename => "give the game chosen another name",
            Act::Swap => "after the game: play again, sides swapped",
            Act::Jump => "jump to a square: f then 5 goes to f5",
            Act::Click if game == GameId::Gomoku => "place a stone on that point",
            Act::Click => "place a disc on that square",
            Act::Hints if game == GameId::Gomoku => "mark Black's forbidden points (Renju)",
            Act::Hints => "show or hide the legal moves",
            Act::Analysis => "analysis: the engine's score for every move",
            Act::Undo | Act::TakeBack => "undo (vs computer: back to your turn)",
            Act::Redo => "redo what was undone",
            Act::Resign => "resign (asks first)",
            Act::Replay => "replay and review the game (Esc comes back)",
            Act::Pause => "pause or go on (computers: Space too)",
            Act::PlayPause => "play the moves one by one, or stop",
            Act::Save => "save the game under a name",
            Act::Copy if game == GameId::Gomoku => "copy the game as SGF",
            Act::Copy => "copy the moves (f5d6…)",
            Act::New | Act::NewGame => "new game (asks first during a game)",
            Act::Settings => "settings: language, colours, clocks, sound…",
            Act::Help => "this help",
            Act::Quit => "quit (an unfinished game is kept)",
            Act::Menu => "back to the start menu (the game is kept)",
            Act::StopWatching => "stop watching, back to the lobby",
            Act::Lobby | Act::BackToLobby => "back to the lobby (your seat is kept)",
            Act::Claim => "claim the win when the opponent has gone",
            Act::ResumeCode => "show the code that gives your seat back",
            Act::Choose => "choose a line",
            Act::Change => "change what the line says",
            Act::Start => "start, or open what is chosen",
            Act::Go => "do what is chosen",
            Act::Open => "open the game where it stopped",
            Act::Back => "back",
            Act::Step => "one move back or on",
            Act::Ends => "to the start or the end",
            Act::TenMoves => "ten moves back or on",
            Act::Speed => "faster or slower",
            Act::PlayFromHere => "play on from this position",
            Act::Scroll => "scroll",
            Act::CloseKept => "close (kept for next time)",
            Act::Cancel => "cancel",
        }
    }

    fn keys_in_words(&self, act: Act) -> &'static str {
        match act {
            Act::Jump => "a-h then 1-8",
            Act::Click => "mouse click",
            _ => "",
        }
    }

    fn space_key(&self) -> &'static str {
        "Space"
    }

    fn or(&self, a: &str, b: &str) -> String {
        format!("{a} or {b}")
    }

    fn title_player(&self, color: Color, name: &str) -> String {
        format!("{}: {name}", self.color(color))
    }

    fn gomoku_title(&self, size: u8, rule: Rule) -> String {
        format!("Gomoku {size}x{size}, {} rules", self.rule(rule))
    }

    fn replay_title(&self, game: &str) -> String {
        format!("Replay: {game}")
    }

    fn subtitle(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "Gomoku and Renju in your terminal"
        } else {
            "Reversi (Othello) in your terminal"
        }
    }

    fn rules_brief(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "Place stones in turn on the points; five in a row wins. In Renju, Black may \
             not make a double-three, a double-four or an overline (six or more)."
        } else {
            "Place a disc so that it brackets a line of your opponent's discs: they flip \
             to your colour. When neither side can move, the one with more discs wins."
        }
    }

    fn new_game_heading(&self) -> &'static str {
        "New game"
    }

    fn new_game(&self, black: Player, white: Player) -> &'static str {
        match (black, white) {
            (Player::Human, Player::Human) => "Human vs Human",
            (Player::Human, Player::Computer) => "Human vs Computer: you play Black",
            (Player::Computer, Player::Human) => "Computer vs Human: you play White",
            (Player::Computer, Player::Computer) => "Computer vs Computer",
        }
    }

    fn menu_game(&self, game: GameId) -> String {
        let name = if game == GameId::Gomoku {
            "Gomoku / Renju"
        } else {
            "Reversi (Othello)"
        };
        format!("Game: < {name} >")
    }

    fn menu_rules(&self, rule: Rule) -> String {
        format!("Rules: < {} >", self.rule(rule))
    }

    fn menu_board(&self, size: u8) -> String {
        format!("Board: < {size}x{size} >")
    }

    fn menu_level(&self, number: u8) -> String {
        format!("Computer level: < {number} {} >", self.level_name(number))
    }

    fn menu_continue(&self, game: &str, number: usize, to_move: Color) -> String {
        format!(
            "Continue the saved {game} game (move {number}, {} to move)",
            self.color(to_move)
        )
    }

    fn continue_word(&self) -> &'static str {
        "Continue"
    }

    fn menu_load(&self) -> &'static str {
        "Load or replay a saved game"
    }

    fn menu_settings(&self) -> &'static str {
        "Settings: language, colours, hints, sound…"
    }

    fn menu_help(&self) -> &'static str {
        "Help: rules and keys"
    }

    fn menu_quit(&self) -> &'static str {
        "Quit"
    }

    fn help_heading(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "How to play Gomoku and Renju"
        } else {
            "How to play Reversi"
        }
    }

    fn help_rules(&self, game: GameId) -> &'static [&'static str] {
        if game == GameId::Gomoku {
            &[
                "Black moves first, in the centre; the players take turns",
                "placing a stone on an empty point. Five in a row (across, up",
                "or diagonally) wins; a full board is a draw.",
                "Freestyle: five or more wins. Standard: exactly five.",
                "Renju: White wins with five or more, Black only with exactly",
                "five, and Black may not play a point that makes two threes,",
                "two fours, or six or more in a row (with hints on, forbidden",
                "points are marked; a five wins even so). A three is a line",
                "one stone from an open four; a four is one stone from five.",
            ]
        } else {
            &[
                "Black moves first; the players take turns placing a disc.",
                "A disc must bracket a straight line of your opponent's discs",
                "(across, down or diagonally) between itself and another disc",
                "of yours: every bracketed disc flips to your colour. A move",
                "must flip at least one disc; with none, you pass. When neither",
                "side can move the game ends: the side with more discs wins.",
            ]
        }
    }

    fn help_keys_heading(&self) -> &'static str {
        "Keys"
    }

    fn showing(&self, filter: crate::store::Filter, count: usize) -> String {
        use crate::store::Filter;
        let which = match filter {
            Filter::All => "All saved games",
            Filter::Unfinished => "Unfinished games",
            Filter::Finished => "Finished games",
            Filter::Game(GameId::Reversi) => "Reversi games",
            Filter::Game(GameId::Gomoku) => "Gomoku games",
        };
        format!("{which}: {count}")
    }

    fn confirm_delete(&self, name: &str) -> String {
        format!("Delete the saved game '{name}'?")
    }

    fn yes_delete(&self) -> &'static str {
        "yes, delete it"
    }

    fn rename_prompt(&self, name: &str) -> String {
        format!("New name for '{name}':")
    }

    fn help_game_keys_heading(&self) -> &'static str {
        "Keys in a game"
    }

    fn help_levels_heading(&self) -> &'static str {
        "Computer levels (menu or --level N)"
    }

    fn help_closes(&self) -> &'static str {
        "Esc closes this help"
    }

    fn help_title(&self) -> &'static str {
        "Help"
    }

    fn save_title(&self) -> &'static str {
        "Save"
    }

    fn save_prompt(&self) -> &'static str {
        "Save this game as:"
    }

    fn quit_title(&self) -> &'static str {
        "Quit"
    }

    fn confirm_quit(&self) -> &'static str {
        "Leave this game? It is saved: Continue on the start screen."
    }

    fn yes_quit(&self) -> &'static str {
        "yes, quit"
    }

    fn confirm_leave_server(&self) -> &'static str {
        "Leave the server? Your unfinished game is kept only while you are connected: it will \
         be lost. (Connect with an SSH key to have it kept.)"
    }

    fn confirm_drop_kept(&self) -> &'static str {
        "Start another game? The unfinished game kept for you (Continue) will be lost."
    }

    fn yes_leave(&self) -> &'static str {
        "yes, leave"
    }

    fn stay(&self) -> &'static str {
        "stay"
    }

    fn game_kept(&self, keyed: bool) -> &'static str {
        if keyed {
            "Your game is kept: Continue takes you back to it, now or next time"
        } else {
            "Your game is kept while you are connected: Continue takes you back to it"
        }
    }

    fn name_taken(&self, name: &str) -> String {
        format!("A game is already saved as \"{name}\".")
    }

    fn yes_replace(&self) -> &'static str {
        "replace it"
    }

    fn keep_both(&self) -> &'static str {
        "keep both"
    }

    fn change_name(&self) -> &'static str {
        "change the name"
    }

    fn paused(&self) -> &'static str {
        "Paused: p or Space goes on"
    }

    fn going_on(&self) -> &'static str {
        "Going on"
    }

    fn resign_title(&self) -> &'static str {
        "Resign"
    }

    fn confirm_resign(&self) -> &'static str {
        "Resign this game? Your opponent wins it."
    }

    fn yes_resign(&self) -> &'static str {
        "yes, resign"
    }

    fn confirm_new(&self) -> &'static str {
        "Abandon this game and start a new one?"
    }

    fn yes_new(&self) -> &'static str {
        "yes, new game"
    }

    fn keep_playing(&self) -> &'static str {
        "keep playing"
    }

    fn settings_title(&self) -> &'static str {
        "Settings"
    }

    fn settings_field(&self, field: Field) -> &'static str {
        match field {
            Field::Language => "Language",
            Field::Theme => "Colours",
            Field::Board => "Board on screen",
            Field::Hints => "Hints (legal moves, forbidden points)",
            Field::Analysis => "Analysis when a Reversi game starts",
            Field::LeadBar => "Who is winning: a bar by the board",
            Field::Animation => "Flipped discs highlighted",
            Field::Level => "Computer level for new games",
            Field::GomokuRule => "Gomoku rules",
            Field::GomokuSize => "Gomoku board",
            Field::GomokuOpening => "Gomoku opening",
            Field::ConfirmQuit => "Ask before Esc leaves a game",
            Field::Clock => "Clocks for people (minutes+s a move)",
            Field::BellIllegal => "Bell on a refused move",
            Field::BellStone => "Bell on every stone placed",
            Field::BellEnd => "Bell when a game ends",
        }
    }

    fn settings_word(&self, word: &str) -> &'static str {
        match word {
            "classic" => "classic",
            "high-contrast" => "high-contrast",
            "colour-blind" => "colour-blind",
            "mono" => "mono",
            "auto" => "auto",
            "compact" => "compact",
            "large" => "large",
            "off" => "off",
            "fast" => "fast",
            "normal" => "normal",
            "slow" => "slow",
            _ => "?",
        }
    }

    fn language_name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => "English",
            Lang::Zh => "中文 (Chinese)",
        }
    }

    fn to_move_tag(&self) -> &'static str {
        "to move"
    }

    fn move_number(&self, number: usize) -> String {
        format!("Move {number}")
    }

    fn side_to_move(&self, side: Color) -> String {
        format!("{} to move", self.color(side))
    }

    fn thinking(&self, side: Color) -> String {
        format!("{} (computer) is thinking", self.color(side))
    }

    fn solved_empties(&self, empties: u32) -> String {
        format!("solved {empties} empties")
    }

    fn depth(&self, depth: u32) -> String {
        format!("depth {depth}")
    }

    fn best(&self, mv: &str) -> String {
        format!("best {mv}")
    }

    fn sees_a_win(&self) -> &'static str {
        "sees a win"
    }

    fn your_move(&self, side: Color) -> String {
        format!("Your move, {}", self.color(side))
    }

    fn hints_state(&self, on: bool) -> &'static str {
        if on { "hints on" } else { "hints off" }
    }

    fn forbidden_shown(&self) -> &'static str {
        "forbidden points shown"
    }

    fn analysis_exact(&self) -> &'static str {
        "Analysis: exact final scores"
    }

    fn analysis_depth(&self, depth: u32) -> String {
        format!("Analysis: depth {depth}, estimates")
    }

    fn analysis_thinking(&self) -> &'static str {
        "Analysis: thinking…"
    }

    fn computer_level(&self, number: u8) -> String {
        format!("Computer: level {number} {}", self.level_name(number))
    }

    fn moves_heading(&self) -> &'static str {
        "Moves"
    }

    fn opening(&self, name: &str) -> String {
        format!("Opening: {name}")
    }

    fn opening_centre(&self) -> &'static str {
        "centre"
    }

    fn opening_random(&self) -> &'static str {
        "a random Renju opening"
    }

    fn renju_opening(&self, o: &crate::gomoku::Opening) -> String {
        o.title()
    }

    fn book_move(&self, mv: &str) -> String {
        format!("{mv}: a move from the book")
    }

    fn game_over(&self, result: &str) -> String {
        format!("Game over: {result}")
    }

    fn wins_by(&self, winner: Color, own: u32, other: u32) -> String {
        format!(
            "{} wins by {}, {own}-{other}",
            self.color(winner),
            own - other
        )
    }

    fn draw_by(&self, black: u32, white: u32) -> String {
        format!("a draw, {black}-{white}")
    }

    fn wins_resigned(&self, winner: Color) -> String {
        format!(
            "{} wins, {} resigned",
            self.color(winner),
            self.color(winner.opponent())
        )
    }

    fn wins_with_line(&self, winner: Color, stones: usize) -> String {
        let what = if stones == 5 {
            "five in a row".to_string()
        } else {
            format!("{stones} in a row")
        };
        format!("{} wins with {what}", self.color(winner))
    }

    fn draw_board_full(&self) -> &'static str {
        "a draw, the board is full"
    }

    fn ran_out_of_time(&self, flagged: Color) -> String {
        format!(
            "{} ran out of time: {} wins",
            self.color(flagged),
            self.color(flagged.opponent())
        )
    }

    fn clock_label(&self, control: &str) -> String {
        format!("Clock {control}")
    }

    fn ending(&self, ending: Ending) -> String {
        match ending {
            Ending::Resigned(c) => self.wins_resigned(c.opponent()),
            Ending::Abandoned(c) => format!(
                "{} wins, {} left the game",
                self.color(c.opponent()),
                self.color(c)
            ),
            Ending::Time(c) => self.ran_out_of_time(c),
        }
    }

    fn hints_on(&self) -> &'static str {
        "Hints on"
    }

    fn hints_on_forbidden(&self) -> &'static str {
        "Hints on: Black's forbidden points are marked"
    }

    fn hints_off(&self) -> &'static str {
        "Hints off"
    }

    fn analysis_on(&self) -> &'static str {
        "Analysis on: each legal move shows its score in discs"
    }

    fn analysis_off(&self) -> &'static str {
        "Analysis off"
    }

    fn game_is_over_keys(&self) -> &'static str {
        "The game is over: n for a new game, u to take moves back"
    }

    fn wait_for_computer(&self, side: Color) -> String {
        format!("Wait: {} (computer) is to move", self.color(side))
    }

    fn passes(&self, side: Color) -> String {
        format!("{} has no legal move and passes", self.color(side))
    }

    fn computer_illegal(&self, mv: &str) -> String {
        format!("The computer chose an illegal move ({mv})")
    }

    fn nothing_to_undo(&self) -> &'static str {
        "Nothing to undo"
    }

    fn nothing_to_redo(&self) -> &'static str {
        "Nothing to redo"
    }

    fn took_back_to(&self, number: usize) -> String {
        format!("Took back to move {number}")
    }

    fn replayed_to(&self, number: usize) -> String {
        format!("Replayed to move {number}")
    }

    fn only_human_resigns(&self) -> &'static str {
        "Only the human to move can resign"
    }

    fn resignation_taken_back(&self) -> &'static str {
        "Resignation taken back"
    }

    fn reversi_refused(&self, error: crate::reversi::MoveError) -> String {
        use crate::reversi::MoveError as E;
        match error {
            E::Occupied(sq) => format!("{sq} is occupied"),
            E::FlipsNothing(sq) => format!("{sq} flips nothing"),
            E::CannotPass(c) => format!("{} cannot pass: it has a legal move", self.color(c)),
            E::GameOver => "the game is over".into(),
        }
    }

    fn gomoku_refused(&self, error: crate::gomoku::MoveError) -> String {
        use crate::gomoku::MoveError as E;
        match error {
            E::Occupied(p) => format!("{p} is occupied"),
            E::Forbidden(p, why) => format!("{p} is forbidden: {}", self.forbidden(why)),
            E::NotCentre(p) => format!("Black's first stone goes in the centre, {p}"),
            E::NotTheOpening(p) => format!("the opening's next stone goes on {p}"),
            E::GameOver => "the game is over".into(),
        }
    }

    fn forbidden(&self, why: Forbidden) -> &'static str {
        match why {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }

    fn paste_here(&self) -> &'static str {
        "Paste a game on the start screen to open it"
    }

    fn saved_as(&self, name: &str) -> String {
        format!("Saved as \"{name}\": Load it from the start screen")
    }

    fn not_saved(&self, why: &str) -> String {
        format!("Not saved: {why}")
    }

    fn copied(&self, moves: &str) -> String {
        format!("Copied to the clipboard: {moves}")
    }

    fn copied_sgf(&self) -> &'static str {
        "Copied to the clipboard as SGF"
    }

    fn not_a_game(&self, why: &str) -> String {
        format!("The pasted text is not a game: {why}")
    }

    fn cannot_open(&self, why: &str) -> String {
        format!("It cannot be opened: {why}")
    }

    fn enlarge(&self, width: u16, height: u16, now_width: u16, now_height: u16) -> String {
        format!(
            "Enlarge the terminal to at least {width}x{height} (it is {now_width}x{now_height}); \
             Ctrl-C quits"
        )
    }

    fn replay_step(&self, at: usize, len: usize, label: &str) -> String {
        format!("Step {at} of {len}: {label}")
    }

    fn replay_start(&self) -> &'static str {
        "The start"
    }

    fn moves_count(&self, len: usize) -> String {
        format!("{len} moves")
    }

    fn replay_move(&self, at: usize, len: usize) -> String {
        format!("Move {at} of {len}")
    }

    fn replay_playing(&self, seconds: f64) -> String {
        format!("Playing, {seconds:.2} s a move (p pauses)")
    }

    fn replay_paused(&self) -> &'static str {
        "Paused (p plays)"
    }

    fn evaluation_over(&self) -> &'static str {
        "Evaluation: the game is over"
    }

    fn evaluation_thinking(&self) -> &'static str {
        "Evaluation: thinking…"
    }

    fn ahead(&self, side: Option<Color>) -> String {
        match side {
            Some(c) => format!("{} ahead", self.color(c)),
            None => "Even".into(),
        }
    }

    fn reviewing(&self, done: usize, total: usize) -> String {
        format!("Reviewing: {done} of {total} positions")
    }

    fn mistakes(&self, found: usize) -> String {
        match found {
            0 => "Mistakes: none found".into(),
            _ => "Mistakes:".into(),
        }
    }

    fn mistake(&self, n: usize, name: &str, cost: Cost, better: &str) -> String {
        match cost {
            Cost::Discs { discs, exact } => {
                let exactly = if exact { " exactly" } else { "" };
                format!("{n}. {name} lost {discs}{exactly} ({better} better)")
            }
            Cost::MissedWin => format!("{n}. {name} missed the win at {better}"),
            Cost::MissedDefence => format!("{n}. {name} missed the defence at {better}"),
        }
    }

    fn evaluation(&self, side: Color, discs: i32) -> String {
        format!("Evaluation: {} {discs:+}", self.color(side))
    }

    fn exact(&self) -> &'static str {
        "exact"
    }

    fn five_in_a_row(&self, color: Color) -> String {
        format!("{} has five in a row", self.color(color))
    }

    fn frame_start(&self) -> &'static str {
        "the start"
    }

    fn frame_played(&self, number: usize, mv: &str) -> String {
        format!("move {number}: {mv}")
    }

    fn frame_taken_back(&self, number: usize) -> String {
        format!("move {number} taken back")
    }

    fn frame_replayed(&self, number: usize) -> String {
        format!("move {number} replayed")
    }

    fn replay_over_here(&self) -> &'static str {
        "The game is over here: step back to play on from an earlier move"
    }

    fn saved_games(&self) -> &'static str {
        "Saved games"
    }

    fn saved_on(&self, when: &str) -> String {
        format!("saved {when}")
    }

    fn cannot_be_read(&self, why: &str) -> String {
        format!("cannot be read: {why}")
    }

    fn won(&self, color: Color) -> String {
        format!("{} won", self.color(color))
    }

    fn a_draw(&self) -> &'static str {
        "a draw"
    }

    fn progress(&self, number: usize, to_move: Color) -> String {
        format!("move {number}, {} to move", self.color(to_move))
    }

    fn describe_saved(&self, kind: &str, black: Player, white: Player, state: &str) -> String {
        format!(
            "{kind}, {} vs {}, {state}",
            self.player(black),
            self.player(white)
        )
    }

    fn settings_not_read(&self, path: &str, why: &str) -> String {
        format!("The settings file {path} was not read: {why}.")
    }

    fn settings_too_large(&self, path: &str) -> String {
        format!("The settings file {path} is too large; not read.")
    }

    fn settings_problems(&self, path: &str, problems: &[Problem]) -> String {
        let each: Vec<String> = problems
            .iter()
            .map(|p| match p {
                Problem::Line(n) => format!("line {n}: not `key = value`"),
                Problem::Key(key, expected) => {
                    let what = match expected {
                        Expected::Text => "expected text in quotes".into(),
                        Expected::Flag => "expected true or false".into(),
                        Expected::Number => "expected a number".into(),
                        Expected::OneOf(words) => {
                            let (last, rest) = words.split_last().expect("some words");
                            format!("expected {} or {last}", rest.join(", "))
                        }
                        Expected::Range(a, b) => format!("expected a number from {a} to {b}"),
                        Expected::Clock(text) => {
                            format!("'{text}' is not a time control such as 5+3 (or off)")
                        }
                        Expected::Known => "not a setting heibai knows".into(),
                    };
                    format!("{key}: {what}")
                }
            })
            .collect();
        format!(
            "Settings file {path}: {}. Those were left at their defaults; the file is unchanged.",
            each.join("; ")
        )
    }

    fn settings_not_kept(&self, why: &str) -> String {
        format!("Settings not kept: {why}")
    }

    fn cannot_write(&self, path: &str, why: &str) -> String {
        format!("{path} cannot be written: {why}")
    }

    fn no_config_dir(&self) -> &'static str {
        "there is no config directory to keep settings in: pass --config PATH"
    }

    fn saving_needs_a_key(&self) -> &'static str {
        "saving needs an SSH key: connect with one (ssh -i KEY …) and your games are kept on this server under it"
    }

    fn settings_need_a_key(&self) -> &'static str {
        "connect with an SSH key to keep your settings on this server"
    }

    fn saved_game_not_loaded(&self, path: &str, why: &str) -> String {
        format!("The saved game {path} was not loaded: {why}. It is left as it is.")
    }

    fn load_error(&self, error: &LoadError) -> String {
        match error {
            LoadError::TooLarge(bytes) => format!("{bytes} bytes: too large for a saved game"),
            LoadError::NotAFile => "not a file (a device, a pipe or a folder)".into(),
            LoadError::Missing => "no such file".into(),
            LoadError::NotText => "not text".into(),
            LoadError::Io(why) => why.clone(),
            LoadError::Save(e) => self.save_error(e),
        }
    }

    fn sgf_error(&self, error: &SgfError) -> String {
        let (line, column) = (error.line, error.column);
        format!("line {line}, column {column}: {}", self.flaw(&error.flaw))
    }

    fn save_error(&self, error: &SaveError) -> String {
        format!("line {}: {}", error.line, self.flaw(&error.flaw))
    }

    fn position_error(&self, error: &PositionError) -> String {
        match error {
            PositionError::Length(n) => format!(
                "a position is 64 squares (X, O or -) then the side to move (X or O); got {n} squares"
            ),
            PositionError::BadSquare { square, found } => {
                format!("square {square} is '{found}'; expected X (black), O (white) or - (empty)")
            }
            PositionError::BadSide(side) => {
                format!("the side to move is '{side}'; expected X (Black) or O (White)")
            }
        }
    }

    fn flaw_text(&self, flaw: &Flaw) -> String {
        match flaw {
            Flaw::NotSaved => "expected 'heibai 1': this is not a heibai saved game".into(),
            Flaw::UnknownGame(g) => format!("unknown game '{g}'; expected reversi or gomoku"),
            Flaw::ExpectedKey(k) => format!("expected '{k} …'"),
            Flaw::EndsBefore(k) => format!("the file ends before '{k}'"),
            Flaw::BadPlayer(v) => format!("player '{v}'; expected human or computer"),
            Flaw::BadLevel(l) => format!("level '{l}'; expected 1 to 8"),
            Flaw::BadCursor(c, n) => format!("cursor '{c}'; expected 0 to {n}"),
            Flaw::BadSize(v) => format!("size '{v}'; expected 15 or 19"),
            Flaw::BadRule(r) => format!("rule '{r}'; expected freestyle, standard or renju"),
            Flaw::BadOpening(o) => {
                format!(
                    "opening '{o}'; expected centre, free, or an opening and a turn such as 4D 0"
                )
            }
            Flaw::BadVariation => {
                "a variation line needs where it branches off, then its moves".into()
            }
            Flaw::HistoryDisagrees => {
                "the history does not lead to the moves and cursor above".into()
            }
            Flaw::BadClock(c) => {
                format!(
                    "clock '{c}'; expected the base and increment in seconds, then Black's and White's seconds left"
                )
            }
            Flaw::BadResult(r) => {
                format!("result '{r}'; expected black or white, then resigned, left or time")
            }
            Flaw::GomokuNotReversi => "a game of Gomoku, not Reversi".into(),
            Flaw::IllegalStep(n, why) => format!("step {n} is illegal: {}", self.illegal(why)),
            Flaw::NotAMove { number, text, game } => {
                let what = if *game == GameId::Gomoku {
                    "point"
                } else {
                    "square"
                };
                let at = number.map_or(String::new(), |n| format!("move {n}: "));
                format!("{at}'{text}' is not a {what}")
            }
            Flaw::IllegalMove { number, name, why } => {
                format!("move {number} ({name}) is illegal: {}", self.illegal(why))
            }
            Flaw::Position(e) => self.position_error(e),
            Flaw::NoGame => "the file holds no game".into(),
            Flaw::OthelloSize(v) => format!("an Othello board of size {v}; heibai plays 8x8"),
            Flaw::GomokuSize(v) => {
                format!("a Gomoku board of size {v}; heibai plays 15x15 and 19x19")
            }
            Flaw::GameType(g) => {
                format!("game type GM[{g}]; heibai reads Othello (GM[2]) and Gomoku (GM[4])")
            }
            Flaw::SetUpStone(id, v) => format!("{id}: '{v}' is not a square"),
            Flaw::SetUp(e) => format!("the set-up position: {}", self.position_error(e)),
            Flaw::NotTranscript(t) => {
                format!("'{t}' is not a transcript: expected squares like f5d6c3")
            }
            Flaw::NotPsq => "line 1: expected 'Piskvorky WxH, …': this is not a PSQ file".into(),
            Flaw::NotGgf => "expected '(;GM[Othello]…;)': this is not a GGF Othello game".into(),
            Flaw::GgfUnclosed => "a property is not NAME[value]".into(),
            Flaw::WthorShort => "not a WTHOR .wtb file: shorter than its header".into(),
            Flaw::WthorBoard => "a WTHOR file of 10x10 games, not Othello's 8x8".into(),
            Flaw::WthorSize => {
                "not a WTHOR .wtb file: its size is not that of the games its header counts".into()
            }
            Flaw::GgfBoard(b) => {
                format!("board '{b}'; expected 8, eight rows of -, * and O, then * or O to move")
            }
            Flaw::PsqSize(v) => format!("line 1: a board of {v}; heibai plays 15x15 and 19x19"),
            Flaw::PsqOffBoard { line, x, y, size } => {
                format!("line {line}: {x},{y} is off the {size}x{size} board")
            }
            Flaw::PsqLine(line) => {
                format!("line {line}: expected a move 'x,y,time' (or -1 after the last)")
            }
            Flaw::WrongColour {
                number,
                name,
                color,
            } => format!(
                "move {number} ({name}) is marked as {}'s, but {} is to move",
                self.color(*color),
                self.color(color.opponent())
            ),
            Flaw::GomokuSetUp => {
                "set-up stones (AB, AW): heibai's Gomoku games start from an empty board".into()
            }
            Flaw::EmptyPosition => "an empty position".into(),
            Flaw::BadScore(p) => format!("'{p}' is not a move:score pair (like G8:+18)"),
            Flaw::SgfNoStart => "expected '(' to start a game: this is not an SGF file".into(),
            Flaw::SgfTrailing => "unexpected text after the last game".into(),
            Flaw::SgfTooDeep(n) => format!("variations nested deeper than {n}"),
            Flaw::SgfNoFirstNode => "expected ';' to start the first node".into(),
            Flaw::SgfNodeAfterVariation => "a node after a variation".into(),
            Flaw::SgfUnexpected(c) => format!("unexpected '{c}'"),
            Flaw::SgfEndsInGame => "the file ends inside a game: ')' missing".into(),
            Flaw::SgfPropertyName => "property names are capital letters".into(),
            Flaw::SgfNoValue(id) => format!("property {id} has no value"),
            Flaw::SgfEndsInValue => "the file ends inside a value: ']' missing".into(),
            Flaw::SgfRepeated(id) => format!("property {id} is given twice in one node"),
            Flaw::SgfTooLarge(n) => {
                format!("the game tree is too large: it would take over {n} times the file's size")
            }
            Flaw::Saved(e) => self.save_error(e),
            Flaw::Sgf(e) => self.sgf_error(e),
            Flaw::InSgf(f) => format!("SGF {}", self.flaw(f)),
            Flaw::InPsq(f) => format!("PSQ {}", self.flaw(f)),
            Flaw::InGgf(f) => format!("GGF: {}", self.flaw(f)),
            Flaw::InPositionLine(f) => format!("a position line: {}", self.flaw(f)),
            Flaw::Unrecognised(f) => format!(
                "not a heibai saved game, SGF, PSQ, a position or an Othello transcript ({})",
                self.flaw(f)
            ),
        }
    }

    fn saved_on_exit(&self) -> &'static str {
        "Your game is saved: run heibai again and choose Continue."
    }

    fn playing_as(&self, user: &str) -> String {
        format!("playing as {user}")
    }

    fn play_the_computer(&self) -> &'static str {
        "Play the computer (every game and level)"
    }

    fn a_game_with_a_person(&self) -> &'static str {
        "A game with a person"
    }

    fn your_colour(&self, color: Option<Color>) -> String {
        format!(
            "Your colour: < {} >",
            color.map_or("either", |c| self.color(c))
        )
    }

    fn create_game(&self) -> &'static str {
        "Create the game: a code to give your opponent"
    }

    fn join_by_code(&self) -> &'static str {
        "Join by code:"
    }

    fn type_the_code(&self) -> &'static str {
        "Type the code your opponent gave you (or your resume code), then Enter"
    }

    fn your_games(&self) -> &'static str {
        "Your games (Enter goes back)"
    }

    fn open_games(&self) -> &'static str {
        "Open games (Enter joins)"
    }

    fn games_being_played(&self) -> &'static str {
        "Games being played (Enter watches)"
    }

    fn no_one_else(&self) -> &'static str {
        "No one else is playing yet."
    }

    fn seat_free(&self) -> &'static str {
        "(free)"
    }

    fn seat_waiting(&self) -> &'static str {
        "(waiting)"
    }

    fn watching_count(&self, count: usize) -> String {
        format!("{count} watching")
    }

    fn listing_move(&self, number: usize) -> String {
        format!("move {number}")
    }

    fn left_game(&self, code: &str) -> String {
        format!("Stepped out of {code}: your seat waits under Your games (Enter)")
    }

    fn you_are_watching(&self) -> &'static str {
        "You are watching this game"
    }

    fn the_game_is_over(&self) -> &'static str {
        "The game is over"
    }

    fn waiting_for_opponent(&self, code: &str) -> String {
        format!("Waiting for an opponent: they join with the code {code}")
    }

    fn wait_for(&self, name: &str, color: Color) -> String {
        format!("Wait: {name} ({}) is to move", self.color(color))
    }

    fn game_code(&self, code: &str) -> String {
        format!("Game {code}")
    }

    fn watching_game(&self, code: &str) -> String {
        format!("Watching game {code}")
    }

    fn waiting_code(&self, code: &str) -> String {
        format!("Waiting for an opponent: code {code}")
    }

    fn claim_or_wait(&self, key: &str) -> String {
        format!("{key}: claim the win, or wait")
    }

    fn resume_code(&self, code: &str) -> String {
        format!(
            "Your resume code is {code}: type it at Join by code to take this seat back from \
             any connection. Keep it to yourself; it changes each time it is used."
        )
    }

    fn resume_hint(&self, key: &str) -> String {
        format!("{key}: your resume code")
    }

    fn note(&self, note: &Note) -> String {
        match note {
            Note::Away { name, minutes_left } => {
                format!("{name} is away; seat kept {minutes_left} more min")
            }
            Note::Gone { name, minutes } => format!("{name} has been gone {minutes} min"),
        }
    }

    fn refusal(&self, refusal: &Refusal) -> String {
        match refusal {
            Refusal::NoSuchCode(code) => format!("There is no game with the code {code}"),
            Refusal::TakenOver => "Your seat was taken over from another connection".into(),
            Refusal::NotInGame => "You are not in a game".into(),
            Refusal::GameOver => self.the_game_is_over().into(),
            Refusal::OnlyPlayers => "Only a player can do that".into(),
            Refusal::TooSoon => {
                "Your opponent has not been gone long enough to claim the win".into()
            }
            Refusal::Expired(code) => {
                format!("Nobody joined game {code} in ten minutes, so it was closed")
            }
            Refusal::TooManyOpenTables(n) => {
                format!(
                    "You already have {} waiting for an opponent",
                    count(*n as u64, "game", "games")
                )
            }
            Refusal::ServerFull => {
                "The server has as many games as it can hold: join one, or try later".into()
            }
            Refusal::WaitBeforeTrying(seconds) => {
                format!("Too many wrong codes: wait {seconds} s before trying again")
            }
            Refusal::NotStored => {
                "The server cannot save games right now: nothing changed; try again soon".into()
            }
            Refusal::Move(name, why) => {
                let why = match why {
                    MoveRefusal::GameOver => self.the_game_is_over().into(),
                    MoveRefusal::NotYourTurn => "It is not your turn".into(),
                    MoveRefusal::NoOpponent => "Wait for an opponent to join".into(),
                    MoveRefusal::NotASquare => format!("{name} is not a square"),
                    MoveRefusal::NotStored => "The server cannot save games right now".into(),
                    MoveRefusal::Reversi(e) => self.reversi_refused(*e),
                    MoveRefusal::Gomoku(e) => self.gomoku_refused(*e),
                };
                format!("{why} ({name} was not played)")
            }
        }
    }

    fn goodbye_idle(&self, minutes: u64) -> String {
        format!(
            "Closed after {} without a key pressed.",
            count(minutes, "minute", "minutes")
        )
    }

    fn goodbye_shutdown(&self) -> &'static str {
        "The heibai server is shutting down."
    }

    fn goodbye_saved(&self) -> &'static str {
        "Your game is saved: connect again with the same key and choose Continue."
    }

    fn goodbye_use_a_key(&self) -> &'static str {
        "Connect with an SSH key to have unfinished games kept for you."
    }

    fn goodbye_not_kept(&self) -> &'static str {
        "Your unfinished game could not be kept: the server could not write it."
    }

    fn your_unfinished_game(&self) -> &'static str {
        "Your unfinished game"
    }

    fn your_settings(&self) -> &'static str {
        "Your settings"
    }

    fn stopped_watching(&self, code: &str) -> String {
        format!("You stopped watching game {code}")
    }

    fn paste_cut(&self, kib: usize) -> String {
        format!("The pasted text was cut after {kib} KiB; the rest was dropped")
    }

    fn saved_games_full(&self, games: usize, megabytes: u64) -> String {
        format!(
            "This server keeps at most {games} saved games ({megabytes} MB) for each player: \
             save under the name of one you have to replace it"
        )
    }

    fn server_storage_full(&self) -> &'static str {
        "The server's space for players' games is full: nothing was written"
    }

    fn server_full(&self) -> &'static str {
        "The heibai server is full. Try again in a minute."
    }

    fn session_failed(&self) -> &'static str {
        "heibai: something went wrong; the session is closed."
    }
}
