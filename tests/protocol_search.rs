//! What the engine plays, and when: the referees' self-test positions, fives, blocks and VCFs,
//! and the time, stop and end behaviour a manager relies on.

mod common;
use common::*;
use sente::board::{Board, Pos};
use sente::rules::Rule;
use sente::search::{ThreatMode, ThreatSearch};
use std::time::{Duration, Instant};

fn engine_with_rule(rule: u8) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("INFO rule {rule}"));
    e.new_game(15);
    e
}

fn answer(rule: u8, moves: &str) -> (usize, usize) {
    let mut e = engine_with_rule(rule);
    let list = split_moves(moves);
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    e.board(&stones_for_side_to_move(&refs))
}

#[test]
fn referee_self_test_freestyle() {
    let mv = answer(0, "h8h9i8i9j8j9k8k9");
    assert!(mv == cell("g8") || mv == cell("l8"), "{mv:?}");
}

#[test]
fn referee_self_test_standard() {
    // White to move; h13 would make six, which does not win in standard.
    let mv = answer(1, "h8h9i8h10g8h11j13h12g14h14i15");
    assert!(mv == cell("f8") || mv == cell("j8"), "{mv:?}");
}

#[test]
fn referee_self_test_renju() {
    // Black to move: g9 is a double three.
    let mv = answer(4, "h8h9i7i9h10i6i11i12");
    assert_ne!(mv, cell("g9"));
}

#[test]
fn referee_self_test_caro() {
    // Black's g8-j8 four is capped by white f8 and l8: k8 would be a five blocked at both ends,
    // no win in caro. White's f7 f8 f9 is an open three: black must stop it.
    let mv = answer(8, "h8f8g8f9i8f7j8l8");
    assert!(
        [cell("f5"), cell("f6"), cell("f10"), cell("f11")].contains(&mv),
        "{mv:?}"
    );
}

#[test]
fn plays_its_own_five_rather_than_block() {
    // (Black to move with both fours on the board is the freestyle self-test above.)
    // White to move with a four of its own and black's four on the board: white wins first.
    let mv = answer(0, "h8h10i8i10j8j10k8k10a1");
    assert!(mv == cell("g10") || mv == cell("l10"), "{mv:?}");
}

#[test]
fn blocks_a_four() {
    // Black has h8 i8 j8 k8 capped at g8 by white; white must take l8.
    let mv = answer(0, "h8g8i8a1j8a15k8");
    assert_eq!(mv, cell("l8"));
}

#[test]
fn finds_a_vcf() {
    // Black to move: k8 makes a four on row 8 and an open three on column k.
    let mv = answer(0, "h8g8i8a1j8o1k9a15k10o15");
    assert_eq!(mv, cell("k8"));
}

/// Our move must leave the opponent without a VCF whenever some move does.
#[test]
fn does_not_walk_into_a_vcf() {
    // White to move (nine stones) faces black's threat of a four-three at k8 (h8 i8 j8
    // capped by g8, k9 k10).
    let moves = "h8g8i8a1j8o1k9a15k10";
    let mv = answer(0, moves);
    let mut board = Board::new(15, 15, Rule::Freestyle);
    for (x, y) in sente::board::geometry::parse_moves(moves).unwrap() {
        board.make(Pos::new(x, y));
    }
    board.make(Pos::new(mv.0, mv.1));
    let vcf = ThreatSearch::new().find_win(&mut board, ThreatMode::Vcf, 20, 1_000_000);
    assert!(vcf.is_none(), "after {mv:?} black still wins by {vcf:?}");
}

#[test]
fn yxstop_returns_the_best_move_at_once() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 60000");
    e.send("INFO timeout_match 0");
    e.send("START 20");
    assert_eq!(e.line(), "OK");
    let list = split_moves("k11l12k13j12l10m9k10k12");
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    e.send_block("BOARD", &stones_for_side_to_move(&refs));
    std::thread::sleep(Duration::from_millis(400));
    let asked = Instant::now();
    e.send("YXSTOP");
    let (mv, _) = e.move_within(Duration::from_secs(2));
    assert!(
        asked.elapsed() < Duration::from_millis(500),
        "took {:?}",
        asked.elapsed()
    );
    assert!(mv.0 < 20 && mv.1 < 20);
    // The engine goes on serving.
    e.send("ABOUT");
    assert!(e.line().starts_with("name="));
}

#[test]
fn end_during_a_search_exits_at_once() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 60000");
    e.send("START 20");
    assert_eq!(e.line(), "OK");
    e.send("TURN 10,10");
    std::thread::sleep(Duration::from_millis(300));
    e.send("END");
    let took = e
        .exit_within(Duration::from_secs(2))
        .expect("engine exited");
    assert!(took < Duration::from_millis(500), "took {took:?}");
}

#[test]
fn closed_input_during_a_search_exits_at_once() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 60000");
    e.send("START 20");
    assert_eq!(e.line(), "OK");
    e.send("TURN 10,10");
    std::thread::sleep(Duration::from_millis(300));
    e.close_input();
    let took = e
        .exit_within(Duration::from_secs(2))
        .expect("engine exited");
    assert!(took < Duration::from_millis(500), "took {took:?}");
}

