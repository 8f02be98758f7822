//! What an empty point is worth to a colour, from the shapes a stone there makes on its four
//! lines: a weight per shape, plus a bonus for the combinations that win (a four with a three,
//! two fours, two open threes). The evaluation sums it over the board twice: as the side to
//! move (`attack`, its threats are about to be played) and as the side that waits (`defence`,
//! its threats must be answered). The weights are per rule ([`weights`]), tuned by self-play
//! (docs/TRAINING.md).

use super::pattern::{SHAPES, Shape};
use crate::gomoku::{Color, Rule};
use std::ops::{Add, AddAssign, Sub, SubAssign};
use std::sync::OnceLock;

/// A point's worth to one colour, as the side to move and as the side that waits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Value {
    pub attack: i32,
    pub defence: i32,
}

impl Add for Value {
    type Output = Value;
    fn add(self, o: Value) -> Value {
        Value {
            attack: self.attack + o.attack,
            defence: self.defence + o.defence,
        }
    }
}

impl Sub for Value {
    type Output = Value;
    fn sub(self, o: Value) -> Value {
        Value {
            attack: self.attack - o.attack,
            defence: self.defence - o.defence,
        }
    }
}

impl AddAssign for Value {
    fn add_assign(&mut self, o: Value) {
        *self = *self + o;
    }
}

impl SubAssign for Value {
    fn sub_assign(&mut self, o: Value) {
        *self = *self - o;
    }
}

/// What the shapes on a point's four lines add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Combo {
    Plain,
    /// Two open threes.
    ThreeThree,
    /// A four and an open three.
    FourThree,
    /// A straight four, or two fours.
    FourFour,
    Five,
}

pub const COMBOS: usize = 5;

/// The evaluation's weights: per shape on one line, per combination, for the side to move
/// and for the side that waits.
pub struct Weights {
    pub shape: [[i32; SHAPES.len()]; 2],
    pub combo: [[i32; COMBOS]; 2],
}

/// The weights Renju is played with (attack, defence), fitted to 6,000 self-play games by
/// `tune_gomoku selfplay renju.txt 3000 --rule renju`, the same with `freestyle`, then
/// `tune_gomoku fit renju.txt freestyle.txt` (docs/TRAINING.md): 68 % against the hand-set
/// ones in Renju. A weight for a shape that quiet positions never hold (none, five,
/// overline) is set, not fitted.
pub const RENJU: Weights = Weights {
    //        None B2  F2  B3  F3   B4   F4  DF4  Five  OL
    shape: [
        [0, 4, 11, 35, 101, 217, 910, 856, 5000, 0],
        [0, 3, 6, 30, 58, 183, 121, 0, 2000, 0],
    ],
    //     Plain 33   43    44  Five
    combo: [[0, 83, 1399, 1314, 0], [0, 49, 391, 308, 0]],
};

/// The weights freestyle and standard Gomoku are played with: fitted to the freestyle games
/// alone (the pooled fit did no better than the hand-set weights there; this one scored
/// 66 % ± 7.5 against them at 1 s a move). docs/TRAINING.md has the command.
pub const FREESTYLE: Weights = Weights {
    //        None B2  F2  B3  F3   B4   F4  DF4  Five  OL
    shape: [
        [0, 4, 15, 45, 111, 231, 919, 884, 5000, 0],
        [0, 3, 9, 41, 67, 203, 141, 179, 2000, 0],
    ],
    //     Plain 33   43    44  Five
    combo: [[0, 84, 1413, 1328, 0], [0, 45, 413, 314, 0]],
};

/// The weights a rule is played with.
pub fn weights(rule: Rule) -> &'static Weights {
    match rule {
        Rule::Renju => &RENJU,
        Rule::Freestyle | Rule::Standard => &FREESTYLE,
    }
}

/// How many fours and open threes a point's shapes hold.
fn fours_and_threes(shapes: [Shape; 4]) -> (u8, usize) {
    let fours = shapes.iter().map(|s| s.fours()).sum();
    let threes = shapes.iter().filter(|&&s| s == Shape::Flex3).count();
    (fours, threes)
}

/// How the shapes of a point combine.
pub fn combo(shapes: [Shape; 4]) -> Combo {
    let (fours, threes) = fours_and_threes(shapes);
    if shapes.contains(&Shape::Five) {
        Combo::Five
    } else if fours >= 2 || shapes.contains(&Shape::Flex4) {
        Combo::FourFour
    } else if fours == 1 && threes >= 1 {
        Combo::FourThree
    } else if threes >= 2 {
        Combo::ThreeThree
    } else {
        Combo::Plain
    }
}

