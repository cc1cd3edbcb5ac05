//! Fits the move-ordering corrections per cell shape (`src/search/movegen/shape_order.rs`) to
//! the moves played in game records (softmax regression).
//!
//! ```sh
//! cargo run --release --example order_fit -- [--epochs N] [--rate R] [--l2 L] [--shrink F] [--valid held-out.sgf] games.sgf... > src/search/movegen/shape_order.rs
//! ```
//!
//! Every position after the opening stones where the side to move faces no threat that narrows
//! its moves (no five for either side, no straight four or four-three for the opponent, no
//! straight four of its own) becomes a sample: the candidate moves the search would generate,
//! each with its ordering score before the shape corrections, and the move played. The model is
//! `P(move) = softmax(k · (score + own[shape] + theirs[shape]))`, where `score` is that score
//! (`movegen::pattern_score`), `own` the table for the shape the move makes for the side to
//! move and `theirs` the one for the shape the opponent would make there. `k` is fitted first
//! with both tables at zero, then the tables by Adam on the log loss with an L2 pull towards
//! zero. The search adds killer and history bonuses on top, in the same units.
//!
//! Prints how often the played move ranks first and in the first three before and after, on
//! the training games and the held-out ones, then the tables, multiplied by `--shrink` (default
//! 1), as the Rust source of `shape_order.rs`. The tables in use are the fit shrunk by half: at
//! full size they cost a search regression test its proof (strength log, fifteenth session).

use sente::board::{Board, Pos};
use sente::pattern::{Threat, SHAPES};
use sente::search::movegen::pattern_score;

#[path = "common/adam.rs"]
mod adam;
#[path = "common/args.rs"]
mod args;
#[path = "common/sgf.rs"]
mod sgf;
use adam::Adam;
use args::value;
use sgf::{read_games, Game};

/// One candidate move: its ordering score without the shape terms, and its two shapes.
#[derive(Clone, Copy)]
struct Candidate {
    base: f64,
    own: u16,
    theirs: u16,
}

struct Sample {
    candidates: Vec<Candidate>,
    played: usize,
}

fn main() -> anyhow::Result<()> {
    let mut epochs = 300usize;
    let mut rate = 10.0f64;
    let mut l2 = 1e-9f64;
    let mut shrink = 1.0f64;
    let mut files = Vec::new();
    let mut valid_files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--epochs" => epochs = value(&mut args, &arg)?,
            "--rate" => rate = value(&mut args, &arg)?,
            "--l2" => l2 = value(&mut args, &arg)?,
            "--shrink" => shrink = value(&mut args, &arg)?,
            "--valid" => valid_files.push(value(&mut args, &arg)?),
            _ => files.push(arg),
        }
    }
    anyhow::ensure!(
        !files.is_empty(),
        "usage: order_fit [--epochs N] [--rate R] [--l2 L] [--shrink F] [--valid held-out.sgf] games.sgf..."
    );
    let train = samples(&read_games(&files)?);
    let valid = samples(&read_games(&valid_files)?);
    anyhow::ensure!(!train.is_empty(), "no usable positions");
    eprintln!("{} training samples, {} held out", train.len(), valid.len());

    let mut tables = vec![0.0; 2 * SHAPES];
    let k = fit_scale(&train, &tables);
    eprintln!("k = {k:.5}");
    report("before", &train, &valid, &tables, k);
    fit_tables(&train, &mut tables, k, epochs, rate, l2);
    report("after", &train, &valid, &tables, k);
    let shrunk: Vec<f64> = tables.iter().map(|w| w * shrink).collect();
    if shrink != 1.0 {
        report("shrunk", &train, &valid, &shrunk, k);
    }
    print_tables(&shrunk);
    Ok(())
}

/// The samples of every game (see the module documentation).
fn samples(games: &[Game]) -> Vec<Sample> {
    let mut out = Vec::new();
    for game in games {
        let mut board = Board::new(game.size, game.size, game.rule);
        for (ply, &(x, y)) in game.moves.iter().enumerate() {
            let played = Pos::new(x, y);
            if !board.is_empty(played) {
                break;
            }
            if ply >= game.opening.max(4) && !is_narrowed(&board) {
                if let Some(sample) = sample(&board, played) {
                    out.push(sample);
                }
            }
            board.make(played);
        }
    }
    out
}

/// Whether the side to move's choice is forced or narrowed to a few defences by a threat: a
/// five for either side, a straight four of its own, an open three or a four-three of the
/// opponent's. (Fitted on those too, the tables ranked the played move first less often: the
/// defences' scores span a far wider range than quiet moves' and flatten the softmax.)
fn is_narrowed(board: &Board) -> bool {
    let us = board.to_move();
    let them = us.opponent();
    board.count(us, Threat::Five) > 0
        || board.count(them, Threat::Five) > 0
        || board.count(us, Threat::Flex4) > 0
        || board.count(them, Threat::Flex4) > 0
        || board.count(them, Threat::Block4Flex3) > 0
}

