//! Search scores: static evaluations in "centipawn-like" units, and proven results as
//! `WIN - plies` (a win found `plies` half-moves from the root) or its negation.

/// Score of a five on the board right now.
pub const WIN: i32 = 30_000;
/// Larger than any score.
pub const INFINITY: i32 = 31_000;
/// Longest line the search follows (a 32×32 board holds 1024 stones).
pub const MAX_PLY: usize = 1100;
/// Scores beyond this are proven wins or losses.
pub const PROVEN: i32 = WIN - MAX_PLY as i32;
/// Static evaluations are kept inside this range.
pub const EVAL_LIMIT: i32 = PROVEN - 1;

/// Score for winning (making five) at `ply` half-moves from the root.
pub const fn mate_in(ply: usize) -> i32 {
    WIN - ply as i32
}

/// Score for losing at `ply` half-moves from the root.
pub const fn mated_in(ply: usize) -> i32 {
    -WIN + ply as i32
}

pub fn is_proven(score: i32) -> bool {
    score.abs() >= PROVEN
}

/// Half-moves until the proven result, counted from where the score was measured.
pub fn plies_to_result(score: i32) -> i32 {
    WIN - score.abs()
}

/// Makes a proven score relative to the node at `ply` (for the hash table).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// The score as the live-output format writes it: centipawns, or `+M<n>` / `-M<n>` for a win
/// or loss in `n` of the engine's own moves.
pub fn format(score: i32) -> String {
    if is_proven(score) {
        let moves = (plies_to_result(score) + 1) / 2;
        format!("{}M{}", if score > 0 { '+' } else { '-' }, moves)
    } else {
        score.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_proven_scores_in_moves() {
        assert_eq!(format(mate_in(1)), "+M1");
        assert_eq!(format(mate_in(5)), "+M3");
        assert_eq!(format(mated_in(4)), "-M2");
        assert_eq!(format(-35), "-35");
    }
}
