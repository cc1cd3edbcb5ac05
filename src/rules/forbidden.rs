//! Renju fouls, decided exactly as the Gomocup referees (Piskvork and GomocupJudge) decide them.
//!
//! The referee looks at the four lines through the move, in this order: an exact five makes the
//! move legal; otherwise two or more fours is a double-four; otherwise two or more *real* threes
//! is a double-three; otherwise six or more in a row is an overline. A three is real when a
//! square that turns it into a straight four is itself a legal black move, judged by the same
//! procedure with the first stone in place (and there, a five counts as "not legal": a three
//! completed into a five is not a three).
//!
//! The line tests below reproduce the referee's window tests one for one, including which
//! windows it looks at first and which completion squares of a three it tries, because a
//! tournament is lost on any disagreement. Everything off the board is a wall, as in the
//! referee's padded lines.

use crate::board::geometry::{Cell, Pos, DIRECTIONS};

/// Exact renju foul detection over a padded grid of cells. The check places trial stones and
/// always restores the cells before it returns.
pub struct ForbiddenCheck<'a> {
    cells: &'a mut [Cell],
}

/// The completion squares of a three, as offsets along the line: one or two.
type ThreeCompletions = (isize, Option<isize>);

impl<'a> ForbiddenCheck<'a> {
    pub fn new(cells: &'a mut [Cell]) -> Self {
        ForbiddenCheck { cells }
    }

    /// Whether black playing on the empty cell `pos` is a foul.
    pub fn is_forbidden(&mut self, pos: Pos) -> bool {
        self.is_foul(pos, false)
    }

    /// The referee's recursive judgement. `nested` is set when judging a three's completion
    /// square, where making a five also disqualifies the square.
    fn is_foul(&mut self, pos: Pos, nested: bool) -> bool {
        if self.cells[pos.index()] == Cell::White {
            return false;
        }
        let saved = self.cells[pos.index()];
        self.cells[pos.index()] = Cell::Black;
        let foul = if DIRECTIONS.iter().any(|&dir| self.exact_five(pos, dir)) {
            nested
        } else {
            DIRECTIONS
                .iter()
                .map(|&dir| self.fours(pos, dir))
                .sum::<u32>()
                >= 2
                || self.real_threes(pos) >= 2
                || DIRECTIONS.iter().any(|&dir| self.overline(pos, dir))
        };
        self.cells[pos.index()] = saved;
        foul
    }

    fn real_threes(&mut self, pos: Pos) -> u32 {
        let mut count = 0;
        for dir in DIRECTIONS {
            if let Some((first, second)) = self.three(pos, dir) {
                let real = !self.is_foul(pos.step(dir, first), true)
                    || second.is_some_and(|offset| !self.is_foul(pos.step(dir, offset), true));
                count += u32::from(real);
            }
        }
        count
    }

    #[inline]
    fn at(&self, pos: Pos, dir: isize, offset: isize) -> Cell {
        self.cells[pos.step(dir, offset).index()]
    }

    fn is_black(&self, pos: Pos, dir: isize, offset: isize) -> bool {
        self.at(pos, dir, offset) == Cell::Black
    }

    fn is_empty(&self, pos: Pos, dir: isize, offset: isize) -> bool {
        self.at(pos, dir, offset) == Cell::Empty
    }

    /// Whether the `len` cells starting at `start` hold `len - empties` black stones and
    /// `empties` empty cells (the referee's "sum of the window" test).
    fn window(&self, pos: Pos, dir: isize, start: isize, len: isize, empties: usize) -> bool {
        let mut black = 0;
        let mut empty = 0;
        for k in start..start + len {
            match self.at(pos, dir, k) {
                Cell::Black => black += 1,
                Cell::Empty => empty += 1,
                _ => return false,
            }
        }
        empty == empties && black + empty == len as usize
    }

    /// Six or more black in a row through `pos`.
    fn overline(&self, pos: Pos, dir: isize) -> bool {
        (-5..=0).any(|s| self.window(pos, dir, s, 6, 0))
    }

    /// Exactly five black in a row through `pos`.
    fn exact_five(&self, pos: Pos, dir: isize) -> bool {
        (-4..=0).any(|s| {
            self.window(pos, dir, s, 5, 0)
                && !self.is_black(pos, dir, s - 1)
                && !self.is_black(pos, dir, s + 5)
        })
    }

    /// Fours through `pos` on one line: 0, 1, or 2 for the three shapes the referee counts as
    /// two fours on one line (`XXX_X_XXX`, `XX_XX_XX`, `X_XXX_X` with the move in the middle).
    /// Only the first window that holds a four is examined, as the referee does.
    fn fours(&self, pos: Pos, dir: isize) -> u32 {
        let black = |k| self.is_black(pos, dir, k);
        let empty = |k| self.is_empty(pos, dir, k);
        for s in -4..=0 {
            if !(self.window(pos, dir, s, 5, 1) && !black(s - 1) && !black(s + 5)) {
                continue;
            }
            let double = if empty(s + 4) {
                false // XXXX_
            } else if empty(s + 3) {
                // XXX_X, and XXX_X_XXX with the move on the lone middle stone
                s == -4
                    && empty(s + 5)
                    && black(s + 6)
                    && black(s + 7)
                    && black(s + 8)
                    && !black(s + 9)
            } else if empty(s + 2) {
                // XX_XX, and XX_XX_XX with the move on one of the middle pair
                (s == -4 || s == -3)
                    && empty(s + 5)
                    && black(s + 6)
                    && black(s + 7)
                    && !black(s + 8)
            } else if empty(s + 1) {
                // X_XXX, and X_XXX_X with the move on one of the middle three
                (-4..=-2).contains(&s) && empty(s + 5) && black(s + 6) && !black(s + 7)
            } else {
                false // _XXXX
            };
            return if double { 2 } else { 1 };
        }
        0
    }

