//! Cell threats: what playing on an empty cell achieves for one colour across its four lines
//! (a five, an open four, a four-three, a double three, …), plus the cell's evaluation value.
//!
//! For the threat, a line pattern only matters through its *category* (nine of them: nothing,
//! open two, blocked three, open three, four, open four, renju's double-four-in-a-line, five,
//! renju's overline). A cell's four categories form a base-9 *combination code*, and a
//! 6561-entry table turns the code into the threat. The evaluation value is read from the
//! unordered set of the four line patterns themselves (the *pattern set*), through a base-15
//! *pattern code*.
//!
//! The board keeps neither code: all of this is a function of a cell's four line patterns, so
//! the board reads a cell's threat, shape and values from one table built from these, indexed
//! by the *pairs* of its lines (directions 0 and 1, directions 2 and 3; see [`pair`]).
//!
//! Renju black's fouls are decided here when the lines alone prove them (an overline, or two
//! fours, without a five); a possible double three needs the referee's recursive check and is
//! only flagged.

use super::line::LinePattern;
use crate::board::geometry::Color;
use crate::rules::Rule;

/// The strongest thing a move on a cell does for one colour, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash, Default)]
#[repr(u8)]
pub enum Threat {
    #[default]
    None = 0,
    /// Renju black: the move is a foul (an overline or a double four), or a double three,
    /// counted as one until the exact check (`needs_foul_check`) says otherwise.
    Forbidden,
    /// One open two.
    Flex2,
    /// A blocked three.
    Block3,
    /// Two open twos.
    Flex2x2,
    /// A blocked three with a second blocked three or an open two.
    Block3Plus,
    /// An open three.
    Flex3,
    /// An open three with a blocked three or an open two.
    Flex3Plus,
    /// Two open threes (a double three).
    Flex3x2,
    /// A four.
    Block4,
    /// A four with a blocked three or an open two.
    Block4Plus,
    /// A four and an open three (four-three): wins unless answered by a counter-four.
    Block4Flex3,
    /// An open four or two fours: wins unless the opponent has a four of their own.
    Flex4,
    /// A five: the move wins.
    Five,
}

impl Threat {
    pub const COUNT: usize = 14;

    /// Whether the move makes at least one four (so the opponent must answer it).
    pub fn is_four(self) -> bool {
        self >= Threat::Block4 && self <= Threat::Flex4
    }

    /// Whether the move makes an open three that is not also a four.
    pub fn is_three(self) -> bool {
        self >= Threat::Flex3 && self <= Threat::Flex3x2
    }
}

/// Everything the search and evaluation read about one empty cell for one colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CellInfo {
    pub threat: Threat,
    /// Renju black: the move may be a double-three (or two fours on one line) foul, which only
    /// the referee's recursive check can settle.
    pub needs_foul_check: bool,
    /// The cell's attack value: what it is worth to this colour when it is to move (also the
    /// move-ordering value).
    pub value: i16,
    /// The cell's defence value: what it is worth to this colour when the other side is to move.
    pub defence: i16,
    /// The cell's shape (see [`shape`]): move ordering values it.
    pub shape: u16,
}

impl CellInfo {
    /// A foul the line patterns alone decide (overline, double four): no exact check needed.
    #[inline(always)]
    pub fn is_certain_foul(self) -> bool {
        self.threat == Threat::Forbidden && !self.needs_foul_check
    }
}

/// Number of line-pattern categories.
pub const CATEGORIES: u16 = 9;
/// Place value of direction `d` in a combination code.
const PLACE: [u16; 4] = [1, 9, 81, 729];
/// Number of combination codes.
pub const COMBINATIONS: usize = 6561;

/// The category of a line pattern in combination codes.
#[inline(always)]
const fn category(pattern: LinePattern) -> u16 {
    // Indexed by LinePattern: Dead, Overline, Blocked1, Flex1, Blocked2, Flex2, Flex2Double,
    // Flex2Triple, Blocked3, Flex3, Flex3Double, Blocked4, Flex4, DoubleFourLine, Five.
    const CATEGORY: [u16; LinePattern::COUNT] = [0, 8, 0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6, 7];
    CATEGORY[pattern as usize]
}

/// A representative line pattern of each category (to decode combination codes).
const REPRESENTATIVE: [LinePattern; CATEGORIES as usize] = [
    LinePattern::Dead,
    LinePattern::Flex2,
    LinePattern::Blocked3,
    LinePattern::Flex3,
    LinePattern::Blocked4,
    LinePattern::Flex4,
    LinePattern::DoubleFourLine,
    LinePattern::Five,
    LinePattern::Overline,
];

