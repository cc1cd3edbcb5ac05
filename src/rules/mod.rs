//! The rules of the game as Gomocup's referees judge them: which line of stones wins for which
//! colour under each rule, and (in `forbidden`) which black moves are renju fouls.
//!
//! This module owns the definitions only. It does not know about pattern tables, evaluation or
//! search; they ask it what a five is.

mod forbidden;

pub use forbidden::ForbiddenCheck;

use crate::board::geometry::{Cell, Color};
use std::fmt;

/// A Gomocup rule. The protocol's `INFO rule` bit mask is decoded by [`Rule::from_info`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Rule {
    /// Five or more in a row wins, for both colours (Gomocup rule 0).
    Freestyle,
    /// Exactly five wins, for both colours; six or more is no win and play goes on (rule 1).
    Standard,
    /// Black: exactly five wins and double-three, double-four and overline are fouls that lose.
    /// White: five or more wins (rule 4; Yixin-Board sends 2).
    Renju,
    /// GomocupJudge's caro: six or more wins, or exactly five not blocked at both ends by
    /// opponent stones (rule 8).
    Caro,
    /// Standard caro: exactly five not blocked at both ends by opponent stones (rule 9).
    StandardCaro,
}

impl Rule {
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::StandardCaro,
    ];

    /// Decodes the value of `INFO rule`. Bit 1 is "exactly five", bit 2 "continuous game" (a
    /// manager concern that changes nothing for the engine), bit 4 renju, bit 8 caro; a lone 2 is
    /// Yixin-Board's renju. Returns `None` for values no referee sends.
    pub fn from_info(value: i64) -> Option<Rule> {
        match value {
            0 => Some(Rule::Freestyle),
            1 | 3 => Some(Rule::Standard),
            2 | 4..=7 => Some(Rule::Renju),
            8 | 10 => Some(Rule::Caro),
            9 | 11 => Some(Rule::StandardCaro),
            _ => None,
        }
    }

    /// The canonical Gomocup code of the rule.
    pub fn code(self) -> u8 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::StandardCaro => 9,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::StandardCaro => "standard-caro",
        }
    }

    /// Parses a rule name or Gomocup code, as typed on the command line.
    pub fn parse(text: &str) -> Option<Rule> {
        let text = text.trim().to_ascii_lowercase();
        if let Ok(code) = text.parse::<i64>() {
            return Rule::from_info(code);
        }
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name() == text || (text == "caro8" && *rule == Rule::Caro))
    }

    /// Whether `color` can play fouls under this rule (only black in renju).
    pub fn has_fouls(self, color: Color) -> bool {
        self == Rule::Renju && color == Color::Black
    }

    /// Whether an unbroken line of `run` stones of `color`, whose neighbouring cells beyond its
    /// two ends are `ends`, wins. `ends` only matter for caro, where a five is blocked when both
    /// neighbours hold opponent stones (the board edge and blocked squares are not blocks).
    pub fn is_win(self, color: Color, run: usize, ends: [Cell; 2]) -> bool {
        let blocked = || ends.iter().all(|&end| end == color.opponent().stone());
        match self {
            Rule::Freestyle => run >= 5,
            Rule::Standard => run == 5,
            Rule::Renju => match color {
                Color::Black => run == 5,
                Color::White => run >= 5,
            },
            Rule::Caro => run > 5 || (run == 5 && !blocked()),
            Rule::StandardCaro => run == 5 && !blocked(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN: [Cell; 2] = [Cell::Empty, Cell::Empty];

    #[test]
    fn info_values_map_to_rules() {
        assert_eq!(Rule::from_info(0), Some(Rule::Freestyle));
        assert_eq!(Rule::from_info(1), Some(Rule::Standard));
        assert_eq!(Rule::from_info(2), Some(Rule::Renju));
        assert_eq!(Rule::from_info(4), Some(Rule::Renju));
        assert_eq!(Rule::from_info(8), Some(Rule::Caro));
        assert_eq!(Rule::from_info(9), Some(Rule::StandardCaro));
        assert_eq!(Rule::from_info(16), None);
        assert_eq!(Rule::from_info(-1), None);
    }

    #[test]
    fn overlines_win_only_where_the_referee_says() {
        use Color::*;
        assert!(Rule::Freestyle.is_win(Black, 6, OPEN));
        assert!(!Rule::Standard.is_win(White, 6, OPEN));
        assert!(!Rule::Renju.is_win(Black, 6, OPEN));
        assert!(Rule::Renju.is_win(White, 6, OPEN));
        assert!(Rule::Caro.is_win(Black, 6, [Cell::White, Cell::White]));
        assert!(!Rule::StandardCaro.is_win(Black, 6, OPEN));
    }

    #[test]
    fn caro_fives_blocked_at_both_ends_by_stones_do_not_win() {
        use Color::*;
        let blocked = [Cell::White, Cell::White];
        assert!(!Rule::Caro.is_win(Black, 5, blocked));
        assert!(!Rule::StandardCaro.is_win(Black, 5, blocked));
        assert!(Rule::Caro.is_win(Black, 5, [Cell::White, Cell::Empty]));
        assert!(Rule::Caro.is_win(Black, 5, [Cell::White, Cell::Wall]));
        assert!(Rule::Caro.is_win(White, 5, [Cell::Black, Cell::Wall]));
        assert!(!Rule::Caro.is_win(White, 5, [Cell::Black, Cell::Black]));
    }
}
