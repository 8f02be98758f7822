//! English: what only Gomoku and Renju say: rules, board sizes, openings, forbidden points.

use crate::engine::gomoku::Level as GomokuLevel;
use crate::gomoku::{Forbidden, NoSwap, Rule, Stage};
use crate::i18n::About;
use crate::i18n::en::*;
use crate::i18n::words::*;
use crate::reversi::Color;

impl super::Words for English {
    fn this_game(&self) -> About {
        About {
            name: "Gomoku",
            full_name: "Gomoku / Renju",
            games: "Gomoku games",
            rules_brief: "Place stones in turn on the points; five in a row wins. In Renju, Black may \
         not make a double-three, a double-four or an overline (six or more).",
            help_heading: "How to play Gomoku and Renju",
            help_rules: &[
                "Black moves first, in the centre; the players take turns",
                "placing a stone on an empty point. Five in a row (across, up",
                "or diagonally) wins; a full board is a draw.",
                "Freestyle: five or more wins. Standard: exactly five.",
                "Renju: White wins with five or more, Black only with exactly",
                "five, and Black may not play a point that makes two threes,",
                "two fours, or six or more in a row (with hints on, forbidden",
                "points are marked; a five wins even so). A three is a line",
                "one stone from an open four; a four is one stone from five.",
                "Taraguchi-10 opening (RIF): stones 1-5 go in the central",
                "1x1, 3x3, 5x5, 7x7 and 9x9; before each of stones 2-6 the",
                "player to move may swap colours (c), once a stone. For the",
                "5th, Black may instead offer ten (f), no two alike by the",
                "board's symmetry; White picks one by placing on it (it is",
                "Black's 5th), then plays the 6th. Then play goes on.",
            ],
        }
    }

