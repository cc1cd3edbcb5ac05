//! Renju's weights, one set per colour. No fit has yet beaten the freestyle and standard
//! values in renju (see the README's "Fitting the evaluation"), so both sets are those values,
//! without the blend with the position before the last move, which did not play better in
//! renju (strength log, sixty-eighth session); `examples/tune.rs` run on renju games writes
//! this file anew with fitted sets.

use super::{Weights, GOMOKU};

/// Renju, black.
pub static RENJU_BLACK: Weights = Weights {
    quarters_before: 0,
    ..GOMOKU
};

/// Renju, white: the same values as black's until a fit sets them apart.
pub static RENJU_WHITE: Weights = RENJU_BLACK;
