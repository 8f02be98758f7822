//! Chinese: games between terminals: the lobby, the tables, the server's notes and goodbyes.

use super::*;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::table::{MoveRefusal, Note, PastGame, Rated, Refusal, Standing, Variant};

impl Server for Chinese {
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

    fn clock_choice(&self, clock: Option<crate::game::clock::TimeControl>) -> String {
        match clock {
            Some(clock) => format!("棋钟：< {clock} >（分钟 + 每步加秒）"),
            None => "棋钟：< 关 >".into(),
        }
    }

    fn rated_choice(&self, rated: Option<bool>) -> String {
        match rated {
            Some(true) => "计等级分：< 是 >".into(),
            Some(false) => "计等级分：< 否 >".into(),
            None => "计等级分：否（需要 SSH 密钥）".into(),
        }
    }

    fn rated_needs_key(&self) -> &'static str {
        "用 SSH 密钥连接（ssh -i 密钥 ...）就能下计分棋局：等级分跟着你的密钥，还能上排行榜"
    }

    fn rated_word(&self) -> &'static str {
        "计分"
    }

    fn rating_line(&self, color: Color, rated: Rated) -> String {
        let who = self.color(color);
        match rated.after {
            Some(after) => {
                let change = after.points - rated.before.points;
                format!("{who} {} → {after}（{change:+}）", rated.before)
            }
            None => format!("{who} {}", rated.before),
        }
    }

    fn rematch_line(&self, key: &str, asked: bool, offered_by: Option<&str>) -> String {
        match (asked, offered_by) {
            (true, Some(_)) => "双方同意再下一局".into(),
            (true, None) => "已请求再下一局：等待对手".into(),
            (false, Some(name)) => format!("{name} 请求再下一局：按 {key} 接受"),
            (false, None) => format!("{key} 再下一局（交换颜色）"),
        }
    }

    fn play_someone_now(&self) -> &'static str {
        "马上找人下：按等级分就近配对"
    }

    fn seeking(&self) -> &'static str {
        "正在找对手：找到后棋局立即开始（Esc 停止）"
    }

    fn seeks_heading(&self, yours: bool) -> &'static str {
        match yours {
            true => "正在找对手（Enter 或 Esc 停止）",
            false => "正在找对手的玩家（Enter 和他下）",
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
        let rated = if rated { " · 计分" } else { "" };
        let rated = match clock {
            Some(clock) => format!("{rated} · {clock}"),
            None => rated.to_string(),
        };
        format!("{name}{rating} 想下{}{rated}", self.variant(game))
    }

    fn leaderboard_entry(&self) -> &'static str {
        "排行榜和玩家资料"
    }

    fn asking_the_server(&self) -> &'static str {
        "正在询问服务器……"
    }

    fn leaderboard_title(&self, pool: Variant, more: bool) -> String {
        let more = if more {
            "  （←→ 其他棋类）"
        } else {
            ""
        };
        format!("排行榜：{}{more}", self.variant(pool))
    }

    fn leaderboard_empty(&self) -> &'static str {
        "还没有人上榜：排行榜列出最近 90 天下过棋、计分棋局满 10 局的玩家"
    }

    fn standing_line(&self, rank: Option<usize>, s: &Standing, you: bool) -> String {
        let line = format!(
            "{}  {}  {} 局，{} 胜 {} 负 {} 和",
            s.name, s.rating, s.games, s.wins, s.losses, s.draws
        );
        match (you, rank) {
            (true, _) => format!("你：{line}"),
            (false, Some(rank)) => format!("{rank:>2}. {line}"),
            (false, None) => format!("    {line}"),
        }
    }

    fn provisional_players(&self) -> &'static str {
        "暂定等级分（计分棋局不满 10 局）"
    }

    fn card_title(&self, name: &str) -> String {
        format!("玩家 {name}")
    }

    fn card_rating(&self, s: &Standing) -> String {
        format!(
            "{}：{}，{} 局：{} 胜 {} 负 {} 和",
            self.variant(s.pool),
            s.rating,
            s.games,
            s.wins,
            s.losses,
            s.draws
        )
    }

    fn no_rating_yet(&self) -> &'static str {
        "  还没有计分棋局"
    }

    fn latest_games(&self) -> &'static str {
        "最近的棋局（Enter 回放）"
    }

    fn past_game_line(&self, g: &PastGame) -> String {
        let name = |i: usize| g.names[i].as_deref().unwrap_or("?");
        let result = match g.winner {
            Some(c) if c == g.played => "胜",
            Some(_) => "负",
            None => "和",
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

    fn someone_joined(&self, code: &str, name: &str) -> String {
        format!("{name} 已加入你的棋局 {code}：在“你的棋局”下按 Enter 回去")
    }

    fn game_ended_away(&self, code: &str, result: &str) -> String {
        format!("你的棋局 {code} 已结束：{result}")
    }

    fn left_finished_game(&self, code: &str) -> String {
        format!("已离开棋局 {code}：这局已结束（在棋手名片里可以回放）")
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
            Note::Left { name } => format!("{name} 已离开：不能再来一局"),
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
            Refusal::RatedNeedsKey => {
                "计分棋局只限用 SSH 密钥（ssh -i 密钥 …）连接的玩家：不计分的棋局人人可下".into()
            }
            Refusal::NoRematch => "对手已经离开：不能再下一局".into(),
            Refusal::NoSuchGame(code) => format!("服务器上没有已结束的棋局 {code}"),
            Refusal::SeekGone => "那位玩家已不再找对手".into(),
            Refusal::ClosedForAnother(code) => {
                format!("你等人加入的棋局 {code} 已关闭：你的另一局已经开始")
            }
            Refusal::PlayingAlready(code) => {
                format!("你还有一局正在进行（{code}，在“你的棋局”下）：先下完它")
            }
            Refusal::NoSuchPlayer => "服务器上没有这位玩家的棋局".into(),
            Refusal::Move(name, why) => {
                let why = match why {
                    MoveRefusal::GameOver => self.the_game_is_over().into(),
                    MoveRefusal::NotYourTurn => "还没轮到你".into(),
                    MoveRefusal::NoOpponent => "请等对手加入".into(),
                    MoveRefusal::NotASquare => format!("{name} 不是棋盘上的位置"),
                    MoveRefusal::NotStored => "服务器现在无法保存棋局".into(),
                    MoveRefusal::Illegal(e) => self.illegal(e),
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

    fn your_settings(&self) -> &'static str {
        "你的设置"
    }

    fn stopped_watching(&self, code: &str) -> String {
        format!("你不再观看棋局 {code}")
    }

    fn server_full(&self) -> &'static str {
        "heibai 服务器已满，请一分钟后再试。"
    }

    fn session_failed(&self) -> &'static str {
        "heibai：出了点问题，会话已关闭。"
    }
}