    fn rule(&self, rule: Rule) -> &'static str {
        match rule {
            Rule::Freestyle => "Freestyle",
            Rule::Standard => "Standard",
            Rule::Renju => "Renju",
        }
    }

    fn rule_summary(&self, rule: Rule) -> &'static str {
        match rule {
            Rule::Renju => "Renju: Black may not play a double-three, double-four or overline",
            Rule::Standard => "Standard: exactly five wins",
            Rule::Freestyle => "Freestyle: five or more wins",
        }
    }

    fn rules_of(&self, rule: Rule) -> String {
        format!("{} rules", self.rule(rule))
    }

    fn gomoku_level_does(&self, level: &GomokuLevel) -> String {
        let mut parts = vec![];
        if level.depth == 0 {
            parts.push("best-looking point".to_string());
        } else {
            parts.push(format!("{} {}", level.depth, plies(level.depth)));
        }
        if level.vcf > 0 {
            parts.push("VCF".into());
        }
        if level.vct > 0 {
            parts.push("VCT".into());
        }
        format!("{}, {:.1} s", parts.join(" + "), level.budget.as_secs_f64())
    }

    fn gomoku_title(&self, size: u8, rule: Rule) -> String {
        format!("Gomoku {size}x{size}, {} rules", self.rule(rule))
    }

    fn menu_rules(&self, rule: Rule) -> String {
        format!("Rules: < {} >", self.rule(rule))
    }

    fn menu_board(&self, size: u8) -> String {
        format!("Board: < {size}x{size} >")
    }

    fn menu_opening(&self, name: &str) -> String {
        format!("Opening: < {name} >")
    }

    fn forbidden_shown(&self) -> &'static str {
        "forbidden points shown"
    }

    fn opening_centre(&self) -> &'static str {
        "centre"
    }

    fn opening_random(&self) -> &'static str {
        "a random Renju opening"
    }

    fn renju_opening(&self, o: &crate::gomoku::Opening) -> String {
        o.title()
    }

    fn forbidden_block(&self, point: &str, why: Forbidden) -> String {
        let why = super::Words::forbidden(self, why);
        format!("{point}, Black's only block, was forbidden: {why}")
    }

    fn wins_with_line(&self, winner: Color, stones: usize) -> String {
        let what = if stones == 5 {
            "five in a row".to_string()
        } else {
            format!("{stones} in a row")
        };
        format!("{} wins with {what}", self.color(winner))
    }

    fn draw_board_full(&self) -> &'static str {
        "a draw, the board is full"
    }

    fn hints_on_forbidden(&self) -> &'static str {
        "Hints on: Black's forbidden points are marked"
    }

    fn refused(&self, error: crate::gomoku::MoveError) -> String {
        use crate::gomoku::MoveError as E;
        match error {
            E::Occupied(p) => format!("{p} is occupied"),
            E::Forbidden(p, why) => format!("{p} is forbidden: {}", self.forbidden(why)),
            E::NotCentre(p) => format!("Black's first stone goes in the centre, {p}"),
            E::NotTheOpening(p) => format!("the opening's next stone goes on {p}"),
            E::OutsideSquare(p, side) => {
                format!("{p} is outside the central {side}x{side}, where this stone goes")
            }
            E::NoSwap(why) => match why {
                NoSwap::FirstStone => "no swap before the first stone",
                NoSwap::Made => "this stone's swap has been made: place the stone",
                NoSwap::AfterPick => "no swap after White's pick: White places the 6th stone",
                NoSwap::Offers => "no swap while 5th stones are offered and picked",
                NoSwap::OpeningOver => "the opening is over: no more swaps",
                NoSwap::NoOpeningRule => "swaps belong to the Taraguchi-10 opening",
            }
            .into(),
            E::NoOffer => "5th stones are offered only in place of Black's 5th".into(),
            E::OfferedTwice(p) => format!("{p} is offered already"),
            E::Mirrors(p, q) => format!("{p} mirrors the offered {q}: the same 5th stone"),
            E::NotOffered(p) => format!("{p} was not offered: pick a marked point"),
            E::GameOver => "the game is over".into(),
        }
    }

    fn forbidden(&self, why: Forbidden) -> &'static str {
        match why {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }

    fn five_in_a_row(&self, color: Color) -> String {
        format!("{} has five in a row", self.color(color))
    }

    fn opening_taraguchi(&self) -> &'static str {
        "Taraguchi-10 (RIF: swaps, ten 5th stones)"
    }

    fn swap_made(&self) -> &'static str {
        "swap"
    }

    fn offers_made(&self) -> &'static str {
        "offer 10"
    }

    fn taraguchi_stage(&self, stage: Stage, mover: Color) -> String {
        let who = self.color(mover);
        let nth = |n: u32| match n {
            1 => "1st".to_string(),
            2 => "2nd".into(),
            3 => "3rd".into(),
            n => format!("{n}th"),
        };
        let what = match stage {
            Stage::Place { stone: 1, .. } => format!("{who}'s 1st stone, in the centre"),
            Stage::Place {
                stone,
                reach: Some(r),
                ..
            } => {
                let side = 2 * r + 1;
                format!(
                    "{who}'s {} stone, within the central {side}x{side}",
                    nth(stone)
                )
            }
            Stage::Place { stone, .. } => format!("{who}'s {} stone, anywhere", nth(stone)),
            Stage::Offer { made } => {
                format!("Black offers 5th stone {} of 10, anywhere", made + 1)
            }
            Stage::Pick => "White picks one of the offered 5th stones".into(),
            Stage::Over => return String::new(),
        };
        format!("Taraguchi-10: {what}")
    }

    fn taraguchi_choices(&self, swap: Option<&str>, offer: Option<&str>) -> String {
        let mut or = vec![];
        if let Some(key) = swap {
            or.push(format!("{key} swap"));
        }
        if let Some(key) = offer {
            or.push(format!("{key} offer ten 5th stones"));
        }
        format!("or: {}", or.join(", "))
    }

    fn colours_swapped(&self, black: &str, white: &str) -> String {
        format!("Swapped: Black is {black}, White {white}")
    }
}
