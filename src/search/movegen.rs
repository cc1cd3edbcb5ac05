//! Move generation and ordering for the alpha-beta search, driven by the cell threats.
//!
//! When the opponent threatens a straight four (it has an open three), only the moves that can
//! matter are generated: the squares of that four and its neighbours (every cell where the
//! opponent would make a four), and our own fours. Otherwise every candidate cell is generated.
//! Moves are ordered by the hash move, then by what they make for us and prevent for the
//! opponent, then by killer and history scores.

use crate::board::{Board, Pos};
use crate::pattern::{CellInfo, Threat};

#[derive(Clone, Copy, Debug)]
pub struct ScoredMove {
    pub pos: Pos,
    pub score: i32,
    /// The move makes a four or open three, or stops one: never reduced.
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

/// Static ordering score of a move from the two colours' cell infos.
pub fn static_score(mine: CellInfo, theirs: CellInfo) -> i32 {
    attack_weight(mine.threat)
        + defence_weight(theirs.threat)
        + 2 * mine.value as i32
        + theirs.value as i32
}

pub fn is_tactical(mine: CellInfo, theirs: CellInfo) -> bool {
    mine.threat >= Threat::Flex3 || theirs.threat >= Threat::Flex3
}

/// Scores every legal candidate move of the side to move. `defending` restricts the moves to
/// those that answer an opponent's open three (see the module comment).
pub fn generate(board: &mut Board, defending: bool, out: &mut Vec<ScoredMove>) {
    let us = board.to_move();
    let them = us.opponent();
    out.clear();
    let mut foul_checks = false;
    board.for_each_candidate(|pos| {
        let mine = board.info(us, pos);
        let theirs = board.info(them, pos);
        if defending && !(mine.threat.is_four() || theirs.threat >= Threat::Block4) {
            return;
        }
        if mine.threat == Threat::Forbidden {
            return;
        }
        foul_checks |= mine.needs_foul_check;
        out.push(ScoredMove {
            pos,
            score: static_score(mine, theirs),
            tactical: is_tactical(mine, theirs),
        });
    });
    if foul_checks {
        out.retain(|m| !(board.info(us, m.pos).needs_foul_check && board.is_forbidden(us, m.pos)));
    }
}

/// The side to move's four-making moves (legal ones), strongest first: the quiescence search.
pub fn fours(board: &mut Board, out: &mut Vec<ScoredMove>) {
    let us = board.to_move();
    let them = us.opponent();
    out.clear();
    let mut foul_checks = false;
    board.for_each_candidate(|pos| {
        let mine = board.info(us, pos);
        if mine.threat.is_four() {
            foul_checks |= mine.needs_foul_check;
            out.push(ScoredMove {
                pos,
                score: static_score(mine, board.info(them, pos)),
                tactical: true,
            });
        }
    });
    if foul_checks {
        out.retain(|m| !(board.info(us, m.pos).needs_foul_check && board.is_forbidden(us, m.pos)));
    }
    sort(out);
}

/// Sorts moves best first, stable so that equal scores keep board order (deterministic).
pub fn sort(moves: &mut [ScoredMove]) {
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
}
