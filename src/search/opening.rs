//! Opening decisions made by searching: balanced moves (Yixin-Board's YXBALANCEONE and
//! YXBALANCETWO), and the Swap2 choices (propose three stones; given three, swap, move or add
//! two; given five, swap or move).
//!
//! Every decision is a few ordinary searches through [`Searcher::search`], sharing the time
//! budget it is given.

use super::driver::{SearchEvent, SearchLimits, SearchResult, Searcher};
use super::time::TimeBudget;
use crate::board::{Board, Pos};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// A Swap2 answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// Stones to put on the board: three (black, white, black) on an empty board, or two
    /// (white, black) handing the choice of colour back.
    Stones(Vec<Pos>),
    /// Take the other colour (black): the opponent plays next.
    Swap,
    /// Keep white and play this move.
    Move(Pos),
}

/// A position this far from even (in score units, from the mover's side) is worth choosing a
/// colour for rather than handing the choice back.
const SWAP_MARGIN: i32 = 120;

/// The 26 canonical three-stone openings, as (dx, dy) offsets of black, white, black from the
/// centre: the candidates for a Swap2 proposal.
const THREE_STONE_OPENINGS: [[(i32, i32); 3]; 26] = [
    [(0, 0), (0, -1), (0, -2)],
    [(0, 0), (0, -1), (1, -2)],
    [(0, 0), (0, -1), (2, -2)],
    [(0, 0), (0, -1), (1, -1)],
    [(0, 0), (0, -1), (2, -1)],
    [(0, 0), (0, -1), (1, 0)],
    [(0, 0), (0, -1), (2, 0)],
    [(0, 0), (0, -1), (1, 1)],
    [(0, 0), (0, -1), (2, 1)],
    [(0, 0), (0, -1), (1, 2)],
    [(0, 0), (0, -1), (2, 2)],
    [(0, 0), (0, -1), (0, 1)],
    [(0, 0), (0, -1), (0, 2)],
    [(0, 0), (1, -1), (2, -2)],
    [(0, 0), (1, -1), (2, -1)],
    [(0, 0), (1, -1), (2, 0)],
    [(0, 0), (1, -1), (2, 1)],
    [(0, 0), (1, -1), (2, 2)],
    [(0, 0), (1, -1), (1, 2)],
    [(0, 0), (1, -1), (0, 2)],
    [(0, 0), (1, -1), (1, 1)],
    [(0, 0), (1, -1), (-1, 2)],
    [(0, 0), (1, -1), (0, 1)],
    [(0, 0), (1, -1), (-2, 2)],
    [(0, 0), (1, -1), (-1, 1)],
    [(0, 0), (1, -1), (-2, 1)],
];

impl Searcher {
    /// The move after which the position scores closest to `bias` for the side that played it.
    pub fn balance_one(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        bias: i32,
        stop: &AtomicBool,
        report: &mut dyn FnMut(SearchEvent),
    ) -> Option<SearchResult> {
        let mut all = limits.clone();
        all.multipv = usize::MAX;
        let mut result = self.search(board, &all, stop, report)?;
        if let Some(line) = result
            .lines
            .iter()
            .min_by_key(|l| (l.score - bias).abs())
            .cloned()
        {
            result.best = line.mv;
            result.score = line.score;
            result.pv = line.pv;
        }
        Some(result)
    }

    /// Our move and the opponent's reply after which the position scores closest to `bias`
    /// for us, with that score. The time is shared between the most promising first moves.
    pub fn balance_two(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        bias: i32,
        stop: &AtomicBool,
    ) -> Option<(Pos, Pos, i32)> {
        const FIRST_MOVES: usize = 6;
        let slices = Slices::new(limits.budget, FIRST_MOVES + 1);
        let mut quiet = |_: SearchEvent| {};
        let mut first = limits.clone();
        first.multipv = FIRST_MOVES;
        first.budget = slices.next();
        let candidates = self.search(board, &first, stop, &mut quiet)?.lines;
        let mut best: Option<(Pos, Pos, i32)> = None;
        for line in candidates {
            if stop.load(Relaxed) && best.is_some() {
                break;
            }
            let mut after = board.clone();
            after.make(line.mv);
            let mut replies = limits.clone();
            replies.budget = slices.next();
            replies.excluded.clear();
            let Some(reply) = self.balance_one(&after, &replies, -bias, stop, &mut quiet) else {
                continue;
            };
            // The reply's score is the opponent's; ours is its negation.
            let ours = -reply.score;
            if best.is_none_or(|(_, _, score)| (ours - bias).abs() < (score - bias).abs()) {
                best = Some((line.mv, reply.best, ours));
            }
        }
        best
    }

