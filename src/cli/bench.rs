//! `pbrain-sente bench [depth]`: searches a fixed set of positions to a fixed depth on one
//! thread and prints the node count of each and in total, and the speed. The total node count
//! is the search's signature: it changes only when the search itself changes.
//!
//! The speed is given in total and apart for the two kinds of search a move runs: the root's
//! VCF and VCT searches (capped in nodes, and at depth 10 the larger share of the nodes) and
//! the deepening main search. Only the latter compares with engines that have no root threat
//! search, such as Rapfi's `BENCH`; deeper benches (`bench 16`) give it more weight.

use super::board_from_moves;
use crate::board::geometry::to_letter_number;
use crate::rules::Rule;
use crate::search::{score, SearchLimits, Searcher, Spend, TimeBudget};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// (rule, board side, moves in letter-number notation, black first).
const POSITIONS: &[(Rule, usize, &str)] = &[
    (Rule::Freestyle, 15, "h8i8i11"),
    (Rule::Freestyle, 15, "h8i9h11"),
    (Rule::Freestyle, 15, "h8i8j8i7h6"),
    (Rule::Freestyle, 15, "h8i9j8j9i10k8h10g11i8"),
    (
        Rule::Freestyle,
        15,
        "h8h9i9g7i7i8g9j6f10e11j10k11h10g10j9k8j11",
    ),
    (Rule::Freestyle, 20, "k11l11l14"),
    (Rule::Freestyle, 20, "k11l12k13j12l10m9k10k12"),
    (Rule::Standard, 15, "h8i9h10i10i8j8g8f8"),
    (Rule::Standard, 15, "h8i8j9h9i10j10k11"),
    (Rule::Renju, 15, "h8h9j9i10j10i9g9"),
    (Rule::Renju, 15, "h8i9i8g8j10k11j9j8h9h10"),
    (Rule::Caro, 15, "h8i9j10i10i11h10j8"),
];

pub fn run(depth: u32) -> anyhow::Result<()> {
    let mut total = Spend::default();
    let mut threats = Spend::default();
    for (i, &(rule, size, moves)) in POSITIONS.iter().enumerate() {
        let board = board_from_moves(size, size, rule, moves).map_err(anyhow::Error::msg)?;
        // A fresh searcher per position: results must not depend on the positions before.
        let mut searcher = Searcher::new(16 << 20);
        let mut limits = SearchLimits::new(TimeBudget::unlimited(Instant::now()));
        limits.max_depth = depth;
        let stop = AtomicBool::new(false);
        let t = Instant::now();
        let result = searcher
            .search(&board, &limits, &stop, &mut |_| {})
            .ok_or_else(|| anyhow::anyhow!("position {} has no empty cell", i + 1))?;
        // Timed around the search alone: making the searcher (its hash table) is not search.
        let elapsed = t.elapsed();
        total += Spend {
            nodes: result.nodes,
            elapsed,
        };
        threats += result.root_threats;
        println!(
            "position {:>2}/{}  {:<9} {size}x{size}  {:>2} stones  depth {:>2}  best {:<4} score {:>6}  nodes {:>10}  {:>6} ms",
            i + 1,
            POSITIONS.len(),
            rule.name(),
            board.stone_count(),
            result.depth,
            to_letter_number(result.best),
            score::format(result.score),
            result.nodes,
            elapsed.as_millis()
        );
    }
    let deepening = Spend {
        nodes: total.nodes - threats.nodes,
        elapsed: total.elapsed.saturating_sub(threats.elapsed),
    };
    println!("===========================");
    println!("total time (ms) : {}", total.elapsed.as_millis());
    println!("nodes searched  : {}", total.nodes);
    println!("nodes/second    : {}", speed(total));
    for (name, part) in [("root VCF/VCT", threats), ("deepening", deepening)] {
        println!(
            "{name:<16}: {} nodes, {} ms, {} nodes/second",
            part.nodes,
            part.elapsed.as_millis(),
            speed(part)
        );
    }
    Ok(())
}

fn speed(spend: Spend) -> u64 {
    (spend.nodes as f64 / spend.elapsed.as_secs_f64().max(1e-9)) as u64
}
