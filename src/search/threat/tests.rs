//! VCF/VCT solver on hand-made positions with known answers.

use super::*;
use crate::board::geometry::parse_letter_number;
use crate::rules::Rule;
use crate::search::movegen::Danger;

/// A 15×15 board after the moves (letter-number notation, black first).
fn position(rule: Rule, moves: &[&str]) -> Board {
    let mut board = Board::new(15, 15, rule);
    for mv in moves {
        let (x, y) = parse_letter_number(mv).expect("move");
        board.make(Pos::new(x, y));
    }
    board
}

fn at(mv: &str) -> Pos {
    let (x, y) = parse_letter_number(mv).expect("move");
    Pos::new(x, y)
}

fn win(board: &mut Board, mode: ThreatMode, depth: u32) -> Option<Vec<Pos>> {
    let hash = board.hash();
    let line = ThreatSearch::new().find_win(board, mode, depth, 1_000_000);
    assert_eq!(board.hash(), hash, "the search must restore the board");
    line
}

#[test]
fn four_three_is_a_vcf() {
    // Black: h8 i8 j8 capped by white g8, and k9 k10. k8 makes a four on row 8 and an open
    // three on column k; after the forced l8, k7 or k11 is a straight four.
    let mut board = position(
        Rule::Freestyle,
        &[
            "h8", "g8", "i8", "a1", "j8", "o1", "k9", "a15", "k10", "o15",
        ],
    );
    let line = win(&mut board, ThreatMode::Vcf, 10).expect("a VCF");
    assert_eq!(line[0], at("k8"));
    assert_eq!(line[1], at("l8"), "white's only block");
}

#[test]
fn no_vcf_is_claimed_without_one() {
    // Same stones, but white also holds k11: the column three is capped and nothing wins.
    let mut board = position(
        Rule::Freestyle,
        &[
            "h8", "g8", "i8", "a1", "j8", "o1", "k9", "a15", "k10", "k11",
        ],
    );
    assert_eq!(win(&mut board, ThreatMode::Vcf, 10), None);
}

#[test]
fn white_wins_by_forcing_black_onto_a_foul() {
    // White j10 k11 l12 with m13 black: i9 makes a four whose only completion, h8, is a black
    // double three (h9 h10 and i8 j8). In renju black cannot block; in freestyle it can.
    let moves = ["h9", "j10", "h10", "k11", "i8", "l12", "j8", "a1", "m13"];
    let mut renju = position(Rule::Renju, &moves);
    assert!(renju.is_forbidden(Color::Black, at("h8")));
    let line = win(&mut renju, ThreatMode::Vcf, 10).expect("white's VCF through the foul");
    assert_eq!(line[0], at("i9"));
    let mut freestyle = position(Rule::Freestyle, &moves);
    assert_eq!(win(&mut freestyle, ThreatMode::Vcf, 10), None);
}

#[test]
fn black_does_not_win_through_its_own_foul() {
    // Black h9 h10 and i8 j8 make h8 a double three (a foul), so black's "win" there is none;
    // freestyle's black wins with the double three.
    let moves = ["h9", "a1", "h10", "o1", "i8", "a15", "j8", "o15"];
    let mut freestyle = position(Rule::Freestyle, &moves);
    let line = win(&mut freestyle, ThreatMode::Vct, 4).expect("double three wins");
    assert_eq!(line[0], at("h8"));
    let mut renju = position(Rule::Renju, &moves);
    if let Some(line) = win(&mut renju, ThreatMode::Vct, 4) {
        assert_ne!(line[0], at("h8"), "h8 is a foul for black");
    }
}

#[test]
fn counter_four_refutes_a_vcf() {
    // Black's k8 four-three as above, but white's forced block l8 also makes a white four
    // (l8 l9 l10 l11, capped by black l7), so black must answer at l12 and white then has time
    // to stop the column three: k8 starts no VCF.
    let mut board = position(
        Rule::Freestyle,
        &[
            "h8", "g8", "i8", "l9", "j8", "l10", "k9", "l11", "k10", "a1", "l7", "o15",
        ],
    );
    let line = win(&mut board, ThreatMode::Vcf, 10);
    assert!(
        line.as_ref().is_none_or(|l| l[0] != at("k8")),
        "k8 is refuted by the counter-four: {line:?}"
    );
}

