//! Games between terminals: the lobby, the tables, the server's notes and goodbyes.

use crate::reversi::Color;
use crate::table::{Note, PastGame, Rated, Refusal, Standing, Variant};

pub trait Server {
    fn playing_as(&self, user: &str) -> String;

    fn play_the_computer(&self) -> &'static str;

    fn a_game_with_a_person(&self) -> &'static str;

    fn your_colour(&self, color: Option<Color>) -> String;

    /// The lobby's choice of a clock for a game with a person.
    fn clock_choice(&self, clock: Option<crate::game::clock::TimeControl>) -> String;

    /// The lobby's choice of a rated game: `None` for a player without a key.
    fn rated_choice(&self, rated: Option<bool>) -> String;

    /// What a key gives a player: rated games, a rating, a place on the leaderboard.
    fn rated_needs_key(&self) -> &'static str;

    /// A rated game, in a list of games.
    fn rated_word(&self) -> &'static str;

    /// The panel's line of a player's rating in a rated game, and after it the change.
    fn rating_line(&self, color: Color, rated: Rated) -> String;

    /// The panel's line after a game between people: how to ask for a rematch, or that one of
    /// them has (`asked`: by this terminal; `offered_by`: the other player's name).
    fn rematch_line(&self, key: &str, asked: bool, offered_by: Option<&str>) -> String;

    fn create_game(&self) -> &'static str;

    /// The lobby's entry that waits to be paired.
    fn play_someone_now(&self) -> &'static str;

    /// Said once the player waits to be paired.
    fn seeking(&self) -> &'static str;

    /// The heading over the players waiting to be paired (`yours`: one's own wait).
    fn seeks_heading(&self, yours: bool) -> &'static str;

    /// A player waiting to be paired, in the lobby's list.
    fn seek_line(
        &self,
        name: &str,
        rating: Option<crate::table::Rating>,
        game: Variant,
        rated: bool,
        clock: Option<crate::game::clock::TimeControl>,
    ) -> String;

    /// The lobby's entry that opens the leaderboard.
    fn leaderboard_entry(&self) -> &'static str;

    /// Shown while the server's answer is awaited.
    fn asking_the_server(&self) -> &'static str;

    /// The leaderboard's heading (`more`: other pools to step to with ← →).
    fn leaderboard_title(&self, pool: Variant, more: bool) -> String;

    fn leaderboard_empty(&self) -> &'static str;

    /// A player's line on the leaderboard: ranked, or not (provisional), or the asking
    /// player's own (`you`).
    fn standing_line(&self, rank: Option<usize>, standing: &Standing, you: bool) -> String;

    /// The heading over the players whose ratings are provisional.
    fn provisional_players(&self) -> &'static str;

    fn card_title(&self, name: &str) -> String;

    /// A rating on a player's card, with its record.
    fn card_rating(&self, standing: &Standing) -> String;

    fn no_rating_yet(&self) -> &'static str;

    fn latest_games(&self) -> &'static str;

    /// A finished game on a player's card: when, what, who, how it went for them.
    fn past_game_line(&self, game: &PastGame) -> String;

    fn join_by_code(&self) -> &'static str;

    fn type_the_code(&self) -> &'static str;

    fn your_games(&self) -> &'static str;

    fn open_games(&self) -> &'static str;

    fn games_being_played(&self) -> &'static str;

    fn no_one_else(&self) -> &'static str;

    fn seat_free(&self) -> &'static str;

    fn seat_waiting(&self) -> &'static str;

    fn watching_count(&self, count: usize) -> String;

    fn listing_move(&self, number: usize) -> String;

    fn left_game(&self, code: &str) -> String;

    /// Someone sat down at the player's open game while they were away from it.
    fn someone_joined(&self, code: &str, name: &str) -> String;

    /// A game the player had stepped out of is over: how (`result`, with the rating change).
    fn game_ended_away(&self, code: &str, result: &str) -> String;

    /// Back in the lobby from a game that is over.
    fn left_finished_game(&self, code: &str) -> String;

    fn you_are_watching(&self) -> &'static str;

    fn the_game_is_over(&self) -> &'static str;

    fn waiting_for_opponent(&self, code: &str) -> String;

    fn wait_for(&self, name: &str, color: Color) -> String;

    fn game_code(&self, code: &str) -> String;

    fn watching_game(&self, code: &str) -> String;

    fn waiting_code(&self, code: &str) -> String;

    fn claim_or_wait(&self, key: &str) -> String;

    fn resume_code(&self, code: &str) -> String;

    /// The panel's line saying how to see the resume code.
    fn resume_hint(&self, key: &str) -> String;

    fn note(&self, note: &Note) -> String;

    fn refusal(&self, refusal: &Refusal) -> String;

    fn goodbye_idle(&self, minutes: u64) -> String;

    fn goodbye_shutdown(&self) -> &'static str;

    fn goodbye_saved(&self) -> &'static str;

    fn goodbye_use_a_key(&self) -> &'static str;

    /// A keyed player's unfinished game could not be written when they left.
    fn goodbye_not_kept(&self) -> &'static str;

    fn your_settings(&self) -> &'static str;

    /// A spectator left the game they watched.
    fn stopped_watching(&self, code: &str) -> String;

    /// A connection turned away because every session's place is taken.
    fn server_full(&self) -> &'static str;

    fn session_failed(&self) -> &'static str;
}