#[test]
fn zero_turn_time_answers_within_tens_of_milliseconds() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 0");
    e.send("START 15");
    assert_eq!(e.line(), "OK");
    let mut worst = Duration::ZERO;
    let mut taken = vec![];
    for wanted in [(7, 7), (8, 9), (6, 5), (9, 6)] {
        // Our move, or the nearest free cell along the row if the engine took it.
        let turn = (0..15)
            .map(|dx| ((wanted.0 + dx) % 15, wanted.1))
            .find(|c| !taken.contains(c))
            .unwrap();
        taken.push(turn);
        let asked = Instant::now();
        e.send(&format!("TURN {},{}", turn.0, turn.1));
        taken.push(e.read_move());
        worst = worst.max(asked.elapsed());
    }
    // The engine aims at 15 ms; the bound leaves room for a loaded test machine.
    assert!(worst < Duration::from_millis(150), "worst reply {worst:?}");
}

#[test]
fn replies_within_the_turn_time_and_the_game_clock() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 300");
    e.send("INFO timeout_match 0");
    e.send("START 15");
    assert_eq!(e.line(), "OK");
    let list = split_moves("h8i9j8j9i10k8h10g11i8");
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    let asked = Instant::now();
    e.board(&stones_for_side_to_move(&refs));
    assert!(
        asked.elapsed() < Duration::from_millis(300 + 100),
        "{:?}",
        asked.elapsed()
    );
    // Only 250 ms left on the game clock: answer well inside it.
    e.send("INFO timeout_match 100000");
    e.send("INFO time_left 250");
    let asked = Instant::now();
    e.ask("TURN 2,2");
    assert!(
        asked.elapsed() < Duration::from_millis(250 + 100),
        "{:?}",
        asked.elapsed()
    );
}

/// The whole process stays inside max_memory, with the hash table filled by long searches on
/// two threads.
#[cfg(target_os = "linux")]
#[test]
fn peak_memory_stays_under_max_memory() {
    const LIMIT: u64 = 67_108_864;
    let mut e = Engine::start();
    e.send(&format!("INFO max_memory {LIMIT}"));
    e.send("INFO thread_num 2");
    e.send("INFO timeout_turn 30000");
    e.send("INFO timeout_match 0");
    e.send("START 15");
    assert_eq!(e.line(), "OK");
    for turn in ["TURN 7,7", "TURN 3,3"] {
        e.send(turn);
        std::thread::sleep(Duration::from_millis(1500));
        e.send("YXSTOP");
        e.read_move();
    }
    let peak = e.peak_memory();
    assert!(peak < LIMIT, "peak resident memory {peak} bytes");
    eprintln!(
        "peak resident memory {:.1} MiB under a {} MiB limit",
        peak as f64 / 1048576.0,
        LIMIT >> 20
    );
}

/// The depth of the last `MESSAGE depth …` summary line among `messages`.
fn last_summary_depth(messages: &[String]) -> u32 {
    let line = messages
        .iter()
        .rev()
        .find(|m| m.starts_with("MESSAGE depth "))
        .unwrap_or_else(|| panic!("no summary line in {messages:?}"));
    parse_summary(line).depth
}

/// Under a game clock the manager sends a new `time_left` before every move. The hash table
/// must survive it: searched again with the same node limit, a position goes deeper on what
/// the last search left in the table, and only a cleared table gives the first search again.
/// The clock is long enough that the node limit, never the time, ends every search, even on a
/// loaded machine (with 20 s a game, the suite run beside three matches once cut the third
/// search short). At 100,000 nodes the three searches reach depths 14, 16 and 14 (since fewer
/// late fours are searched at expected cut nodes, eighty-seventh session; at 50,000 they reach
/// 14, 12 and 14, and before that change 13, 15 and 13).
#[test]
fn the_hash_table_outlives_the_game_clock() {
    let mut e = Engine::start();
    e.send_all(&[
        "INFO max_memory 134217728",
        "INFO max_node 100000",
        "INFO show_detail 2",
        "INFO timeout_turn 30000",
        "INFO timeout_match 600000",
        "INFO time_left 600000",
        "START 15",
    ]);
    assert_eq!(e.line(), "OK");
    let stones = stones_for_side_to_move(&["h8", "i9", "g8", "i7", "i8", "j8"]);
    let depth_after = |e: &mut Engine, clock: &str| {
        e.send(clock);
        e.send_block("BOARD", &stones);
        last_summary_depth(&e.move_within(Duration::from_secs(20)).1)
    };
    let first = depth_after(&mut e, "INFO time_left 600000");
    let again = depth_after(&mut e, "INFO time_left 500000");
    assert!(
        again > first,
        "depth {first}, then {again} on the table it left"
    );
    e.send("YXHASHCLEAR");
    let cleared = depth_after(&mut e, "INFO time_left 400000");
    assert_eq!(cleared, first, "a cleared table searches as the first time");
}
