//! Line pairs → cell info, per rule and colour: everything the board keeps about an empty cell
//! for one colour (threat, foul flag, shape, attack and defence values), read with one load.
//!
//! A cell's info is a function of its four line patterns alone (through the pattern tables'
//! combination codes and pattern sets, and the evaluation weights). The board keeps the four
//! as two pairs (see [`pair`]) and reads the info from a table indexed by both. A changed line
//! then costs a read of the 225-byte pair table and one of this one, where updating the
//! combination and pattern codes and reading the threat, shape, pattern-set (100 KB) and weight
//! tables took six (strength log, thirty-seventh session). The table has 14,400 entries of 8
//! bytes (115 KB); colours that are valued alike share one.
//!
//! [`pair`]: crate::pattern::pair

use crate::board::geometry::Color;
use crate::eval;
use crate::pattern::{
    combination, pair_patterns, pattern_code, pattern_set, shape, CellInfo, PatternTables, PAIRS,
};
use crate::rules::Rule;
use std::sync::OnceLock;

/// Length of the info array: the number of pair combinations rounded up to a power of two, so
/// that a read through a mask needs no bounds check (the entries past the last are never read).
const INFO_SLOTS: usize = (PAIRS * PAIRS).next_power_of_two();

/// The cell infos of one colour under one rule, indexed by the cell's two line pairs.
pub struct CellInfos {
    infos: Box<[CellInfo; INFO_SLOTS]>,
}

impl CellInfos {
    fn build(rule: Rule, color: Color) -> CellInfos {
        let tables = PatternTables::get(rule);
        let weights = eval::Weights::of(rule, color);
        let mut infos = Box::new([CellInfo::default(); INFO_SLOTS]);
        for (index, slot) in infos.iter_mut().enumerate().take(PAIRS * PAIRS) {
            let [a, b] = pair_patterns(index / PAIRS);
            let [c, d] = pair_patterns(index % PAIRS);
            let patterns = [a, b, c, d];
            let combination = combination(patterns);
            let (threat, needs_foul_check) = tables.threat(color, combination);
            let values = weights.cell_values(pattern_set(pattern_code(patterns)), threat);
            *slot = CellInfo {
                threat,
                needs_foul_check,
                value: values.attack,
                defence: values.defence,
                shape: shape(combination) as u16,
            };
        }
        CellInfos { infos }
    }

    /// The table for `color` under `rule`, built on first use and kept for the life of the
    /// process. Where both colours have the same threats and weights (every rule but renju),
    /// they share black's table, which halves what the cache holds.
    pub fn get(rule: Rule, color: Color) -> &'static CellInfos {
        static TABLES: [[OnceLock<CellInfos>; 2]; 5] =
            [const { [const { OnceLock::new() }; 2] }; 5];
        let slot = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        let alike = Color::BOTH.map(|c| (rule.has_fouls(c), eval::Weights::of(rule, c)));
        let shared = alike[0].0 == alike[1].0 && std::ptr::eq(alike[0].1, alike[1].1);
        let color = if shared { Color::Black } else { color };
        TABLES[slot][color.index()].get_or_init(|| CellInfos::build(rule, color))
    }

    /// The info of a cell whose lines in directions 0 and 1 form pair `first` and whose lines
    /// in directions 2 and 3 form pair `second`.
    #[inline(always)]
    pub fn of(&self, first: u16, second: u16) -> CellInfo {
        self.infos[(first as usize * PAIRS + second as usize) & (INFO_SLOTS - 1)]
    }
}