/// Whether Black's shapes at a point could make it forbidden in Renju (an overline, two fours
/// or two threes without a five); only then is the full rule consulted.
fn may_be_forbidden(shapes: [Shape; 4]) -> bool {
    if shapes.contains(&Shape::Five) {
        return false;
    }
    let (fours, threes) = fours_and_threes(shapes);
    shapes.contains(&Shape::Overline) || fours >= 2 || threes >= 2
}

/// A point's worth to a colour with these shapes. For Black in Renju a point that may be
/// forbidden is worth nothing: it is no threat.
fn of(shapes: [Shape; 4], w: &Weights, renju_black: bool) -> Value {
    if renju_black && may_be_forbidden(shapes) {
        return Value::default();
    }
    let c = combo(shapes) as usize;
    let sum =
        |n: usize| shapes.iter().map(|&s| w.shape[n][s as usize]).sum::<i32>() + w.combo[n][c];
    Value {
        attack: sum(0),
        defence: sum(1),
    }
}

/// What the engine asks of a point for one colour, from its four shapes at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The point's [`Value`], in 16 bits to keep the table small (a point is worth at most
    /// four fives and a bonus).
    attack: i16,
    defence: i16,
    flags: u8,
}

const FIVE: u8 = 1;
const FOUR: u8 = 2;
const THREE: u8 = 4;
const STRAIGHT: u8 = 8;
const MAYBE_FORBIDDEN: u8 = 16;
const FORCING: u8 = 32;

impl Summary {
    pub fn value(self) -> Value {
        Value {
            attack: self.attack.into(),
            defence: self.defence.into(),
        }
    }
    /// A stone here wins.
    pub fn five(self) -> bool {
        self.flags & FIVE != 0
    }
    /// A stone here makes a four on some line.
    pub fn four(self) -> bool {
        self.flags & FOUR != 0
    }
    /// A stone here makes an open three on some line.
    pub fn three(self) -> bool {
        self.flags & THREE != 0
    }
    /// A stone here makes a straight four on some line.
    pub fn straight(self) -> bool {
        self.flags & STRAIGHT != 0
    }
    /// A stone here makes a four and an open three, or two fours (or a straight four).
    pub fn forcing(self) -> bool {
        self.flags & FORCING != 0
    }
    /// For Black in Renju: the full rule must say whether this point is forbidden.
    pub fn maybe_forbidden(self) -> bool {
        self.flags & MAYBE_FORBIDDEN != 0
    }
}

/// How many combinations of four shapes there are.
pub const COMBINATIONS: usize = SHAPES.len().pow(4);

/// The place of line `d`'s shape in a combination's number: shapes are its decimal digits.
pub const PLACES: [u16; 4] = [1, 10, 100, 1000];

/// The summaries of every combination of four shapes (numbered by [`PLACES`]) for `color`
/// under `rule`.
pub fn summaries(rule: Rule, color: Color) -> &'static [Summary] {
    static TABLES: [OnceLock<Vec<Summary>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let renju_black = rule == Rule::Renju && color == Color::Black;
    let n = match rule {
        Rule::Renju => usize::from(renju_black),
        Rule::Freestyle | Rule::Standard => 2,
    };
    let w = weights(rule);
    TABLES[n].get_or_init(|| {
        (0..COMBINATIONS)
            .map(|n| {
                let shapes: [Shape; 4] =
                    std::array::from_fn(|d| SHAPES[n / usize::from(PLACES[d]) % SHAPES.len()]);
                let flag = |on: bool, f: u8| if on { f } else { 0 };
                let value = of(shapes, w, renju_black);
                let short = |v: i32| i16::try_from(v).expect("weights fit in 16 bits");
                Summary {
                    attack: short(value.attack),
                    defence: short(value.defence),
                    flags: flag(shapes.contains(&Shape::Five), FIVE)
                        | flag(shapes.iter().any(|s| s.is_four()), FOUR)
                        | flag(shapes.contains(&Shape::Flex3), THREE)
                        | flag(shapes.contains(&Shape::Flex4), STRAIGHT)
                        | flag(renju_black && may_be_forbidden(shapes), MAYBE_FORBIDDEN)
                        | flag(
                            matches!(combo(shapes), Combo::FourThree | Combo::FourFour),
                            FORCING,
                        ),
                }
            })
            .collect()
    })
}
