//! Static evaluation: values for every empty cell and colour, from the cell's four line
//! patterns and its combined threat, summed incrementally by the board; and the position score
//! derived from those sums for the side to move.
//!
//! The score is linear in every weight below, which is what lets them be fitted to game
//! records (`examples/tune.rs`): for the side to move, the sum over empty cells of the
//! *attack* values of its patterns (what it can build, moving first); minus, for the other
//! side, the sum of the *defence* values (what it threatens, which the side to move must
//! answer); plus a term for the strongest immediate threat of each side.
//!
//! The evaluation knows patterns, not search. Scores are in "centipawn-like" units; proven wins
//! and losses are the search's business.

use crate::pattern::{LinePattern, Threat};

/// A cell's two values for one colour: as the side to move (attack) and as the side that has
/// just moved (defence).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct CellValues {
    pub attack: i16,
    pub defence: i16,
}

impl std::ops::Add for CellValues {
    type Output = CellValues;
    fn add(self, other: CellValues) -> CellValues {
        CellValues {
            attack: self.attack + other.attack,
            defence: self.defence + other.defence,
        }
    }
}

impl std::ops::Sub for CellValues {
    type Output = CellValues;
    fn sub(self, other: CellValues) -> CellValues {
        CellValues {
            attack: self.attack - other.attack,
            defence: self.defence - other.defence,
        }
    }
}

/// Values of what one more stone on a cell makes of one line, (attack, defence), indexed by
/// [`LinePattern`]. They started from the classic shape ladder (each level a few times the one
/// below, open shapes about twice their blocked counterparts) and are refitted to game records
/// with `examples/tune.rs` (see the README's Strength section). Arrays, not `match`: the board
/// reads them for every cell a stone touches.
const LINE: [(i16, i16); LinePattern::COUNT] = [
    (0, 0),       // Dead
    (0, 0),       // Overline
    (-39, -46),   // Blocked1
    (48, 47),     // Flex1
    (11, 11),     // Blocked2
    (72, 60),     // Flex2
    (98, 98),     // Flex2Double
    (94, 78),     // Flex2Triple
    (136, 115),   // Blocked3
    (305, 269),   // Flex3
    (330, 286),   // Flex3Double
    (566, 496),   // Blocked4
    (900, 605),   // Flex4
    (0, 0),       // DoubleFourLine
    (2400, 2000), // Five
];

/// Extra values for a cell whose lines combine into more than their sum, (attack, defence),
/// indexed by [`Threat`].
const BONUS: [(i16, i16); Threat::COUNT] = [
    (0, 0),       // None
    (0, 0),       // Forbidden
    (-42, -46),   // Flex2
    (3, 16),      // Block3
    (13, 19),     // Flex2x2
    (44, 34),     // Block3Plus
    (37, 47),     // Flex3
    (249, 229),   // Flex3Plus
    (514, 415),   // Flex3x2
    (31, 19),     // Block4
    (366, 321),   // Block4Plus
    (1118, 955),  // Block4Flex3
    (1500, 1250), // Flex4
    (3600, 3000), // Five
];

/// The side to move's strongest next threat, by [`own_threat_class`].
const OWN_THREAT: [i16; OWN_THREAT_CLASSES] =
    [0, 120, 320, 560, 2400, 4000, 0, 60, 160, 280, 1200, 2000];
/// What the opponent's strongest threat costs the side to move, by
/// [`opponent_threat_class`].
const OPPONENT_THREAT: [i16; OPPONENT_THREAT_CLASSES] = [0, 200, 720, 1280, 1600];
/// Bonus for having the move.
const TEMPO: i16 = 151;
/// Every weight is stored at this multiple of a score unit, for finer steps than whole units.
pub const SCALE: i32 = 8;

pub const OWN_THREAT_CLASSES: usize = 12;
pub const OPPONENT_THREAT_CLASSES: usize = 5;

#[inline(always)]
pub fn line_values(pattern: LinePattern) -> CellValues {
    let (attack, defence) = LINE[pattern as usize];
    CellValues { attack, defence }
}

/// A cell's values for one colour from the sum of its line values and its threat. A cell where
/// the colour may not play (a renju foul) is worth nothing to it.
#[inline(always)]
pub fn cell_values(line_sum: CellValues, threat: Threat) -> CellValues {
    if threat == Threat::Forbidden {
        return CellValues::default();
    }
    let (attack, defence) = BONUS[threat as usize];
    line_sum + CellValues { attack, defence }
}

/// Per-colour totals the evaluation reads from the board.
pub struct Side<'a> {
    /// Sum of the empty cells' attack values.
    pub attack_sum: i32,
    /// Sum of the empty cells' defence values.
    pub defence_sum: i32,
    /// How many empty cells carry each threat.
    pub threats: &'a [u16; Threat::COUNT],
}

impl Side<'_> {
    fn has(&self, threat: Threat) -> bool {
        self.threats[threat as usize] > 0
    }
}

/// The score of a position for the side to move (`own`) against the other side.
pub fn score(own: &Side, opponent: &Side) -> i32 {
    let total = own.attack_sum - opponent.defence_sum
        + OWN_THREAT[own_threat_class(own, opponent)] as i32
        - OPPONENT_THREAT[opponent_threat_class(opponent)] as i32
        + TEMPO as i32;
    total / SCALE
}

/// The side to move's strongest next threat: none, four, open three, four or three with
/// extras, double three, four-three; the same six again (classes 6–11) when the opponent has
/// fours to counter-attack with. The search has already dealt with fives and open fours.
pub fn own_threat_class(own: &Side, opponent: &Side) -> usize {
    use Threat::*;
    let class = if own.has(Block4Flex3) {
        5
    } else if own.has(Flex3x2) {
        4
    } else if own.has(Block4Plus) || own.has(Flex3Plus) {
        3
    } else if own.has(Flex3) {
        2
    } else if own.has(Block4) {
        1
    } else {
        0
    };
    let counter_fours =
        opponent.has(Block4) || opponent.has(Block4Plus) || opponent.has(Block4Flex3);
    class + if counter_fours { 6 } else { 0 }
}

/// The opponent's strongest threat, which the side to move must answer first: none, four or
/// three with extras, double three, four-three, open four.
pub fn opponent_threat_class(opponent: &Side) -> usize {
    use Threat::*;
    if opponent.has(Flex4) {
        4
    } else if opponent.has(Block4Flex3) {
        3
    } else if opponent.has(Flex3x2) {
        2
    } else if opponent.has(Flex3Plus) || opponent.has(Block4Plus) {
        1
    } else {
        0
    }
}

/// The weights as one vector (in score units times [`SCALE`]), in the order the tuner's
/// features use: line attack values, line
/// defence values, threat bonus attack values, threat bonus defence values, own threat classes,
/// opponent threat classes, tempo.
pub fn weights() -> Vec<f64> {
    let mut w = Vec::new();
    w.extend(LINE.iter().map(|&(a, _)| a as f64));
    w.extend(LINE.iter().map(|&(_, d)| d as f64));
    w.extend(BONUS.iter().map(|&(a, _)| a as f64));
    w.extend(BONUS.iter().map(|&(_, d)| d as f64));
    w.extend(OWN_THREAT.iter().map(|&v| v as f64));
    w.extend(OPPONENT_THREAT.iter().map(|&v| -v as f64));
    w.push(TEMPO as f64);
    w
}
