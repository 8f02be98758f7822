//! Chinese: what only Reversi says: its levels, openings, passes, analysis and refusals.

use crate::engine::reversi::Level;
use crate::i18n::About;
use crate::i18n::words::*;
use crate::i18n::zh::Chinese;
use crate::reversi::Color;
use crate::reversi::PositionError;

impl super::Words for Chinese {
    fn this_game(&self) -> About {
        About {
            name: "黑白棋",
            full_name: "黑白棋（奥赛罗）",
            games: "黑白棋棋局",
            rules_brief: "落子时要把对方的一排棋子夹在中间，被夹住的子翻成你的颜色。双方都无子\
         可下时，棋子多的一方获胜。",
            help_heading: "黑白棋怎么下",
            help_rules: &[
                "黑方先行，双方轮流落子。",
                "新子必须和己方另一子一起，把对方的一排棋子（横、竖或斜）",
                "夹在中间：被夹住的子全部翻成你的颜色。每步至少要翻一子；",
                "无处可下时就停一手。双方都无子可下时棋局结束，",
                "棋子多的一方获胜。",
            ],
        }
    }

    fn level_does(&self, level: &Level) -> String {
        match level.depth {
            0 => "能占角就占角，否则翻最多的子".into(),
            d => {
                let time = level
                    .budget
                    .map_or("不限时".into(), |b| format!("{} 秒", b.as_secs_f64()));
                let book = if level.book.is_some() {
                    "开局库，"
                } else {
                    ""
                };
                let loose = if level.noise > 0 { "，随性" } else { "" };
                format!(
                    "{book}{d} 层{loose}，剩 {} 空起精确计算，{time}",
                    level.exact_from
                )
            }
        }
    }

    fn solved_empties(&self, empties: u32) -> String {
        format!("已解出剩余 {empties} 空")
    }

    fn opening_book(&self) -> &'static str {
        "开局库"
    }

    fn analysis_exact(&self) -> &'static str {
        "分析：精确终局比分"
    }

    fn analysis_depth(&self, depth: &str) -> String {
        format!("分析：深度 {depth}，估计值")
    }

    fn analysis_thinking(&self) -> &'static str {
        "分析：思考中…"
    }

    /// Othello's openings have no Chinese names in common use: an English one is kept as a
    /// name, in 「」 (Renju's openings come with theirs).
    fn opening(&self, name: &str) -> String {
        format!("开局：{}", self.opening_name(name))
    }

    fn opening_name(&self, name: &str) -> String {
        if name.is_ascii() {
            format!("「{name}」")
        } else {
            name.into()
        }
    }

    fn book_move(&self, mv: &str) -> String {
        format!("{mv}：开局库着法")
    }

    fn wins_by(&self, winner: Color, own: u32, other: u32) -> String {
        format!(
            "{}以 {own}-{other} 胜 {} 子",
            self.color(winner),
            own - other
        )
    }

    fn draw_by(&self, black: u32, white: u32) -> String {
        format!("和棋，{black}-{white}")
    }

    fn empties_counted(&self, empties: u32, draw: bool) -> String {
        if draw {
            format!("剩余 {empties} 空由双方平分。")
        } else {
            format!("剩余 {empties} 空计入胜方。")
        }
    }

    fn pass_move(&self) -> &'static str {
        "停一手"
    }

    fn passes(&self, side: Color) -> String {
        format!("{}无处可下，停一手", self.color(side))
    }

    fn refused(&self, error: crate::reversi::MoveError) -> String {
        use crate::reversi::MoveError as E;
        match error {
            E::Occupied(sq) => format!("{sq} 已经有子"),
            E::FlipsNothing(sq) => format!("{sq} 翻不了任何子"),
            E::CannotPass(c) => format!("{}不能停一手：还有地方可下", self.color(c)),
            E::GameOver => "棋局已结束".into(),
        }
    }

    fn evaluation(&self, side: Color, discs: i32) -> String {
        format!("评估：{} {discs:+}", self.color(side))
    }

    fn position_error(&self, error: &PositionError) -> String {
        match error {
            PositionError::Length(n) => {
                format!("局面应为 64 个格子（X、O 或 -）再加走棋方（X 或 O）；这里有 {n} 个格子")
            }
            PositionError::BadSquare { square, found } => {
                format!("格子 {square} 是“{found}”；应为 X（黑）、O（白）或 -（空）")
            }
            PositionError::BadSide(side) => {
                format!("走棋方是“{side}”；应为 X（黑方）或 O（白方）")
            }
        }
    }
}