    /// The Swap2 answer for a position of 0, 3 or 5 stones (black first, in move order).
    pub fn swap2(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Swap2Answer> {
        let mut quiet = |_: SearchEvent| {};
        match board.stone_count() {
            0 => self.propose_opening(board, limits, stop),
            3 => {
                let slices = Slices::new(limits.budget, 3);
                let mut first = limits.clone();
                first.budget = slices.next();
                let result = self.search(board, &first, stop, &mut quiet)?;
                // The score is white's, the side to move.
                if result.score < -SWAP_MARGIN {
                    Some(Swap2Answer::Swap)
                } else if result.score > SWAP_MARGIN {
                    Some(Swap2Answer::Move(result.best))
                } else {
                    let mut rest = limits.clone();
                    rest.budget = slices.rest();
                    let (white, black, _) = self.balance_two(board, &rest, 0, stop)?;
                    Some(Swap2Answer::Stones(vec![white, black]))
                }
            }
            _ => {
                let result = self.search(board, limits, stop, &mut quiet)?;
                Some(if result.score < 0 {
                    Swap2Answer::Swap
                } else {
                    Swap2Answer::Move(result.best)
                })
            }
        }
    }

    /// The canonical three-stone opening that leaves white to move closest to even.
    fn propose_opening(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Option<Swap2Answer> {
        let (cx, cy) = ((board.width() / 2) as i32, (board.height() / 2) as i32);
        let slices = Slices::new(limits.budget, THREE_STONE_OPENINGS.len());
        let mut quiet = |_: SearchEvent| {};
        let mut best: Option<(i32, Vec<Pos>)> = None;
        for opening in THREE_STONE_OPENINGS {
            if stop.load(Relaxed) && best.is_some() {
                break;
            }
            let stones: Option<Vec<Pos>> = opening
                .iter()
                .map(|&(dx, dy)| {
                    let (x, y) = (cx + dx, cy + dy);
                    board
                        .contains(x as i64, y as i64)
                        .then(|| Pos::new(x as usize, y as usize))
                })
                .collect();
            let Some(stones) = stones else { continue };
            let mut position = board.clone();
            for &stone in &stones {
                position.make(stone);
            }
            let mut one = limits.clone();
            one.budget = slices.next();
            let Some(result) = self.search(&position, &one, stop, &mut quiet) else {
                continue;
            };
            if best
                .as_ref()
                .is_none_or(|(score, _)| result.score.abs() < score.abs())
            {
                best = Some((result.score, stones));
            }
        }
        best.map(|(_, stones)| Swap2Answer::Stones(stones))
    }
}

/// Splits a time budget into equal consecutive slices.
struct Slices {
    start: Instant,
    maximum: Duration,
    count: u32,
    given: std::cell::Cell<u32>,
}

impl Slices {
    fn new(budget: TimeBudget, count: usize) -> Slices {
        Slices {
            start: budget.start,
            maximum: budget.maximum,
            count: count.max(1) as u32,
            given: std::cell::Cell::new(0),
        }
    }

    /// The next slice: up to its share of the budget's end, from now.
    fn next(&self) -> TimeBudget {
        let given = self.given.get() + 1;
        self.given.set(given.min(self.count));
        let end = self.start + self.maximum * given.min(self.count) / self.count;
        let now = Instant::now();
        TimeBudget::fixed(now, end.saturating_duration_since(now))
    }

    /// Everything left until the end of the budget.
    fn rest(&self) -> TimeBudget {
        self.given.set(self.count);
        let now = Instant::now();
        TimeBudget::fixed(
            now,
            (self.start + self.maximum).saturating_duration_since(now),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::board_from_moves;
    use crate::rules::Rule;

    fn limits(ms: u64) -> SearchLimits {
        let mut limits =
            SearchLimits::new(TimeBudget::fixed(Instant::now(), Duration::from_millis(ms)));
        limits.max_depth = 6;
        limits
    }

    #[test]
    fn balance_one_picks_the_move_closest_to_the_bias() {
        let board = board_from_moves(15, 15, Rule::Freestyle, "h8i9").unwrap();
        let mut searcher = Searcher::new(1 << 20);
        let stop = AtomicBool::new(false);
        let all = searcher
            .search(
                &board,
                &SearchLimits {
                    multipv: usize::MAX,
                    ..limits(2000)
                },
                &stop,
                &mut |_| {},
            )
            .unwrap();
        let chosen = searcher
            .balance_one(&board, &limits(2000), 0, &stop, &mut |_| {})
            .unwrap();
        let closest = all.lines.iter().map(|l| l.score.abs()).min().unwrap();
        assert!(
            chosen.score.abs() <= closest + 40,
            "{} vs {closest}",
            chosen.score
        );
    }

    #[test]
    fn swap2_answers_fit_the_stone_count() {
        let mut searcher = Searcher::new(1 << 20);
        let stop = AtomicBool::new(false);
        let empty = Board::new(15, 15, Rule::Freestyle);
        match searcher.swap2(&empty, &limits(1500), &stop).unwrap() {
            Swap2Answer::Stones(stones) => assert_eq!(stones.len(), 3),
            other => panic!("{other:?}"),
        }
        let three = board_from_moves(15, 15, Rule::Freestyle, "h8o1i8").unwrap();
        let answer = searcher.swap2(&three, &limits(1500), &stop).unwrap();
        assert!(matches!(
            answer,
            Swap2Answer::Swap | Swap2Answer::Move(_) | Swap2Answer::Stones(_)
        ));
        if let Swap2Answer::Stones(stones) = answer {
            assert_eq!(stones.len(), 2);
        }
        // Five stones where black already has an open three: take black.
        let five = board_from_moves(15, 15, Rule::Freestyle, "h8a1i8o15j8").unwrap();
        assert_eq!(
            searcher.swap2(&five, &limits(1500), &stop).unwrap(),
            Swap2Answer::Swap
        );
    }
}
