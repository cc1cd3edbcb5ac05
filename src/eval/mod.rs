//! Static evaluation: a value for every empty cell and colour, from the cell's four line
//! patterns and its combined threat, summed incrementally by the board; and the position score
//! derived from those sums for the side to move.
//!
//! The evaluation knows patterns, not search. Scores are in "centipawn-like" units where a
//! decisive threat is worth a few thousand; proven wins and losses are the search's business.

use crate::pattern::{LinePattern, Threat};

/// Value of what one more stone on a cell makes of one line, indexed by [`LinePattern`].
///
/// The numbers grew out of the classic shape ladder (each level is a few times the one below,
/// open shapes about twice their blocked counterparts) and were then adjusted in matches; see
/// the README's Strength section for how they were measured. (Arrays rather than `match`: the
/// board reads them for every cell a stone touches.)
const LINE_VALUES: [i16; LinePattern::COUNT] = [
    0,   // Dead
    0,   // Overline
    1,   // Blocked1
    3,   // Flex1
    5,   // Blocked2
    12,  // Flex2
    15,  // Flex2Double
    18,  // Flex2Triple
    14,  // Blocked3
    40,  // Flex3
    46,  // Flex3Double
    50,  // Blocked4
    150, // Flex4
    0,   // DoubleFourLine
    400, // Five
];

/// Extra value for a cell where the lines combine into more than their sum, indexed by
/// [`Threat`].
const COMBINATION_BONUS: [i16; Threat::COUNT] = [
    0,   // None
    0,   // Forbidden
    0,   // Flex2
    0,   // Block3
    12,  // Flex2x2
    8,   // Block3Plus
    0,   // Flex3
    25,  // Flex3Plus
    90,  // Flex3x2
    0,   // Block4
    25,  // Block4Plus
    180, // Block4Flex3
    250, // Flex4
    600, // Five
];

#[inline(always)]
pub fn line_value(pattern: LinePattern) -> i32 {
    LINE_VALUES[pattern as usize] as i32
}

/// A cell's contribution to its colour's evaluation sum, from the sum of its line values. A
/// cell where the colour may not play (a renju foul) is worth nothing to it.
#[inline(always)]
pub fn cell_value(line_sum: i32, threat: Threat) -> i16 {
    if threat == Threat::Forbidden {
        return 0;
    }
    (line_sum + COMBINATION_BONUS[threat as usize] as i32).min(i16::MAX as i32) as i16
}

/// Per-colour totals the evaluation reads from the board: the sum of the empty cells' values,
/// and how many empty cells carry each threat.
pub struct Side<'a> {
    pub value_sum: i32,
    pub threats: &'a [u16; Threat::COUNT],
}

impl Side<'_> {
    fn has(&self, threat: Threat) -> bool {
        self.threats[threat as usize] > 0
    }
}

/// The score of a position for the side to move (`own`) against the other side.
///
/// The cell sums measure potential; the side to move realises its potential first, so its own
/// sum weighs more. On top of that comes the threat term: the strongest threat each side could
/// make next, which matters very differently depending on who moves. The search has already
/// dealt with fives and with an open four for the side to move.
pub fn score(own: &Side, opponent: &Side) -> i32 {
    let base = (own.value_sum * 6 - opponent.value_sum * 5) / 8;
    base + own_threat(own, opponent) - opponent_threat(opponent) + TEMPO
}

/// Bonus for having the move.
const TEMPO: i32 = 20;

/// The side to move's best next threat, discounted when the opponent has fours to
/// counter-attack with.
fn own_threat(own: &Side, opponent: &Side) -> i32 {
    use Threat::*;
    let value = if own.has(Block4Flex3) {
        500
    } else if own.has(Flex3x2) {
        300
    } else if own.has(Block4Plus) || own.has(Flex3Plus) {
        70
    } else if own.has(Flex3) {
        40
    } else if own.has(Block4) {
        15
    } else {
        0
    };
    let counter_fours =
        opponent.has(Block4) || opponent.has(Block4Plus) || opponent.has(Block4Flex3);
    if counter_fours {
        value / 2
    } else {
        value
    }
}

/// What the opponent's threats cost the side to move, which must answer them first.
fn opponent_threat(opponent: &Side) -> i32 {
    use Threat::*;
    if opponent.has(Flex4) {
        200
    } else if opponent.has(Block4Flex3) {
        160
    } else if opponent.has(Flex3x2) {
        90
    } else if opponent.has(Flex3Plus) || opponent.has(Block4Plus) {
        25
    } else {
        0
    }
}