/// The combination code of four line patterns.
pub fn combination(patterns: [LinePattern; 4]) -> u16 {
    (0..4).map(|d| category(patterns[d]) * PLACE[d]).sum()
}

/// Number of cell shapes: unordered combinations of four categories (C(9 + 3, 4)).
pub const SHAPES: usize = 495;

/// Combination code → shape: the combination with its four directions forgotten (sorted), as a
/// dense index. Move ordering values a cell by its shape, so a cell's value does not depend on
/// which of its lines carries which pattern.
static SHAPE_OF: [u16; COMBINATIONS] = unordered_index::<{ CATEGORIES as usize }, COMBINATIONS>();

/// The shape of a combination code.
#[inline(always)]
pub fn shape(combination: u16) -> usize {
    SHAPE_OF[combination as usize] as usize
}

/// Four line patterns that make up a shape, one per category (for building tables).
pub fn shape_patterns(shape: usize) -> [LinePattern; 4] {
    let code = first_code(&SHAPE_OF, shape);
    std::array::from_fn(|d| REPRESENTATIVE[(code / PLACE[d] % CATEGORIES) as usize])
}

/// Place value of direction `d` in a pattern code: the four line patterns themselves, base 15,
/// where a combination code has only their categories.
const PATTERN_PLACE: [u16; 4] = [1, 15, 225, 3375];
/// Number of pattern codes.
pub const PATTERN_CODES: usize = 50625;
/// Number of pattern sets: unordered combinations of four line patterns (C(15 + 3, 4)).
pub const PATTERN_SETS: usize = 3060;

/// Pattern code → pattern set, as `SHAPE_OF` for combination codes. The evaluation values a
/// cell by its pattern set, which tells apart what a shape lumps together (the kinds of two,
/// the lone stones, an open three with two ways to become a straight four). 100 KB, read when
/// the board's tables are built.
static PATTERN_SET_OF: [u16; PATTERN_CODES] =
    unordered_index::<{ LinePattern::COUNT }, PATTERN_CODES>();

/// The pattern code of four line patterns.
pub fn pattern_code(patterns: [LinePattern; 4]) -> u16 {
    (0..4).map(|d| patterns[d] as u16 * PATTERN_PLACE[d]).sum()
}

/// The four line patterns of a pattern code (the inverse of `pattern_code`).
fn code_patterns(code: u16) -> [LinePattern; 4] {
    std::array::from_fn(|d| {
        LinePattern::from_u8((code / PATTERN_PLACE[d] % LinePattern::COUNT as u16) as u8)
    })
}

/// The pattern set of a pattern code.
#[inline(always)]
pub fn pattern_set(code: u16) -> usize {
    PATTERN_SET_OF[code as usize] as usize
}

/// The four line patterns of a pattern set.
pub fn pattern_set_patterns(set: usize) -> [LinePattern; 4] {
    code_patterns(first_code(&PATTERN_SET_OF, set))
}

/// Number of line-pattern pairs: unordered pairs of two line patterns (C(15 + 1, 2)).
pub const PAIRS: usize = 120;

/// The pair of two line patterns: the two with their order forgotten, as a dense index. The
/// board keeps a cell's four lines as two pairs (directions 0 and 1, directions 2 and 3) and
/// reads the cell's info from a table indexed by the two.
#[inline(always)]
pub fn pair(a: LinePattern, b: LinePattern) -> usize {
    PAIR_OF[a as usize][b as usize] as usize
}

/// The pair of two line patterns, numbered in increasing order of the sorted two.
const PAIR_OF: [[u8; LinePattern::COUNT]; LinePattern::COUNT] = {
    const N: usize = LinePattern::COUNT;
    let mut table = [[0; N]; N];
    let mut next = 0;
    let mut a = 0;
    while a < N {
        let mut b = a;
        while b < N {
            table[a][b] = next;
            table[b][a] = next;
            next += 1;
            b += 1;
        }
        a += 1;
    }
    table
};

/// Two line patterns that make up a pair (for building tables).
pub fn pair_patterns(pair: usize) -> [LinePattern; 2] {
    let n = LinePattern::COUNT as u8;
    (0..n)
        .flat_map(|a| (a..n).map(move |b| [a, b]))
        .find(|&[a, b]| PAIR_OF[a as usize][b as usize] as usize == pair)
        .unwrap_or_default()
        .map(LinePattern::from_u8)
}

/// The first code that `table` (code → unordered index) maps to `index` (for building tables
/// and fitting, not for the search).
fn first_code(table: &[u16], index: usize) -> u16 {
    table.iter().position(|&i| i as usize == index).unwrap_or(0) as u16
}

