//! Balanced openings for self-play screens: random three-stone openings near the centre that
//! Sente scores as close to even.
//!
//! ```sh
//! cargo run --release --example balanced_openings -- [--count N] [--nodes N] [--within S] \
//!     [--seed N] [--rule R] > openings.txt
//! ```
//!
//! Random openings are often won by the colour alone, which hides the small differences a
//! screen looks for. This draws `--count` distinct openings (default 3,000): black, white,
//! black, each stone within three lines of the centre of a 15×15 board; searches each with
//! white to move for `--nodes` nodes (default 20,000; one thread, a fresh hash table, so the
//! same arguments give the same file every run); and prints, in the offset format
//! c-gomoku-cli reads (`dx,dy` from the centre, black first), those whose score lies within
//! ±`--within` (default 180): with the defaults, 1,079 of the 3,000. The last line, on
//! stderr, says how many were scored below, within and above the window.

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
use args::value;

/// The board the openings are for, and how far from its centre their stones may lie.
const SIZE: usize = 15;
const REACH: i32 = 3;

fn main() -> anyhow::Result<()> {
    let mut count = 3_000usize;
    let mut nodes = 20_000u64;
    let mut within = 180i32;
    let mut seed = 7u64;
    let mut rule = Rule::Freestyle;
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
            _ => anyhow::bail!(
                "usage: balanced_openings [--count N] [--nodes N] [--within S] [--seed N] \
                 [--rule R]"
            ),
        }
    }

    let cells = (2 * REACH as usize + 1).pow(2);
    let distinct = cells * (cells - 1) * (cells - 2);
    if count > distinct {
        anyhow::bail!("--count: there are only {distinct} distinct openings");
    }
    let mut searcher = Searcher::new(16 << 20);
    let (mut below, mut kept, mut above) = (0, 0, 0);
    for opening in random_openings(count, seed) {
        let value = score(&mut searcher, rule, &opening, nodes);
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

/// `count` distinct openings of three stones, as offsets from the centre, drawn from `seed`.
fn random_openings(count: usize, seed: u64) -> Vec<[(i32, i32); 3]> {
    let cells: Vec<(i32, i32)> = (-REACH..=REACH)
        .flat_map(|dx| (-REACH..=REACH).map(move |dy| (dx, dy)))
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(count);
    while openings.len() < count {
        let stones: Vec<(i32, i32)> = cells.choose_multiple(&mut rng, 3).copied().collect();
        let opening = [stones[0], stones[1], stones[2]];
        if seen.insert(opening) {
            openings.push(opening);
        }
    }
    openings
}

/// Sente's score of the opening with white to move, from a fresh search of `nodes` nodes.
fn score(searcher: &mut Searcher, rule: Rule, opening: &[(i32, i32); 3], nodes: u64) -> i32 {
    let centre = (SIZE / 2) as i32;
    let mut board = Board::new(SIZE, SIZE, rule);
    for &(dx, dy) in opening {
        board.make(Pos::new((centre + dx) as usize, (centre + dy) as usize));
    }
    let mut limits = SearchLimits::new(TimeBudget::unlimited(Instant::now()));
    limits.max_nodes = nodes;
    searcher.clear();
    searcher
        .search(&board, &limits, &AtomicBool::new(false), &mut |_| {})
        .map_or(0, |result| result.score)
}
