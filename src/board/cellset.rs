//! A set of grid cells as a bitset: constant-time insert and remove, iteration in index order.

use super::geometry::{Pos, GRID};

const WORDS: usize = GRID.div_ceil(64);

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
        self.words[pos.index() / 64] |= 1 << (pos.index() % 64);
    }

    #[inline(always)]
    pub fn remove(&mut self, pos: Pos) {
        self.words[pos.index() / 64] &= !(1 << (pos.index() % 64));
    }

    #[inline(always)]
    pub fn contains(&self, pos: Pos) -> bool {
        self.words[pos.index() / 64] >> (pos.index() % 64) & 1 != 0
    }

    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        self.iter_words(0, WORDS - 1)
    }

    /// The cells of the words that hold grid indices `first..=last`, in index order: all of
    /// the set's cells when none lies outside that range, without scanning the other words.
    pub fn iter_within(&self, first: usize, last: usize) -> impl Iterator<Item = Pos> + '_ {
        debug_assert!(self
            .iter()
            .all(|p| (first / 64 * 64..=last / 64 * 64 + 63).contains(&p.index())));
        self.iter_words(first / 64, (last / 64).min(WORDS - 1))
    }

    fn iter_words(&self, first: usize, last: usize) -> impl Iterator<Item = Pos> + '_ {
        let words = self.words.get(first..=last).unwrap_or_default();
        words.iter().enumerate().flat_map(move |(w, &word)| {
            let w = w + first;
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Pos::from_index(w * 64 + bit)
                })
            })
        })
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
}