/// For four base-`BASE` digits (`CODES` = `BASE`⁴ codes): code → dense index of the code's
/// digits sorted, numbered in increasing order of the sorted digits.
const fn unordered_index<const BASE: usize, const CODES: usize>() -> [u16; CODES] {
    let place = [1, BASE, BASE * BASE, BASE * BASE * BASE];
    let mut dense = [0u16; CODES];
    let mut next = 0;
    let mut a = 0;
    while a < BASE {
        let mut b = a;
        while b < BASE {
            let mut c = b;
            while c < BASE {
                let mut d = c;
                while d < BASE {
                    dense[a + place[1] * b + place[2] * c + place[3] * d] = next;
                    next += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    let mut table = [0u16; CODES];
    let mut code = 0;
    while code < CODES {
        let mut digits = [
            code % BASE,
            code / place[1] % BASE,
            code / place[2] % BASE,
            code / place[3],
        ];
        // Sort the four digits (insertion sort; const fn).
        let mut i = 1;
        while i < 4 {
            let mut j = i;
            while j > 0 && digits[j - 1] > digits[j] {
                let t = digits[j];
                digits[j] = digits[j - 1];
                digits[j - 1] = t;
                j -= 1;
            }
            i += 1;
        }
        table[code] =
            dense[digits[0] + place[1] * digits[1] + place[2] * digits[2] + place[3] * digits[3]];
        code += 1;
    }
    table
}

/// Combination code → threat and foul-check flag, for one rule and colour.
pub struct CellTable {
    entries: Vec<(Threat, bool)>,
}

impl CellTable {
    pub fn build(rule: Rule, color: Color) -> CellTable {
        let fouls = rule.has_fouls(color);
        let entries = (0..COMBINATIONS as u16)
            .map(|code| {
                let patterns: [LinePattern; 4] = std::array::from_fn(|d| {
                    REPRESENTATIVE[(code / PLACE[d] % CATEGORIES) as usize]
                });
                combine(patterns, fouls)
            })
            .collect();
        CellTable { entries }
    }

    /// The threat of a combination code and whether it needs the renju foul check.
    #[inline(always)]
    pub fn threat(&self, code: u16) -> (Threat, bool) {
        self.entries[code as usize]
    }
}

/// Combines the four line patterns of a cell into its threat, and whether a renju foul check is
/// still needed.
pub fn combine(patterns: [LinePattern; 4], fouls: bool) -> (Threat, bool) {
    use LinePattern as P;
    let count = |f: fn(LinePattern) -> bool| patterns.iter().filter(|&&p| f(p)).count();
    if count(|p| p == P::Five) > 0 {
        return (Threat::Five, false);
    }
    let flex4 = count(|p| p == P::Flex4);
    let fours = count(|p| p.is_four());
    let double_four_line = count(|p| p == P::DoubleFourLine);
    let flex3 = count(|p| p.is_flex3());
    let block3 = count(|p| p == P::Blocked3);
    let flex2 = count(|p| p.is_flex2());
    let mut needs_check = false;
    if fouls {
        if count(|p| p == P::Overline) > 0 || fours + double_four_line >= 2 {
            return (Threat::Forbidden, false);
        }
        needs_check = flex3 >= 2 || double_four_line > 0;
        if flex3 >= 2 && fours + double_four_line == 0 {
            // A double three is almost always a foul, and where it is not (one of the threes
            // is fake) it is only a three: never a double-three threat. Counted as a foul,
            // pending the exact check when the move is to be played.
            return (Threat::Forbidden, true);
        }
    }
    let threat = if flex4 > 0 || fours >= 2 {
        Threat::Flex4
    } else if fours == 1 || double_four_line > 0 {
        if flex3 > 0 {
            Threat::Block4Flex3
        } else if block3 + flex2 > 0 {
            Threat::Block4Plus
        } else {
            Threat::Block4
        }
    } else if flex3 >= 2 {
        Threat::Flex3x2
    } else if flex3 == 1 {
        if block3 + flex2 > 0 {
            Threat::Flex3Plus
        } else {
            Threat::Flex3
        }
    } else if block3 >= 2 || (block3 == 1 && flex2 >= 1) {
        Threat::Block3Plus
    } else if flex2 >= 2 {
        Threat::Flex2x2
    } else if block3 == 1 {
        Threat::Block3
    } else if flex2 == 1 {
        Threat::Flex2
    } else {
        Threat::None
    };
    (threat, needs_check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use LinePattern as P;

    #[test]
    fn combination_codes_give_the_same_threat_as_the_patterns() {
        for rule in Rule::ALL {
            for color in Color::BOTH {
                let table = CellTable::build(rule, color);
                let fouls = rule.has_fouls(color);
                for a in 0..LinePattern::COUNT as u8 {
                    for b in 0..LinePattern::COUNT as u8 {
                        let patterns = [
                            LinePattern::from_u8(a),
                            LinePattern::from_u8(b),
                            P::Flex2,
                            LinePattern::from_u8((a + b) % LinePattern::COUNT as u8),
                        ];
                        let code = combination(patterns);
                        assert_eq!(table.threat(code), combine(patterns, fouls), "{patterns:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn shapes_forget_directions() {
        let mut seen = std::collections::HashSet::new();
        for code in 0..COMBINATIONS as u16 {
            let digits: Vec<u16> = (0..4).map(|d| code / PLACE[d] % CATEGORIES).collect();
            let mut sorted = digits.clone();
            sorted.sort();
            let sorted_code: u16 = (0..4).map(|d| sorted[d] * PLACE[d]).sum();
            assert_eq!(shape(code), shape(sorted_code));
            assert!(shape(code) < SHAPES);
            seen.insert(shape(code));
        }
        assert_eq!(seen.len(), SHAPES);
        for s in 0..SHAPES {
            assert_eq!(shape(combination(shape_patterns(s))), s);
        }
    }

    #[test]
    fn pattern_sets_forget_directions_and_nothing_else() {
        let mut seen = std::collections::HashSet::new();
        for code in 0..PATTERN_CODES as u16 {
            let mut patterns = code_patterns(code);
            assert_eq!(pattern_code(patterns), code);
            patterns.sort();
            assert_eq!(pattern_set(code), pattern_set(pattern_code(patterns)));
            seen.insert(pattern_set(code));
        }
        assert_eq!(seen.len(), PATTERN_SETS);
        for set in 0..PATTERN_SETS {
            assert_eq!(pattern_set(pattern_code(pattern_set_patterns(set))), set);
        }
    }

    #[test]
    fn pairs_forget_order_and_nothing_else() {
        let n = LinePattern::COUNT as u8;
        let mut seen = std::collections::HashSet::new();
        for a in (0..n).map(LinePattern::from_u8) {
            for b in (0..n).map(LinePattern::from_u8) {
                assert_eq!(pair(a, b), pair(b, a));
                assert!(pair(a, b) < PAIRS);
                let [x, y] = pair_patterns(pair(a, b));
                assert!([x, y] == [a, b] || [x, y] == [b, a], "{a:?} {b:?}");
                seen.insert(pair(a, b));
            }
        }
        assert_eq!(seen.len(), PAIRS);
    }

    #[test]
    fn categories() {
        use LinePattern::*;
        let expect = [
            (Dead, 0),
            (Blocked2, 0),
            (Flex2Triple, 1),
            (Blocked3, 2),
            (Flex3Double, 3),
            (Blocked4, 4),
            (Flex4, 5),
            (DoubleFourLine, 6),
            (Five, 7),
            (Overline, 8),
        ];
        for (pattern, cat) in expect {
            assert_eq!(category(pattern), cat, "{pattern:?}");
        }
    }

    #[test]
    fn combinations() {
        let d = P::Dead;
        assert_eq!(
            combine([P::Five, P::Overline, d, d], true),
            (Threat::Five, false)
        );
        assert_eq!(
            combine([P::Overline, P::Flex3, d, d], true),
            (Threat::Forbidden, false)
        );
        assert_eq!(
            combine([P::Blocked4, P::Flex4, d, d], true),
            (Threat::Forbidden, false)
        );
        assert_eq!(
            combine([P::Blocked4, P::Flex4, d, d], false),
            (Threat::Flex4, false)
        );
        assert_eq!(
            combine([P::Blocked4, P::Flex3, d, d], true),
            (Threat::Block4Flex3, false)
        );
        assert_eq!(
            combine([P::Flex3, P::Flex3Double, d, d], true),
            (Threat::Forbidden, true)
        );
        assert_eq!(
            combine([P::Flex3, P::Flex3, d, d], false),
            (Threat::Flex3x2, false)
        );
        assert_eq!(
            combine([P::Blocked4, P::Flex3, P::Flex3, d], true),
            (Threat::Block4Flex3, true)
        );
        assert_eq!(
            combine([P::DoubleFourLine, d, d, d], true),
            (Threat::Block4, true)
        );
        assert_eq!(
            combine([P::Blocked3, P::Flex2, d, d], false),
            (Threat::Block3Plus, false)
        );
        assert_eq!(combine([P::Flex2, d, d, d], false), (Threat::Flex2, false));
        assert_eq!(combine([d, d, d, d], false), (Threat::None, false));
    }
}
