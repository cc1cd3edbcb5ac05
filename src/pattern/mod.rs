//! Pattern recognition tables: line patterns (per cell and direction) and cell threats (per
//! cell, all four directions combined), built once per rule from the rule's definition of a
//! five. The board keeps the per-cell data up to date; this module only owns the tables.
//!
//! It knows the rules and the evaluation's per-cell weights, nothing of search or protocol.

pub mod cell;
pub mod line;

pub use cell::{
    combination, pair, pair_patterns, pattern_code, pattern_set, pattern_set_patterns, shape,
    shape_patterns, CellInfo, CellTable, Threat, PAIRS, PATTERN_SETS, SHAPES,
};
pub use line::{key_shift, LinePattern, LineTable};

use crate::board::geometry::Color;
use crate::rules::Rule;
use std::sync::OnceLock;

/// All tables for one rule. Immutable once built; shared by every board and thread.
pub struct PatternTables {
    pub rule: Rule,
    pub lines: LineTable,
    cells: [CellTable; 2],
}

impl PatternTables {
    fn build(rule: Rule) -> PatternTables {
        PatternTables {
            rule,
            lines: LineTable::build(rule),
            cells: Color::BOTH.map(|color| CellTable::build(rule, color)),
        }
    }

    /// The tables for `rule`, built on first use (a few milliseconds) and kept for the life of
    /// the process.
    pub fn get(rule: Rule) -> &'static PatternTables {
        static TABLES: [OnceLock<PatternTables>; 5] = [const { OnceLock::new() }; 5];
        let slot = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        TABLES[slot].get_or_init(|| PatternTables::build(rule))
    }

    /// The threat of a combination code for `color`, and whether it needs the foul check.
    #[inline(always)]
    pub fn threat(&self, color: Color, combination: u16) -> (Threat, bool) {
        self.cells[color.index()].threat(combination)
    }
}
