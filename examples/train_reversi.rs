//! Trains the Reversi pattern evaluation (docs/TRAINING.md has the whole recipe):
//!
//! `cargo run --release --example train_reversi -- label GAMES.txt.gz DIR [EXACT_FROM]`
//!   replays the WTHOR games and writes labelled positions to DIR in blocks of 1,000 games
//!   (a block already there is kept, so a stopped run goes on where it was).
//!
//! `cargo run --release --example train_reversi -- fit OUT.bin DIR... [--iterations N]`
//!   fits the weights to the positions in the DIRs (every 20th block held out to validate,
//!   its error printed by stage) and writes them to OUT.bin (src/engine/reversi/eval.bin is the one
//!   the program embeds).
//!
//! `cargo run --release --example train_reversi -- testset GAMES.txt.gz OUT.obf EMPTIES N`
//!   solves N positions with EMPTIES empties from the held-out games (those of the blocks the
//!   fit validates on) and writes them as OBF lines, for `examples/eval_error.rs` (each as it
//!   is solved: a stopped run goes on after the positions already in OUT.obf).
//!
//! `cargo run --release --example train_reversi -- book GAMES.txt.gz OUT.bin PROGRESS [DEPTH]`
//!   builds the opening book (src/engine/reversi/book.bin is the one the program embeds) from the
//!   positions at least 16 games reach in their first 30 moves, moves leaving the book scored
//!   by a search of DEPTH plies (default 12); the scores found so far are kept in PROGRESS, so
//!   a stopped run goes on where it was.
//!
//! `cargo run --release --example train_reversi -- selfplay OPENINGS DIR GAMES [DEPTH]`
//!   plays GAMES games of heibai against itself from the openings (one transcript a line, taken
//!   in turn), searching DEPTH plies (default 6) after a few noisy moves, until 18 empties, and
//!   writes them to DIR in blocks of 1,000 as lines `self TRANSCRIPT`, ready for `label`
//!   (a block already there is kept).
//!
//! `cargo run --release --example train_reversi -- selflabel OPENINGS DIR GAMES [--depth D]
//!   [--exact E] [--random R] [--block B]`
//!   the second round's data: GAMES games of heibai against itself, the even ones from the
//!   openings in turn, the odd ones from R random moves (default 10); then twelve noisy moves
//!   and a selective search of D plies (default 12) to the end. Every position is labelled as
//!   it is played: by that search's score, exactly from E empties (default 20). Written to DIR
//!   in blocks of B games (default 100) as `labelled-N.txt`, a game a line with its labels
//!   (a block already there is kept, so a stopped run goes on where it was).
//!
//! `cargo run --release --example train_reversi -- probcut GAMES.txt.gz OUT.txt PROGRESS N [DEPTH]`
//!   searches N positions of the games (one a game, 6 to 56 empties) full width to every depth
//!   up to DEPTH (default 12), appending each to PROGRESS as it is done (a stopped run goes on
//!   after those already there), then fits Multi-ProbCut's models to them and writes OUT.txt
//!   (src/engine/reversi/probcut.txt is the one the program embeds).
//!
//! `cargo run --release --example train_reversi -- endcut OUT.txt DIR...`
//!   fits the endgame's Multi-ProbCut models (the exact score predicted from the static
//!   evaluation) to the positions solved exactly in the DIRs' blocks (as `selflabel` writes
//!   them), from 10 empties, and writes OUT.txt (src/engine/reversi/endcut.txt is the one the
//!   program embeds).
//!
//! The work uses every core; run it under `nice`.

