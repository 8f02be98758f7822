//! Chinese: help, settings and the windows that ask (save, quit, resign, leave).

use super::*;
use crate::i18n::Lang;
use crate::i18n::words::*;
use crate::settings::Field;

impl Windows for Chinese {
    fn help_keys_heading(&self) -> &'static str {
        "按键"
    }

    fn showing(&self, filter: crate::store::Filter, count: usize) -> String {
        use crate::store::Filter;
        let which = match filter {
            Filter::All => "全部存档",
            Filter::Unfinished => "未完的棋局",
            Filter::Finished => "已完的棋局",
            Filter::Game(game) => self.about(game).games,
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
        "离开"
    }

    fn confirm_quit(&self) -> &'static str {
        "离开这局棋？棋局已保存：在开始界面选“继续”即可接着下。"
    }

    fn confirm_leave_server(&self) -> &'static str {
        "离开服务器？未完的棋局只在你连接期间保留：离开就没有了。（用 SSH 密钥连接可以保留棋局。）"
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
        "是，离开"
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
        "离开这局去开新局？这局会保留，可用“继续”接着下。"
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
}
