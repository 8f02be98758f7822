//! What an empty point is worth to a colour, from the shapes a stone there makes on its four
//! lines. The value is learned per *class*, the four shapes in any order (715 classes), in
//! three tables: Black's and White's in Renju, and one for both colours in freestyle and
//! standard Gomoku ([`Table`]). The evaluation sums it over the board twice: as the side to
//! move (`attack`, its threats are about to be played) and as the side that waits
//! (`defence`, its threats must be answered). The values are fitted to self-play games
//! (`values.txt`, docs/TRAINING.md).

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

/// How many classes (four shapes in any order) there are: multisets of four of ten shapes.
pub const CLASSES: usize = 715;

/// The classes: each combination number's class, and each class's shapes (weakest first).
struct Classes {
    of: Vec<u16>,
    shapes: Vec<[Shape; 4]>,
}

fn classes() -> &'static Classes {
    static CLASSES_: OnceLock<Classes> = OnceLock::new();
    CLASSES_.get_or_init(|| {
        // Classes are numbered as first met; a combination with its shapes sorted names its
        // class.
        let mut shapes: Vec<[Shape; 4]> = vec![];
        let mut by_sorted = vec![u16::MAX; COMBINATIONS];
        let of = (0..COMBINATIONS)
            .map(|n| {
                let mut sorted = shapes_of(n);
                sorted.sort();
                let key: usize = (0..4)
                    .map(|d| usize::from(PLACES[d]) * sorted[d] as usize)
                    .sum();
                if by_sorted[key] == u16::MAX {
                    by_sorted[key] = shapes.len() as u16;
                    shapes.push(sorted);
                }
                by_sorted[key]
            })
            .collect();
        Classes { of, shapes }
    })
}

/// The four shapes of combination number `n` (see [`PLACES`]).
fn shapes_of(n: usize) -> [Shape; 4] {
    std::array::from_fn(|d| SHAPES[n / usize::from(PLACES[d]) % SHAPES.len()])
}

/// The class of combination number `n` (see [`PLACES`]).
pub fn class(n: usize) -> usize {
    usize::from(classes().of[n])
}

/// The shapes of a class, weakest first.
pub fn class_shapes(class: usize) -> [Shape; 4] {
    classes().shapes[class]
}

/// A class as `values.txt` writes it: its shapes' codes ("b2 f3 . .").
fn class_codes(class: usize) -> String {
    class_shapes(class)
        .map(|s| SHAPE_CODES[s as usize])
        .join(" ")
}

/// Which learned values a colour's points take under a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    RenjuBlack,
    RenjuWhite,
    Freestyle,
}

impl Table {
    pub const ALL: [Table; 3] = [Table::RenjuBlack, Table::RenjuWhite, Table::Freestyle];

    pub fn of(rule: Rule, color: Color) -> Table {
        match (rule, color) {
            (Rule::Renju, Color::Black) => Table::RenjuBlack,
            (Rule::Renju, Color::White) => Table::RenjuWhite,
            (Rule::Freestyle | Rule::Standard, _) => Table::Freestyle,
        }
    }

    /// Its name in `values.txt`.
    pub fn name(self) -> &'static str {
        match self {
            Table::RenjuBlack => "renju-black",
            Table::RenjuWhite => "renju-white",
            Table::Freestyle => "freestyle",
        }
    }

    /// Whether a class's value is learned in this table: not one with a five (the search
    /// judges those), nor for Black in Renju one that may be forbidden (worth nothing: no
    /// threat).
    pub fn learned(self, class: usize) -> bool {
        let shapes = class_shapes(class);
        let forbidden = self == Table::RenjuBlack && may_be_forbidden(shapes);
        !shapes.contains(&Shape::Five) && !forbidden
    }
}

/// A point where a stone makes a five: worth more than anything else to try first.
const FIVE_POINT: Value = Value {
    attack: 5000,
    defence: 2000,
};

/// How the shapes are written in `values.txt`, in the order of [`SHAPES`].
pub const SHAPE_CODES: [&str; SHAPES.len()] =
    [".", "b2", "f2", "b3", "f3", "b4", "f4", "d4", "5", "6"];

/// The learned values the engine plays with.
const VALUES: &str = include_str!("values.txt");

