//! Static evaluation: a value for every empty cell and colour, from the cell's four line
//! patterns and its combined threat, summed incrementally by the board; and the position score
//! derived from those sums for the side to move.
//!
//! The evaluation knows patterns, not search. Scores are in "centipawn-like" units where a
//! decisive threat is worth a few thousand; proven wins and losses are the search's business.

use crate::pattern::{LinePattern, Threat};

/// Value of what one more stone on a cell makes of one line.
///
/// The numbers grew out of the classic shape ladder (each level is a few times the one below,
/// open shapes about twice their blocked counterparts) and were then adjusted in matches; see
/// the README's Strength section for how they were measured.
fn line_value(pattern: LinePattern) -> i32 {
    use LinePattern::*;
    match pattern {
        Dead | Overline | DoubleFourLine => 0,
        Blocked1 => 1,
        Flex1 => 3,
        Blocked2 => 5,
        Flex2 => 12,
        Flex2Double => 15,
        Flex2Triple => 18,
        Blocked3 => 14,
        Flex3 => 40,
        Flex3Double => 46,
        Blocked4 => 50,
        Flex4 => 150,
        Five => 400,
    }
}

/// Extra value for a cell where the lines combine into more than their sum.
fn combination_bonus(threat: Threat) -> i32 {
    use Threat::*;
    match threat {
        None | Forbidden | Flex2 | Block3 | Flex3 | Block4 => 0,
        Flex2x2 => 12,
        Block3Plus => 8,
        Flex3Plus => 25,
        Flex3x2 => 90,
        Block4Plus => 25,
        Block4Flex3 => 180,
        Flex4 => 250,
        Five => 600,
    }
}

/// A cell's contribution to its colour's evaluation sum. A cell where the colour may not play
/// (a renju foul) is worth nothing to it.
pub fn cell_value(patterns: [LinePattern; 4], threat: Threat) -> i16 {
    if threat == Threat::Forbidden {
        return 0;
    }
    let lines: i32 = patterns.iter().map(|&p| line_value(p)).sum();
    (lines + combination_bonus(threat)).min(i16::MAX as i32) as i16
}

/// The score of a position for the side to move, from both colours' cell-value sums. The side
/// to move gets to realise its potential first, so its own sum weighs more.
pub fn score(own_sum: i32, opponent_sum: i32) -> i32 {
    (own_sum * 6 - opponent_sum * 5) / 8 + TEMPO
}

/// Bonus for having the move.
const TEMPO: i32 = 20;