use flate2::read::GzDecoder;
use heibai::engine::Budget;
use heibai::engine::reversi::endgame::{self, Solver};
use heibai::engine::reversi::probcut::Selectivity;
use heibai::engine::reversi::training::book;
use heibai::engine::reversi::training::fit::{Model, Options, Prepared, fit};
use heibai::engine::reversi::training::games::{label, replay_wthor};
use heibai::engine::reversi::training::selfplay::{
    Plan, format_labelled, labelled_game, parse_labelled, self_play,
};
use heibai::engine::reversi::training::{Sample, read_samples, write_samples};
use heibai::engine::reversi::tt::Table;
use heibai::engine::reversi::weights::{STAGE_WIDTH, STAGES, encode};
use heibai::reversi::Square;
use heibai::store::write_atomically;
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Games in a block of labelled positions.
const BLOCK: usize = 1000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("label") if args.len() >= 3 => {
            let exact_from = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(18);
            label_games(Path::new(&args[1]), Path::new(&args[2]), exact_from)
        }
        Some("fit") if args.len() >= 3 => fit_weights(&args[1..]),
        Some("book") if args.len() >= 4 => {
            let depth = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(12);
            build_book(&args[1], &args[2], &args[3], depth)
        }
        Some("selfplay") if args.len() >= 4 => match args[3].parse() {
            Ok(games) => {
                let depth = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(6);
                self_play_games(Path::new(&args[1]), Path::new(&args[2]), games, depth)
            }
            Err(_) => Err("selfplay wants GAMES as a number".into()),
        },
        Some("selflabel") if args.len() >= 4 => self_label(&args[1..]),
        Some("probcut") if args.len() >= 5 => match args[4].parse() {
            Ok(n) => {
                let depth = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(12);
                fit_probcut(Path::new(&args[1]), &args[2], Path::new(&args[3]), n, depth)
            }
            Err(_) => Err("probcut wants N as a number".into()),
        },
        Some("endcut") if args.len() >= 3 => fit_endcut(&args[1], &args[2..]),
        Some("testset") if args.len() == 5 => match (args[3].parse(), args[4].parse()) {
            (Ok(empties), Ok(n)) => test_set(Path::new(&args[1]), Path::new(&args[2]), empties, n),
            _ => Err("testset wants EMPTIES and N as numbers".into()),
        },
        _ => Err(
            "usage: train_reversi label GAMES.txt.gz DIR [EXACT_FROM]\n       \
                  train_reversi fit OUT.bin DIR... [--iterations N]\n       \
                  train_reversi testset GAMES.txt.gz OUT.obf EMPTIES N\n       \
                  train_reversi book GAMES.txt.gz OUT.bin PROGRESS [DEPTH]\n       \
                  train_reversi selfplay OPENINGS DIR GAMES [DEPTH]\n       \
                  train_reversi selflabel OPENINGS DIR GAMES [--depth D] [--exact E] [--random R] [--block B]\n       \
                  train_reversi probcut GAMES.txt.gz OUT.txt PROGRESS N [DEPTH]\n       \
                  train_reversi endcut OUT.txt DIR..."
                .to_string(),
        ),
    };
    if let Err(e) = result {
        eprintln!("train_reversi: {e}");
        std::process::exit(1);
    }
}

fn read_lines(path: &Path) -> Result<Vec<String>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let reader: Box<dyn std::io::Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(GzDecoder::new(file))
    } else {
        Box::new(file)
    };
    BufReader::new(reader)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn block_path(dir: &Path, n: usize) -> PathBuf {
    dir.join(format!("block-{n:04}.bin"))
}

fn label_games(games: &Path, dir: &Path, exact_from: u32) -> Result<(), String> {
    let lines = read_lines(games)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let blocks = lines.len().div_ceil(BLOCK);
    let started = std::time::Instant::now();
    on_every_core(blocks, |n, tt, budget| {
        let path = block_path(dir, n);
        if path.exists() {
            return;
        }
        let mut solver = Solver::new(tt, budget);
        let mut samples = vec![];
        for line in &lines[n * BLOCK..((n + 1) * BLOCK).min(lines.len())] {
            if let Some(game) = replay_wthor(line) {
                samples.extend(label(&game, exact_from, &mut solver));
            }
        }
        let written = write_samples_file(&path, &samples);
        block_done(written, n, blocks, samples.len(), started);
    });
    Ok(())
}

