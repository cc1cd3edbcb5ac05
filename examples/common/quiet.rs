//! Which positions the evaluation is fitted on: shared by the tuner, which fits them, and the
//! samplers that draw them.

use sente::board::Board;
use sente::pattern::Threat;

/// Nothing is forced: no five for either side to play, no open four for the side to move.
pub fn is_quiet(board: &Board) -> bool {
    let us = board.to_move();
    let them = us.opponent();
    board.empties() > 0
        && board.count(us, Threat::Five) == 0
        && board.count(them, Threat::Five) == 0
        && board.count(us, Threat::Flex4) == 0
}
