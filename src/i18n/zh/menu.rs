//! Chinese: the start screen.

use super::*;
use crate::game::{GameId, Player};
use crate::i18n::words::*;
use crate::reversi::Color;

impl Menu for Chinese {
    fn subtitle(&self) -> String {
        let names: Vec<&str> = GameId::ALL.iter().map(|&g| self.about(g).name).collect();
        format!("终端里的{}", names.join("与"))
    }

    fn new_game_heading(&self) -> &'static str {
        "新局"
    }

    fn new_game(&self, black: Player, white: Player) -> &'static str {
        match (black, white) {
            (Player::Human, Player::Human) => "玩家对玩家",
            (Player::Human, Player::Computer) => "玩家对电脑：你执黑",
            (Player::Computer, Player::Human) => "电脑对玩家：你执白",
            (Player::Computer, Player::Computer) => "电脑对电脑",
        }
    }

    fn menu_game(&self, game: GameId) -> String {
        let name = self.about(game).full_name;
        format!("游戏：< {name} >")
    }

    fn menu_level(&self, number: u8) -> String {
        format!("电脑等级：< {number} {} >", self.level_name(number))
    }

    fn menu_continue(&self, game: &str, number: usize, to_move: Color) -> String {
        format!(
            "继续保存的{game}（第 {number} 手，{}走）",
            self.color(to_move)
        )
    }

    fn continue_word(&self) -> &'static str {
        "继续"
    }

    fn menu_load(&self) -> &'static str {
        "载入或回放保存的棋局"
    }

    fn menu_settings(&self) -> &'static str {
        "设置：语言、颜色、提示、声音…"
    }

    fn menu_help(&self) -> &'static str {
        "帮助：规则和按键"
    }

    fn menu_quit(&self) -> &'static str {
        "退出"
    }
}
