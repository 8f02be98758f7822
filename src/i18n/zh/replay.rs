//! Chinese: replays and the review of a finished game.

use super::*;
use crate::engine::review::Cost;
use crate::i18n::words::*;
use crate::reversi::Color;

impl Replays for Chinese {
    fn replay_step(&self, at: usize, len: usize, label: &str) -> String {
        format!("第 {at}/{len} 步：{label}")
    }

    fn replay_start(&self) -> &'static str {
        "开局"
    }

    fn moves_count(&self, len: usize) -> String {
        format!("共 {len} 手")
    }

    fn replay_move(&self, at: usize, len: usize) -> String {
        format!("第 {at}/{len} 手")
    }

    fn replay_playing(&self, seconds: f64) -> String {
        format!("播放中，每手 {seconds:.2} 秒（p 暂停）")
    }

    fn replay_paused(&self) -> &'static str {
        "已暂停（p 播放）"
    }

    fn evaluation_over(&self) -> &'static str {
        "评估：棋局已结束"
    }

    fn evaluation_thinking(&self) -> &'static str {
        "评估：思考中…"
    }

    fn ahead(&self, side: Option<Color>) -> String {
        match side {
            Some(c) => format!("{}占优", self.color(c)),
            None => "均势".into(),
        }
    }

    fn reviewing(&self, done: usize, total: usize) -> String {
        format!("复盘中：{done} / {total} 个局面")
    }

    fn mistakes(&self, found: usize) -> String {
        match found {
            0 => "失误：未发现".into(),
            _ => "失误：".into(),
        }
    }

    fn mistake(&self, number: usize, side: Color, name: &str, cost: Cost, better: &str) -> String {
        let who = self.color(side);
        let n = number;
        match cost {
            Cost::Discs { discs, exact } => {
                let exactly = if exact { "（精确）" } else { "" };
                format!("{n}. {who} {name} 损失 {discs} 子{exactly}，{better} 更好")
            }
            Cost::MissedWin => format!("{n}. {who} {name} 错过了 {better} 的胜着"),
            Cost::MissedDefence => format!("{n}. {who} {name} 漏防，应下 {better}"),
        }
    }

    fn side_summary(
        &self,
        side: Color,
        mistakes: usize,
        worst: Option<i32>,
        accuracy: Option<u32>,
    ) -> String {
        let mut text = match mistakes {
            0 => format!("{}：无失误", self.color(side)),
            n => format!("{}：失误 {n} 次", self.color(side)),
        };
        if let Some(discs) = worst {
            text += &format!("，最多损失 {discs} 子");
        }
        if let Some(a) = accuracy {
            text += &format!(" · 准确率\u{a0}{a}%");
        }
        text
    }

    fn no_mistake_there(&self, forward: bool, reviewing: bool) -> &'static str {
        match (forward, reviewing) {
            (true, false) => "此后没有失误",
            (false, false) => "此前没有失误",
            (true, true) => "暂未发现此后的失误",
            (false, true) => "暂未发现此前的失误",
        }
    }

    fn exact(&self) -> &'static str {
        "精确"
    }

    fn frame_start(&self) -> &'static str {
        "开局"
    }

    fn frame_played(&self, number: usize, mv: &str) -> String {
        format!("第 {number} 手：{mv}")
    }

    fn frame_taken_back(&self, number: usize) -> String {
        format!("悔掉第 {number} 手")
    }

    fn frame_replayed(&self, number: usize) -> String {
        format!("重做第 {number} 手")
    }

    fn replay_over_here(&self) -> &'static str {
        "棋局在这里已结束：退回到更早的一手再接着下"
    }
}
