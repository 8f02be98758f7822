//! 简体中文 (Simplified Chinese).

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

pub struct Chinese;

impl Text for Chinese {
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

    fn game(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "五子棋"
        } else {
            "黑白棋"
        }
    }

    fn variant(&self, variant: Variant) -> String {
        match variant {
            Variant::Reversi => "黑白棋".into(),
            Variant::Gomoku(rule, size) => {
                let name = match rule {
                    Rule::Renju => "连珠",
                    Rule::Standard => "五子棋",
                    Rule::Freestyle => "无禁手",
                };
                format!("{name} {size}x{size}")
            }
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

    fn space_key(&self) -> &'static str {
        "空格"
    }

    fn or(&self, a: &str, b: &str) -> String {
        format!("{a} 或 {b}")
    }

    fn title_player(&self, color: Color, name: &str) -> String {
        format!("{}：{name}", self.color(color))
    }

    fn gomoku_title(&self, size: u8, rule: Rule) -> String {
        format!("五子棋 {size}x{size}，{}", self.rules_of(rule))
    }

    fn replay_title(&self, game: &str) -> String {
        format!("回放：{game}")
    }

    fn subtitle(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "终端里的五子棋与连珠"
        } else {
            "终端里的黑白棋（奥赛罗）"
        }
    }

    fn rules_brief(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "双方轮流在交叉点上落子，先连成五子者胜。连珠规则下黑方不得走三三、\
             四四或长连（六子及以上）。"
        } else {
            "落子时要把对方的一排棋子夹在中间，被夹住的子翻成你的颜色。双方都无子\
             可下时，棋子多的一方获胜。"
        }
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
        let name = if game == GameId::Gomoku {
            "五子棋 / 连珠"
        } else {
            "黑白棋（奥赛罗）"
        };
        format!("游戏：< {name} >")
    }

    fn menu_rules(&self, rule: Rule) -> String {
        format!("规则：< {} >", self.rule(rule))
    }

    fn menu_board(&self, size: u8) -> String {
        format!("棋盘：< {size}x{size} >")
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

    fn help_heading(&self, game: GameId) -> &'static str {
        if game == GameId::Gomoku {
            "五子棋与连珠怎么下"
        } else {
            "黑白棋怎么下"
        }
    }

    fn help_rules(&self, game: GameId) -> &'static [&'static str] {
        if game == GameId::Gomoku {
            &[
                "黑方先行，第一子下在天元；双方轮流在空点上落子。",
                "横、竖或斜连成五子者胜；棋盘下满为和棋。",
                "无禁手：五连或更长都算赢。标准：恰好五连才算赢。",
                "连珠：白方五连或长连都算赢，黑方只有恰好五连才算赢，",
                "且黑方不得落在形成两个活三、两个四或长连（六子及以上）",
                "的点上（打开提示时禁手点会标出；但成五仍然获胜）。",
                "三：再下一子就成活四的一排；四：再下一子就成五的一排。",
            ]
        } else {
            &[
                "黑方先行，双方轮流落子。",
                "新子必须和己方另一子一起，把对方的一排棋子（横、竖或斜）",
                "夹在中间：被夹住的子全部翻成你的颜色。每步至少要翻一子；",
                "无处可下时就停一手。双方都无子可下时棋局结束，",
                "棋子多的一方获胜。",
            ]
        }
    }

    fn help_keys_heading(&self) -> &'static str {
        "按键"
    }

    fn showing(&self, filter: crate::store::Filter, count: usize) -> String {
        use crate::store::Filter;
        let which = match filter {
            Filter::All => "全部存档",
            Filter::Unfinished => "未完的棋局",
            Filter::Finished => "已完的棋局",
            Filter::Game(GameId::Reversi) => "黑白棋棋局",
            Filter::Game(GameId::Gomoku) => "五子棋棋局",
        };
        format!("{which}：{count}")
    }

    fn confirm_delete(&self, name: &str) -> String {
        format!("删除存档“{name}”？")
    }

    fn yes_delete(&self) -> &'static str {
        "是，删除"
    }

    fn rename_prompt(&self, name: &str) -> String {
        format!("“{name}”的新名字：")
    }

    fn help_game_keys_heading(&self) -> &'static str {
        "棋局中的按键"
    }

    fn help_levels_heading(&self) -> &'static str {
        "电脑等级（菜单或 --level N）"
    }

    fn help_closes(&self) -> &'static str {
        "Esc 关闭帮助"
    }

    fn help_title(&self) -> &'static str {
        "帮助"
    }

    fn save_title(&self) -> &'static str {
        "保存"
    }

    fn save_prompt(&self) -> &'static str {
        "把这局棋保存为："
    }

    fn quit_title(&self) -> &'static str {
        "退出"
    }

    fn confirm_quit(&self) -> &'static str {
        "离开这局棋？棋局已保存：在开始界面选“继续”即可接着下。"
    }

    fn confirm_leave_server(&self) -> &'static str {
        "离开服务器？未完的棋局只在你连接期间保留：离开就没有了。（用 SSH 密钥连接可以保留棋局。）"
    }

    fn confirm_drop_kept(&self) -> &'static str {
        "开始另一局？为你保留的未完棋局（继续）将会丢失。"
    }

    fn yes_leave(&self) -> &'static str {
        "是，离开"
    }

    fn stay(&self) -> &'static str {
        "留下"
    }

    fn game_kept(&self, keyed: bool) -> &'static str {
        if keyed {
            "棋局已保留：选“继续”就能回到这一局，现在或下次都可以"
        } else {
            "棋局在你连接期间保留：选“继续”就能回到这一局"
        }
    }

    fn yes_quit(&self) -> &'static str {
        "是，退出"
    }

    fn name_taken(&self, name: &str) -> String {
        format!("已有棋局保存为“{name}”。")
    }

    fn yes_replace(&self) -> &'static str {
        "替换它"
    }

    fn keep_both(&self) -> &'static str {
        "两个都保留"
    }

    fn change_name(&self) -> &'static str {
        "改名"
    }

    fn paused(&self) -> &'static str {
        "已暂停：按 p 或空格继续"
    }

    fn going_on(&self) -> &'static str {
        "继续"
    }

    fn resign_title(&self) -> &'static str {
        "认输"
    }

    fn confirm_resign(&self) -> &'static str {
        "认输这局棋？对手将获胜。"
    }

    fn yes_resign(&self) -> &'static str {
        "是，认输"
    }

    fn confirm_new(&self) -> &'static str {
        "放弃这局棋，开始新局？"
    }

    fn yes_new(&self) -> &'static str {
        "是，开新局"
    }

    fn keep_playing(&self) -> &'static str {
        "继续下棋"
    }

    fn settings_title(&self) -> &'static str {
        "设置"
    }

    fn settings_field(&self, field: Field) -> &'static str {
        match field {
            Field::Language => "语言 (Language)",
            Field::Theme => "颜色",
            Field::Board => "屏幕上的棋盘",
            Field::Hints => "提示（可下位置、禁手点）",
            Field::Analysis => "黑白棋开局即分析",
            Field::LeadBar => "形势条：显示谁占优",
            Field::Animation => "翻转棋子的高亮",
            Field::Level => "新局的电脑等级",
            Field::GomokuRule => "五子棋规则",
            Field::GomokuSize => "五子棋棋盘",
            Field::GomokuOpening => "五子棋开局",
            Field::ConfirmQuit => "按 Esc 离开棋局前先询问",
            Field::Clock => "玩家棋钟（分钟+每步秒数）",
            Field::BellIllegal => "走法被拒时响铃",
            Field::BellStone => "每次落子响铃",
            Field::BellEnd => "棋局结束时响铃",
        }
    }

    fn settings_word(&self, word: &str) -> &'static str {
        match word {
            "classic" => "经典",
            "high-contrast" => "高对比度",
            "colour-blind" => "色盲友好",
            "mono" => "单色",
            "auto" => "自动",
            "compact" => "紧凑",
            "large" => "大",
            "off" => "关",
            "fast" => "快",
            "normal" => "正常",
            "slow" => "慢",
            _ => "?",
        }
    }

    fn language_name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => "English（英文）",
            Lang::Zh => "中文",
        }
    }

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

    fn solved_empties(&self, empties: u32) -> String {
        format!("已解出剩余 {empties} 空")
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

    fn forbidden_shown(&self) -> &'static str {
        "已标出禁手点"
    }

    fn analysis_exact(&self) -> &'static str {
        "分析：精确终局比分"
    }

    fn analysis_depth(&self, depth: u32) -> String {
        format!("分析：深度 {depth}，估计值")
    }

    fn analysis_thinking(&self) -> &'static str {
        "分析：思考中…"
    }

    fn computer_level(&self, number: u8) -> String {
        format!("电脑：等级 {number} {}", self.level_name(number))
    }

    fn moves_heading(&self) -> &'static str {
        "棋谱"
    }

    fn opening(&self, name: &str) -> String {
        format!("开局：{name}")
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

    fn book_move(&self, mv: &str) -> String {
        format!("{mv}：开局库着法")
    }

    fn game_over(&self, result: &str) -> String {
        format!("棋局结束：{result}")
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

    fn wins_resigned(&self, winner: Color) -> String {
        format!(
            "{}获胜，{}认输",
            self.color(winner),
            self.color(winner.opponent())
        )
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

    fn hints_on_forbidden(&self) -> &'static str {
        "提示已打开：黑方的禁手点已标出"
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

    fn passes(&self, side: Color) -> String {
        format!("{}无处可下，停一手", self.color(side))
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

    fn reversi_refused(&self, error: crate::reversi::MoveError) -> String {
        use crate::reversi::MoveError as E;
        match error {
            E::Occupied(sq) => format!("{sq} 已经有子"),
            E::FlipsNothing(sq) => format!("{sq} 翻不了任何子"),
            E::CannotPass(c) => format!("{}不能停一手：还有地方可下", self.color(c)),
            E::GameOver => "棋局已结束".into(),
        }
    }

    fn gomoku_refused(&self, error: crate::gomoku::MoveError) -> String {
        use crate::gomoku::MoveError as E;
        match error {
            E::Occupied(p) => format!("{p} 已经有子"),
            E::Forbidden(p, why) => format!("{p} 是禁手：{}", self.forbidden(why)),
            E::NotCentre(p) => format!("黑方第一子要下在天元 {p}"),
            E::NotTheOpening(p) => format!("开局的下一子在 {p}"),
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

    fn enlarge(&self, width: u16, height: u16, now_width: u16, now_height: u16) -> String {
        format!(
            "请把终端放大到至少 {width}x{height}（现在是 {now_width}x{now_height}）；Ctrl-C 退出"
        )
    }

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

    fn mistake(&self, n: usize, name: &str, cost: Cost, better: &str) -> String {
        match cost {
            Cost::Discs { discs, exact } => {
                let exactly = if exact { "（精确）" } else { "" };
                format!("{n}. {name} 损失 {discs} 子{exactly}，{better} 更好")
            }
            Cost::MissedWin => format!("{n}. {name} 错过了 {better} 的胜着"),
            Cost::MissedDefence => format!("{n}. {name} 漏防，应下 {better}"),
        }
    }

    fn evaluation(&self, side: Color, discs: i32) -> String {
        format!("评估：{} {discs:+}", self.color(side))
    }

    fn exact(&self) -> &'static str {
        "精确"
    }

    fn five_in_a_row(&self, color: Color) -> String {
        format!("{}已连成五子", self.color(color))
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

    fn saved_games(&self) -> &'static str {
        "保存的棋局"
    }

    fn saved_on(&self, when: &str) -> String {
        format!("保存于 {when}")
    }

    fn cannot_be_read(&self, why: &str) -> String {
        format!("无法读取：{why}")
    }

    fn won(&self, color: Color) -> String {
        format!("{}胜", self.color(color))
    }

    fn a_draw(&self) -> &'static str {
        "和棋"
    }

    fn progress(&self, number: usize, to_move: Color) -> String {
        format!("第 {number} 手，{}走", self.color(to_move))
    }

    fn describe_saved(&self, kind: &str, black: Player, white: Player, state: &str) -> String {
        format!(
            "{kind}，{}对{}，{state}",
            self.player(black),
            self.player(white)
        )
    }

    fn settings_not_read(&self, path: &str, why: &str) -> String {
        format!("未能读取设置文件 {path}：{why}。")
    }

    fn settings_too_large(&self, path: &str) -> String {
        format!("设置文件 {path} 太大，未读取。")
    }

    fn settings_problems(&self, path: &str, problems: &[Problem]) -> String {
        let each: Vec<String> = problems
            .iter()
            .map(|p| match p {
                Problem::Line(n) => format!("第 {n} 行：不是 `键 = 值`"),
                Problem::Key(key, expected) => {
                    let what = match expected {
                        Expected::Text => "应为带引号的文字".into(),
                        Expected::Flag => "应为 true 或 false".into(),
                        Expected::Number => "应为数字".into(),
                        Expected::OneOf(words) => format!("应为 {} 之一", words.join("、")),
                        Expected::Range(a, b) => format!("应为 {a} 到 {b} 的数字"),
                        Expected::Clock(text) => {
                            format!("“{text}”不是 5+3 这样的用时（或 off）")
                        }
                        Expected::Known => "heibai 没有这个设置".into(),
                    };
                    format!("{key}：{what}")
                }
            })
            .collect();
        format!(
            "设置文件 {path}：{}。这些项保持默认值；文件未改动。",
            each.join("；")
        )
    }

    fn settings_not_kept(&self, why: &str) -> String {
        format!("设置未保存：{why}")
    }

    fn cannot_write(&self, path: &str, why: &str) -> String {
        format!("无法写入 {path}：{why}")
    }

    fn no_config_dir(&self) -> &'static str {
        "没有可保存设置的配置目录：请用 --config PATH 指定"
    }

    fn saving_needs_a_key(&self) -> &'static str {
        "保存需要 SSH 密钥：用密钥连接（ssh -i 密钥 …），棋局就会以它为名保存在这台服务器上"
    }

    fn settings_need_a_key(&self) -> &'static str {
        "用 SSH 密钥连接，才能在这台服务器上保存你的设置"
    }

    fn saved_game_not_loaded(&self, path: &str, why: &str) -> String {
        format!("未载入保存的棋局 {path}：{why}。文件保持原样。")
    }

    fn load_error(&self, error: &LoadError) -> String {
        match error {
            LoadError::TooLarge(bytes) => format!("{bytes} 字节：保存的棋局不会这么大"),
            LoadError::NotAFile => "不是文件（是设备、管道或文件夹）".into(),
            LoadError::Missing => "没有这个文件".into(),
            LoadError::NotText => "不是文本".into(),
            LoadError::Io(why) => why.clone(),
            LoadError::Save(e) => self.save_error(e),
        }
    }

    fn sgf_error(&self, error: &SgfError) -> String {
        let (line, column) = (error.line, error.column);
        format!("第 {line} 行第 {column} 列：{}", self.flaw(&error.flaw))
    }

    fn save_error(&self, error: &SaveError) -> String {
        format!("第 {} 行：{}", error.line, self.flaw(&error.flaw))
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

    fn flaw_text(&self, flaw: &Flaw) -> String {
        match flaw {
            Flaw::NotSaved => "第一行应为“heibai 1”：这不是 heibai 保存的棋局".into(),
            Flaw::UnknownGame(g) => format!("未知的棋类“{g}”；应为 reversi 或 gomoku"),
            Flaw::ExpectedKey(k) => format!("应为“{k} …”"),
            Flaw::EndsBefore(k) => format!("文件在“{k}”之前就结束了"),
            Flaw::BadPlayer(v) => format!("棋手“{v}”；应为 human 或 computer"),
            Flaw::BadLevel(l) => format!("等级“{l}”；应为 1 到 8"),
            Flaw::BadCursor(c, n) => format!("光标“{c}”；应为 0 到 {n}"),
            Flaw::BadSize(v) => format!("大小“{v}”；应为 15 或 19"),
            Flaw::BadRule(r) => format!("规则“{r}”；应为 freestyle、standard 或 renju"),
            Flaw::BadOpening(o) => format!("开局“{o}”；应为 centre、free，或开局名加转向，如 4D 0"),
            Flaw::BadVariation => "变化行应先写分支处，再写其棋步".into(),
            Flaw::HistoryDisagrees => "历史记录与上面的棋步和光标不符".into(),
            Flaw::BadClock(c) => {
                format!("棋钟“{c}”；应为基本用时和每步加秒（秒），再加黑白双方剩余的秒数")
            }
            Flaw::BadResult(r) => {
                format!("结果“{r}”；应为 black 或 white，再加 resigned、left 或 time")
            }
            Flaw::GomokuNotReversi => "这是五子棋，不是黑白棋".into(),
            Flaw::IllegalStep(n, why) => format!("第 {n} 步不合法：{}", self.illegal(why)),
            Flaw::NotAMove { number, text, game } => {
                let what = if *game == GameId::Gomoku {
                    "交叉点"
                } else {
                    "格子"
                };
                let at = number.map_or(String::new(), |n| format!("第 {n} 手："));
                format!("{at}“{text}”不是棋盘上的{what}")
            }
            Flaw::IllegalMove { number, name, why } => {
                format!("第 {number} 手（{name}）不合法：{}", self.illegal(why))
            }
            Flaw::Position(e) => self.position_error(e),
            Flaw::NoGame => "文件里没有棋局".into(),
            Flaw::OthelloSize(v) => format!("黑白棋棋盘大小为 {v}；heibai 只下 8x8"),
            Flaw::GomokuSize(v) => format!("五子棋棋盘大小为 {v}；heibai 只下 15x15 和 19x19"),
            Flaw::GameType(g) => {
                format!("棋类 GM[{g}]；heibai 只读黑白棋（GM[2]）和五子棋（GM[4]）")
            }
            Flaw::SetUpStone(id, v) => format!("{id}：“{v}”不是棋盘上的格子"),
            Flaw::SetUp(e) => format!("摆放的局面：{}", self.position_error(e)),
            Flaw::NotTranscript(t) => format!("“{t}”不是棋谱：应为 f5d6c3 这样的一串格子"),
            Flaw::NotPsq => "第 1 行应为“Piskvorky WxH, …”：这不是 PSQ 文件".into(),
            Flaw::NotGgf => "应为“(;GM[Othello]…;)”：这不是 GGF 黑白棋棋谱".into(),
            Flaw::GgfUnclosed => "有属性不是 名称[值] 的形式".into(),
            Flaw::WthorShort => "不是 WTHOR .wtb 文件：比文件头还短".into(),
            Flaw::WthorBoard => "这是 10x10 的 WTHOR 棋谱，不是 8x8 黑白棋".into(),
            Flaw::WthorSize => "不是 WTHOR .wtb 文件：大小与文件头记载的棋局数不符".into(),
            Flaw::GgfBoard(b) => {
                format!("棋盘“{b}”；应为 8、八行由 -、*、O 组成的格子，再加 * 或 O 表示谁走")
            }
            Flaw::PsqSize(v) => format!("第 1 行：棋盘为 {v}；heibai 只下 15x15 和 19x19"),
            Flaw::PsqOffBoard { line, x, y, size } => {
                format!("第 {line} 行：{x},{y} 在 {size}x{size} 的棋盘之外")
            }
            Flaw::PsqLine(line) => {
                format!("第 {line} 行：应为一步棋“x,y,用时”（最后一步之后为 -1）")
            }
            Flaw::WrongColour {
                number,
                name,
                color,
            } => format!(
                "第 {number} 手（{name}）标为{}所下，但该{}走",
                self.color(*color),
                self.color(color.opponent())
            ),
            Flaw::GomokuSetUp => "摆放的棋子（AB、AW）：heibai 的五子棋从空棋盘开始".into(),
            Flaw::EmptyPosition => "局面为空".into(),
            Flaw::BadScore(p) => format!("“{p}”不是“棋步:分数”（如 G8:+18）"),
            Flaw::SgfNoStart => "一局应以“(”开始：这不是 SGF 文件".into(),
            Flaw::SgfTrailing => "最后一局之后还有多余的文字".into(),
            Flaw::SgfTooDeep(n) => format!("变化嵌套超过 {n} 层"),
            Flaw::SgfNoFirstNode => "第一个节点应以“;”开始".into(),
            Flaw::SgfNodeAfterVariation => "变化之后又出现了节点".into(),
            Flaw::SgfUnexpected(c) => format!("意外的“{c}”"),
            Flaw::SgfEndsInGame => "文件在一局中间结束：缺少“)”".into(),
            Flaw::SgfPropertyName => "属性名应为大写字母".into(),
            Flaw::SgfNoValue(id) => format!("属性 {id} 没有值"),
            Flaw::SgfRepeated(id) => format!("属性 {id} 在一个节点中出现了两次"),
            Flaw::SgfTooLarge(n) => format!("棋谱树太大：所需内存超过文件大小的 {n} 倍"),
            Flaw::SgfEndsInValue => "文件在值的中间结束：缺少“]”".into(),
            Flaw::Saved(e) => self.save_error(e),
            Flaw::Sgf(e) => self.sgf_error(e),
            Flaw::InSgf(f) => format!("SGF {}", self.flaw(f)),
            Flaw::InPsq(f) => format!("PSQ {}", self.flaw(f)),
            Flaw::InGgf(f) => format!("GGF：{}", self.flaw(f)),
            Flaw::InPositionLine(f) => format!("局面行：{}", self.flaw(f)),
            Flaw::Unrecognised(f) => format!(
                "不是 heibai 保存的棋局、SGF、PSQ、局面或黑白棋棋谱（{}）",
                self.flaw(f)
            ),
        }
    }

    fn saved_on_exit(&self) -> &'static str {
        "棋局已保存：再次运行 heibai 并选择“继续”。"
    }

    fn playing_as(&self, user: &str) -> String {
        format!("玩家 {user}")
    }

    fn play_the_computer(&self) -> &'static str {
        "和电脑下（所有棋类和等级）"
    }

    fn a_game_with_a_person(&self) -> &'static str {
        "和人下一局"
    }

    fn your_colour(&self, color: Option<Color>) -> String {
        format!("你的颜色：< {} >", color.map_or("随意", |c| self.color(c)))
    }

    fn create_game(&self) -> &'static str {
        "创建棋局：得到一个交给对手的代码"
    }

    fn join_by_code(&self) -> &'static str {
        "用代码加入："
    }

    fn type_the_code(&self) -> &'static str {
        "输入对手给你的代码（或你的恢复代码），再按 Enter"
    }

    fn your_games(&self) -> &'static str {
        "你的棋局（Enter 返回）"
    }

    fn open_games(&self) -> &'static str {
        "等人加入的棋局（Enter 加入）"
    }

    fn games_being_played(&self) -> &'static str {
        "正在进行的棋局（Enter 观战）"
    }

    fn no_one_else(&self) -> &'static str {
        "还没有其他人在下棋。"
    }

    fn seat_free(&self) -> &'static str {
        "（空位）"
    }

    fn seat_waiting(&self) -> &'static str {
        "（等待中）"
    }

    fn watching_count(&self, count: usize) -> String {
        format!("{count} 人观战")
    }

    fn listing_move(&self, number: usize) -> String {
        format!("第 {number} 手")
    }

    fn left_game(&self, code: &str) -> String {
        format!("暂离棋局 {code}：座位在“你的棋局”下等你（Enter）")
    }

    fn you_are_watching(&self) -> &'static str {
        "你正在观战"
    }

    fn the_game_is_over(&self) -> &'static str {
        "棋局已结束"
    }

    fn waiting_for_opponent(&self, code: &str) -> String {
        format!("等待对手：对手用代码 {code} 加入")
    }

    fn wait_for(&self, name: &str, color: Color) -> String {
        format!("请稍候：轮到 {name}（{}）走", self.color(color))
    }

    fn game_code(&self, code: &str) -> String {
        format!("棋局 {code}")
    }

    fn watching_game(&self, code: &str) -> String {
        format!("观战棋局 {code}")
    }

    fn waiting_code(&self, code: &str) -> String {
        format!("等待对手：代码 {code}")
    }

    fn claim_or_wait(&self, key: &str) -> String {
        format!("{key}：判我获胜，或继续等待")
    }

    fn resume_code(&self, code: &str) -> String {
        format!(
            "你的恢复代码是 {code}：在“按代码加入”中输入它，可从任何连接取回这个座位。请勿告诉他人；每用一次就会更换。"
        )
    }

    fn resume_hint(&self, key: &str) -> String {
        format!("{key}：查看恢复代码")
    }

    fn note(&self, note: &Note) -> String {
        match note {
            Note::Away { name, minutes_left } => {
                format!("{name} 暂时离开；座位再保留 {minutes_left} 分钟")
            }
            Note::Gone { name, minutes } => format!("{name} 已离开 {minutes} 分钟"),
        }
    }

    fn refusal(&self, refusal: &Refusal) -> String {
        match refusal {
            Refusal::NoSuchCode(code) => format!("没有代码为 {code} 的棋局"),
            Refusal::TakenOver => "你的座位已被另一个连接接管".into(),
            Refusal::NotInGame => "你不在棋局中".into(),
            Refusal::GameOver => self.the_game_is_over().into(),
            Refusal::OnlyPlayers => "只有对局者可以这样做".into(),
            Refusal::TooSoon => "对手离开的时间还不够长，不能判你获胜".into(),
            Refusal::Expired(code) => format!("十分钟内没有人加入棋局 {code}，棋局已关闭"),
            Refusal::TooManyOpenTables(n) => format!("你已有 {n} 个棋局在等对手"),
            Refusal::ServerFull => "服务器上的棋局已满：请加入一局，或稍后再试".into(),
            Refusal::WaitBeforeTrying(seconds) => {
                format!("错误的代码太多：请等 {seconds} 秒再试")
            }
            Refusal::NotStored => "服务器现在无法保存棋局：棋局没有变化，请稍后再试".into(),
            Refusal::Move(name, why) => {
                let why = match why {
                    MoveRefusal::GameOver => self.the_game_is_over().into(),
                    MoveRefusal::NotYourTurn => "还没轮到你".into(),
                    MoveRefusal::NoOpponent => "请等对手加入".into(),
                    MoveRefusal::NotASquare => format!("{name} 不是棋盘上的位置"),
                    MoveRefusal::NotStored => "服务器现在无法保存棋局".into(),
                    MoveRefusal::Reversi(e) => self.reversi_refused(*e),
                    MoveRefusal::Gomoku(e) => self.gomoku_refused(*e),
                };
                format!("{why}（{name} 没有下）")
            }
        }
    }

    fn goodbye_idle(&self, minutes: u64) -> String {
        format!("{minutes} 分钟没有按键，连接已关闭。")
    }

    fn goodbye_shutdown(&self) -> &'static str {
        "heibai 服务器正在关闭。"
    }

    fn goodbye_saved(&self) -> &'static str {
        "棋局已保存：用同一个密钥再次连接并选择“继续”。"
    }

    fn goodbye_use_a_key(&self) -> &'static str {
        "用 SSH 密钥连接，未下完的棋局就会为你保留。"
    }

    fn goodbye_not_kept(&self) -> &'static str {
        "未下完的棋局没能保留：服务器无法写入。"
    }

    fn your_unfinished_game(&self) -> &'static str {
        "你未下完的棋局"
    }

    fn your_settings(&self) -> &'static str {
        "你的设置"
    }

    fn stopped_watching(&self, code: &str) -> String {
        format!("你不再观看棋局 {code}")
    }

    fn paste_cut(&self, kib: usize) -> String {
        format!("粘贴的文字在 {kib} KiB 处被截断，其余部分已丢弃")
    }

    fn saved_games_full(&self, games: usize, megabytes: u64) -> String {
        format!(
            "此服务器为每位棋手最多保存 {games} 局（{megabytes} MB）：用已有的名字保存可以替换那一局"
        )
    }

    fn server_storage_full(&self) -> &'static str {
        "服务器给棋手保存棋局的空间已满：没有写入"
    }

    fn server_full(&self) -> &'static str {
        "heibai 服务器已满，请一分钟后再试。"
    }

    fn session_failed(&self) -> &'static str {
        "heibai：出了点问题，会话已关闭。"
    }
}
