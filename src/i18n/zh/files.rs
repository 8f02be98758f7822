//! Chinese: saved games, the settings file, and what can be wrong with either.

use super::*;
use crate::game::SgfError;
use crate::game::{Flaw, GameId, Player, SaveError};
use crate::i18n::words::*;
use crate::i18n::{Expected, Problem, Text};
use crate::reversi::Color;
use crate::store::LoadError;

impl Files for Chinese {
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

    fn describe_saved_short(&self, kind: &str, state: &str) -> String {
        format!("{kind}，{state}")
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
}
