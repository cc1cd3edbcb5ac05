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
//! `PATH` (no spaces in it) in its own directory, as a `BOARD` block with `INFO max_node N` (default 50,000), and the score it reports
//! last before its move (Rapfi's `MESSAGE … Eval E …`, or this engine's `MESSAGE depth … ev E
//! …`, which `INFO show_detail 2` turns on) is written into the comment of the move played
//! from that position as `judge=<score>`: the side to move's view, ±30000 for a proven win or
//! loss. A game is labelled up to its first proven result and below `--max-stones` stones
//! (default 120). The output is the input with those comments added.
//!
//! Rapfi (0.43) can lose a `BOARD` block sent the moment it has answered the one before: its
//! reader races with its search thread winding down, and then answers every stone line with
//! `ERROR`. A short pause, the block written at once, and on an `ERROR` a pause, its output
//! drained and the block sent again, keep it going.

use anyhow::{anyhow, bail, Context};
use std::io::Write;
use std::time::{Duration, Instant};

#[path = "common/args.rs"]
mod args;
#[path = "common/engine.rs"]
mod engine;
#[path = "common/sgf.rs"]
mod sgf;
use args::value;
use engine::{is_message, parse_move, Engine};
use sgf::property;

/// The score written for a proven win (its negation for a proven loss), as `tune` reads it.
const PROVEN: i32 = 30000;

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

/// The score a judge's line reports, if it reports one: Rapfi's `Eval E` or this engine's
/// `ev E`, where E is a number or `+M<n>` / `-M<n>` for a proven result.
fn reported_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "Eval" || *w == "ev")?;
    let word = words.next()?;
    if word.contains('M') {
        Some(if word.starts_with('-') {
            -PROVEN
        } else {
            PROVEN
        })
    } else {
        word.parse().ok()
    }
}

/// The judge engine, with the node limit it searches to and the game it was last set up for.
struct Judge {
    engine: Engine,
    nodes: u64,
    game: Option<(usize, i64)>,
}

/// How the judge answered a position.
enum Answer {
    /// It played a move; the last score it reported before, if any.
    Scored(Option<i32>),
    /// It answered the block with `ERROR` (see the module's note on Rapfi).
    LostBoard,
}

impl Judge {
    fn start(path: &str, nodes: u64) -> anyhow::Result<Judge> {
        let path = std::fs::canonicalize(path).with_context(|| format!("finding {path}"))?;
        let command = path
            .to_str()
            .ok_or_else(|| anyhow!("{} is not UTF-8", path.display()))?;
        // Rapfi reads its configuration from its own directory.
        let engine = Engine::start(command, path.parent()).map_err(anyhow::Error::msg)?;
        Ok(Judge {
            engine,
            nodes,
            game: None,
        })
    }

    fn send(&mut self, text: &str) -> anyhow::Result<()> {
        self.engine.send(text).map_err(anyhow::Error::msg)
    }

    fn line(&mut self) -> anyhow::Result<String> {
        self.engine.line().map_err(anyhow::Error::msg)
    }

    /// Lets the judge settle and discards what it still has to say.
    fn drain(&mut self) -> anyhow::Result<()> {
        std::thread::sleep(Duration::from_millis(200));
        self.engine
            .drain(Duration::from_millis(200))
            .map_err(anyhow::Error::msg)
    }

    /// Starts a game of this size and rule unless the last one was the same.
    fn set_game(&mut self, size: usize, rule: i64) -> anyhow::Result<()> {
        if self.game == Some((size, rule)) {
            return Ok(());
        }
        for _ in 0..5 {
            self.send(&format!("START {size}"))?;
            let reply = self
                .engine
                .reply(Duration::from_secs(30))
                .map_err(anyhow::Error::msg)?;
            if reply == "OK" {
                let nodes = self.nodes;
                self.send(&format!(
                    "INFO rule {rule}\nINFO timeout_turn 600000\nINFO timeout_match 0\n\
                     INFO time_left 2147483647\nINFO max_node {nodes}\nINFO show_detail 2"
                ))?;
                self.game = Some((size, rule));
                return Ok(());
            }
            self.drain()?;
        }
        bail!("the judge does not start a game of size {size}")
    }

    /// The judge's score of the position after `stones` (black first), for the side to move.
    fn score(&mut self, stones: &[(usize, usize)]) -> anyhow::Result<Option<i32>> {
        for _ in 0..5 {
            match self.answer(stones)? {
                Answer::Scored(score) => return Ok(score),
                Answer::LostBoard => self.drain()?,
            }
        }
        bail!("the judge keeps losing the position")
    }

    fn answer(&mut self, stones: &[(usize, usize)]) -> anyhow::Result<Answer> {
        let to_move = stones.len() % 2;
        let mut block = String::from("BOARD\n");
        for (i, (x, y)) in stones.iter().enumerate() {
            let field = if i % 2 == to_move { 1 } else { 2 };
            block.push_str(&format!("{x},{y},{field}\n"));
        }
        block.push_str("DONE");
        std::thread::sleep(Duration::from_millis(5));
        self.send(&block)?;
        let mut score = None;
        loop {
            let line = self.line()?;
            if line.starts_with("ERROR") {
                return Ok(Answer::LostBoard);
            }
            if is_message(&line) {
                score = reported_score(&line).or(score);
            } else if parse_move("judge", &line).is_ok() {
                return Ok(Answer::Scored(score));
            }
        }
    }
}

impl Drop for Judge {
    fn drop(&mut self) {
        let _ = self.engine.child.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_rapfis_and_sentes_lines() {
        assert_eq!(
            reported_score("MESSAGE Depth 8-15 | Eval 50 | Time 5ms | G11"),
            Some(50)
        );
        assert_eq!(
            reported_score("MESSAGE Depth 19-41 | Eval -M39 | Time 6ms"),
            Some(-PROVEN)
        );
        assert_eq!(
            reported_score("MESSAGE depth 11-27 ev -265 n 477K pv j7"),
            Some(-265)
        );
        assert_eq!(
            reported_score("MESSAGE depth 9-12 ev +M5 n 30K pv h8"),
            Some(PROVEN)
        );
        assert_eq!(
            reported_score("MESSAGE OptiTime 873ms | MaxTime 970ms"),
            None
        );
        let is_move = |line| parse_move("judge", line).is_ok();
        assert!(is_move("7,8") && !is_move("7,8,1") && !is_move("MESSAGE 7,8"));
    }

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
