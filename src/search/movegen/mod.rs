//! Move generation and ordering for the alpha-beta search, driven by the cell threats.
//!
//! When the opponent threatens to win, only the moves that can matter are generated, plus our
//! own fours (a counter-attack the opponent must answer first):
//! - against a straight four it can make (an open three on the board): every cell where the
//!   opponent would make a four, which includes all the squares of that straight four, and in
//!   renju every cell that is a foul for black (a four there reads as a foul);
//! - against a four-three it can play: that point, and the empty cells within four steps of it
//!   on its four-line and three-line, which include every cell that spoils either (some are
//!   out of every stone's reach, so these are looked for beyond the candidates). A
//!   four-three whose forced block is a four of ours threatens nothing yet: every move is
//!   generated.
//!
//! A superfluous "defence" costs one node: the child sees the opponent's win at once.
//! Otherwise every candidate cell is generated. Moves are ordered by the hash move, then by what
//! they make for us and prevent for the opponent (threat weights, the cells' evaluation values,
//! and a correction per cell shape fitted to the moves Rapfi plays: [`SHAPE_ORDER`]), then by
//! killer and history scores.
//!
//! Public for the tools that fit the ordering (`examples/order_fit.rs`); the search is its only
//! user in the engine.

use super::threat::{cells_with, has_winning_four_three, winning_four_threes};
use crate::board::{Board, CellSet, Pos, DIRECTIONS};
use crate::eval;
use crate::pattern::{CellInfo, Threat};

mod shape_order;
pub use shape_order::{ShapeOrder, SHAPE_ORDER};

/// What the opponent threatens at a node, which decides the moves worth generating.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Danger {
    None,
    /// The opponent can make a straight four.
    OpenFour,
    /// The opponent can play a four-three.
    FourThree,
}

impl Danger {
    /// The opponent's most urgent threat (fives are handled before move generation). A
    /// four-three counts only where it wins: where the block it forces would make a four of
    /// ours, the opponent must block that in turn, its three no longer wins by force, and
    /// every move of ours stays worth searching (the counter-attack that wins may be a quiet
    /// one: a double three, with the block's four to come).
    pub fn assess(board: &mut Board) -> Danger {
        let them = board.to_move().opponent();
        if super::threat::legal_cell(board, them, Threat::Flex4).is_some() {
            Danger::OpenFour
        } else if as_opponent(board, has_winning_four_three) {
            Danger::FourThree
        } else {
            Danger::None
        }
    }
}

/// Asks `question` of the opponent's side of the board (as if we passed).
fn as_opponent<T>(board: &mut Board, question: impl FnOnce(&mut Board) -> T) -> T {
    board.pass();
    let answer = question(board);
    board.pass();
    answer
}

#[derive(Clone, Copy, Debug)]
pub struct ScoredMove {
    pub pos: Pos,
    pub score: i32,
    /// The move makes a four, a four-three or a double three, or stops one: it earns no killer
    /// or history credit (those are for quiet moves).
    pub tactical: bool,
}

/// Ordering weight of what a move makes for the side to move.
fn attack_weight(threat: Threat) -> i32 {
    use Threat::*;
    match threat {
        None | Forbidden => 0,
        Flex2 => 120,
        Block3 => 150,
        Flex2x2 => 400,
        Block3Plus => 300,
        Flex3 => 1_000,
        Flex3Plus => 1_400,
        Flex3x2 => 12_000,
        Block4 => 900,
        Block4Plus => 2_000,
        Block4Flex3 => 20_000,
        Flex4 => 100_000,
        Five => 1_000_000,
    }
}

/// Ordering weight of what a move takes away from the opponent.
fn defence_weight(threat: Threat) -> i32 {
    use Threat::*;
    match threat {
        None | Forbidden => 0,
        Flex2 => 80,
        Block3 => 60,
        Flex2x2 => 250,
        Block3Plus => 150,
        Flex3 => 600,
        Flex3Plus => 800,
        Flex3x2 => 6_000,
        Block4 => 400,
        Block4Plus => 800,
        Block4Flex3 => 9_000,
        Flex4 => 50_000,
        Five => 500_000,
    }
}

/// Static ordering score of a move from the two colours' cell infos: its pattern score and the
/// shape corrections.
pub fn static_score(mine: CellInfo, theirs: CellInfo) -> i32 {
    pattern_score(mine, theirs) + SHAPE_ORDER.score(mine.shape, theirs.shape)
}

/// The ordering score before the shape corrections: threat weights, then the cells' attack
/// values (in score units: they are stored at eval's scale). `examples/order_fit.rs` fits the
/// corrections on top of it.
pub fn pattern_score(mine: CellInfo, theirs: CellInfo) -> i32 {
    let values = (2 * mine.value as i32 + theirs.value as i32) * 4 / (3 * eval::SCALE);
    attack_weight(mine.threat) + defence_weight(theirs.threat) + values
}

impl ShapeOrder {
    /// The correction for a move making shape `own` for the side to move, where the opponent
    /// would make `theirs`.
    #[inline(always)]
    pub fn score(&self, own: u16, theirs: u16) -> i32 {
        self.own[own as usize] as i32 + self.theirs[theirs as usize] as i32
    }
}

pub fn is_tactical(mine: CellInfo, theirs: CellInfo) -> bool {
    mine.threat >= Threat::Flex3x2 || theirs.threat >= Threat::Flex3x2
}

