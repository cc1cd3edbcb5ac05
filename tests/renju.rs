//! Renju fouls as the referee judges them, seen through YXSHOWFORBID, and the engine's play
//! around them: black never plays one, white forces black onto one.

mod common;
use common::*;

/// The FORBID line for the position after `moves` (letter-number, black first) under renju.
fn forbid(moves: &str) -> String {
    let mut e = Engine::start();
    e.send("INFO rule 4");
    e.new_game(15);
    let list = split_moves(moves);
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    e.send_block("YXBOARD", &stones_for_side_to_move(&refs));
    e.send("YXSHOWFORBID");
    let line = e.line();
    assert!(line.starts_with("FORBID ") && line.ends_with('.'), "{line}");
    line
}

/// The FORBID code of a cell: two-digit x, two-digit y.
fn code(name: &str) -> String {
    let (x, y) = cell(name);
    format!("{x:02}{y:02}")
}

fn is_listed(line: &str, name: &str) -> bool {
    let body = &line["FORBID ".len()..line.len() - 1];
    body.as_bytes()
        .chunks(4)
        .any(|c| c == code(name).as_bytes())
}

/// Interleaves black stones with white stones placed far away in the corners.
fn black_with_far_white(black: &[&str], white: &[&str]) -> String {
    let mut list = String::new();
    for (i, b) in black.iter().enumerate() {
        list.push_str(b);
        if let Some(w) = white.get(i) {
            list.push_str(w);
        }
    }
    list
}

const FAR: [&str; 12] = [
    "a1", "o1", "a15", "o15", "c1", "m1", "c15", "m15", "a5", "o5", "a11", "o11",
];

#[test]
fn double_three() {
    assert!(is_listed(&forbid("h8h9i7i9h10i6i11i12"), "g9"));
    let line = forbid(&black_with_far_white(&["h9", "h10", "i8", "j8"], &FAR[..4]));
    assert!(is_listed(&line, "h8"), "{line}");
}

#[test]
fn three_capped_by_white_is_no_three() {
    // As above, but white k8 caps the row: h8 is a single three.
    let line = forbid("h9a1h10o1i8k8j8o15");
    assert!(!is_listed(&line, "h8"), "{line}");
}

#[test]
fn double_four_across_two_lines() {
    let line = forbid(&black_with_far_white(
        &["h8", "h9", "h10", "i7", "j7", "k7"],
        &FAR[..6],
    ));
    assert!(is_listed(&line, "h7"), "{line}");
}

#[test]
fn double_four_on_one_line() {
    // XXX_X_XXX, X_XXX_X and XX_XX_XX with the move in the middle.
    let line = forbid(&black_with_far_white(
        &["e8", "f8", "g8", "k8", "l8", "m8"],
        &FAR[..6],
    ));
    assert!(is_listed(&line, "i8"), "{line}");
    let line = forbid(&black_with_far_white(&["f8", "h8", "j8", "l8"], &FAR[..4]));
    assert!(is_listed(&line, "i8"), "{line}");
    let line = forbid(&black_with_far_white(
        &["e8", "f8", "h8", "k8", "l8"],
        &FAR[..5],
    ));
    assert!(is_listed(&line, "i8"), "{line}");
}

#[test]
fn overline_is_a_foul_and_exact_five_beats_fouls() {
    let line = forbid(&black_with_far_white(
        &["c8", "d8", "e8", "g8", "h8"],
        &FAR[..5],
    ));
    assert!(is_listed(&line, "f8"), "six in a row: {line}");
    // f8 makes an exact five on row 8 and a four on column f: the five wins, no foul.
    let line = forbid(&black_with_far_white(
        &["d8", "e8", "g8", "h8", "f9", "f10", "f11"],
        &FAR[..7],
    ));
    assert!(!is_listed(&line, "f8"), "{line}");
}

#[test]
fn four_three_is_legal() {
    let line = forbid(&black_with_far_white(
        &["h8", "h9", "h10", "i7", "j7"],
        &FAR[..5],
    ));
    assert!(!is_listed(&line, "h7"), "{line}");
}

#[test]
fn fake_three_does_not_count() {
    // h8 makes an open three on column h (h9 h10) and h8 i8 j8 on row 8, capped on the left
    // by white f8 so that only k8 makes a straight four. With black k9 k10 k11 and l9 m10 n11,
    // k8 is a double four (a foul), so the row three is fake and h8 is legal.
    let black = [
        "h9", "h10", "i8", "j8", "k9", "k10", "k11", "l9", "m10", "n11",
    ];
    let mut white = vec!["f8"];
    white.extend_from_slice(&FAR[..9]);
    let line = forbid(&black_with_far_white(&black, &white));
    assert!(is_listed(&line, "k8"), "k8 is a double four: {line}");
    assert!(!is_listed(&line, "h8"), "the row three is fake: {line}");
    // Without the stones that make k8 a foul, h8 is a real double three.
    let black = ["h9", "h10", "i8", "j8"];
    let line = forbid(&black_with_far_white(&black, &["f8", "a1", "o1", "a15"]));
    assert!(is_listed(&line, "h8"), "{line}");
}

#[test]
fn black_engine_never_plays_a_foul() {
    // Black to move: h8 would be a winning double three in freestyle, but is a foul here.
    let mut e = Engine::start();
    e.send("INFO rule 4");
    e.new_game(15);
    let moves = black_with_far_white(&["h9", "h10", "i8", "j8"], &FAR[..4]);
    let list = split_moves(&moves);
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    assert_ne!(e.board(&stones_for_side_to_move(&refs)), cell("h8"));
}

#[test]
fn white_engine_forces_black_onto_a_foul() {
    // White j10 k11 l12 with black m13: i9 makes a four whose only block, h8, is a black
    // double three (h9 h10, i8 j8).
    let mut e = Engine::start();
    e.send("INFO rule 4");
    e.new_game(15);
    let list = split_moves("h9j10h10k11i8l12j8a1m13");
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    assert_eq!(e.board(&stones_for_side_to_move(&refs)), cell("i9"));
}

/// A full board but for two cells, white to move: black on j8 would make g8 h8 i8 j8 k8 l8, six
/// in a row, so j8 is black's foul. White fills m3 and leaves black nothing legal to play (a
/// win: renju black must play the foul); filling j8 instead would draw on a full board. The
/// rest of the board repeats `XXOO` shifted two cells a row, where no line holds more than
/// three stones of one colour.
#[test]
fn white_leaves_black_only_a_foul_on_a_full_board() {
    let foul = cell("j8");
    let last = cell("m3");
    let black_at = |x: usize, y: usize| match (x, y) {
        (8, 7) => true,   // i8, joining g8 h8 to k8 l8 across the foul
        (0, 12) => false, // one black stone fewer, so that white is to move
        _ => (x + 2 * y) % 4 < 2,
    };
    let mut stones = Vec::new();
    for y in 0..15 {
        for x in 0..15 {
            if (x, y) != foul && (x, y) != last {
                // The engine plays white: its stones are field 1.
                stones.push((x, y, if black_at(x, y) { 2 } else { 1 }));
            }
        }
    }
    assert_eq!(stones.iter().filter(|s| s.2 == 2).count(), 112);
    let mut e = Engine::start();
    e.send("INFO rule 4");
    e.new_game(15);
    assert_eq!(e.board(&stones), last);
}
