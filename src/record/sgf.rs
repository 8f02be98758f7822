//! SGF (Smart Game Format, FF[4]) as a tree of nodes of properties, read and written without
//! knowing any game: the game-specific meaning is `record::games`' business. The reader keeps
//! every property, known or not, so a file read and written again loses nothing. It uses an
//! explicit stack, not recursion, and limits how deep variations nest, so that no file can
//! exhaust the stack or the memory.

use crate::game::{Flaw, SgfError};
use std::fmt::Write;

/// Variations nested deeper than this are refused.
pub const MAX_DEPTH: usize = 1000;
/// The tree read may take at most this many times the text's size (and [`SMALL`] more): its
/// trees, nodes, properties and values are counted as they are read, so that no file (a
/// million empty variations, say) can make the reader take far more memory than its size.
pub const MAX_GROWTH: usize = 32;
const SMALL: usize = 256 << 10;
/// What each part of the tree is counted as taking: its size, the allocator's due and the
/// room a growing list keeps spare (a list of trees or nodes may hold twice what it uses).
const TREE: usize = 2 * size_of::<Tree>() + 32;
const NODE: usize = 2 * size_of::<Node>() + 16;
const PROPERTY: usize = size_of::<Property>() + 16;
const VALUE: usize = size_of::<String>() + 8;

/// A property: an identifier (capital letters) and one or more values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    pub id: String,
    pub values: Vec<String>,
}

/// A node: its properties in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub props: Vec<Property>,
}

impl Node {
    /// The first value of property `id`, if present.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.props
            .iter()
            .find(|p| p.id == id)
            .and_then(|p| p.values.first())
            .map(String::as_str)
    }

    /// Sets property `id` to one value, in place of any earlier one.
    pub fn set(&mut self, id: &str, value: impl Into<String>) {
        let value = value.into();
        match self.props.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values = vec![value],
            None => self.props.push(Property {
                id: id.to_string(),
                values: vec![value],
            }),
        }
    }
}

/// A game tree: a sequence of nodes, then the variations that follow it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    pub nodes: Vec<Node>,
    pub variations: Vec<Tree>,
}

impl Tree {
    /// The nodes along the first variation at every branch: the main line.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut line = vec![];
        let mut tree = self;
        loop {
            line.extend(&tree.nodes);
            match tree.variations.first() {
                Some(next) => tree = next,
                None => return line,
            }
        }
    }
}

/// Reads every game tree of a collection.
pub fn parse(text: &str) -> Result<Vec<Tree>, SgfError> {
    Parser::new(text).collection()
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// Bytes the tree read so far takes, counted as it grows; at most `limit`.
    used: usize,
    limit: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            pos: 0,
            used: 0,
            limit: text.len().saturating_mul(MAX_GROWTH).saturating_add(SMALL),
        }
    }

    /// Counts `bytes` more of the tree, or refuses them.
    fn take(&mut self, bytes: usize) -> Result<(), SgfError> {
        if self.used + bytes > self.limit {
            return Err(self.error(Flaw::SgfTooLarge(MAX_GROWTH)));
        }
        self.used += bytes;
        Ok(())
    }

    fn error(&self, flaw: Flaw) -> SgfError {
        let before = &self.text[..self.pos];
        let line = before.matches('\n').count() + 1;
        let column = before
            .rfind('\n')
            .map_or(before.len(), |i| before.len() - i - 1)
            + 1;
        SgfError { line, column, flaw }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn collection(&mut self) -> Result<Vec<Tree>, SgfError> {
        let mut trees = vec![];
        self.skip_space();
        if self.peek() != Some('(') {
            return Err(self.error(Flaw::SgfNoStart));
        }
        while self.peek() == Some('(') {
            trees.push(self.tree()?);
            self.skip_space();
        }
        if self.peek().is_some() {
            return Err(self.error(Flaw::SgfTrailing));
        }
        Ok(trees)
    }

    /// One game tree from its '(' on, with an explicit stack of the trees being read.
    fn tree(&mut self) -> Result<Tree, SgfError> {
        let mut stack: Vec<Tree> = vec![];
        loop {
            self.skip_space();
            match self.bump() {
                Some('(') => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.error(Flaw::SgfTooDeep(MAX_DEPTH)));
                    }
                    self.skip_space();
                    if self.peek() != Some(';') {
                        return Err(self.error(Flaw::SgfNoFirstNode));
                    }
                    self.take(TREE)?;
                    stack.push(Tree::default());
                }
                Some(';') => {
                    let top = stack.last_mut().expect("a '(' came first");
                    if !top.variations.is_empty() {
                        return Err(self.error(Flaw::SgfNodeAfterVariation));
                    }
                    let node = self.node()?;
                    stack.last_mut().expect("still there").nodes.push(node);
                }
                Some(')') => {
                    let mut done = stack.pop().expect("a '(' came first");
                    done.nodes.shrink_to_fit();
                    done.variations.shrink_to_fit();
                    match stack.last_mut() {
                        Some(parent) => parent.variations.push(done),
                        None => return Ok(done),
                    }
                }
                Some(c) => return Err(self.error(Flaw::SgfUnexpected(c.to_string()))),
                None => return Err(self.error(Flaw::SgfEndsInGame)),
            }
        }
    }

    /// The properties of one node, after its ';'.
    fn node(&mut self) -> Result<Node, SgfError> {
        self.take(NODE)?;
        let mut node = Node::default();
        loop {
            self.skip_space();
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
                self.bump();
            }
            if self.pos == start {
                if self.peek().is_some_and(|c| c.is_ascii_lowercase()) {
                    return Err(self.error(Flaw::SgfPropertyName));
                }
                node.props.shrink_to_fit();
                return Ok(node);
            }
            let id = self.text[start..self.pos].to_string();
            if node.props.iter().any(|p| p.id == id) {
                self.pos = start;
                return Err(self.error(Flaw::SgfRepeated(id)));
            }
            self.take(PROPERTY + id.len())?;
            let mut values = vec![];
            loop {
                self.skip_space();
                if self.peek() != Some('[') {
                    break;
                }
                self.bump();
                let value = self.value()?;
                self.take(VALUE + value.len())?;
                values.push(value);
            }
            if values.is_empty() {
                return Err(self.error(Flaw::SgfNoValue(id.clone())));
            }
            values.shrink_to_fit();
            node.props.push(Property { id, values });
        }
    }

    /// A value after its '[': escapes undone, soft line breaks removed.
    fn value(&mut self) -> Result<String, SgfError> {
        let mut value = String::new();
        loop {
            match self.bump() {
                Some(']') => return Ok(value),
                Some('\\') => match self.bump() {
                    // A soft line break: the backslash and the newline vanish.
                    Some('\n') => {
                        if self.peek() == Some('\r') {
                            self.bump();
                        }
                    }
                    Some('\r') => {
                        if self.peek() == Some('\n') {
                            self.bump();
                        }
                    }
                    Some(c) => value.push(c),
                    None => break,
                },
                Some(c) => value.push(c),
                None => break,
            }
        }
        Err(self.error(Flaw::SgfEndsInValue))
    }
}

