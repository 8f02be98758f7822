//! What an empty point is worth to a colour, from the shapes a stone there makes on its four
//! lines. The value is learned per *class*, the four shapes in any order (715 classes), in
//! three tables: Black's and White's in Renju, and one for both colours in freestyle and
//! standard Gomoku ([`Table`]). The evaluation sums it over the board twice: as the side to
//! move (`attack`, its threats are about to be played) and as the side that waits
//! (`defence`, its threats must be answered). On top of that sum, a value for which kinds of
//! threat each side holds anywhere on the board ([`threat_mask`]): who has the initiative
//! changes a position's worth more than any sum of points can say (Rapfi's classical
//! evaluation has such a term too). The values are fitted to self-play games (`values.txt`,
//! docs/TRAINING.md).

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

/// How many kinds of threat a point can hold for a colour ([`threat_kind`]).
pub const THREATS: usize = 5;
/// How many masks of both sides' kinds of threat there are ([`threat_mask`]).
pub const MASKS: usize = 1 << (2 * THREATS);
/// A point with no threat.
pub const NO_THREAT: u8 = THREATS as u8;
/// The kinds' names in `values.txt`, strongest first.
const THREAT_NAMES: [&str; THREATS] = ["44", "43", "4", "33", "3"];

/// The strongest threat a stone with these shapes makes: 0 two fours (or a straight four),
/// 1 a four and an open three, 2 a four, 3 two open threes, 4 an open three; [`NO_THREAT`]
/// for none, for a five (the search judges those) and for Black in Renju where the point may
/// be forbidden (worth nothing, as in the sum).
fn threat_kind(shapes: [Shape; 4], renju_black: bool) -> u8 {
    if renju_black && may_be_forbidden(shapes) {
        return NO_THREAT;
    }
    let (fours, threes) = fours_and_threes(shapes);
    match combo(shapes) {
        Combo::Five => NO_THREAT,
        Combo::FourFour => 0,
        Combo::FourThree => 1,
        Combo::ThreeThree => 3,
        Combo::Plain if fours > 0 => 2,
        Combo::Plain if threes > 0 => 4,
        Combo::Plain => NO_THREAT,
    }
}

/// The mask of the kinds of threat each side holds (`counts[kind]`: on how many points):
/// the side to move's in the low [`THREATS`] bits, the other's above.
pub fn threat_mask(mine: &[u16; THREATS], theirs: &[u16; THREATS]) -> usize {
    let bits = |counts: &[u16; THREATS]| {
        (0..THREATS)
            .filter(|&k| counts[k] > 0)
            .fold(0, |m, k| m | 1 << k)
    };
    bits(mine) | bits(theirs) << THREATS
}

/// A mask as `values.txt` writes it: the side to move's kinds, `/`, the other's (`-` none).
fn mask_text(mask: usize) -> String {
    let side = |bits: usize| {
        let names: Vec<&str> = (0..THREATS)
            .filter(|&k| bits & 1 << k != 0)
            .map(|k| THREAT_NAMES[k])
            .collect();
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join(",")
        }
    };
    format!(
        "{}/{}",
        side(mask & ((1 << THREATS) - 1)),
        side(mask >> THREATS)
    )
}

