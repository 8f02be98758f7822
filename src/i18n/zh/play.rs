//! Chinese: a game on screen, whatever the game: its panel, its messages, how it ended.

use super::*;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::table::Ending;

impl Play for Chinese {
    fn to_move_tag(&self) -> &'static str {
        "走棋"
    }

    fn move_number(&self, number: usize) -> String {
        format!("第 {number} 手")
    }

    fn side_to_move(&self, side: Color) -> String {
        format!("{}走", self.color(side))
    }

    fn thinking(&self, side: Color) -> String {
        format!("{}（电脑）思考中", self.color(side))
    }

    fn depth(&self, depth: u32) -> String {
        format!("深度 {depth}")
    }

    fn best(&self, mv: &str) -> String {
        format!("最佳 {mv}")
    }

    fn sees_a_win(&self) -> &'static str {
        "已看到胜着"
    }

    fn your_move(&self, side: Color) -> String {
        format!("轮到你了，{}", self.color(side))
    }

    fn hints_state(&self, on: bool) -> &'static str {
        if on { "提示开" } else { "提示关" }
    }

    fn computer_level(&self, number: u8) -> String {
        format!("电脑：等级 {number} {}", self.level_name(number))
    }

    fn moves_heading(&self) -> &'static str {
        "棋谱"
    }

    fn game_over(&self, result: &str) -> String {
        format!("棋局结束：{result}")
    }

    fn typing_point(&self) -> &'static str {
        "跳到：输入列和行（h8、h10），再按 Enter；Esc 取消"
    }

    fn game_over_for(&self, won: bool, result: &str) -> String {
        if won {
            format!("你赢了：{result}")
        } else {
            format!("电脑获胜：{result}")
        }
    }

    fn wins_resigned(&self, winner: Color) -> String {
        format!(
            "{}获胜，{}认输",
            self.color(winner),
            self.color(winner.opponent())
        )
    }

    fn ran_out_of_time(&self, flagged: Color) -> String {
        format!(
            "{}超时：{}获胜",
            self.color(flagged),
            self.color(flagged.opponent())
        )
    }

    fn clock_label(&self, control: &str) -> String {
        format!("棋钟 {control}")
    }

    fn ending(&self, ending: Ending) -> String {
        match ending {
            Ending::Resigned(c) => self.wins_resigned(c.opponent()),
            Ending::Abandoned(c) => format!(
                "{}获胜，{}离开了棋局",
                self.color(c.opponent()),
                self.color(c)
            ),
            Ending::Time(c) => self.ran_out_of_time(c),
        }
    }

    fn hints_on(&self) -> &'static str {
        "提示已打开"
    }

    fn hints_off(&self) -> &'static str {
        "提示已关闭"
    }

    fn analysis_on(&self) -> &'static str {
        "分析已打开：每个可下位置显示其评分（子数）"
    }

    fn analysis_off(&self) -> &'static str {
        "分析已关闭"
    }

    fn game_is_over_keys(&self) -> &'static str {
        "棋局已结束：按 n 开新局，按 u 悔棋"
    }

    fn wait_for_computer(&self, side: Color) -> String {
        format!("请稍候：轮到{}（电脑）走", self.color(side))
    }

    fn computer_illegal(&self, mv: &str) -> String {
        format!("电脑选了一步不合法的棋（{mv}）")
    }

    fn nothing_to_undo(&self) -> &'static str {
        "没有可悔的棋"
    }

    fn nothing_to_redo(&self) -> &'static str {
        "没有可重做的棋"
    }

    fn took_back_to(&self, number: usize) -> String {
        format!("已悔棋到第 {number} 手")
    }

    fn replayed_to(&self, number: usize) -> String {
        format!("已重做到第 {number} 手")
    }

    fn only_human_resigns(&self) -> &'static str {
        "只有轮到走棋的玩家可以认输"
    }

    fn resignation_taken_back(&self) -> &'static str {
        "已撤回认输"
    }

    fn paste_here(&self) -> &'static str {
        "在开始界面粘贴棋谱即可打开"
    }

    fn saved_as(&self, name: &str) -> String {
        format!("已保存为“{name}”：可在开始界面载入")
    }

    fn not_saved(&self, why: &str) -> String {
        format!("未保存：{why}")
    }

    fn copied(&self, moves: &str) -> String {
        format!("已复制到剪贴板：{moves}")
    }

    fn copied_sgf(&self) -> &'static str {
        "已以 SGF 格式复制到剪贴板"
    }

    fn not_a_game(&self, why: &str) -> String {
        format!("粘贴的文字不是棋谱：{why}")
    }

    fn cannot_open(&self, why: &str) -> String {
        format!("无法打开：{why}")
    }

    fn enlarge(&self, (width, height): (u16, u16), (w, h): (u16, u16), back: bool) -> String {
        let keys = if back {
            "Esc 返回，Ctrl-C 退出"
        } else {
            "Ctrl-C 退出"
        };
        format!("请把终端放大到至少 {width}x{height}（现在是 {w}x{h}）；{keys}")
    }
}