    /// The first three through `pos` on one line that one more stone turns into a straight four,
    /// with the square(s) that do it, tried in the referee's order.
    fn three(&self, pos: Pos, dir: isize) -> Option<ThreeCompletions> {
        let black = |k| self.is_black(pos, dir, k);
        let empty = |k| self.is_empty(pos, dir, k);
        // The far end of a straight four made at `gap` must stay open and not extend into six.
        let right_open = |s: isize| empty(s + 4) && !black(s + 5);
        for s in -3..=0 {
            if !(self.window(pos, dir, s, 4, 1) && empty(s - 1) && !black(s - 2)) {
                continue;
            }
            if empty(s + 3) {
                // XXX_
                if black(s + 4) {
                    continue;
                }
                if empty(s - 2) && !black(s - 3) {
                    return Some(if right_open(s) {
                        (s + 3, Some(s - 1))
                    } else {
                        (s - 1, None)
                    });
                }
                if right_open(s) {
                    return Some((s + 3, None));
                }
            } else if empty(s + 2) {
                // XX_X
                if right_open(s) {
                    return Some((s + 2, None));
                }
            } else if empty(s + 1) {
                // X_XX
                if right_open(s) {
                    return Some((s + 1, None));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::{parse_letter_number, GRID};

    /// A 15×15 grid from a move list in letter-number notation, black first.
    fn grid(moves: &str) -> Vec<Cell> {
        let mut cells = vec![Cell::Wall; GRID];
        for y in 0..15 {
            for x in 0..15 {
                cells[Pos::new(x, y).index()] = Cell::Empty;
            }
        }
        let mut rest = moves;
        let mut black = true;
        while !rest.is_empty() {
            let digits = rest[1..].chars().take_while(|c| c.is_ascii_digit()).count();
            let (mv, tail) = rest.split_at(1 + digits);
            let (x, y) = parse_letter_number(mv).unwrap();
            cells[Pos::new(x, y).index()] = if black { Cell::Black } else { Cell::White };
            black = !black;
            rest = tail;
        }
        cells
    }

    fn forbidden(moves: &str, at: &str) -> bool {
        let mut cells = grid(moves);
        let (x, y) = parse_letter_number(at).unwrap();
        let before = cells.clone();
        let verdict = ForbiddenCheck::new(&mut cells).is_forbidden(Pos::new(x, y));
        assert!(cells == before, "the check must restore the board");
        verdict
    }

    #[test]
    fn referee_self_test_double_three() {
        // GomocupJudge's self-test: black to move, g9 is a double three.
        assert!(forbidden("h8h9i7i9h10i6i11i12", "g9"));
    }

    #[test]
    fn double_four_across_two_lines() {
        // Black h8 h9 h10 (vertical) and i7 j7 k7... make a vertical and a horizontal four at h7.
        assert!(forbidden("h8a1h9a3h10a5i7a7j7a9k7a11", "h7"));
    }

    #[test]
    fn double_four_on_one_line() {
        // XXX_X_XXX on row 8 with the move on the lone middle stone: e8 f8 g8 _ i8 _ k8 l8 m8.
        assert!(forbidden("e8a1f8a3g8a5k8a7l8a9m8a11", "i8"));
        // X_XXX_X: f8 _ h8 i8 j8 _ l8 with the move on i8.
        assert!(forbidden("f8a1h8a3j8a5l8a7", "i8"));
    }

    #[test]
    fn overline_is_forbidden_but_exact_five_is_not() {
        assert!(forbidden("c8a1d8a3e8a5g8a7h8a9", "f8"));
        assert!(!forbidden("d8a1e8a3g8a5h8a7", "f8"));
    }

    #[test]
    fn five_that_is_also_a_double_four_is_legal() {
        // f8 makes an exact five on row 8 while also making a vertical four with f9 f10 f11.
        assert!(!forbidden("d8a1e8a3g8a5h8a7f9a9f10a11f11a13", "f8"));
    }

    #[test]
    fn four_three_is_legal() {
        // h7 makes a four on column h (h8 h9 h10) and an open three on row 7 (i7 j7).
        assert!(!forbidden("h8a1h9a3h10a5i7a7j7a9", "h7"));
    }

    #[test]
    fn three_capped_by_white_does_not_count() {
        // h8 makes an open three on column h (h9 h10) and h8 i8 j8 on row 8, which white k8
        // caps: one real three, so legal. Without k8 it is a double three.
        assert!(!forbidden("h9a1h10a3i8k8j8o1", "h8"));
        assert!(forbidden("h9a1h10a3i8a5j8o1", "h8"));
    }
}