/// Reports block `n` of `blocks` written with its `positions`, or stops the run if writing it
/// failed (a run that cannot write would only redo the work next time).
fn block_done(
    written: Result<(), String>,
    n: usize,
    blocks: usize,
    positions: usize,
    started: std::time::Instant,
) {
    if let Err(e) = written {
        eprintln!("{e}");
        std::process::exit(1);
    }
    eprintln!(
        "block {n}/{blocks}: {positions} positions, {:.0} s",
        started.elapsed().as_secs_f64()
    );
}

/// Writes `samples` to `path` whole or not at all (through a temporary file renamed).
fn write_samples_file(path: &Path, samples: &[Sample]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    let written = std::fs::File::create(&tmp).and_then(|f| {
        let mut out = BufWriter::new(f);
        write_samples(&mut out, samples)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    written
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn self_play_games(openings: &Path, dir: &Path, games: usize, depth: u32) -> Result<(), String> {
    let openings = read_lines(openings)?;
    if openings.is_empty() {
        return Err("no openings".into());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let plan = Plan {
        depth,
        ..Plan::default()
    };
    let blocks = games.div_ceil(BLOCK);
    let started = std::time::Instant::now();
    on_every_core(blocks, |n, tt, budget| {
        let path = dir.join(format!("games-{n:04}.txt"));
        if path.exists() {
            return;
        }
        let mut text = String::new();
        for k in n * BLOCK..((n + 1) * BLOCK).min(games) {
            let opening = openings[k % openings.len()].trim();
            match self_play(opening, k as u64 + 1, plan, tt, budget) {
                Some(t) => text.push_str(&format!("self {t}\n")),
                None => eprintln!("opening {opening:?} is not a legal transcript"),
            }
        }
        if let Err(e) = write_atomically(&path, &text) {
            eprintln!("{}: {e}", path.display());
            std::process::exit(1);
        }
        eprintln!(
            "block {n}/{blocks}: {:.0} s",
            started.elapsed().as_secs_f64()
        );
    });
    Ok(())
}

fn self_label(args: &[String]) -> Result<(), String> {
    let openings = read_lines(Path::new(&args[0]))?;
    if openings.is_empty() {
        return Err("no openings".into());
    }
    let dir = Path::new(&args[1]);
    let games: usize = args[2]
        .parse()
        .map_err(|_| "selflabel wants GAMES as a number")?;
    let (mut depth, mut exact_from, mut random, mut block) = (12, 20, 10, 100);
    let mut rest = args[3..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().and_then(|v| v.parse::<usize>().ok());
        let value = value.ok_or_else(|| format!("{flag} wants a number"))?;
        match flag.as_str() {
            "--depth" => depth = value as u32,
            "--exact" => exact_from = value as u32,
            "--random" => random = value,
            "--block" => block = value.max(1),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let plan = Plan {
        depth,
        selectivity: Some(Selectivity(15)),
        until: 0,
        ..Plan::default()
    };
    let blocks = games.div_ceil(block);
    let started = std::time::Instant::now();
    on_every_core(blocks, |n, tt, budget| {
        let path = dir.join(format!("labelled-{n:04}.txt"));
        if path.exists() {
            return;
        }
        let (mut text, mut positions) = (String::new(), 0);
        for k in n * block..((n + 1) * block).min(games) {
            let (opening, plan) = if k % 2 == 0 {
                (openings[k / 2 % openings.len()].trim(), plan)
            } else {
                ("", Plan { random, ..plan })
            };
            match labelled_game(opening, k as u64 + 1, plan, exact_from, tt, budget) {
                Some((t, s)) => {
                    text.push_str(&format_labelled(&t, &s));
                    text.push('\n');
                    positions += s.len();
                }
                None => eprintln!("opening {opening:?} is not a legal transcript"),
            }
        }
        let written =
            write_atomically(&path, &text).map_err(|e| format!("{}: {e}", path.display()));
        block_done(written, n, blocks, positions, started);
    });
    Ok(())
}

/// Runs `work(k, table, budget)` for every `k` in `0..jobs` on every core, each thread with a
/// 64 MiB table of its own and no time limit.
fn on_every_core(jobs: usize, work: impl Fn(usize, &Table, &Budget) + Sync) {
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let stop = AtomicBool::new(false);
                let budget = Budget::new(&stop, None);
                let tt = Table::new(64);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= jobs {
                        break;
                    }
                    work(k, &tt, &budget);
                }
            });
        }
    });
}

