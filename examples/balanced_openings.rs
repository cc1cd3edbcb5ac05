//! Balanced openings for screens: random openings near the centre that Sente, or a judge
//! engine, scores as close to even.
//!
//! ```sh
//! cargo run --release --example balanced_openings -- [--count N] [--nodes N] [--within S] \
//!     [--seed N] [--rule R] [--stones N] [--judge PATH] > openings.txt
//! ```
//!
//! Random openings are often won by the colour alone, which hides the small differences a
//! screen looks for. This draws `--count` distinct openings (default 3,000) of `--stones`
//! stones (default 3), black first and the colours alternating, each stone within three lines
//! of the centre of a 15×15 board; searches each for `--nodes` nodes (default 20,000; one
//! thread, a fresh hash table, so the same arguments give the same file every run); and
//! prints, in the offset format c-gomoku-cli reads (`dx,dy` from the centre, black first),
//! those whose score for the side to move lies within ±`--within` (default 180): with the
//! defaults, 1,079 of the 3,000. The last line, on stderr, says how many were scored below,
//! within and above the window.
//!
//! Openings that Sente scores as even are chosen by the judgement a screen against a stronger
//! engine puts to the test; `--judge PATH` has a Gomocup engine (run in its own directory, see
//! `common/judge_engine.rs`) score them instead, to `--nodes` nodes, in its own units.
//! Gomocup's freestyle openings have five stones; `--stones 5 --judge` with Rapfi as the judge
//! draws openings of that kind (strength log, fifty-sixth session).

use anyhow::Context;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use sente::board::{Board, Pos};
use sente::rules::Rule;
use sente::search::{SearchLimits, Searcher, TimeBudget};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
#[path = "common/engine.rs"]
mod engine;
#[path = "common/judge_engine.rs"]
mod judge_engine;
use args::value;
use judge_engine::Judge;

/// The board the openings are for, and how far from its centre their stones may lie.
const SIZE: usize = 15;
const REACH: i32 = 3;

fn main() -> anyhow::Result<()> {
    let mut count = 3_000usize;
    let mut nodes = 20_000u64;
    let mut within = 180i32;
    let mut seed = 7u64;
    let mut rule = Rule::Freestyle;
    let mut stones = 3usize;
    let mut judge_path: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--count" => count = value(&mut args, &arg)?,
            "--nodes" => nodes = value(&mut args, &arg)?,
            "--within" => within = value(&mut args, &arg)?,
            "--seed" => seed = value(&mut args, &arg)?,
            "--rule" => {
                let name: String = value(&mut args, &arg)?;
                rule = Rule::parse(&name)
                    .ok_or_else(|| anyhow::anyhow!("--rule: unknown rule '{name}'"))?;
            }
            "--stones" => stones = value(&mut args, &arg)?,
            "--judge" => judge_path = Some(value(&mut args, &arg)?),
            _ => anyhow::bail!(
                "usage: balanced_openings [--count N] [--nodes N] [--within S] [--seed N] \
                 [--rule R] [--stones N] [--judge PATH]"
            ),
        }
    }

    let cells = (2 * REACH as usize + 1).pow(2);
    if !(1..=cells).contains(&stones) {
        anyhow::bail!("--stones: between 1 and {cells}");
    }
    let distinct = (0..stones).fold(1u64, |n, i| n.saturating_mul((cells - i) as u64));
    if count as u64 > distinct {
        anyhow::bail!("--count: there are only {distinct} distinct openings");
    }
    let mut scorer = match judge_path {
        Some(path) => {
            let mut judge = Judge::start(&path, nodes)?;
            judge.set_game(SIZE, rule.code().into())?;
            Scorer::Judge(judge)
        }
        None => Scorer::Sente {
            searcher: Searcher::new(16 << 20),
            rule,
            nodes,
        },
    };
    let (mut below, mut kept, mut above) = (0, 0, 0);
    for opening in random_openings(count, stones, seed) {
        let value = scorer.score(&opening)?;
        if value < -within {
            below += 1;
        } else if value > within {
            above += 1;
        } else {
            kept += 1;
            let offsets: Vec<String> = opening
                .iter()
                .map(|(dx, dy)| format!("{dx},{dy}"))
                .collect();
            println!("{}", offsets.join(", "));
        }
    }
    eprintln!("scored below -{within}: {below}, within: {kept}, above {within}: {above}");
    Ok(())
}

/// `count` distinct openings of `stones` stones, as offsets from the centre, drawn from `seed`
/// (for three stones the same openings as before `--stones` was added).
fn random_openings(count: usize, stones: usize, seed: u64) -> Vec<Vec<(i32, i32)>> {
    let cells: Vec<(i32, i32)> = (-REACH..=REACH)
        .flat_map(|dx| (-REACH..=REACH).map(move |dy| (dx, dy)))
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    while openings.len() < count {
        let opening: Vec<(i32, i32)> = cells.choose_multiple(&mut rng, stones).copied().collect();
        if seen.insert(opening.clone()) {
            openings.push(opening);
        }
    }
    openings
}

/// What scores the openings: Sente's own search under a rule to a node limit, or a judge
/// engine (which keeps its own limit).
enum Scorer {
    Sente {
        searcher: Searcher,
        rule: Rule,
        nodes: u64,
    },
    Judge(Judge),
}

impl Scorer {
    /// The score of the opening for the side to move, from a fresh search (Sente), or as the
    /// judge reports it. A judge that reports no score gives a value outside every window.
    fn score(&mut self, opening: &[(i32, i32)]) -> anyhow::Result<i32> {
        let centre = (SIZE / 2) as i32;
        let cells = opening
            .iter()
            .map(|&(dx, dy)| ((centre + dx) as usize, (centre + dy) as usize));
        match self {
            Scorer::Sente {
                searcher,
                rule,
                nodes,
            } => {
                let mut board = Board::new(SIZE, SIZE, *rule);
                for (x, y) in cells {
                    board.make(Pos::new(x, y));
                }
                let mut limits = SearchLimits::new(TimeBudget::unlimited(Instant::now()));
                limits.max_nodes = *nodes;
                searcher.clear();
                Ok(searcher
                    .search(&board, &limits, &AtomicBool::new(false), &mut |_| {})
                    .map_or(0, |result| result.score))
            }
            Scorer::Judge(judge) => {
                let stones: Vec<(usize, usize)> = cells.collect();
                let score = judge.score(&stones).context("asking the judge")?;
                Ok(score.unwrap_or(i32::MAX))
            }
        }
    }
}
