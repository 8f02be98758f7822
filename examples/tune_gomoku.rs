//! Tunes the Gomoku evaluation's weights by self-play (docs/TRAINING.md):
//!
//! `cargo run --release --example tune_gomoku -- selfplay OUT.txt GAMES [--rule renju|freestyle]
//!  [--random N] [--depth D]`
//!   plays games (deterministic: game n starts from opening n mod 26, turned, then N random
//!   moves near the stones, default 2) between searches of D plies (default 4) with the weights
//!   this build ships, appending each to OUT.txt as a line `RULE WINNER MOVES` (winner B, W or
//!   -); a stopped run goes on after the games already there.
//!
//! `cargo run --release --example tune_gomoku -- fit GAMES.txt... --out VALUES.txt
//!  [--iterations N] [--hold H]`
//!   labels the quiet positions of the games (all of one rule, from the fifth stone on) with
//!   their results, holds every tenth game out, fits that rule's values, the classes' and the
//!   threat masks' (default 400 steps, each held near its start with strength H, default 1,
//!   starting from those this build ships), prints the errors and writes every table's values
//!   (the other rules' as shipped) to VALUES.txt, the form of `src/engine/gomoku/values.txt`.
//!   With `--search D [--width W] [--scale S] [--result-share R]` each position's label is
//!   R (default ½) of the game's result and the rest what a search of D plies and W moves a
//!   node (default 12) expects, its score read through the logistic curve of scale S
//!   (default 800, the Renju fits' scale).

use heibai::engine::gomoku::tuning::{
    Fitting, Game, Sample, SearchLabel, fit, samples, searched_samples, self_play, values_text,
};
use heibai::gomoku::{Board, Color, Rule};
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("selfplay") => selfplay(&args[1..]),
        Some("fit") => fit_games(&args[1..]),
        _ => Err(
            "usage: tune_gomoku selfplay OUT GAMES [--rule R] [--random N] [--depth D] | fit GAMES... \
                  --out VALUES [--iterations N] [--hold H]"
                .into(),
        ),
    };
    if let Err(e) = result {
        eprintln!("tune_gomoku: {e}");
        std::process::exit(2);
    }
}

/// The value after `--name`, if given.
fn option(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// The number after `--name`, or `default` without one.
fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    option(args, name).map_or(Ok(default), |r| {
        r.parse().map_err(|_| format!("'{r}' is not a number"))
    })
}

fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Renju => "renju",
        Rule::Standard => "standard",
        Rule::Freestyle => "freestyle",
    }
}

fn selfplay(args: &[String]) -> Result<(), String> {
    let [out, games, ..] = args else {
        return Err("selfplay wants OUT and GAMES".into());
    };
    let games: u64 = games
        .parse()
        .map_err(|_| format!("'{games}' is not a number"))?;
    let rule = match option(args, "--rule").as_deref() {
        None | Some("renju") => Rule::Renju,
        Some("freestyle") => Rule::Freestyle,
        Some(other) => return Err(format!("no rule '{other}'")),
    };
    let random: u32 = number(args, "--random", 2)?;
    let depth: u32 = number(args, "--depth", 4)?;
    let done = std::fs::read_to_string(out).map_or(0, |t| t.lines().count() as u64);
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| format!("{out}: {e}"))?;
    for n in done..games {
        let game = self_play(n, rule, random, depth);
        let winner = match game.winner {
            Some(Color::Black) => "B",
            Some(Color::White) => "W",
            None => "-",
        };
        let moves: Vec<String> = game.moves.iter().map(|p| p.to_string()).collect();
        writeln!(file, "{} {winner} {}", rule_name(rule), moves.join(" "))
            .map_err(|e| format!("{out}: {e}"))?;
        if (n + 1) % 100 == 0 {
            eprintln!("{} games", n + 1);
        }
    }
    Ok(())
}

