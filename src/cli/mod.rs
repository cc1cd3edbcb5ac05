//! Command-line front ends of `pbrain-sente`: argument handling and the subcommands that are
//! not the Gomocup protocol (`bench`, and the terminal and analysis front ends).
//!
//! The front ends drive the search through the same public API as the protocol does; they know
//! nothing of its internals.

pub mod analyze;
pub mod bench;

use crate::board::{geometry::parse_moves, Board, Pos};
use crate::rules::Rule;

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
