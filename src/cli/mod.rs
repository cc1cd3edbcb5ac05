//! Command-line front ends of `pbrain-sente`: argument handling and the subcommands that are
//! not the Gomocup protocol (`bench`, and the terminal and analysis front ends).
//!
//! The front ends drive the search through the same public API as the protocol does; they know
//! nothing of its internals.

pub mod analyze;
pub mod bench;
pub mod play;

use crate::board::{geometry::parse_moves, Board, Pos};
use crate::rules::Rule;
use anyhow::{anyhow, bail, Context};

/// Options shared by the front ends that set up a game: rule, board size, thinking limits, and
/// a move list.
#[derive(Clone, Debug)]
pub struct Options {
    pub rule: Rule,
    pub width: usize,
    pub height: usize,
    /// Thinking time per move in milliseconds.
    pub time: Option<u64>,
    pub depth: Option<u32>,
    pub threads: usize,
    /// The words that were not options, joined: a move list.
    pub moves: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rule: Rule::Freestyle,
            width: 15,
            height: 15,
            time: None,
            depth: None,
            threads: 1,
            moves: String::new(),
        }
    }
}

impl Options {
    /// Reads `--rule`, `--size`, `--time`, `--depth`, `--threads` and move words; any other
    /// flag is an error mentioning `usage`.
    pub fn parse(&mut self, args: &[String], usage: &str) -> anyhow::Result<()> {
        let mut moves = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let mut value = |name: &str| it.next().ok_or_else(|| anyhow!("{name} needs a value"));
            match arg.as_str() {
                "--rule" => {
                    let v = value("--rule")?;
                    self.rule = Rule::parse(v).ok_or_else(|| anyhow!("unknown rule '{v}'"))?;
                }
                "--size" => {
                    let v = value("--size")?;
                    let (w, h) = v.split_once(['x', 'X', ',']).unwrap_or((v, v));
                    self.width = w.parse().with_context(|| format!("bad size '{v}'"))?;
                    self.height = h.parse().with_context(|| format!("bad size '{v}'"))?;
                    if !Board::supports_size(self.width, self.height) {
                        bail!("unsupported board size {v}: sides must be 5 to 32");
                    }
                }
                "--time" => {
                    self.time = Some(
                        value("--time")?
                            .parse()
                            .context("--time needs milliseconds")?,
                    )
                }
                "--depth" => {
                    self.depth = Some(
                        value("--depth")?
                            .parse()
                            .context("--depth needs a number")?,
                    )
                }
                "--threads" => {
                    self.threads = value("--threads")?
                        .parse()
                        .context("--threads needs a number")?;
                    if self.threads == 0 {
                        bail!("--threads must be at least 1");
                    }
                }
                flag if flag.starts_with("--") => bail!("unknown option '{flag}'\n\n{usage}"),
                word => moves.push(word.to_string()),
            }
        }
        self.moves = moves.join(" ");
        Ok(())
    }
}

/// Builds a board from a move list (black first, alternating), checking every move.
pub fn board_from_moves(
    width: usize,
    height: usize,
    rule: Rule,
    moves: &str,
) -> Result<Board, String> {
    if !Board::supports_size(width, height) {
        return Err(format!("unsupported board size {width}x{height}"));
    }
    let mut board = Board::new(width, height, rule);
    for (x, y) in parse_moves(moves)? {
        if !board.contains(x as i64, y as i64) {
            return Err(format!(
                "move {x},{y} is outside the {width}x{height} board"
            ));
        }
        let pos = Pos::new(x, y);
        if !board.is_empty(pos) {
            return Err(format!("move {x},{y} is played twice"));
        }
        board.make(pos);
    }
    Ok(board)
}
