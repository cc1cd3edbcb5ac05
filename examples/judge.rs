//! Labels recorded games with a stronger engine's judgement, for `examples/tune.rs --judged`
//! and `examples/matesuite.rs`.
//!
//! ```sh
//! cargo run --release --example judge -- --engine PATH [--nodes N] [--max-stones N] \
//!     out.sgf games.sgf...
//! ```
//!
//! Every game of the c-gomoku-cli SGF collections is replayed; each position from the fifth
//! stone on (and after the opening stones) is sent to the judge, a Gomocup engine run as
//! `PATH` (no spaces in it) in its own directory, as a `BOARD` block with `INFO max_node N`
//! (default 50,000), and the score it reports (see `common/judge_engine.rs`) is written into
//! the comment of the move played from that position as `judge=<score>`: the side to move's
//! view, ±30000 for a proven win or loss. A game is labelled up to its first proven result and
//! below `--max-stones` stones (default 120). The output is the input with those comments
//! added.

use anyhow::{anyhow, Context};
use std::io::Write;
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
#[path = "common/engine.rs"]
mod engine;
#[path = "common/judge_engine.rs"]
mod judge_engine;
#[path = "common/sgf.rs"]
mod sgf;
use args::value;
use judge_engine::{Judge, PROVEN};
use sgf::property;

fn main() -> anyhow::Result<()> {
    let mut engine_path = None;
    let mut nodes = 50_000u64;
    let mut max_stones = 120usize;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--engine" => engine_path = Some(value::<String>(&mut args, &arg)?),
            "--nodes" => nodes = value(&mut args, &arg)?,
            "--max-stones" => max_stones = value(&mut args, &arg)?,
            _ => files.push(arg),
        }
    }
    let usage = "usage: judge --engine PATH [--nodes N] [--max-stones N] out.sgf games.sgf...";
    let engine_path = engine_path.ok_or_else(|| anyhow!(usage))?;
    anyhow::ensure!(files.len() >= 2, usage);
    let out_path = files.remove(0);
    let mut judge = Judge::start(&engine_path, nodes)?;
    let mut out = std::io::BufWriter::new(std::fs::File::create(&out_path)?);
    let (mut games, mut labelled) = (0, 0);
    let started = Instant::now();
    for file in &files {
        let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
        for record in text.split("(;").skip(1) {
            let (text, n) = label_game(&mut judge, record, max_stones)?;
            out.write_all(text.as_bytes())?;
            games += 1;
            labelled += n;
            if games % 50 == 0 {
                out.flush()?;
                eprintln!(
                    "{games} games, {labelled} positions, {} s",
                    started.elapsed().as_secs()
                );
            }
        }
    }
    out.flush()?;
    eprintln!(
        "{games} games, {labelled} positions, {} s",
        started.elapsed().as_secs()
    );
    judge.send("END")?;
    Ok(())
}

/// One move of a record: its colour letter, its two coordinate letters and its comment.
struct Node {
    span: std::ops::Range<usize>,
    color: char,
    coords: [u8; 2],
    comment: Option<String>,
}

/// The moves of a record (`;B[hh]C[…]` nodes), with where each stands in the text.
fn nodes(record: &str) -> Vec<Node> {
    let bytes = record.as_bytes();
    let mut nodes = Vec::new();
    let mut i = 0;
    while let Some(at) = record[i..].find(';').map(|k| k + i) {
        i = at + 1;
        let rest = &bytes[at + 1..];
        let move_node = rest.len() >= 5
            && matches!(rest[0], b'B' | b'W')
            && rest[1] == b'['
            && rest[2..4].iter().all(u8::is_ascii_lowercase)
            && rest[4] == b']';
        if !move_node {
            continue;
        }
        let mut end = at + 6;
        let mut comment = None;
        if record[end..].starts_with("C[") {
            if let Some(close) = record[end + 2..].find(']') {
                comment = Some(record[end + 2..end + 2 + close].to_string());
                end += 3 + close;
            }
        }
        nodes.push(Node {
            span: at..end,
            color: rest[0] as char,
            coords: [rest[2], rest[3]],
            comment,
        });
        i = end;
    }
    nodes
}

/// The record with the judge's scores added, and how many positions it scored.
fn label_game(
    judge: &mut Judge,
    record: &str,
    max_stones: usize,
) -> anyhow::Result<(String, usize)> {
    let size: usize = property(record, "SZ")
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let rule: i64 = property(record, "RU")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    judge.set_game(size, rule)?;
    let nodes = nodes(record);
    let opening = nodes
        .iter()
        .rposition(|n| n.comment.as_deref().is_some_and(|c| c.contains("opening")))
        .map_or(0, |i| i + 1);
    let mut out = String::from("(;");
    let mut stones: Vec<(usize, usize)> = Vec::new();
    let (mut from, mut labelled, mut finished) = (0, 0, false);
    for (ply, node) in nodes.iter().enumerate() {
        let mut comment = node.comment.clone();
        if ply >= opening.max(4) && stones.len() < max_stones && !finished {
            if let Some(score) = judge.score(&stones)? {
                let label = format!("judge={score}");
                comment = Some(match comment {
                    Some(c) if !c.is_empty() => format!("{c} {label}"),
                    _ => label,
                });
                labelled += 1;
                finished = score.abs() >= PROVEN;
            }
        }
        out.push_str(&record[from..node.span.start]);
        let [x, y] = node.coords;
        out.push_str(&format!(";{}[{}{}]", node.color, x as char, y as char));
        if let Some(c) = comment {
            out.push_str(&format!("C[{c}]"));
        }
        from = node.span.end;
        stones.push(((x - b'a') as usize, (y - b'a') as usize));
    }
    out.push_str(&record[from..]);
    Ok((out, labelled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_comments_are_found_where_they_stand() {
        let record = "FF[4]RU[1]SZ[15]\n;B[hh]C[opening move];W[ij]C[320ms];B[kk])";
        let found = nodes(record);
        let moves: Vec<(char, [u8; 2], Option<&str>)> = found
            .iter()
            .map(|n| (n.color, n.coords, n.comment.as_deref()))
            .collect();
        assert_eq!(
            moves,
            [
                ('B', *b"hh", Some("opening move")),
                ('W', *b"ij", Some("320ms")),
                ('B', *b"kk", None),
            ]
        );
        assert_eq!(&record[found[1].span.clone()], ";W[ij]C[320ms]");
    }
}