/// Writes a collection: one node per line, values escaped.
pub fn write(trees: &[Tree]) -> String {
    let mut out = String::new();
    for tree in trees {
        write_tree(&mut out, tree);
        out.push('\n');
    }
    out
}

fn write_tree(out: &mut String, tree: &Tree) {
    // Explicit stack: (tree, whether its '(' is written).
    let mut stack = vec![(tree, false)];
    while let Some((t, opened)) = stack.pop() {
        if opened {
            out.push(')');
            continue;
        }
        out.push('(');
        for node in &t.nodes {
            out.push(';');
            for p in &node.props {
                out.push_str(&p.id);
                for v in &p.values {
                    let _ = write!(out, "[{}]", escape(v));
                }
            }
            out.push('\n');
        }
        stack.push((t, true));
        for v in t.variations.iter().rev() {
            stack.push((v, false));
        }
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_properties_variations_and_escapes() {
        let text = "(;FF[4]GM[4]SZ[15]C[a \\] bracket \\\\ and a soft\\\nbreak]XY[keep][me]\n\
                    ;B[hh];W[hi](;B[ii])(;B[jj];W[kk]))";
        let trees = parse(text).unwrap();
        assert_eq!(trees.len(), 1);
        let t = &trees[0];
        assert_eq!(t.nodes[0].get("C"), Some("a ] bracket \\ and a softbreak"));
        assert_eq!(t.nodes[0].props[4].values, ["keep", "me"]);
        assert_eq!(t.variations.len(), 2);
        let main: Vec<_> = t.main_line().iter().filter_map(|n| n.get("B")).collect();
        assert_eq!(main, ["hh", "ii"]);
    }

    #[test]
    fn memory_is_bounded_by_the_file_size_and_properties_are_not_repeated() {
        // A million empty sibling variations (3 MB): refused before the tree outgrows the
        // bound, which the reader's own count keeps.
        let text = format!("(;{})", "(;)".repeat(1_000_000));
        let mut parser = Parser::new(&text);
        let flaw = parser.collection().unwrap_err().flaw;
        assert_eq!(flaw, Flaw::SgfTooLarge(MAX_GROWTH));
        assert!(parser.used <= text.len() * MAX_GROWTH + SMALL);
        // A long game without a byte to spare between moves is read.
        let moves = ";B[hh];W[hi]".repeat(20_000);
        let long = format!("(;FF[4]GM[4]SZ[15]{moves})");
        let mut parser = Parser::new(&long);
        assert_eq!(parser.collection().unwrap()[0].nodes.len(), 40_001);
        assert!(parser.used < long.len() * MAX_GROWTH);
        let repeated = parse("(;GM[4]RU[renju]RU[Freestyle];B[hh])").unwrap_err();
        assert_eq!(repeated.flaw, Flaw::SgfRepeated("RU".into()));
        assert_eq!((repeated.line, repeated.column), (1, 17));
    }

    #[test]
    fn writes_what_it_reads() {
        let text = "(;FF[4]C[x\\]y]ZZ[1][2];B[aa](;W[bb])(;W[cc];B[dd]))";
        let trees = parse(text).unwrap();
        let again = parse(&write(&trees)).unwrap();
        assert_eq!(again, trees);
    }

    #[test]
    fn bad_text_says_where() {
        for (text, line, col) in [
            ("", 1, 1),
            ("hello", 1, 1),
            ("(;B[aa]", 1, 8),
            ("(;B[aa", 1, 7),
            ("(;\nb[aa])", 2, 1),
            ("(;B)", 1, 4),
            ("(;B[aa])x", 1, 9),
            ("(B[aa])", 1, 2),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, col), "{text:?}: {e}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_crash() {
        let deep = "(;".repeat(MAX_DEPTH + 1) + &")".repeat(MAX_DEPTH + 1);
        let e = parse(&deep).unwrap_err();
        assert!(e.to_string().contains("nested deeper"), "{e}");
        let many = "(".repeat(10_000_000);
        assert!(parse(&many).is_err());
        let ok = "(;".repeat(MAX_DEPTH) + &")".repeat(MAX_DEPTH);
        assert!(parse(&ok).is_ok());
    }
}