/// Searches `n` positions of the games to every depth up to `depth` (kept in `progress` as
/// they are done), then fits Multi-ProbCut's models to them.
fn fit_probcut(
    games: &Path,
    out: &str,
    progress: &Path,
    n: usize,
    depth: u32,
) -> Result<(), String> {
    use heibai::engine::reversi::training::probcut::{Searched, fit, search_all_depths};
    let lines = read_lines(games)?;
    let step = (lines.len() / n.max(1)).max(1);
    let done: Vec<Searched> = std::fs::read_to_string(progress)
        .unwrap_or_default()
        .lines()
        .filter_map(Searched::parse)
        .collect();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(progress)
        .map_err(|e| format!("{}: {e}", progress.display()))?;
    let file = std::sync::Mutex::new(file);
    let started = std::time::Instant::now();
    let first = done.len();
    on_every_core(n.saturating_sub(first), |k, tt, budget| {
        let i = first + k;
        let Some(game) = lines.get(i * step).and_then(|l| replay_wthor(l)) else {
            return;
        };
        // Empties spread evenly over 6..=56 from game to game.
        let empties = 6 + (i * 7) % 51;
        let Some(&(p, o, _)) = game
            .positions
            .iter()
            .find(|&&(p, o, _)| (!(p | o)).count_ones() as usize <= empties)
        else {
            return;
        };
        if let Some(s) = search_all_depths(p, o, depth, tt, budget) {
            let mut f = file.lock().expect("no thread panics holding it");
            if let Err(e) = writeln!(f, "{}", s.line()) {
                eprintln!("{}: {e}", progress.display());
                std::process::exit(1);
            }
        }
        if k % 50 == 49 {
            eprintln!("{}/{n}: {:.0} s", i + 1, started.elapsed().as_secs_f64());
        }
    });
    let samples: Vec<Searched> = std::fs::read_to_string(progress)
        .map_err(|e| format!("{}: {e}", progress.display()))?
        .lines()
        .filter_map(Searched::parse)
        .collect();
    let text = fit(&samples, 30)?;
    write_atomically(Path::new(out), &text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{} positions fitted; wrote {out}", samples.len());
    Ok(())
}

/// The labelled positions of each block in `dir`, in the blocks' order: `block-N.bin` samples
/// (as `label` writes them) and `labelled-N.txt` games (as `selflabel` does).
fn read_blocks(dir: &Path) -> Result<Vec<Vec<Sample>>, String> {
    let mut blocks: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".bin") || name.starts_with("labelled-") && name.ends_with(".txt")
        })
        .collect();
    blocks.sort();
    blocks.iter().map(|path| read_block(path)).collect()
}

fn read_block(path: &Path) -> Result<Vec<Sample>, String> {
    if path.extension().is_some_and(|e| e == "bin") {
        return std::fs::File::open(path)
            .and_then(|f| read_samples(&mut BufReader::new(f)))
            .map_err(|e| format!("{}: {e}", path.display()));
    }
    let mut samples = vec![];
    for (i, line) in read_lines(path)?.iter().enumerate() {
        let game = parse_labelled(line)
            .ok_or_else(|| format!("{}:{}: not a labelled game", path.display(), i + 1))?;
        samples.extend(game);
    }
    Ok(samples)
}

