//! English: games between terminals: the lobby, the tables, the server's notes and goodbyes.

use super::*;
use crate::i18n::english_count as count;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::table::{MoveRefusal, Note, PastGame, Rated, Refusal, Standing, Variant};

impl Server for English {
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

    fn clock_choice(&self, clock: Option<crate::game::clock::TimeControl>) -> String {
        match clock {
            Some(clock) => format!("Clock: < {clock} > (minutes + seconds a move)"),
            None => "Clock: < off >".into(),
        }
    }

    fn rated_choice(&self, rated: Option<bool>) -> String {
        match rated {
            Some(true) => "Rated: < yes >".into(),
            Some(false) => "Rated: < no >".into(),
            None => "Rated: no (rated games need an SSH key)".into(),
        }
    }

    fn rated_needs_key(&self) -> &'static str {
        "Connect with an SSH key (ssh -i KEY ...) to play rated games: a rating that follows \
         your key, and a place on the leaderboard"
    }

    fn rated_word(&self) -> &'static str {
        "rated"
    }

    fn rating_line(&self, color: Color, rated: Rated) -> String {
        let who = self.color(color);
        match rated.after {
            Some(after) => {
                let change = after.points - rated.before.points;
                format!("{who} {} → {after} ({change:+})", rated.before)
            }
            None => format!("{who} {}", rated.before),
        }
    }

    fn rematch_line(&self, key: &str, asked: bool, offered_by: Option<&str>) -> String {
        match (asked, offered_by) {
            (true, Some(_)) => "Rematch agreed".into(),
            (true, None) => "Rematch asked for: waiting for the other player".into(),
            (false, Some(name)) => format!("{name} asks for a rematch: {key} to accept"),
            (false, None) => format!("{key} rematch (colours swapped)"),
        }
    }

    fn play_someone_now(&self) -> &'static str {
        "Play someone now: paired with the nearest rating"
    }

    fn seeking(&self) -> &'static str {
        "Looking for an opponent: the game starts as soon as one is found (Esc stops)"
    }

    fn seeks_heading(&self, yours: bool) -> &'static str {
        match yours {
            true => "Looking for an opponent (Enter or Esc stops)",
            false => "Players looking for an opponent (Enter plays them)",
        }
    }

    fn seek_line(
        &self,
        name: &str,
        rating: Option<crate::table::Rating>,
        game: Variant,
        rated: bool,
        clock: Option<crate::game::clock::TimeControl>,
    ) -> String {
        let rating = rating.map_or(String::new(), |r| format!(" {r}"));
        let rated = if rated { " · rated" } else { "" };
        let rated = match clock {
            Some(clock) => format!("{rated} · {clock}"),
            None => rated.to_string(),
        };
        format!("{name}{rating} wants {}{rated}", self.variant(game))
    }

    fn leaderboard_entry(&self) -> &'static str {
        "Leaderboard and players' cards"
    }

    fn asking_the_server(&self) -> &'static str {
        "Asking the server..."
    }

    fn leaderboard_title(&self, pool: Variant, more: bool) -> String {
        let more = if more { "  (←→ other games)" } else { "" };
        format!("Leaderboard: {}{more}", self.variant(pool))
    }

    fn leaderboard_empty(&self) -> &'static str {
        "Nobody here yet: the leaderboard lists players with 10 rated games or more who \
         played in the last 90 days"
    }

    fn standing_line(&self, rank: Option<usize>, s: &Standing, you: bool) -> String {
        let line = format!(
            "{}  {}  {}, {}-{}-{}",
            s.name,
            s.rating,
            games(s.games),
            s.wins,
            s.losses,
            s.draws
        );
        match (you, rank) {
            (true, _) => format!("You: {line}"),
            (false, Some(rank)) => format!("{rank:>2}. {line}"),
            (false, None) => format!("    {line}"),
        }
    }

    fn provisional_players(&self) -> &'static str {
        "Provisional (fewer than 10 rated games)"
    }

    fn card_title(&self, name: &str) -> String {
        format!("Player {name}")
    }

    fn card_rating(&self, s: &Standing) -> String {
        format!(
            "{}: {}, {}: {} won, {} lost, {} drawn",
            self.variant(s.pool),
            s.rating,
            games(s.games),
            s.wins,
            s.losses,
            s.draws
        )
    }

    fn no_rating_yet(&self) -> &'static str {
        "  No rated game yet"
    }

    fn latest_games(&self) -> &'static str {
        "Latest games (Enter replays)"
    }

    fn past_game_line(&self, g: &PastGame) -> String {
        let name = |i: usize| g.names[i].as_deref().unwrap_or("?");
        let result = match g.winner {
            Some(c) if c == g.played => "won",
            Some(_) => "lost",
            None => "drawn",
        };
        let change = g.change.map_or(String::new(), |c| format!(" {c:+}"));
        format!(
            "{}  {}  {} - {}  {result}{change}",
            g.date,
            self.variant(g.game),
            name(0),
            name(1)
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

    fn someone_joined(&self, code: &str, name: &str) -> String {
        format!("{name} has sat down at your game {code}: Enter on it under Your games")
    }

    fn game_ended_away(&self, code: &str, result: &str) -> String {
        format!("Your game {code} is over: {result}")
    }

    fn left_finished_game(&self, code: &str) -> String {
        format!("Left {code}: the game is over (its players' cards replay it)")
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
            Note::Left { name } => format!("{name} has left: no rematch"),
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
            Refusal::RatedNeedsKey => {
                "Rated games are for players with an SSH key (ssh -i KEY …): unrated ones are open to all".into()
            }
            Refusal::NoRematch => "The other player has left: no rematch".into(),
            Refusal::NoSuchGame(code) => format!("The server has no finished game {code}"),
            Refusal::SeekGone => "That player is no longer looking for an opponent".into(),
            Refusal::ClosedForAnother(code) => {
                format!("Your open game {code} was closed: another game of yours has begun")
            }
            Refusal::PlayingAlready(code) => {
                format!("You have a game going on ({code}, under Your games): finish it first")
            }
            Refusal::NoSuchPlayer => "The server knows no game of that player".into(),
            Refusal::Move(name, why) => {
                let why = match why {
                    MoveRefusal::GameOver => self.the_game_is_over().into(),
                    MoveRefusal::NotYourTurn => "It is not your turn".into(),
                    MoveRefusal::NoOpponent => "Wait for an opponent to join".into(),
                    MoveRefusal::NotASquare => format!("{name} is not a square"),
                    MoveRefusal::NotStored => "The server cannot save games right now".into(),
                    MoveRefusal::Illegal(e) => self.illegal(e),
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

    fn your_settings(&self) -> &'static str {
        "Your settings"
    }

    fn stopped_watching(&self, code: &str) -> String {
        format!("You stopped watching game {code}")
    }

    fn server_full(&self) -> &'static str {
        "The heibai server is full. Try again in a minute."
    }

    fn session_failed(&self) -> &'static str {
        "heibai: something went wrong; the session is closed."
    }
}

/// "1 game", "14 games".
fn games(n: u32) -> String {
    match n {
        1 => "1 game".into(),
        n => format!("{n} games"),
    }
}