#[test]
fn a_second_search_of_a_won_position_still_gives_the_move() {
    // The cache proves the win the first time; the root must still produce the line.
    let mut board = position(
        Rule::Freestyle,
        &["h9", "a1", "h10", "o1", "i8", "a15", "j8", "o15"],
    );
    let mut solver = ThreatSearch::new();
    let first = solver
        .find_win(&mut board, ThreatMode::Vct, 4, 1_000_000)
        .expect("win");
    let again = solver
        .find_win(&mut board, ThreatMode::Vct, 4, 1_000_000)
        .expect("win");
    assert_eq!(first[0], again[0]);
}

#[test]
fn the_winning_line_replays_on_the_board() {
    // From a game (black to move wins by VCT). Threats the solver tried and saw refuted must
    // leave nothing behind: the line is the attack and the first defences, each on an empty
    // cell, no cell twice.
    let mut board = position(
        Rule::Freestyle,
        &[
            "h8", "i9", "i11", "h7", "h11", "i7", "j11", "g11", "h10", "i6", "i8", "f8",
        ],
    );
    let attacker = board.to_move();
    let line = win(&mut board, ThreatMode::Vct, 12).expect("black wins");
    for (i, &mv) in line.iter().enumerate() {
        assert!(board.is_empty(mv), "move {i} of {line:?} is on a stone");
        board.make(mv);
    }
    assert!(
        line.len() % 2 == 1,
        "ends with the attacker's move: {line:?}"
    );
    let last = *line.last().expect("a line");
    assert!(
        board.is_five_at(last) || board.count(attacker, Threat::Five) >= 2,
        "ends in a five or a straight four: {line:?}"
    );
}

/// Renju, white to move (a Rapfi self-play game). Black's i12 is a four (g10 h11 i12 j13,
/// blocked at k14) and a three (i11 i12 i14), but the three's one straight-four square, i13,
/// is a foul (a four and two threes): after k14 black has no straight four to make, so the
/// four-three wins nothing, and white is not held to defending it.
#[test]
fn a_renju_four_three_whose_three_cannot_become_a_straight_four_is_no_win() {
    let moves = "k9 f6 h10 j10 j8 i9 h8 i7 i8 k8 h9 h7 h11 h12 i11 g8 j12 g9 g10 f11 k11 g11 \
                 j13 f9 k13 l14 k12 k10 l11 j11 m10 n9 i14";
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let mut board = position(Rule::Renju, &moves);
    assert_eq!(board.threat(Color::Black, at("i12")), Threat::Block4Flex3);
    assert!(board.is_forbidden(Color::Black, at("i13")));
    assert_eq!(Danger::assess(&mut board), Danger::None);
    board.pass();
    assert!(!has_winning_four_three(&mut board));
    assert!(winning_four_threes(&mut board).is_empty());
}

/// Renju, black to move (a Rapfi self-play game). Black's h14 (a four, g15 forced) then k14
/// makes the three k11 k12 k14, whose straight four k13 would leave k10 and k15 open; k15 is
/// a foul for black (so no four is seen there), yet a white stone on it stops the three. Black
/// has no VCT once white's answers include it; before, black claimed h14 as a win.
#[test]
fn a_renju_three_can_be_stopped_on_a_black_foul() {
    let moves = "i9 j9 k11 j10 j8 h10 i10 j11 j12 k9 i8 i7 l8 k8 i12 i11 h12 g12 k7 l9 j6 m9 \
                 n9 k6 i13 l10 k12 l12 g11 f10";
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let mut board = position(Rule::Renju, &moves);
    for mv in ["h14", "g15", "k14"] {
        board.make(at(mv));
    }
    assert!(board.is_forbidden(Color::Black, at("k15")));
    board.make(at("k15"));
    assert_eq!(win(&mut board, ThreatMode::Vct, 10), None);
    for _ in 0..4 {
        board.unmake();
    }
    assert_eq!(win(&mut board, ThreatMode::Vct, 10), None);
}