/// The mask written by [`mask_text`].
fn parse_mask(text: &str) -> Option<usize> {
    let (mine, theirs) = text.split_once('/')?;
    let side = |t: &str| -> Option<usize> {
        if t == "-" {
            return Some(0);
        }
        t.split(',').try_fold(0, |m, name| {
            let k = THREAT_NAMES.iter().position(|&n| n == name)?;
            (m & 1 << k == 0).then_some(m | 1 << k)
        })
    };
    Some(side(mine)? | side(theirs)? << THREATS)
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
    for (n, line, words) in table_lines(text, table, false) {
        let bad = |why: &str| format!("values line {n}: {why}: {line}");
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

/// The lines of `text` (in the form of `values.txt`) that give `table`'s classes, or its
/// threat masks: each with its number (from 1) and its words (`#` starts a comment).
fn table_lines(
    text: &str,
    table: Table,
    threats: bool,
) -> impl Iterator<Item = (usize, &str, Vec<&str>)> {
    text.lines().enumerate().filter_map(move |(n, line)| {
        let words: Vec<&str> = line
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let ours =
            words.first() == Some(&table.name()) && (words.get(1) == Some(&"threat")) == threats;
        ours.then_some((n + 1, line, words))
    })
}

/// The threat values of `table` (the side to move's) for every mask, from `text` in the form
/// of `values.txt`: `TABLE threat MINE/THEIRS VALUE`, each side's kinds of threat (`44`, `43`,
/// `4`, `33`, `3`, comma-separated, `-` for none). A mask not given is worth nothing; one
/// given twice is refused.
pub fn parse_threats(text: &str, table: Table) -> Result<Vec<i32>, String> {
    let mut values: Vec<Option<i32>> = vec![None; MASKS];
    for (n, line, words) in table_lines(text, table, true) {
        let bad = |why: &str| format!("values line {n}: {why}: {line}");
        let [_, _, mask, value] = words[..] else {
            return Err(bad("not TABLE threat MASK VALUE"));
        };
        let mask = parse_mask(mask).ok_or_else(|| bad("not a mask of threats"))?;
        let value = value.parse::<i16>().map_err(|_| bad("not a value"))?;
        if values[mask].replace(value.into()).is_some() {
            return Err(bad("given twice"));
        }
    }
    Ok(values.into_iter().map(Option::unwrap_or_default).collect())
}

/// Every table's learned values in the form of `values.txt`, after a header saying what
/// made them (`made`, `#` lines): each table's classes, then its threat masks that are worth
/// something.
pub fn format_values(made: &str, of: impl Fn(Table) -> (Vec<Value>, Vec<i32>)) -> String {
    let mut out = String::from(
        "# What a point is worth to a colour by the shapes a stone there makes on its four lines, in\n\
         # any order: TABLE SHAPE SHAPE SHAPE SHAPE ATTACK DEFENCE. Shapes: . none, b2/f2 closed/open\n\
         # two, b3/f3 closed/open three, b4 four, f4 straight four, d4 two fours on a line, 6 overline.\n\
         # ATTACK counts for the side to move, DEFENCE for the side that waits.\n\
         # TABLE threat MINE/THEIRS VALUE: what it is worth to the side to move (of TABLE) that it\n\
         # holds points of these kinds of threat and the other side those: 44 two fours or a\n\
         # straight four, 43 four and open three, 4 four, 33 two open threes, 3 open three (-: none).\n",
    );
    for line in made.lines() {
        out += &format!("# {line}\n");
    }
    for table in Table::ALL {
        out.push('\n');
        let (values, threats) = of(table);
        for class in (0..CLASSES).filter(|&c| table.learned(c)) {
            let Value { attack, defence } = values[class];
            let codes = class_codes(class);
            out += &format!("{} {codes} {attack} {defence}\n", table.name());
        }
        for (mask, value) in threats.into_iter().enumerate().filter(|&(_, v)| v != 0) {
            out += &format!("{} threat {} {value}\n", table.name(), mask_text(mask));
        }
    }
    out
}

/// The values the engine plays with for `table`: every class's, and every threat mask's.
fn shipped(table: Table) -> &'static (Vec<Value>, Vec<i32>) {
    static TABLES: [OnceLock<(Vec<Value>, Vec<i32>)>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TABLES[table as usize].get_or_init(|| {
        (
            parse_values(VALUES, table).expect("values.txt holds every learned class"),
            parse_threats(VALUES, table).expect("values.txt's threat lines are well formed"),
        )
    })
}

/// The threat values the engine plays with for `table`, every mask.
pub fn threat_values(table: Table) -> &'static [i32] {
    &shipped(table).1
}

/// The values the engine plays with for `table`, every class.
pub fn values(table: Table) -> &'static [Value] {
    &shipped(table).0
}

/// What the engine asks of a point for one colour, from its four shapes at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The point's [`Value`], in 16 bits to keep the table small (a point is worth at most
    /// four fives and a bonus).
    attack: i16,
    defence: i16,
    flags: u8,
    /// The strongest kind of threat a stone here makes ([`threat_kind`]).
    threat: u8,
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
    /// The strongest kind of threat a stone here makes, or [`NO_THREAT`].
    pub fn threat(self) -> u8 {
        self.threat
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
                    threat: threat_kind(shapes, renju_black),
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
        let good = format_values("test", |t| (values(t).to_vec(), threat_values(t).to_vec()));
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
    fn threat_masks_read_back_and_a_wrong_one_is_refused() {
        for mask in 0..MASKS {
            assert_eq!(parse_mask(&mask_text(mask)), Some(mask));
        }
        assert_eq!(mask_text(0b00001_00110), "43,4/44");
        let mut threats = vec![0; MASKS];
        threats[0b00001_00110] = -75;
        threats[3] = 12;
        let text = format_values("test", |t| (values(t).to_vec(), threats.clone()));
        assert_eq!(parse_threats(&text, Table::Freestyle), Ok(threats.clone()));
        let line = "freestyle threat 43,4/44 -75";
        assert!(text.contains(line));
        let twice = format!("{text}{line}\n");
        assert!(
            parse_threats(&twice, Table::Freestyle)
                .unwrap_err()
                .contains("given twice")
        );
        for bad in [
            "freestyle threat 5/- 1",
            "freestyle threat 3,3/- 1",
            "freestyle threat 3 1",
        ] {
            let text = format!("{text}{bad}\n");
            assert!(
                parse_threats(&text, Table::Freestyle)
                    .unwrap_err()
                    .contains("not a mask")
            );
        }
        // The class lines do not read the threat lines.
        assert_eq!(
            parse_values(&text, Table::Freestyle).as_deref(),
            Ok(values(Table::Freestyle))
        );
    }

    #[test]
    fn a_forbidden_looking_point_is_worth_nothing_to_black_in_renju() {
        let three_three = class(4 + 10 * 4);
        assert_eq!(values(Table::RenjuBlack)[three_three], Value::default());
        assert!(values(Table::RenjuWhite)[three_three].attack > 0);
    }
}
