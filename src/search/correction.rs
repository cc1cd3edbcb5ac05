//! Correction history: how far the static evaluation has been from the search's own results,
//! learned during one search per local shape, and added to the evaluation where that shape
//! comes up again.
//!
//! The evaluation values each empty cell by its own patterns, so how the stones around a new
//! move work together is what it misses most, and the same few shapes recur all over one
//! search's tree. The shape is the 3×3 block around the last stone, as the side to move sees
//! it (own stone, opponent's stone, empty, off the board), with the side to move's colour
//! (renju's colours differ). This is Stockfish's correction history with a key of our own:
//! gomoku has no pawn structure, but a stone's neighbourhood is what the last move changed.
//!
//! It knows board cells and score units, not how the search uses them.

use super::alphabeta::Depth;
use crate::board::{Board, Cell, DIRECTIONS};

/// Table size. The 2^19 possible keys share 2^16 slots so that the table (256 KB) stays in the
/// L2 cache; shapes that share a slot share its correction.
const BITS: u32 = 16;

/// Stored values are this many times a score unit (finer steps than whole units).
const GRAIN: i32 = 8;

/// Stored values stay within ±LIMIT (a correction of at most LIMIT / GRAIN = 256 units); each
/// update moves one by at most LIMIT / 4, less the nearer it already is to the limit.
const LIMIT: i32 = 2048;

/// The table slot of a position's shape; `None` on an empty board.
#[derive(Clone, Copy)]
pub struct Shape(Option<usize>);

pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            table: vec![0; 1 << BITS],
        }
    }

    /// The shape around the last stone of `board`.
    pub fn shape(board: &Board) -> Shape {
        let Some(last) = board.last_move() else {
            return Shape(None);
        };
        let us = board.to_move();
        let own = us.stone();
        let [right, down, ..] = DIRECTIONS;
        let mut key = us.index() as u64;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let code = match board.cell(last.step(right, dx).step(down, dy)) {
                    Cell::Empty => 0,
                    Cell::Wall => 3,
                    cell if cell == own => 1,
                    _ => 2,
                };
                key = key * 4 + code;
            }
        }
        // Fibonacci hashing: the top bits of the product mix every cell of the key.
        Shape(Some(
            (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - BITS)) as usize,
        ))
    }

    /// `eval` corrected by what the searches of positions of this shape found.
    pub fn corrected(&self, shape: Shape, eval: i32, limit: i32) -> i32 {
        match shape.0 {
            Some(i) => (eval + self.table[i] / GRAIN).clamp(-limit, limit),
            None => eval,
        }
    }

    /// Records that a search to `depth` of a position of this shape scored `error` above its
    /// (corrected) evaluation: deeper searches count for more.
    pub fn update(&mut self, shape: Shape, error: i32, depth: Depth) {
        let Some(i) = shape.0 else {
            return;
        };
        let bonus = ((error as Depth * depth / 8.0) as i32).clamp(-LIMIT / 4, LIMIT / 4);
        let entry = &mut self.table[i];
        *entry += bonus - *entry * bonus.abs() / LIMIT;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pos;
    use crate::rules::Rule;

    fn board(moves: &[(usize, usize)]) -> Board {
        let mut board = Board::new(15, 15, Rule::Freestyle);
        for &(x, y) in moves {
            board.make(Pos::new(x, y));
        }
        board
    }

    #[test]
    fn a_shape_that_searched_better_than_its_evaluation_is_corrected_upwards() {
        let mut history = CorrectionHistory::new();
        let position = board(&[(7, 7), (8, 8), (7, 8)]);
        let shape = CorrectionHistory::shape(&position);
        assert_eq!(history.corrected(shape, 100, 10_000), 100);
        history.update(shape, 200, 8.0);
        let once = history.corrected(shape, 100, 10_000);
        assert!(once > 100, "{once}");
        for _ in 0..1_000 {
            history.update(shape, 5_000, 30.0);
        }
        let most = history.corrected(shape, 100, 10_000);
        assert!(most > once && most <= 100 + LIMIT / GRAIN, "{most}");
        // The shape around a lone stone elsewhere is left alone.
        let other = CorrectionHistory::shape(&board(&[(7, 7), (8, 8), (7, 8), (3, 3)]));
        assert_eq!(history.corrected(other, 100, 10_000), 100);
    }

    #[test]
    fn a_correction_never_takes_the_evaluation_past_its_limit() {
        let mut history = CorrectionHistory::new();
        let shape = CorrectionHistory::shape(&board(&[(7, 7)]));
        history.update(shape, -10_000, 20.0);
        assert_eq!(history.corrected(shape, -95, 100), -100);
        assert_eq!(
            history.corrected(CorrectionHistory::shape(&board(&[])), -95, 100),
            -95
        );
    }
}