/// The values of `table` for every class, from `text` in the form of `values.txt`: one line
/// per learned class, `TABLE SHAPE SHAPE SHAPE SHAPE ATTACK DEFENCE` (`#` starts a comment).
/// Every learned class must be there once.
pub fn parse_values(text: &str, table: Table) -> Result<Vec<Value>, String> {
    let mut values: Vec<Option<Value>> = (0..CLASSES)
        .map(|c| {
            let shapes = class_shapes(c);
            if shapes.contains(&Shape::Five) {
                Some(FIVE_POINT)
            } else {
                (!table.learned(c)).then_some(Value::default())
            }
        })
        .collect();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        if words.first() != Some(&table.name()) {
            continue;
        }
        let bad = |why: &str| format!("values line {}: {why}: {line}", n + 1);
        let [_, a, b, c, d, attack, defence] = words[..] else {
            return Err(bad("not TABLE and four shapes and two values"));
        };
        let mut code = 0;
        for (place, word) in PLACES.iter().zip([a, b, c, d]) {
            let shape = SHAPE_CODES
                .iter()
                .position(|&s| s == word)
                .ok_or_else(|| bad("not a shape"))?;
            code += usize::from(*place) * shape;
        }
        let number = |w: &str| w.parse::<i16>().map_err(|_| bad("not a value"));
        let class = class(code);
        if !table.learned(class) {
            return Err(bad("not a learned class"));
        }
        if values[class].is_some() {
            return Err(bad("given twice"));
        }
        values[class] = Some(Value {
            attack: number(attack)?.into(),
            defence: number(defence)?.into(),
        });
    }
    values
        .into_iter()
        .enumerate()
        .map(|(c, v)| v.ok_or_else(|| format!("values: no {} {}", table.name(), class_codes(c))))
        .collect()
}

/// Every table's learned values in the form of `values.txt`, after a header saying what
/// made them (`made`, `#` lines).
pub fn format_values(made: &str, of: impl Fn(Table) -> Vec<Value>) -> String {
    let mut out = String::from(
        "# What a point is worth to a colour by the shapes a stone there makes on its four lines, in\n\
         # any order: TABLE SHAPE SHAPE SHAPE SHAPE ATTACK DEFENCE. Shapes: . none, b2/f2 closed/open\n\
         # two, b3/f3 closed/open three, b4 four, f4 straight four, d4 two fours on a line, 6 overline.\n\
         # ATTACK counts for the side to move, DEFENCE for the side that waits.\n",
    );
    for line in made.lines() {
        out += &format!("# {line}\n");
    }
    for table in Table::ALL {
        out.push('\n');
        let values = of(table);
        for class in (0..CLASSES).filter(|&c| table.learned(c)) {
            let Value { attack, defence } = values[class];
            let codes = class_codes(class);
            out += &format!("{} {codes} {attack} {defence}\n", table.name());
        }
    }
    out
}

/// The values the engine plays with for `table`, every class.
pub fn values(table: Table) -> &'static [Value] {
    static TABLES: [OnceLock<Vec<Value>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[table as usize]
        .get_or_init(|| parse_values(VALUES, table).expect("values.txt holds every learned class"))
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
    let table = Table::of(rule, color);
    let renju_black = table == Table::RenjuBlack;
    TABLES[table as usize].get_or_init(|| {
        let values = values(table);
        (0..COMBINATIONS)
            .map(|n| {
                let shapes = shapes_of(n);
                let flag = |on: bool, f: u8| if on { f } else { 0 };
                let value = values[class(n)];
                let short = |v: i32| i16::try_from(v).expect("values fit in 16 bits");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_combination_has_one_class_and_classes_ignore_the_order() {
        assert_eq!((0..COMBINATIONS).map(class).max(), Some(CLASSES - 1));
        // f3 on line 0 and b2 on line 2, or the other way round.
        let (a, b) = (4 + 100, 1 + 100 * 4);
        assert_eq!(class(a), class(b));
        assert_ne!(class(a), class(4 + 100 * 4));
    }

    #[test]
    fn a_wrong_values_text_is_refused_with_its_line() {
        let good = format_values("test", |t| values(t).to_vec());
        assert!(parse_values(&good, Table::RenjuWhite).is_ok());
        let first = good.lines().find(|l| l.starts_with("renju-white")).unwrap();
        let twice = format!("{good}{first}\n");
        assert!(
            parse_values(&twice, Table::RenjuWhite)
                .unwrap_err()
                .contains("given twice")
        );
        let missing = good.replace(&format!("{first}\n"), "");
        assert!(
            parse_values(&missing, Table::RenjuWhite)
                .unwrap_err()
                .contains("no renju-white")
        );
        let bad = good.replace(first, "renju-white f3 f3 x9 . 1 2");
        assert!(
            parse_values(&bad, Table::RenjuWhite)
                .unwrap_err()
                .contains("not a shape")
        );
        let five = format!("{good}renju-white 5 . . . 1 2\n");
        assert!(
            parse_values(&five, Table::RenjuWhite)
                .unwrap_err()
                .contains("not a learned")
        );
    }

    #[test]
    fn a_forbidden_looking_point_is_worth_nothing_to_black_in_renju() {
        let three_three = class(4 + 10 * 4);
        assert_eq!(values(Table::RenjuBlack)[three_three], Value::default());
        assert!(values(Table::RenjuWhite)[three_three].attack > 0);
    }
}
