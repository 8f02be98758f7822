//! Chinese: what only Gomoku and Renju say: rules, board sizes, openings, forbidden points.

use crate::engine::gomoku::Level as GomokuLevel;
use crate::gomoku::{Forbidden, NoSwap, Rule, Stage};
use crate::i18n::About;
use crate::i18n::words::*;
use crate::i18n::zh::Chinese;
use crate::reversi::Color;

impl super::Words for Chinese {
    fn this_game(&self) -> About {
        About {
            name: "五子棋",
            full_name: "五子棋 / 连珠",
            games: "五子棋棋局",
            rules_brief: "双方轮流在交叉点上落子，先连成五子者胜。连珠规则下黑方不得走三三、\
         四四或长连（六子及以上）。",
            help_heading: "五子棋与连珠怎么下",
            help_rules: &[
                "黑方先行，第一子下在天元；双方轮流在空点上落子。",
                "横、竖或斜连成五子者胜；棋盘下满为和棋。",
                "无禁手：五连或更长都算赢。标准：恰好五连才算赢。",
                "连珠：白方五连或长连都算赢，黑方只有恰好五连才算赢，",
                "且黑方不得落在形成两个活三、两个四或长连（六子及以上）",
                "的点上（打开提示时禁手点会标出；但成五仍然获胜）。",
                "三：再下一子就成活四的一排；四：再下一子就成五的一排。",
                "Taraguchi-10 开局（RIF）：第 1-5 子依次下在中央 1x1、3x3、",
                "5x5、7x7、9x9 内；第 2-6 子之前，轮到的一方可交换（c），",
                "每子一次。第五手黑方可改为打十个点（f），按棋盘对称不得",
                "相同；白方在其中一点落子选定（为黑方第五子），再下第六子。",
            ],
        }
    }