/// Fits the endgame's Multi-ProbCut models to the solved positions in the DIRs (from
/// [`endgame::PROBCUT_MIN`] empties, where the solver begins to cut by them) and writes them
/// to OUT.
fn fit_endcut(out: &str, dirs: &[String]) -> Result<(), String> {
    use heibai::engine::reversi::training::probcut::fit_end;
    let mut solved = vec![];
    for dir in dirs {
        for s in read_blocks(Path::new(dir))?.into_iter().flatten() {
            let empties = (!(s.own | s.opp)).count_ones();
            if s.exact && empties >= endgame::PROBCUT_MIN {
                let eval = heibai::engine::reversi::evaluate(s.own, s.opp);
                solved.push((empties, eval, 100 * i32::from(s.score)));
            }
        }
    }
    let text = fit_end(&solved)?;
    write_atomically(Path::new(out), &text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{} solved positions fitted; wrote {out}", solved.len());
    Ok(())
}

/// Every 20th block validates instead of training.
const HELD_OUT: usize = 20;

fn fit_weights(args: &[String]) -> Result<(), String> {
    let mut options = Options {
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        ..Options::default()
    };
    let (mut out, mut dirs) = (None, vec![]);
    let mut rest = args.iter();
    while let Some(a) = rest.next() {
        match a.as_str() {
            "--iterations" => {
                options.iterations = rest
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--iterations wants a number")?
            }
            _ if out.is_none() => out = Some(PathBuf::from(a)),
            _ => dirs.push(PathBuf::from(a)),
        }
    }
    let out = out.ok_or("no output file")?;
    let (mut train, mut valid) = (vec![], vec![]);
    for dir in &dirs {
        for (n, samples) in read_blocks(dir)?.into_iter().enumerate() {
            if held_out_block(n) {
                valid.extend(samples);
            } else {
                train.extend(samples);
            }
        }
    }
    eprintln!(
        "{} positions to train on, {} to validate",
        train.len(),
        valid.len()
    );
    let started = std::time::Instant::now();
    let (train, valid) = (Prepared::new(&train), Prepared::new(&valid));
    eprintln!("prepared in {:.0} s", started.elapsed().as_secs_f64());
    let model = fit(&train, options, &mut |iteration, model| {
        if iteration % 10 == 0 || iteration == options.iterations {
            let (t, _) = model.errors(&train);
            let (v, _) = model.errors(&valid);
            eprintln!(
                "iteration {iteration}: mean error {t:.3} discs (training), {v:.3} (validation), {:.0} s",
                started.elapsed().as_secs_f64()
            );
        }
    });
    print_stage_errors(&model, &valid);
    std::fs::write(&out, encode(&model.to_hundredths()))
        .map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

fn print_stage_errors(model: &Model, valid: &Prepared) {
    let (_, stages) = model.errors(valid);
    println!("validation mean absolute error by stage (empties):");
    for (s, e) in stages.iter().enumerate().take(STAGES) {
        if let Some(e) = e {
            let first = STAGE_WIDTH * s;
            println!("  {first:2}-{:2}: {e:.2} discs", first + STAGE_WIDTH - 1);
        }
    }
}

/// Whether block `n` is held out to validate.
fn held_out_block(n: usize) -> bool {
    n % HELD_OUT == HELD_OUT - 1
}

fn test_set(games: &Path, out: &Path, empties: u32, n: usize) -> Result<(), String> {
    let lines = read_lines(games)?;
    let stop = AtomicBool::new(false);
    let budget = Budget::new(&stop, None);
    let tt = Table::new(256);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Positions already in the file (from a stopped run) are kept and not solved again.
    let mut text = std::fs::read_to_string(out).unwrap_or_default();
    let kept = text.lines().count();
    let (mut found, mut seen) = (kept, 0);
    // Every 7th held-out game, so that the positions come from many years.
    for (_, line) in lines
        .iter()
        .enumerate()
        .filter(|(k, _)| held_out_block(k / BLOCK) && k % 7 == 0)
    {
        if found == n {
            break;
        }
        let Some(game) = replay_wthor(line) else {
            continue;
        };
        let Some(&(p, o, black)) = game
            .positions
            .iter()
            .find(|&&(p, o, _)| (!(p | o)).count_ones() == empties)
        else {
            continue;
        };
        seen += 1;
        if seen <= kept {
            continue;
        }
        tt.clear();
        let solved = endgame::solve(p, o, &tt, &budget, threads).ok_or("stopped")?;
        let board: String = (0..64)
            .map(|i| match (p >> i & 1, o >> i & 1, black) {
                (1, _, true) | (_, 1, false) => 'X',
                (1, _, false) | (_, 1, true) => 'O',
                _ => '-',
            })
            .collect();
        let square = solved
            .best
            .and_then(Square::new)
            .ok_or("a position with moves")?;
        let side = if black { 'X' } else { 'O' };
        text.push_str(&format!("{board} {side}; {square}:{:+};\n", solved.score));
        found += 1;
        write_atomically(out, &text).map_err(|e| format!("{}: {e}", out.display()))?;
        eprintln!("{found}/{n}");
    }
    Ok(())
}

fn build_book(games: &str, out: &str, progress: &str, depth: u32) -> Result<(), String> {
    let games: Vec<_> = read_lines(Path::new(games))?
        .iter()
        .filter_map(|l| replay_wthor(l))
        .collect();
    let choice = book::Choice {
        plies: 30,
        min_games: 16,
    };
    let positions = book::positions(&games, choice);
    let in_book: HashSet<(u64, u64)> = positions.iter().copied().collect();
    eprintln!(
        "{} positions reached by {} games or more",
        positions.len(),
        choice.min_games
    );
    // What earlier runs found: "own opp value" in hexadecimal, '-' for no move leaving.
    let mut leaving: HashMap<(u64, u64), Option<i32>> = HashMap::new();
    if let Ok(text) = std::fs::read_to_string(progress) {
        for line in text.lines() {
            let w: Vec<&str> = line.split_whitespace().collect();
            if let [own, opp, v] = w[..]
                && let (Ok(own), Ok(opp)) =
                    (u64::from_str_radix(own, 16), u64::from_str_radix(opp, 16))
            {
                leaving.insert((own, opp), v.parse().ok());
            }
        }
    }
    let todo: Vec<_> = positions
        .iter()
        .filter(|k| !leaving.contains_key(k))
        .copied()
        .collect();
    eprintln!("{} scored before, {} to score", leaving.len(), todo.len());
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(progress)
        .map_err(|e| format!("{progress}: {e}"))?;
    let file = std::sync::Mutex::new(file);
    let found = std::sync::Mutex::new(vec![]);
    let started = std::time::Instant::now();
    on_every_core(todo.len(), |k, tt, budget| {
        let (own, opp) = todo[k];
        let v = book::leaving_value(own, opp, &in_book, depth, tt, budget);
        let shown = v.map_or("-".to_string(), |v| v.to_string());
        let line = format!("{own:x} {opp:x} {shown}\n");
        let _ = file
            .lock()
            .expect("not poisoned")
            .write_all(line.as_bytes());
        found.lock().expect("not poisoned").push(((own, opp), v));
        if k.is_multiple_of(200) {
            let seconds = started.elapsed().as_secs_f64();
            eprintln!("{k}/{}: {seconds:.0} s", todo.len());
        }
    });
    leaving.extend(found.into_inner().expect("not poisoned"));
    let built = book::propagate(&positions, &leaving);
    std::fs::write(out, built.encode()).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}: {} positions", built.len());
    Ok(())
}
