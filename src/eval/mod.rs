//! Static evaluation: values for every empty cell and colour, from the cell's pattern set (its
//! four line patterns, directions forgotten), summed incrementally by the board; and the
//! position score derived from those sums for the side to move.
//!
//! The score is linear in every weight (`*_weights.rs`), which is what lets them be fitted to
//! game records (`examples/tune.rs`): for the side to move, the sum over empty cells of the
//! *attack* values of its patterns (what it can build, moving first); minus, for the other
//! side, the sum of the *defence* values (what it threatens, which the side to move must
//! answer), outside renju blended with the same difference in the position before the last
//! move, seen from the side that was to move there (see [`cell_value_quarters`]); plus a value
//! for the combination of immediate threats both sides hold; plus, per side and threat, a value
//! for how many cells carry it (the first open-three point is worth more than the fifth: the
//! side can play only one, the defender must see to all).
//!
//! Each rule family has its own weights: freestyle, standard and caro share one set for both
//! colours; renju has one per colour, since black's fouls change what its patterns are worth and
//! white's threats include driving black onto them. A colour's cell values come from its own
//! set; the threat term from the side to move's.
//!
//! The evaluation knows patterns, not search. Scores are in "centipawn-like" units; proven wins
//! and losses are the search's business.

use crate::board::Color;
use crate::pattern::{Threat, PATTERN_SETS};
use crate::rules::Rule;

/// A cell's two values for one colour: as the side to move (attack) and as the side that has
/// just moved (defence).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct CellValues {
    pub attack: i16,
    pub defence: i16,
}

mod gomoku_weights;
mod renju_weights;

use gomoku_weights::GOMOKU;
use renju_weights::{RENJU_BLACK, RENJU_WHITE};

/// Every weight is stored at this multiple of a score unit, for finer steps than whole units.
pub const SCALE: i32 = 8;

/// One set of evaluation weights, in score units times [`SCALE`].
#[derive(Clone, Copy)]
pub struct Weights {
    /// (attack, defence) per pattern set (a cell's four line patterns, unordered).
    pub pattern_set: [(i16, i16); PATTERN_SETS],
    /// Per threat mask (see [`threat_mask`]), for the side to move.
    pub threat: [i16; THREAT_MASKS],
    /// For the side to move (`[0]`) and the other side (`[1]`): per threat of [`COUNTED`], the
    /// value of holding it on n empty cells, n counted up to [`COUNT_CAP`] (`[0]` is zero).
    pub counts: [[[i16; COUNT_CAP + 1]; COUNTED.len()]; 2],
    /// Quarters of the cell values taken from the position before the last move, when this is
    /// the side to move's set (see [`cell_value_quarters`]).
    pub quarters_before: i32,
}

impl Weights {
    /// The weights `color` is evaluated with under `rule`.
    pub fn of(rule: Rule, color: Color) -> &'static Weights {
        match (rule, color) {
            (Rule::Renju, Color::Black) => &RENJU_BLACK,
            (Rule::Renju, Color::White) => &RENJU_WHITE,
            _ => &GOMOKU,
        }
    }

    /// A cell's values from its pattern set. A cell where the colour may not play (a renju
    /// foul) is worth nothing to it.
    #[inline(always)]
    pub fn cell_values(&self, set: usize, threat: Threat) -> CellValues {
        if threat == Threat::Forbidden {
            return CellValues::default();
        }
        let (attack, defence) = self.pattern_set[set];
        CellValues { attack, defence }
    }

    /// The weights as one vector, in the order the tuner's features use: pattern-set attack
    /// values, pattern-set defence values, threat masks.
    pub fn to_vec(&self) -> Vec<f64> {
        let mut w = Vec::new();
        w.extend(self.pattern_set.iter().map(|&(a, _)| a as f64));
        w.extend(self.pattern_set.iter().map(|&(_, d)| d as f64));
        w.extend(self.threat.iter().map(|&v| v as f64));
        w
    }

    /// The count values as the tuner's features use them: per side and threat, the step from
    /// n − 1 to n cells, for n from 1 to [`COUNT_CAP`].
    pub fn count_steps(&self) -> Vec<f64> {
        self.counts
            .iter()
            .flatten()
            .flat_map(|values| values.windows(2).map(|w| (w[1] - w[0]) as f64))
            .collect()
    }
}