    fn rule(&self, rule: Rule) -> &'static str {
        match rule {
            Rule::Freestyle => "无禁手",
            Rule::Standard => "标准",
            Rule::Renju => "连珠",
        }
    }

    fn rule_summary(&self, rule: Rule) -> &'static str {
        match rule {
            Rule::Renju => "连珠：黑方禁三三、四四和长连",
            Rule::Standard => "标准：恰好五连获胜",
            Rule::Freestyle => "无禁手：五连或更长获胜",
        }
    }

    fn rules_of(&self, rule: Rule) -> String {
        format!("{}规则", self.rule(rule))
    }

    fn gomoku_level_does(&self, level: &GomokuLevel) -> String {
        let mut parts = vec![];
        if level.depth == 0 {
            parts.push("看起来最好的点".to_string());
        } else {
            parts.push(format!("{} 层", level.depth));
        }
        if level.vcf > 0 {
            parts.push("VCF".into());
        }
        if level.vct > 0 {
            parts.push("VCT".into());
        }
        format!(
            "{}，{:.1} 秒",
            parts.join(" + "),
            level.budget.as_secs_f64()
        )
    }

    fn gomoku_title(&self, size: u8, rule: Rule) -> String {
        format!("五子棋 {size}x{size}，{}", self.rules_of(rule))
    }

    fn menu_rules(&self, rule: Rule) -> String {
        format!("规则：< {} >", self.rule(rule))
    }

    fn menu_board(&self, size: u8) -> String {
        format!("棋盘：< {size}x{size} >")
    }

    fn menu_opening(&self, name: &str) -> String {
        format!("开局：< {name} >")
    }

    fn forbidden_shown(&self) -> &'static str {
        "已标出禁手点"
    }

    fn opening_centre(&self) -> &'static str {
        "天元"
    }

    fn opening_random(&self) -> &'static str {
        "随机连珠开局"
    }

    fn renju_opening(&self, o: &crate::gomoku::Opening) -> String {
        format!("{}（{}）", o.chinese, o.code())
    }

    fn forbidden_block(&self, point: &str, why: Forbidden) -> String {
        let why = super::Words::forbidden(self, why);
        format!("{point} 是黑方唯一的防点，却是禁手：{why}")
    }

    fn wins_with_line(&self, winner: Color, stones: usize) -> String {
        let what = if stones == 5 {
            "五连".to_string()
        } else {
            format!("{stones} 连")
        };
        format!("{}以{what}获胜", self.color(winner))
    }

    fn draw_board_full(&self) -> &'static str {
        "和棋，棋盘已满"
    }

    fn hints_on_forbidden(&self) -> &'static str {
        "提示已打开：黑方的禁手点已标出"
    }

    fn refused(&self, error: crate::gomoku::MoveError) -> String {
        use crate::gomoku::MoveError as E;
        match error {
            E::Occupied(p) => format!("{p} 已经有子"),
            E::Forbidden(p, why) => format!("{p} 是禁手：{}", self.forbidden(why)),
            E::NotCentre(p) => format!("黑方第一子要下在天元 {p}"),
            E::NotTheOpening(p) => format!("开局的下一子在 {p}"),
            E::OutsideSquare(p, side) => format!("{p} 在中央 {side}x{side} 之外，这一子须下在其内"),
            E::NoSwap(why) => match why {
                NoSwap::FirstStone => "第一子之前不能交换",
                NoSwap::Made => "这一手已经交换过：请落子",
                NoSwap::AfterPick => "白方选定五手后不能交换：白方下第六子",
                NoSwap::Offers => "打点和选点期间不能交换",
                NoSwap::OpeningOver => "开局已结束，不能再交换",
                NoSwap::NoOpeningRule => "交换属于 Taraguchi-10 开局",
            }
            .into(),
            E::NoOffer => "只有黑方第 5 子时才能打点".into(),
            E::OfferedTwice(p) => format!("{p} 已经打过"),
            E::Mirrors(p, q) => format!("{p} 与已打的 {q} 对称，算同一个五手点"),
            E::NotOffered(p) => format!("{p} 不是所打的点：请选一个标出的点"),
            E::GameOver => "棋局已结束".into(),
        }
    }

    fn forbidden(&self, why: Forbidden) -> &'static str {
        match why {
            Forbidden::DoubleThree => "三三",
            Forbidden::DoubleFour => "四四",
            Forbidden::Overline => "长连",
        }
    }

    fn five_in_a_row(&self, color: Color) -> String {
        format!("{}已连成五子", self.color(color))
    }

    fn opening_taraguchi(&self) -> &'static str {
        "Taraguchi-10（RIF：交换，五手十打）"
    }

    fn swap_made(&self) -> &'static str {
        "交换"
    }

    fn offers_made(&self) -> &'static str {
        "十打"
    }

    fn taraguchi_stage(&self, stage: Stage, mover: Color) -> String {
        let who = self.color(mover);
        let what = match stage {
            Stage::Place { stone: 1, .. } => format!("{who}第 1 子，下在天元"),
            Stage::Place {
                stone,
                reach: Some(r),
                ..
            } => {
                let side = 2 * r + 1;
                format!("{who}第 {stone} 子，下在中央 {side}x{side} 内")
            }
            Stage::Place { stone, .. } => format!("{who}第 {stone} 子，可下在任意处"),
            Stage::Offer { made } => format!("黑方打第 {} 个五手点（共 10 个），任意处", made + 1),
            Stage::Pick => "白方从黑方所打的五手点中选一个".into(),
            Stage::Over => return String::new(),
        };
        format!("Taraguchi-10：{what}")
    }

    fn taraguchi_choices(&self, swap: Option<&str>, offer: Option<&str>) -> String {
        let mut or = vec![];
        if let Some(key) = swap {
            or.push(format!("{key} 交换"));
        }
        if let Some(key) = offer {
            or.push(format!("{key} 五手十打"));
        }
        format!("或：{}", or.join("，"))
    }

    fn colours_swapped(&self, black: &str, white: &str) -> String {
        format!("已交换：黑方 {black}，白方 {white}")
    }
}