fn sample(board: &Board, played: Pos) -> Option<Sample> {
    let us = board.to_move();
    let them = us.opponent();
    let mut candidates = Vec::new();
    let mut index = None;
    board.for_each_candidate(|pos| {
        let (mine, theirs) = (board.info(us, pos), board.info(them, pos));
        if mine.threat == Threat::Forbidden {
            return;
        }
        if pos == played {
            index = Some(candidates.len());
        }
        candidates.push(Candidate {
            base: pattern_score(mine, theirs) as f64,
            own: mine.shape,
            theirs: theirs.shape,
        });
    });
    index.map(|played| Sample { candidates, played })
}

fn logit(c: &Candidate, tables: &[f64], k: f64) -> f64 {
    k * (c.base + tables[c.own as usize] + tables[SHAPES + c.theirs as usize])
}

/// Softmax probabilities of a sample's candidates.
fn probabilities(s: &Sample, tables: &[f64], k: f64) -> Vec<f64> {
    let logits: Vec<f64> = s.candidates.iter().map(|c| logit(c, tables, k)).collect();
    let max = logits.iter().cloned().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = logits.iter().map(|l| (l - max).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / sum).collect()
}

fn loss(samples: &[Sample], tables: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| -probabilities(s, tables, k)[s.played].max(1e-300).ln())
        .sum();
    total / samples.len().max(1) as f64
}

/// How often the played move ranks first and within the first three (ties against it).
fn ranks(samples: &[Sample], tables: &[f64], k: f64) -> (f64, f64) {
    let (mut first, mut top3) = (0usize, 0usize);
    for s in samples {
        let played = logit(&s.candidates[s.played], tables, k);
        let above = s
            .candidates
            .iter()
            .filter(|c| logit(c, tables, k) >= played)
            .count()
            - 1;
        first += usize::from(above == 0);
        top3 += usize::from(above < 3);
    }
    let n = samples.len().max(1) as f64;
    (first as f64 / n, top3 as f64 / n)
}

fn report(label: &str, train: &[Sample], valid: &[Sample], tables: &[f64], k: f64) {
    for (name, set) in [("train", train), ("valid", valid)] {
        if set.is_empty() {
            continue;
        }
        let (first, top3) = ranks(set, tables, k);
        eprintln!(
            "{label} {name}: loss {:.4}, first {:.1} %, top three {:.1} %",
            loss(set, tables, k),
            100.0 * first,
            100.0 * top3
        );
    }
}

/// The scale k that best fits the current scores alone (golden-section search on its log).
fn fit_scale(samples: &[Sample], tables: &[f64]) -> f64 {
    let f = |log_k: f64| loss(samples, tables, log_k.exp());
    let (mut lo, mut hi) = ((1e-5f64).ln(), (1.0f64).ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Adam on the mean log loss plus `l2` times the squared tables.
fn fit_tables(samples: &[Sample], tables: &mut [f64], k: f64, epochs: usize, rate: f64, l2: f64) {
    let mut adam = Adam::new(tables.len(), rate);
    let n = samples.len() as f64;
    for epoch in 1..=epochs {
        let mut grad: Vec<f64> = tables.iter().map(|w| 2.0 * l2 * w).collect();
        for s in samples {
            let p = probabilities(s, tables, k);
            for (i, c) in s.candidates.iter().enumerate() {
                let g = k * (p[i] - f64::from(u8::from(i == s.played))) / n;
                grad[c.own as usize] += g;
                grad[SHAPES + c.theirs as usize] += g;
            }
        }
        for (i, w) in tables.iter_mut().enumerate() {
            adam.step(i, w, grad[i], epoch);
        }
        if epoch % 50 == 0 {
            eprintln!("epoch {epoch}: loss {:.4}", loss(samples, tables, k));
        }
    }
}

fn print_tables(tables: &[f64]) {
    println!("// Generated by examples/order_fit.rs: move-ordering corrections per cell shape.");
    let command: Vec<String> = std::env::args().skip(1).collect();
    println!("// Command: `order_fit {}`.", command.join(" "));
    println!();
    println!("use crate::pattern::SHAPES;");
    println!();
    println!("/// Ordering score added for a move by the shape it makes for the side to move (`own`) and the");
    println!("/// shape the opponent would have made there (`theirs`), in ordering units.");
    println!("pub struct ShapeOrder {{");
    println!("    pub own: [i16; SHAPES],");
    println!("    pub theirs: [i16; SHAPES],");
    println!("}}");
    println!();
    println!("#[rustfmt::skip]");
    println!("pub static SHAPE_ORDER: ShapeOrder = ShapeOrder {{");
    for (name, half) in [("own", &tables[..SHAPES]), ("theirs", &tables[SHAPES..])] {
        println!("    {name}: [");
        for row in half.chunks(15) {
            let row: Vec<String> = row
                .iter()
                .map(|w| format!("{}", w.round().clamp(-30000.0, 30000.0) as i32))
                .collect();
            println!("        {},", row.join(", "));
        }
        println!("    ],");
    }
    println!("}};");
}