/// Per-colour totals the evaluation reads from the board.
pub struct Side<'a> {
    /// Sum of the empty cells' attack values.
    pub attack_sum: i32,
    /// Sum of the empty cells' defence values.
    pub defence_sum: i32,
    /// The two sums in the position before the last move (the same on an empty board).
    pub attack_sum_before: i32,
    pub defence_sum_before: i32,
    /// How many empty cells carry each threat.
    pub threats: &'a [u16; Threat::COUNT],
    /// The weights the colour is evaluated with.
    pub weights: &'static Weights,
}

impl Side<'_> {
    fn has(&self, threat: Threat) -> bool {
        self.threats[threat as usize] > 0
    }
}

/// The score of a position for the side to move (`own`) against the other side.
pub fn score(own: &Side, opponent: &Side) -> i32 {
    let threat = own.weights.threat[threat_mask(own, opponent)];
    let rest = threat as i32 + count_value(own, opponent);
    // In quarters, divided once: a fit's features add up to the same score (examples/tune.rs).
    (cell_value_quarters(own, opponent) + 4 * rest) / (4 * SCALE)
}

/// Four times the cell values for the side to move: its attack sum less the other side's
/// defence sum, blended with the same difference in the position before the last move, seen
/// from the side that was to move there (its attack sum less ours as defence), turned round;
/// the side to move's [`Weights::quarters_before`] says how much of that to take. The cell
/// values alone swing with every move: the side that has just moved has made its own patterns
/// and spoilt the other's. Rapfi's classical evaluation averages its cell values over the
/// position and the one before for that reason; a quarter played better than half in standard,
/// and better than none in freestyle, but not in renju (strength log, sixty-seventh and
/// sixty-eighth sessions).
fn cell_value_quarters(own: &Side, opponent: &Side) -> i32 {
    let now = own.attack_sum - opponent.defence_sum;
    let before = own.defence_sum_before - opponent.attack_sum_before;
    let quarters = own.weights.quarters_before;
    now * (4 - quarters) + before * quarters
}

/// The threats whose number of cells the evaluation values (see [`Weights::counts`]).
pub const COUNTED: [Threat; 11] = [
    Threat::Flex2,
    Threat::Block3,
    Threat::Flex2x2,
    Threat::Block3Plus,
    Threat::Flex3,
    Threat::Flex3Plus,
    Threat::Flex3x2,
    Threat::Block4,
    Threat::Block4Plus,
    Threat::Block4Flex3,
    Threat::Flex4,
];

/// Cell counts above this are valued as this many.
pub const COUNT_CAP: usize = 4;

/// Per threat of [`COUNTED`], the number of cells where `side` holds it, up to [`COUNT_CAP`]:
/// the index into that threat's row of [`Weights::counts`].
pub fn count_levels<'a>(side: &'a Side) -> impl Iterator<Item = usize> + 'a {
    COUNTED
        .iter()
        .map(|&threat| (side.threats[threat as usize] as usize).min(COUNT_CAP))
}

/// The value of both sides' threat counts, from the side to move's weights.
fn count_value(own: &Side, opponent: &Side) -> i32 {
    let mut total = 0;
    for (values, side) in own.weights.counts.iter().zip([own, opponent]) {
        for (per_count, n) in values.iter().zip(count_levels(side)) {
            total += per_count[n] as i32;
        }
    }
    total
}

/// Number of threat masks.
pub const THREAT_MASKS: usize = 1 << 12;

