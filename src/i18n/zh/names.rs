//! Chinese: the names of things every screen uses: colours, players, games, levels, keys.

use super::*;
use crate::game::{GameId, Player};
use crate::gomoku::Rule;
use crate::i18n::Act;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::table::Variant;

impl Names for Chinese {
    fn color(&self, color: Color) -> &'static str {
        match color {
            Color::Black => "黑方",
            Color::White => "白方",
        }
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::Human => "玩家",
            Player::Computer => "电脑",
        }
    }

    fn variant(&self, variant: Variant) -> String {
        match variant {
            Variant::Game(game) => self.game(game).into(),
            Variant::Gomoku(rule, size, taraguchi) => {
                let name = match rule {
                    Rule::Renju => "连珠",
                    Rule::Standard => "五子棋",
                    Rule::Freestyle => "无禁手",
                };
                let opening = if taraguchi { " Taraguchi-10" } else { "" };
                format!("{name} {size}x{size}{opening}")
            }
        }
    }

    fn level_name(&self, number: u8) -> &'static str {
        match number {
            1 => "入门",
            2 => "新手",
            3 => "休闲",
            4 => "俱乐部",
            5 => "强手",
            6 => "专家",
            7 => "大师",
            _ => "无限",
        }
    }

    fn on_off(&self, on: bool) -> &'static str {
        if on { "开" } else { "关" }
    }

    fn act(&self, act: Act) -> &'static str {
        match act {
            Act::Move => "移动",
            Act::Place => "落子",
            Act::Undo => "悔棋",
            Act::Redo => "重做",
            Act::Hints => "提示",
            Act::Resign => "认输",
            Act::Save => "保存",
            Act::Replay => "回放",
            Act::Help => "帮助",
            Act::Lobby => "大厅",
            Act::New => "新局",
            Act::NewGame => "新局",
            Act::TakeBack => "悔棋",
            Act::Quit => "退出",
            Act::Menu => "菜单",
            Act::StopWatching => "大厅",
            Act::Step => "单步",
            Act::PlayFromHere => "从这里接着下",
            Act::PlayPause => "播放/暂停",
            Act::Speed => "速度",
            Act::Mistakes => "失误",
            Act::Analysis => "分析",
            Act::Back => "返回",
            Act::BackToLobby => "回到大厅",
            Act::Choose => "选择",
            Act::Change => "更改",
            Act::Open => "打开",
            Act::Go => "进入",
            Act::Start => "开始",
            Act::Scroll => "滚动",
            Act::CloseKept => "关闭（下次仍有效）",
            Act::Cancel => "取消",
            Act::Jump => "跳到",
            Act::Click => "点击",
            Act::Copy => "复制",
            Act::Settings => "设置",
            Act::Claim => "宣布获胜",
            Act::ResumeCode => "找回代码",
            Act::Ends => "",
            Act::TenMoves => "10",
            Act::Pause => "暂停",
            Act::Rematch => "再来一局",
            Act::Review => "复盘",
            Act::Swap => "交换黑白",
            Act::SwapColours => "交换",
            Act::Offer => "五手十打",
            Act::Filter => "筛选",
            Act::Delete => "删除",
            Act::Rename => "改名",
        }
    }

    fn explain(&self, act: Act, game: GameId) -> &'static str {
        match act {
            Act::Move => "移动光标（到边即停）",
            Act::Place => "在光标处落子；终局后再来一局",
            Act::Rematch => "再来一局，黑白不变",
            Act::Review => "回放棋局并由引擎复盘：走势图与失误",
            Act::Filter => "显示全部、未完、已完、黑白棋、五子棋",
            Act::Delete => "删除所选棋局（会先询问）",
            Act::Rename => "给所选棋局改名",
            Act::Swap => "终局后再来一局，交换黑白",
            Act::SwapColours => "Taraguchi-10 开局：交换（执另一方）",
            Act::Offer => "Taraguchi-10：黑方打十个五手点，白方选一",
            Act::Jump if game == GameId::Gomoku => "跳到某点：: h 8 到 h8，: h 1 0 到 h10",
            Act::Jump => "跳到某格：先按 f 再按 5 到 f5",
            Act::Click if game == GameId::Gomoku => "在该点落子",
            Act::Click => "在该格落子",
            Act::Hints if game == GameId::Gomoku => "标出黑方的禁手点（连珠）",
            Act::Hints => "显示或隐藏可下的位置",
            Act::Analysis => "分析：引擎给每步棋的评分",
            Act::Undo | Act::TakeBack => "悔棋（对电脑时退回到你走）",
            Act::Redo => "重做悔掉的棋",
            Act::Resign => "认输（会先询问）",
            Act::Replay => "回放并复盘目前的棋局（Esc 返回）",
            Act::Pause => "暂停或继续（电脑对电脑）",
            Act::PlayPause => "逐步自动播放，或停下",
            Act::Save => "按名字保存棋局",
            Act::Copy if game == GameId::Gomoku => "以 SGF 复制棋局",
            Act::Copy => "复制棋谱（f5d6…）",
            Act::New | Act::NewGame => "新局（棋局进行中会先询问）",
            Act::Settings => "设置：语言、颜色、棋钟、声音…",
            Act::Help => "本帮助",
            Act::Quit => "退出（未完的棋局会保留）",
            Act::Menu => "回到开始菜单（棋局会保留）",
            Act::StopWatching => "不再观看，回到大厅",
            Act::Lobby | Act::BackToLobby => "回到大厅（座位保留）",
            Act::Claim => "对手离开后宣布获胜",
            Act::ResumeCode => "显示找回座位的代码",
            Act::Choose => "选择一行",
            Act::Change => "更改这一行的选择",
            Act::Start => "开始，或打开所选",
            Act::Go => "执行所选",
            Act::Open => "从停下处打开棋局",
            Act::Back => "返回",
            Act::Step => "后退或前进一步",
            Act::Ends => "到开头或结尾",
            Act::TenMoves => "后退或前进十步",
            Act::Speed => "加快或放慢",
            Act::Mistakes => "到上一个或下一个失误",
            Act::PlayFromHere => "从这个局面接着下",
            Act::Scroll => "滚动",
            Act::CloseKept => "关闭（下次仍有效）",
            Act::Cancel => "取消",
        }
    }

    fn keys_in_words(&self, act: Act) -> &'static str {
        match act {
            Act::Jump => "a-h 再 1-8",
            Act::Click => "鼠标点击",
            _ => "",
        }
    }

    fn arrow_keys(&self, up_down: bool, left_right: bool) -> &'static str {
        match (up_down, left_right) {
            (true, false) => "上下键",
            (false, true) => "左右键",
            _ => "方向键",
        }
    }

    fn space_key(&self) -> &'static str {
        "空格"
    }

    fn or(&self, a: &str, b: &str) -> String {
        format!("{a} 或 {b}")
    }

    fn title_player(&self, color: Color, name: &str) -> String {
        format!("{}：{name}", self.color(color))
    }

    fn replay_title(&self, game: &str) -> String {
        format!("回放：{game}")
    }
}