/// Each game's labelled positions, in the games' order: by the results alone, or with a
/// search's judgement, which takes the time and so runs on every core.
fn label_games(games: &[Game], search: Option<SearchLabel>) -> Vec<Vec<Sample>> {
    let Some(how) = search else {
        return games.iter().map(|g| samples(g, 4)).collect();
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = games
            .chunks(games.len().div_ceil(threads).max(1))
            .map(|part| {
                let done = &done;
                scope.spawn(move || {
                    part.iter()
                        .map(|game| {
                            let labelled = searched_samples(game, 4, how);
                            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                            if n.is_multiple_of(100) {
                                eprintln!("{n} games labelled");
                            }
                            labelled
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("no labeller panics"))
            .collect()
    })
}

fn read_game(line: &str) -> Option<Game> {
    let mut words = line.split_whitespace();
    let rule = match words.next()? {
        "renju" => Rule::Renju,
        "standard" => Rule::Standard,
        "freestyle" => Rule::Freestyle,
        _ => return None,
    };
    let winner = match words.next()? {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    };
    let board = Board::new(15);
    let moves = words.map(|w| board.point(w).ok()).collect::<Option<_>>()?;
    Some(Game {
        rule,
        moves,
        winner,
    })
}

fn fit_games(args: &[String]) -> Result<(), String> {
    let how = Fitting {
        iterations: number(args, "--iterations", 400)?,
        hold: number(args, "--hold", 1.0)?,
    };
    let out = option(args, "--out").ok_or("fit wants --out VALUES.txt")?;
    let search = match number(args, "--search", 0)? {
        0 => None,
        depth => Some(SearchLabel {
            depth,
            width: number(args, "--width", 12)?,
            scale: number(args, "--scale", 800.0)?,
            result_share: number(args, "--result-share", 0.5)?,
        }),
    };
    let files = args
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .collect::<Vec<_>>();
    let mut games: Vec<Game> = vec![];
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for line in text.lines() {
            let game = read_game(line).ok_or(format!("{file}: not a game: {line}"))?;
            if let Some(first) = games.first()
                && first.rule != game.rule
            {
                return Err(format!(
                    "{file}: a {} game among {} games (a fit takes one rule): {line}",
                    rule_name(game.rule),
                    rule_name(first.rule)
                ));
            }
            games.push(game);
        }
    }
    let rule = games.first().ok_or("no games")?.rule;
    let labelled = label_games(&games, search);
    let n = games.len();
    let (mut train, mut validation): (Vec<Sample>, Vec<Sample>) = (vec![], vec![]);
    for (k, samples) in labelled.into_iter().enumerate() {
        // Every tenth game is held out.
        if k % 10 == 9 {
            validation.extend(samples);
        } else {
            train.extend(samples);
        }
    }
    eprintln!(
        "{n} games: {} positions to fit, {} held out",
        train.len(),
        validation.len()
    );
    let (fitted, report) = fit(rule, &train, &validation, &how);
    println!("scale {:.0}", report.scale);
    println!(
        "error (mean squared, result vs curve): training {:.5} -> {:.5}, held out {:.5} -> {:.5}",
        report.train.0, report.train.1, report.validation.0, report.validation.1
    );
    let made = format!(
        "Made by `tune_gomoku fit {} --iterations {} --hold {}{}` (docs/TRAINING.md):\n\
         {n} games, held-out error {:.5} -> {:.5}.",
        files
            .iter()
            .map(|f| f.rsplit('/').next().unwrap_or(f))
            .collect::<Vec<_>>()
            .join(" "),
        how.iterations,
        how.hold,
        search.map_or(String::new(), |s| format!(
            " --search {} --width {} --scale {} --result-share {}",
            s.depth, s.width, s.scale, s.result_share
        )),
        report.validation.0,
        report.validation.1
    );
    std::fs::write(&out, values_text(&made, &fitted)).map_err(|e| format!("{out}: {e}"))?;
    println!("values written to {out}");
    Ok(())
}