/// The threats each side holds, as a bit mask: what the side to move can do next (a four-three,
/// a double three, a four or three with extras, an open three, a four) and what the other side
/// threatens (an open four, a four-three, a double three, a three with extras, a four with
/// extras, a four). Fives and the side to move's open fours are settled by the search before
/// the evaluation is asked. The value of a mask is its entry in the side to move's
/// [`Weights::threat`], which also carries the bonus for having the move.
pub fn threat_mask(own: &Side, opponent: &Side) -> usize {
    use Threat::*;
    let bits = [
        own.has(Block4Flex3),
        own.has(Flex3x2),
        own.has(Block4Plus),
        own.has(Flex3Plus),
        own.has(Flex3),
        own.has(Block4),
        opponent.has(Flex4),
        opponent.has(Block4Flex3),
        opponent.has(Flex3x2),
        opponent.has(Flex3Plus),
        opponent.has(Block4Plus),
        opponent.has(Block4),
    ];
    bits.iter()
        .enumerate()
        .fold(0, |mask, (bit, &set)| mask | usize::from(set) << bit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weights that value only threat counts: the side to move's open-three points by
    /// `own`, the other side's by `theirs`.
    fn count_only(own: [i16; COUNT_CAP + 1], theirs: [i16; COUNT_CAP + 1]) -> Box<Weights> {
        let flex3 = COUNTED.iter().position(|&t| t == Threat::Flex3).unwrap();
        let mut weights = Box::new(Weights {
            pattern_set: [(0, 0); PATTERN_SETS],
            threat: [0; THREAT_MASKS],
            counts: [[[0; COUNT_CAP + 1]; COUNTED.len()]; 2],
            quarters_before: 0,
        });
        weights.counts[0][flex3] = own;
        weights.counts[1][flex3] = theirs;
        weights
    }

    fn side<'a>(weights: &'static Weights, threats: &'a [u16; Threat::COUNT]) -> Side<'a> {
        Side {
            attack_sum: 0,
            defence_sum: 0,
            attack_sum_before: 0,
            defence_sum_before: 0,
            threats,
            weights,
        }
    }

    #[test]
    fn cell_values_take_a_quarter_from_the_position_before_the_last_move() {
        let mut blending = count_only([0; 5], [0; 5]);
        blending.quarters_before = 1;
        let weights: &'static Weights = Box::leak(blending);
        let none = [0; Threat::COUNT];
        let mut own = side(weights, &none);
        let mut other = side(weights, &none);
        // Now: our attack 800 against their defence 160. Before the last move (theirs),
        // they were to move: their attack 480 against our defence 320.
        (own.attack_sum, other.defence_sum) = (800, 160);
        (other.attack_sum_before, own.defence_sum_before) = (480, 320);
        assert_eq!(
            score(&own, &other),
            (3 * (800 - 160) + (320 - 480)) / 4 / SCALE
        );
        // The sums that belong to the other roles count for nothing.
        (own.attack_sum_before, own.defence_sum) = (4000, 4000);
        (other.attack_sum, other.defence_sum_before) = (4000, 4000);
        assert_eq!(score(&own, &other), 55);
        // Weights that take nothing from before read the sums of now alone.
        let plain: &'static Weights = Box::leak(count_only([0; 5], [0; 5]));
        own.weights = plain;
        assert_eq!(score(&own, &other), (800 - 160) / SCALE);
    }

    #[test]
    fn every_rule_but_renju_blends_in_the_position_before() {
        for rule in Rule::ALL {
            for color in Color::BOTH {
                let expected = if rule == Rule::Renju { 0 } else { 1 };
                let quarters = Weights::of(rule, color).quarters_before;
                assert_eq!(quarters, expected, "{rule:?}");
            }
        }
    }

    #[test]
    fn threat_counts_are_valued_from_the_side_to_moves_table_up_to_the_cap() {
        let mover: &'static Weights = Box::leak(count_only([0, 80, 120, 160, 200], [0; 5]));
        let other: &'static Weights = Box::leak(count_only([0; 5], [0, -40, -64, -80, -96]));
        let none = [0; Threat::COUNT];
        for (cells, own_value, their_value) in [
            (0, 0, 0),
            (1, 80, -40),
            (3, 160, -80),
            (4, 200, -96),
            (9, 200, -96),
        ] {
            let mut threats = [0; Threat::COUNT];
            threats[Threat::Flex3 as usize] = cells;
            // Our open-three points, valued by our own table.
            assert_eq!(
                score(&side(mover, &threats), &side(other, &none)),
                own_value / SCALE
            );
            // The opponent's, valued by our table for theirs (not by their own weights).
            assert_eq!(
                score(&side(other, &none), &side(mover, &threats)),
                their_value / SCALE
            );
        }
    }
}