/// Scores every legal candidate move of the side to move that answers `danger`.
pub fn generate(board: &mut Board, danger: Danger, out: &mut Vec<ScoredMove>) {
    let us = board.to_move();
    let them = us.opponent();
    out.clear();
    let defences = (danger == Danger::FourThree).then(|| four_three_defences(board));
    let mut foul_checks = false;
    let mut consider = |pos| {
        let mine = board.info(us, pos);
        let theirs = board.info(them, pos);
        let wanted = match danger {
            Danger::None => true,
            Danger::OpenFour => mine.threat.is_four() || may_stop_a_straight_four(theirs.threat),
            Danger::FourThree => {
                mine.threat.is_four() || defences.as_ref().is_some_and(|d| d.set.contains(pos))
            }
        };
        // A foul is no move; a double three still to be checked may be legal (a fake three).
        if !wanted || mine.is_certain_foul() {
            return;
        }
        foul_checks |= mine.needs_foul_check;
        out.push(ScoredMove {
            pos,
            score: static_score(mine, theirs),
            tactical: is_tactical(mine, theirs),
        });
    };
    board.for_each_candidate(&mut consider);
    // A four-three's three may be spoilt at the far end of its line, out of every stone's reach.
    let found = defences.iter().flat_map(|d| &d.cells);
    for &pos in found.filter(|&&pos| !board.is_candidate(pos)) {
        if board.threat(us, pos) >= Threat::Block3 || board.threat(them, pos) >= Threat::Block3 {
            consider(pos);
        }
    }
    if foul_checks {
        out.retain(|m| !(board.info(us, m.pos).needs_foul_check && board.is_forbidden(us, m.pos)));
    }
}

/// Whether a stone of ours on a cell where the opponent would make `theirs` may stop its
/// straight four: the cell is one of its four squares, or in renju one of black's fouls (a four
/// of black's there reads as a foul).
pub fn may_stop_a_straight_four(theirs: Threat) -> bool {
    theirs >= Threat::Block4 || theirs == Threat::Forbidden
}

/// The opponent's winning four-three points and the cells where a stone of ours can spoil one:
/// the empty cells within four steps of the point on the lines where it makes the four or the
/// three, and those within four steps, in every direction, of the square where we would then
/// have to block the four (a stone there can make that block a four of ours, which takes the
/// move back before the three becomes a straight four).
fn four_three_defences(board: &mut Board) -> Defences {
    let them = board.to_move().opponent();
    let points = as_opponent(board, winning_four_threes);
    let mut found = Defences::default();
    for &point in &points {
        found.add(point);
    }
    let mut add_around = |board: &Board, centre: Pos, dirs: &[isize]| {
        for &dir in dirs {
            for k in (-4..=4).filter(|&k| k != 0) {
                let cell = centre.step(dir, k);
                if board.is_empty(cell) {
                    found.add(cell);
                }
            }
        }
    };
    for point in points {
        for (d, &dir) in DIRECTIONS.iter().enumerate() {
            let line = board.line_pattern(them, point, d);
            if line.is_four() || line.is_flex3() {
                add_around(board, point, &[dir]);
            }
        }
        for block in blocks_after(board, point) {
            add_around(board, block, &DIRECTIONS);
        }
    }
    found
}

/// The cells that can spoil the opponent's four-threes, in the order they were found, and as a
/// set: move generation asks every candidate whether it is one.
#[derive(Default)]
struct Defences {
    cells: Vec<Pos>,
    set: CellSet,
}

impl Defences {
    fn add(&mut self, cell: Pos) {
        if !self.set.contains(cell) {
            self.set.insert(cell);
            self.cells.push(cell);
        }
    }
}

/// The squares where the opponent, after playing `point`, would make five: where we would
/// have to block.
fn blocks_after(board: &mut Board, point: Pos) -> Vec<Pos> {
    as_opponent(board, |board| {
        board.make(point);
        let blocks = cells_with(
            board,
            board.to_move().opponent(),
            Threat::Five,
            Threat::Five,
        );
        board.unmake();
        blocks
    })
}

/// The side to move's four-making moves (legal ones) at least as strong as `weakest` and, when
/// `near` is given, on a line with it or next to it (see [`Pos::is_near_line`]), strongest
/// first: the quiescence search.
pub fn fours(board: &mut Board, weakest: Threat, near: Option<Pos>, out: &mut Vec<ScoredMove>) {
    let us = board.to_move();
    let them = us.opponent();
    out.clear();
    let mut foul_checks = false;
    for pos in board.threat_cells(us, weakest.max(Threat::Block4), Threat::Flex4) {
        if near.is_some_and(|n| !n.is_near_line(pos)) {
            continue;
        }
        let mine = board.info(us, pos);
        foul_checks |= mine.needs_foul_check;
        out.push(ScoredMove {
            pos,
            score: static_score(mine, board.info(them, pos)),
            tactical: true,
        });
    }
    if foul_checks {
        out.retain(|m| !(board.info(us, m.pos).needs_foul_check && board.is_forbidden(us, m.pos)));
    }
    sort(out);
}

/// Sorts moves best first, stable so that equal scores keep board order (deterministic).
pub fn sort(moves: &mut [ScoredMove]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}

/// Brings the best move (the first of the best, as [`sort`] would) to the front and keeps the
/// others in their order, so that sorting `moves[1..]` later gives [`sort`]'s order. Most cut
/// nodes cut on their first move and need no more than this.
pub fn put_best_first(moves: &mut [ScoredMove]) {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate().skip(1) {
        if m.score > moves[best].score {
            best = i;
        }
    }
    if best > 0 {
        moves[..=best].rotate_right(1);
    }
}

#[cfg(test)]
mod tests;
