//! A judge: a Gomocup engine asked for its score of positions, searching each to a node limit
//! (`judge` labels recorded games with it, `balanced_openings` keeps the openings it finds
//! even). The score is the one the engine reports last before its move (Rapfi's `MESSAGE …
//! Eval E …`, or this engine's `MESSAGE depth … ev E …`, which `INFO show_detail 2` turns on),
//! for the side to move; ±[`PROVEN`] for a proven win or loss.
//!
//! Rapfi (0.43) can lose a `BOARD` block sent the moment it has answered the one before: its
//! reader races with its search thread winding down, and then answers every stone line with
//! `ERROR`. A short pause, the block written at once, and on an `ERROR` a pause, its output
//! drained and the block sent again, keep it going. It can also answer `START` with `ERROR`;
//! the game is then started again.

use crate::engine::{is_message, parse_move, Engine};
use anyhow::{anyhow, bail, Context};
use std::time::Duration;

/// The score written for a proven win (its negation for a proven loss), as `tune` reads it.
pub const PROVEN: i32 = 30000;

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
pub struct Judge {
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
    /// Starts the engine at `path` (no spaces in it) in its own directory, to search `nodes`
    /// nodes a position.
    pub fn start(path: &str, nodes: u64) -> anyhow::Result<Judge> {
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

    pub fn send(&mut self, text: &str) -> anyhow::Result<()> {
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
    pub fn set_game(&mut self, size: usize, rule: i64) -> anyhow::Result<()> {
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
    pub fn score(&mut self, stones: &[(usize, usize)]) -> anyhow::Result<Option<i32>> {
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
}
