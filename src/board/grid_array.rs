//! A per-cell array of the padded grid that indexes without bounds checks, safely.
//!
//! The board's hottest loop (a stone updating the keys and patterns of the cells along its four
//! lines) reads three per-cell arrays several times per cell. Their length is a power of two
//! at least the grid's, and every index is masked to it: one `and` where a bounds check cost a
//! compare and a branch, and an index can never leave the array. A valid index (a `Pos` of the
//! grid) is unchanged by the mask; debug builds check that it is valid.

use super::geometry::GRID;
use std::ops::{Index, IndexMut};

/// Length of a grid array: the grid's cell count rounded up to a power of two.
const SLOTS: usize = GRID.next_power_of_two();

#[derive(Clone)]
pub struct GridArray<T>(Box<[T; SLOTS]>);

impl<T: Copy> GridArray<T> {
    /// An array with every cell set to `value`.
    pub fn filled(value: T) -> GridArray<T> {
        GridArray(Box::new([value; SLOTS]))
    }

    /// The grid's cells, in index order.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.0[..GRID]
    }
}

impl<T> Index<usize> for GridArray<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, index: usize) -> &T {
        debug_assert!(index < GRID, "cell index {index} is off the grid");
        &self.0[index & (SLOTS - 1)]
    }
}

impl<T> IndexMut<usize> for GridArray<T> {
    #[inline(always)]
    fn index_mut(&mut self, index: usize) -> &mut T {
        debug_assert!(index < GRID, "cell index {index} is off the grid");
        &mut self.0[index & (SLOTS - 1)]
    }
}
