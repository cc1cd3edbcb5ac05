//! Cell threats: what playing on an empty cell achieves for one colour across its four lines
//! (a five, an open four, a four-three, a double three, …), plus the cell's evaluation value.
//!
//! A cell's four line patterns are packed into a 16-bit *pattern code* (one nibble per
//! direction) and a table turns the code into a [`CellInfo`]. Renju black's fouls are decided
//! here when the lines alone prove them (an overline or two fours without a five); a possible
//! double three needs the referee's recursive check and is only flagged.

use super::line::LinePattern;
use crate::board::geometry::Color;
use crate::eval;
use crate::rules::Rule;

/// The strongest thing a move on a cell does for one colour, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash, Default)]
#[repr(u8)]
pub enum Threat {
    #[default]
    None = 0,
    /// Renju black: the move is certainly a foul.
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
    /// The cell's contribution to the static evaluation.
    pub value: i16,
}

/// Pattern code → cell info, for one rule and colour.
pub struct CellTable {
    infos: Vec<CellInfo>,
}

impl CellTable {
    pub fn build(rule: Rule, color: Color) -> CellTable {
        let fouls = rule.has_fouls(color);
        let infos = (0..1usize << 16)
            .map(|code| {
                let patterns = unpack(code as u16);
                let (threat, needs_foul_check) = combine(patterns, fouls);
                CellInfo {
                    threat,
                    needs_foul_check,
                    value: eval::cell_value(patterns, threat),
                }
            })
            .collect();
        CellTable { infos }
    }

    #[inline(always)]
    pub fn info(&self, code: u16) -> CellInfo {
        self.infos[code as usize]
    }
}

/// The four line patterns packed in a pattern code (direction `d` in bits `4d..4d+4`).
pub fn unpack(code: u16) -> [LinePattern; 4] {
    std::array::from_fn(|d| {
        let nibble = (code >> (4 * d) & 0xf) as u8;
        LinePattern::from_u8(nibble.min(LinePattern::COUNT as u8 - 1))
    })
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
            (Threat::Flex3x2, true)
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
