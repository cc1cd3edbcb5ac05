//! A set of grid cells as a bitset: constant-time insert and remove, iteration in index order.

use super::geometry::{Pos, GRID};

/// Words per set: enough for the grid, rounded up to a power of two so that a word index
/// masked to it needs no bounds check.
const WORDS: usize = GRID.div_ceil(64).next_power_of_two();

/// The word holding a cell, and the cell's bit in it.
#[inline(always)]
fn word_and_bit(pos: Pos) -> (usize, u64) {
    debug_assert!(pos.index() < GRID, "{pos:?} is off the grid");
    ((pos.index() / 64) & (WORDS - 1), 1 << (pos.index() % 64))
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl Default for CellSet {
    fn default() -> Self {
        CellSet { words: [0; WORDS] }
    }
}

impl CellSet {
    #[inline(always)]
    pub fn insert(&mut self, pos: Pos) {
        let (word, bit) = word_and_bit(pos);
        self.words[word] |= bit;
    }

    #[inline(always)]
    pub fn remove(&mut self, pos: Pos) {
        let (word, bit) = word_and_bit(pos);
        self.words[word] &= !bit;
    }

    #[inline(always)]
    pub fn contains(&self, pos: Pos) -> bool {
        let (word, bit) = word_and_bit(pos);
        self.words[word] & bit != 0
    }

    /// The set's cells in index order.
    pub fn iter(&self) -> CellsOfSets<'_> {
        CellsOfSets::within(std::slice::from_ref(self), 0, GRID - 1)
    }
}

/// The cells of several sets within a range of words: the last set's first, each set's in
/// index order. One loop over words and bits, where chained iterators over the sets and their
/// words cost the threat queries a few per cent of the search's time.
pub struct CellsOfSets<'a> {
    /// The sets not yet finished; the current one is the last.
    sets: &'a [CellSet],
    /// The words to read of each set, `first..=last`.
    first: usize,
    last: usize,
    /// The word being read, and its bits not yet returned.
    word: usize,
    bits: u64,
}

impl<'a> CellsOfSets<'a> {
    /// The cells of `sets` in the words holding grid indices `first..=last` (all of each set's
    /// cells when none lies outside that range).
    pub fn within(sets: &'a [CellSet], first: usize, last: usize) -> CellsOfSets<'a> {
        let (first, last) = (first / 64, (last / 64).min(WORDS - 1));
        debug_assert!(sets.iter().all(|set| set
            .words
            .iter()
            .enumerate()
            .all(|(w, &bits)| bits == 0 || (first..=last).contains(&w))));
        CellsOfSets {
            sets,
            first,
            last,
            word: first,
            bits: sets.last().map_or(0, |set| set.words[first]),
        }
    }
}

impl Iterator for CellsOfSets<'_> {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        loop {
            if self.bits != 0 {
                let bit = self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                return Some(Pos::from_index(self.word * 64 + bit));
            }
            if self.word < self.last {
                self.word += 1;
            } else {
                self.sets = self.sets.split_last()?.1;
                self.word = self.first;
            }
            self.bits = self.sets.last()?.words[self.word & (WORDS - 1)];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut set = CellSet::default();
        let cells = [
            Pos::new(0, 0),
            Pos::new(31, 31),
            Pos::new(7, 7),
            Pos::new(8, 7),
        ];
        for c in cells {
            set.insert(c);
        }
        set.remove(Pos::new(7, 7));
        assert!(set.contains(Pos::new(8, 7)) && !set.contains(Pos::new(7, 7)));
        let mut expected = vec![Pos::new(0, 0), Pos::new(8, 7), Pos::new(31, 31)];
        expected.sort();
        assert_eq!(set.iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn cells_of_sets_come_last_set_first_each_in_index_order() {
        let set = |cells: &[(usize, usize)]| {
            let mut set = CellSet::default();
            for &(x, y) in cells {
                set.insert(Pos::new(x, y));
            }
            set
        };
        let sets = [
            set(&[(3, 9), (1, 2)]),
            set(&[]),
            set(&[(9, 9), (0, 0), (5, 1)]),
        ];
        let range = (Pos::new(0, 0).index(), Pos::new(31, 9).index());
        let cells: Vec<(usize, usize)> = CellsOfSets::within(&sets, range.0, range.1)
            .map(|p| (p.x(), p.y()))
            .collect();
        assert_eq!(cells, [(0, 0), (5, 1), (9, 9), (1, 2), (3, 9)]);
        assert_eq!(
            CellsOfSets::within(&sets[1..2], range.0, range.1).count(),
            0
        );
        assert_eq!(CellsOfSets::within(&[], range.0, range.1).count(), 0);
    }
}
