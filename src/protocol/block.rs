//! Multi-line commands: the lines between `BOARD`, `YXBOARD`, `SWAP2BOARD`, `YXBLOCK` or
//! `YXBLOCKUNDO` and `DONE`. A block is read whole and judged at `DONE`: one bad line refuses
//! the whole block, which then changes nothing.

use super::command::{parse_board_line, parse_xy};
use super::game::Owner;
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// Position, then our move.
    Board,
    /// Position only.
    YxBoard,
    /// Swap2 position (stones in move order).
    Swap2Board,
    /// Root moves to exclude.
    YxBlock,
    /// Root moves to include again.
    YxBlockUndo,
}

impl BlockKind {
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
            BlockKind::YxBlock => "YXBLOCK",
            BlockKind::YxBlockUndo => "YXBLOCKUNDO",
        }
    }

    /// Whether the lines are `x,y,field` (positions) rather than `x,y` (cells).
    fn has_fields(self) -> bool {
        matches!(
            self,
            BlockKind::Board | BlockKind::YxBoard | BlockKind::Swap2Board
        )
    }
}

/// A block being read.
pub struct Block {
    pub kind: BlockKind,
    /// Cells with their owner (`Owner::Own` for plain cells).
    pub stones: Vec<(i64, i64, Owner)>,
    /// The first bad line, if any.
    pub error: Option<String>,
    /// When the block's first line arrived (the manager's clock runs from then).
    pub started: Instant,
}

impl Block {
    pub fn new(kind: BlockKind, started: Instant) -> Block {
        Block {
            kind,
            stones: Vec::new(),
            error: None,
            started,
        }
    }

    /// Reads one line of the block (not `DONE`). Returns false if the line is not a block
    /// line at all (so it may be a command that cut the block short).
    pub fn read(&mut self, line: &str) -> bool {
        let parsed = if self.kind.has_fields() {
            parse_board_line(line).and_then(|(x, y, field)| match field {
                1 => Ok((x, y, Owner::Own)),
                2 => Ok((x, y, Owner::Opponent)),
                3 => Ok((x, y, Owner::Blocked)),
                _ => Err("field must be 1, 2 or 3".to_string()),
            })
        } else {
            parse_xy(line).map(|(x, y)| (x, y, Owner::Own))
        };
        match parsed {
            Ok(stone) => {
                self.stones.push(stone);
                true
            }
            Err(message) => {
                let looks_like_a_command = line.starts_with(|c: char| c.is_ascii_alphabetic());
                self.error
                    .get_or_insert(format!("line '{line}': {message}"));
                !looks_like_a_command
            }
        }
    }
}
