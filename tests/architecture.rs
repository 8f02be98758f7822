//! The layers of the code point one way: a module may use those below it, never those above.
//! Read from the source: every `crate::…` path outside test modules is an edge between two
//! top-level modules, and each must go down the list below (or be one of the few sideways
//! edges named after it).

use std::collections::BTreeSet;
use std::path::Path;

/// Bottom to top. A module may use the modules of lower layers. The rules of each game (a layer
/// of their own, between the first and the second here) are the rooms of the list of games.
const LAYERS: &[&[&str]] = &[
    // The one random generator, deterministic from its seed; the processor's instruction sets;
    // text from outside made visible; what every game's rules share (the sides, a position);
    // the list of games (`crate::games!`, written in lib.rs, naming nothing).
    &["rng", "cpu", "visible", "rules", "games"],
    // The computer players, on positions.
    &["engine"],
    // A game as a record: players, moves, takebacks, the saved text.
    &["game"],
    // File formats: SGF, PSQ, transcripts, OBF.
    &["record"],
    // Persistence: safe reads, atomic writes, the unfinished game, named saves.
    &["store"],
    // The player's settings and their file.
    &["settings"],
    // What the server and an App tell each other about games between terminals.
    &["table"],
    // Every word shown, in each language.
    &["i18n"],
    // The App: screens, input, drawing.
    &["ui"],
    // What every driver does with an App's effects.
    &["driver"],
    // The drivers: this terminal, and an SSH session.
    &["term", "serve"],
    // The command line.
    &["commands", "cli", "main", "lib"],
];

/// The rooms of the games, read from the one list of games in `src/lib.rs` (the `Name room`
/// pairs after `($($args)*)` in `games!`).
fn games() -> Vec<String> {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let marker = "($($args)*) ";
    let start = lib.find(marker).expect("the list of games in src/lib.rs") + marker.len();
    let list = &lib[start..start + lib[start..].find('}').unwrap()];
    list.split(',')
        .map(|pair| pair.split_whitespace().nth(1).unwrap().to_string())
        .collect()
}

/// The layer of `module`: the games' rules are layer 1, between the first and the second of
/// [`LAYERS`].
fn layer(module: &str) -> usize {
    if games().iter().any(|g| g == module) {
        return 1;
    }
    let i = LAYERS
        .iter()
        .position(|l| l.contains(&module))
        .unwrap_or_else(|| panic!("module {module} is in no layer of tests/architecture.rs"));
    if i == 0 { 0 } else { i + 1 }
}

/// The code of a file without its comments (a doc link is not a use) and without its
/// `#[cfg(test)]` module (tests may reach any layer).
fn code_of(text: &str) -> String {
    let code = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |i| &text[..i]);
    code.lines()
        .map(|line| line.find("//").map_or(line, |i| &line[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules a piece of code names through `crate::`, including grouped imports
/// (`use crate::{a::X, b};`).
fn uses(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level names of the group: those at brace depth 0, after `{` or `,`.
            let mut depth = 0;
            let mut expect_name = true;
            let mut name = String::new();
            for c in group.chars() {
                if c.is_alphanumeric() || c == '_' {
                    if expect_name && depth == 0 {
                        name.push(c);
                    }
                    continue;
                }
                if !name.is_empty() {
                    found.insert(std::mem::take(&mut name));
                    expect_name = false;
                }
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => expect_name = true,
                    _ => {}
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // `$crate::$room::…` in a macro over the list of games names every game's room
            // of a layer below.
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn modules_use_only_the_layers_below_them() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    rust_files(&src, &mut files);
    let mut wrong = vec![];
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_str().unwrap().trim_end_matches(".rs");
        let text = std::fs::read_to_string(&file).unwrap();
        for used in uses(&code_of(&text)) {
            let allowed = used == module || layer(&used) < layer(module);
            if !allowed {
                wrong.push(format!("{} uses crate::{used}", relative.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "upward or sideways edges:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn grouped_imports_are_read() {
    let code = "use crate::{game::{A, B}, engine, i18n::Text};\nlet x = crate::ui::f();";
    let names: Vec<_> = uses(code).into_iter().collect();
    assert_eq!(names, ["engine", "game", "i18n", "ui"]);
}

/// The layers that give each game of the list a room of its own (`engine/reversi/`,
/// `i18n/gomoku/`, `ui/gomoku/` …). A game's room may use its layer's shared parts and the layers
/// below, never another game's room in the same layer.
const ROOMED: &[&str] = &["engine", "i18n", "ui"];

#[test]
fn a_games_room_does_not_use_another_games_room() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = vec![];
    let games = games();
    for layer in ROOMED {
        for game in &games {
            let room = src.join(layer).join(game);
            assert!(room.is_dir(), "{} is no folder", room.display());
            let mut files = vec![];
            rust_files(&room, &mut files);
            for file in files {
                let code = code_of(&std::fs::read_to_string(&file).unwrap());
                for other in games.iter().filter(|g| *g != game) {
                    let path = format!("crate::{layer}::{other}");
                    let grouped = format!("crate::{layer}::{{");
                    let in_group = code.match_indices(&grouped).any(|(i, _)| {
                        let group = &code[i + grouped.len()..];
                        let end = group.find('}').unwrap_or(group.len());
                        group[..end].split(',').any(|n| n.trim().starts_with(other))
                    });
                    if code.contains(&path) || in_group {
                        let file = file.strip_prefix(&src).unwrap().display().to_string();
                        wrong.push(format!("{file} uses {layer}/{other}/"));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "rooms that use another game's:\n{}",
        wrong.join("\n")
    );
}
