//! The worker's judgement of forced positions on hand-made boards.

use super::*;
use crate::board::geometry::parse_letter_number;
use crate::search::time::TimeBudget;
use std::time::Instant;

/// What the side to move must or can do after the moves (letter-number, black first).
fn urgency_after(rule: Rule, moves: &[&str]) -> Urgency {
    let mut board = Board::new(15, 15, rule);
    for mv in moves {
        let (x, y) = parse_letter_number(mv).expect("move");
        board.make(Pos::new(x, y));
    }
    let tt = TranspositionTable::new(1 << 20);
    let stop = AtomicBool::new(false);
    let budget = TimeBudget::unlimited(Instant::now());
    let mut worker = Worker::new(board, &tt, &stop, budget, u64::MAX, true);
    worker.urgency()
}

/// Black to move has the four-three k8 (h8 i8 j8 capped by g8, with k9 k10); white has a
/// blocked three c12 d12 e12 of its own, so it has fours to make.
const FOUR_THREE_AGAINST_FOURS: [&str; 12] = [
    "h8", "g8", "i8", "c12", "j8", "d12", "k9", "e12", "k10", "o1", "b12", "a1",
];

#[test]
fn a_four_three_whose_forced_block_makes_no_four_wins() {
    for rule in [Rule::Freestyle, Rule::Standard] {
        assert!(
            matches!(
                urgency_after(rule, &FOUR_THREE_AGAINST_FOURS),
                Urgency::DoubleThreat
            ),
            "{rule:?}"
        );
    }
}

#[test]
fn a_four_three_whose_forced_block_makes_a_four_is_no_sure_win() {
    // White's l9 l10 l11 (capped by black's l12): blocking the four at l8 makes a white four.
    let moves = [
        "h8", "g8", "i8", "l9", "j8", "l10", "k9", "l11", "k10", "o1", "l12", "a1",
    ];
    assert!(matches!(
        urgency_after(Rule::Freestyle, &moves),
        Urgency::Open
    ));
}

#[test]
fn renju_black_four_three_is_left_to_the_search() {
    // Black's fouls make its threats uncertain: no shortcut, whatever the block makes.
    assert!(matches!(
        urgency_after(Rule::Renju, &FOUR_THREE_AGAINST_FOURS),
        Urgency::Open
    ));
}
