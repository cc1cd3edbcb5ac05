//! Mate-finding suite: how many nodes the search needs to prove a win a stronger engine saw.
//!
//! ```sh
//! cargo run --release --example matesuite -- [--nodes N] [--games N] [--list] labelled.sgf
//! cargo run --release --example matesuite -- [--nodes N] --positions FILE
//! ```
//!
//! Input: SGF collections whose move comments carry a judge's score of the position before the
//! move (`judge=<score>` from `examples/judge.rs`, or `rapfi=<score>`; side to move's view,
//! 30000 for a found win), as `examples/tune.rs --judged` reads them. From each game the first
//! position where the judge found a win for the side to move is taken (the moment the win
//! appeared), unless that side must first block a five (the root answers that without
//! searching). Each position is searched from an empty hash table with the node limit
//! (default 300,000) and no clock, root threat search included, as in play.
//!
//! Prints, per position, the nodes searched when an iteration first reported a proven win (or
//! `-`), then how many were proven within 10k, 30k, 100k nodes and the limit, and the geometric
//! mean of the nodes (unproven ones counted at the limit). Node counts do not depend on the
//! machine, so two builds compare exactly. `--list` prints the positions instead (the moves in
//! letter-number notation, one position a line), to put the same positions to another engine.
//!
//! `--positions FILE` reads 15×15 positions in that same form instead (a rule name, then the
//! moves, black first; `#` starts a comment line), each one where the side to move has a forced
//! win: `examples/positions/` keeps such sets, taken from Sente's lost games, Rapfi's self-play
//! and the positions where Rapfi first saw its win against Sente, or in standard either engine
//! its win against the other (each file's header says how);
//! its `rapfi-renju-selfplay-300.txt` is not one of them but whole games, one a line, that the
//! move-generation tests replay.
//! Where the winner must first block a five, the search (with no clock) searches past the block.

use anyhow::Context;
use sente::board::geometry::to_letter_number;
use sente::board::{Board, Pos};
use sente::cli::board_from_moves;
use sente::pattern::Threat;
use sente::rules::Rule;
use sente::search::{score, SearchEvent, SearchLimits, Searcher, TimeBudget};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
#[path = "common/sgf.rs"]
mod sgf;
use args::value;
use sgf::{read_games, Game};

/// The judge's score that means a found win.
const JUDGED_WIN: f64 = 30_000.0;

fn main() -> anyhow::Result<()> {
    let mut nodes = 300_000u64;
    let mut games = usize::MAX;
    let mut list = false;
    let mut files = Vec::new();
    let mut position_files: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--nodes" => nodes = value(&mut args, &arg)?,
            "--games" => games = value(&mut args, &arg)?,
            "--list" => list = true,
            "--positions" => position_files.push(value(&mut args, &arg)?),
            _ => files.push(arg),
        }
    }
    if files.is_empty() && position_files.is_empty() {
        anyhow::bail!(
            "usage: matesuite [--nodes N] [--games N] [--list] labelled.sgf... \
             | --positions FILE"
        );
    }
    let mut positions: Vec<_> = read_games(&files)?
        .iter()
        .filter_map(first_judged_win)
        .collect();
    for file in &position_files {
        positions.extend(read_positions(file)?);
    }
    positions.truncate(games);
    if list {
        for board in &positions {
            let moves: Vec<String> = board
                .placements()
                .map(|(p, _)| to_letter_number(p))
                .collect();
            println!("{} {}", board.rule().name(), moves.join(" "));
        }
        return Ok(());
    }

    let mut searcher = Searcher::new(64 << 20);
    let mut proven = Vec::new();
    for board in &positions {
        searcher.clear();
        let found = nodes_to_proof(&mut searcher, board, nodes);
        println!("{}", found.map_or("-".to_string(), |n| n.to_string()));
        proven.push(found);
    }
    let within = |limit: u64| proven.iter().flatten().filter(|&&n| n <= limit).count();
    let log_sum: f64 = proven
        .iter()
        .map(|n| (n.unwrap_or(nodes).max(1) as f64).ln())
        .sum();
    println!(
        "positions {}  proven within 10k {}  30k {}  100k {}  {} {}  geometric mean {:.0} nodes",
        proven.len(),
        within(10_000),
        within(30_000),
        within(100_000),
        nodes,
        within(nodes),
        (log_sum / proven.len().max(1) as f64).exp()
    );
    Ok(())
}

/// The position before the first move of a game whose judged score is a win for its mover,
/// unless the mover must block a five there.
fn first_judged_win(game: &Game) -> Option<Board> {
    let ply = game
        .judged
        .iter()
        .position(|s| s.is_some_and(|s| s >= JUDGED_WIN))?;
    let mut board = Board::new(game.size, game.size, game.rule);
    for &(x, y) in &game.moves[..ply] {
        board.make(Pos::new(x, y));
    }
    let them = board.to_move().opponent();
    (board.count(them, Threat::Five) == 0).then_some(board)
}

/// The 15×15 positions of a file as `--list` writes them: per line a rule name and the moves.
fn read_positions(file: &str) -> anyhow::Result<Vec<Board>> {
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        let Some((rule, moves)) = line.split_once(' ') else {
            continue;
        };
        let at = || format!("{file}:{}", n + 1);
        let rule = Rule::parse(rule).with_context(|| format!("{}: unknown rule", at()))?;
        let board =
            board_from_moves(15, 15, rule, moves).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
        positions.push(board);
    }
    Ok(positions)
}

/// Nodes searched when an iteration first reported a proven win for the side to move.
fn nodes_to_proof(searcher: &mut Searcher, board: &Board, nodes: u64) -> Option<u64> {
    let mut limits = SearchLimits::new(TimeBudget::unlimited(Instant::now()));
    limits.max_nodes = nodes;
    let mut first = None;
    let result = searcher.search(board, &limits, &AtomicBool::new(false), &mut |event| {
        if let SearchEvent::Iteration(it) = event {
            let won = it.lines.first().is_some_and(|l| l.score >= score::PROVEN);
            if won && first.is_none() {
                first = Some(it.nodes);
            }
        }
    })?;
    // A win the root settles before deepening (its own threat search) reports no iteration.
    first.or((result.score >= score::PROVEN).then_some(result.nodes))
}
