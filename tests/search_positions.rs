//! Search regression positions from real games, searched to a fixed depth (never a clock): the
//! move must win where the position is won and defend where it is threatened.

use sente::board::geometry::to_letter_number;
use sente::cli::board_from_moves;
use sente::rules::Rule;
use sente::search::{score, SearchLimits, SearchResult, Searcher, TimeBudget};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn search(rule: Rule, moves: &str, depth: u32) -> SearchResult {
    let board = board_from_moves(15, 15, rule, moves).expect("legal moves");
    let mut limits = SearchLimits::new(TimeBudget::unlimited(Instant::now()));
    limits.max_depth = depth;
    Searcher::new(64 << 20)
        .search(&board, &limits, &AtomicBool::new(false), &mut |_| {})
        .expect("a move")
}

/// Sente (white) against AIWine, 1 s a move, 2026-11-23. At depth 16 g8 is a proven win (so is
/// j7, by Rapfi); f8, which loses to a black VCT, failed low against g8's mate score and came
/// back with exactly that score as its bound. The tie went to f8, the statically better move,
/// and the won game was lost. The move played must be one whose win was proven. (Searched to
/// depth 18 since the history-adjusted reductions, which prove g8 from depth 18 on.)
#[test]
fn a_proven_win_is_played_not_a_move_that_only_ties_with_its_bound() {
    let result = search(Rule::Freestyle, "h8 i9 i11 h7 h11 i7 j11 g11 h10 i6 i8", 18);
    let best = to_letter_number(result.best);
    assert!(
        score::is_proven(result.score) && result.score > 0,
        "{result:?}"
    );
    assert!(best == "g8" || best == "j7", "played {best}: {result:?}");
    assert_eq!(result.pv.first(), Some(&result.best));
    assert!(
        result.pv.len() > 1,
        "a proven line, not a lone move: {result:?}"
    );
}
