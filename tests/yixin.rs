//! Yixin-Board extensions and live output, spoken to the real binary over pipes.

mod common;
use common::*;
use std::time::{Duration, Instant};

fn stones(moves: &str) -> Vec<(usize, usize, u8)> {
    let list = split_moves(moves);
    let refs: Vec<&str> = list.iter().map(String::as_str).collect();
    stones_for_side_to_move(&refs)
}

/// Reads lines until a move line; returns the move and the lines before it.
fn until_move(e: &mut Engine) -> ((usize, usize), Vec<String>) {
    e.move_within(Duration::from_secs(20))
}

#[test]
fn summary_lines_parse_field_by_field() {
    let mut e = Engine::start();
    e.send("INFO show_detail 2");
    e.send("INFO timeout_turn 500");
    e.new_game(15);
    e.send_block("BOARD", &stones("h8i8i11"));
    let (mv, messages) = until_move(&mut e);
    let summaries: Vec<Summary> = messages
        .iter()
        .filter(|m| m.starts_with("MESSAGE depth"))
        .map(|m| parse_summary(m))
        .collect();
    assert!(summaries.len() >= 3, "{messages:?}");
    for (i, s) in summaries.iter().enumerate() {
        assert_eq!(s.depth as usize, i + 1, "one line per depth, in order");
        assert!(s.seldepth >= s.depth);
        assert!(s.multipv.is_none());
        assert!(!s.pv.is_empty() && s.pv.iter().all(|&(x, y)| x < 15 && y < 15));
        assert!(s.time <= 500 && s.nodes > 0);
        assert!(s.speed <= s.nodes.max(1));
    }
    let last = summaries.last().unwrap();
    assert!(last.eval.parse::<i32>().is_ok());
    assert_eq!(
        last.pv[0], mv,
        "the move played is the last line's first move"
    );
}

#[test]
fn yixin_board_session() {
    let mut e = Engine::start();
    e.send("YXSHOWINFO");
    let threads = e.line();
    let hash = e.line();
    assert!(
        threads.starts_with("MESSAGE INFO MAX_THREAD_NUM "),
        "{threads}"
    );
    assert!(hash.starts_with("MESSAGE INFO MAX_HASH_SIZE "), "{hash}");
    let log2: u32 = hash.rsplit(' ').next().unwrap().parse().unwrap();
    assert!((10..=30).contains(&log2));
    // Yixin-Board sends START before every request, lower-case commands, and YXBOARD.
    e.send("start 15");
    assert_eq!(e.line(), "OK");
    for info in [
        "info timeout_match 100000000",
        "info timeout_turn 1500",
        "info max_memory 0",
        "info show_detail 3",
        "info rule 4",
        "info thread_num 1",
    ] {
        e.send(info);
    }
    e.send_block("yxboard", &stones("h8h9i7i9h10i6i11i12"));
    e.send("yxshowforbid");
    assert_eq!(e.line(), "FORBID 0608.");
    // Three best moves for black; none of them the foul.
    e.send("yxnbest 3");
    let (mv, messages) = until_move(&mut e);
    let lines: Vec<Summary> = messages
        .iter()
        .filter(|m| m.starts_with("MESSAGE depth") && m.contains("multipv"))
        .map(|m| parse_summary(m))
        .collect();
    let last_depth = lines.iter().map(|s| s.depth).max().expect("multipv lines");
    let final_lines: Vec<&Summary> = lines.iter().filter(|s| s.depth == last_depth).collect();
    assert_eq!(
        final_lines
            .iter()
            .map(|s| s.multipv.unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(final_lines.iter().all(|s| s.pv[0] != cell("g9")));
    assert_eq!(final_lines[0].pv[0], mv);
    assert!(
        messages.iter().any(|m| m.starts_with("MESSAGE REALTIME")),
        "realtime lines with show_detail 1"
    );
    // A new position and a plain move, stopped early.
    e.send("start 15");
    assert_eq!(e.line(), "OK");
    e.send("info timeout_turn 60000");
    e.send_block("yxboard", &stones("h8i9"));
    e.send("yxnbest 1");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    e.send("yxstop");
    let (mv, _) = until_move(&mut e);
    let took = asked.elapsed();
    assert!(
        took < Duration::from_millis(500),
        "YXSTOP answered after {took:?}"
    );
    assert!(mv.0 < 15 && mv.1 < 15);
}

#[test]
fn yxblock_excludes_root_moves_until_reset() {
    let mut e = Engine::start();
    e.new_game(15);
    // Black to move with an open four: g8 and l8 both win.
    e.send_block("YXBOARD", &stones("h8h9i8i9j8j9k8k9"));
    e.send_block("YXBLOCK", &[]);
    e.send_raw(b"YXBLOCK\n6,7\nDONE\n");
    e.send("YXNBEST 1");
    assert_eq!(until_move(&mut e).0, cell("l8"));
    e.send_block("YXBOARD", &stones("h8h9i8i9j8j9k8k9"));
    e.send_raw(b"YXBLOCK\n11,7\nDONE\n");
    e.send("YXNBEST 1");
    let (mv, _) = until_move(&mut e);
    assert!(
        mv != cell("g8") && mv != cell("l8"),
        "both fives blocked: {mv:?}"
    );
    e.send_block("YXBOARD", &stones("h8h9i8i9j8j9k8k9"));
    e.send_raw(b"YXBLOCKUNDO\n6,7\nDONE\n");
    e.send("YXNBEST 1");
    assert_eq!(until_move(&mut e).0, cell("g8"));
    e.send_block("YXBOARD", &stones("h8h9i8i9j8j9k8k9"));
    e.send("YXBLOCKRESET");
    e.send("YXNBEST 1");
    let (mv, _) = until_move(&mut e);
    assert!(mv == cell("g8") || mv == cell("l8"));
    e.send_raw(b"YXBLOCK\n99,1\nDONE\n");
    assert!(e.line().starts_with("ERROR"));
}

#[test]
fn balance_moves() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 1500");
    e.new_game(15);
    e.send_block("YXBOARD", &stones("h8"));
    e.send("YXBALANCEONE 0");
    let line = e.line_within(Duration::from_secs(10));
    let (x, y) = parse_move(&line);
    assert!(x < 15 && y < 15 && (x, y) != (7, 7));
    e.send_block("YXBOARD", &stones("h8"));
    e.send("YXBALANCETWO 0");
    let line = e.line_within(Duration::from_secs(10));
    let moves: Vec<(usize, usize)> = line.split(' ').map(parse_move).collect();
    assert_eq!(moves.len(), 2, "{line}");
    assert!(moves[0] != moves[1] && !moves.contains(&(7, 7)));
}

#[test]
fn search_defend_reports_losing_moves() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 2000");
    e.new_game(15);
    // White to move against black's open three h8 i8 j8, white's h7 and i9 beside it: only the
    // blocks hold; most other moves lose to a straight four. (With white's stones far away
    // black wins even after a block: three in a row and the move are too much.)
    e.send_block("YXBOARD", &stones("h8h7i8i9j8"));
    e.send("YXSEARCHDEFEND");
    let (mv, messages) = until_move(&mut e);
    let lost: Vec<(usize, usize)> = messages
        .iter()
        .filter_map(|m| m.strip_prefix("MESSAGE REALTIME LOST "))
        .map(parse_move)
        .collect();
    assert!(lost.len() >= 5, "{messages:?}");
    assert!(!lost.contains(&mv), "the move played is not a lost one");
    assert!(
        [cell("g8"), cell("k8"), cell("f8"), cell("l8")].contains(&mv),
        "{mv:?}"
    );
}

#[test]
fn swap2_answers() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 1500");
    e.new_game(15);
    e.send_block("SWAP2BOARD", &[]);
    let line = e.line_within(Duration::from_secs(10));
    let three: Vec<(usize, usize)> = line.split(' ').map(parse_move).collect();
    assert_eq!(three.len(), 3, "{line}");
    assert!(three[0] != three[1] && three[1] != three[2] && three[0] != three[2]);
    e.send_block("SWAP2BOARD", &[(7, 7, 2), (8, 7, 2), (7, 9, 2)]);
    let line = e.line_within(Duration::from_secs(10));
    let parts: Vec<&str> = line.split(' ').collect();
    assert!(
        line == "SWAP" || parts.len() == 1 || parts.len() == 2,
        "{line}"
    );
    if line != "SWAP" {
        parts.iter().for_each(|p| {
            parse_move(p);
        });
    }
    // Five stones with black's open three on the board: take black.
    e.send_block(
        "SWAP2BOARD",
        &[(7, 7, 2), (0, 0, 2), (8, 7, 2), (14, 14, 2), (9, 7, 2)],
    );
    assert_eq!(e.line_within(Duration::from_secs(10)), "SWAP");
    e.send_block("SWAP2BOARD", &[(7, 7, 2), (8, 7, 2)]);
    assert!(
        e.line().starts_with("ERROR"),
        "two stones is no Swap2 position"
    );
}

#[test]
fn pondering_yields_to_the_next_command() {
    let mut e = Engine::start();
    e.send("INFO pondering 1");
    e.send("INFO timeout_turn 300");
    e.new_game(15);
    let ours = e.ask("TURN 7,7");
    // The engine now thinks on our time; the next TURN must be answered as usual.
    std::thread::sleep(Duration::from_millis(500));
    let free = if ours == (8, 8) { (6, 6) } else { (8, 8) };
    let asked = Instant::now();
    let reply = e.ask(&format!("TURN {},{}", free.0, free.1));
    assert!(
        asked.elapsed() < Duration::from_millis(500),
        "{:?}",
        asked.elapsed()
    );
    assert!(reply != (7, 7) && reply != ours && reply != free);
    std::thread::sleep(Duration::from_millis(300));
    e.send("END");
    assert!(
        e.exit_within(Duration::from_millis(500)).is_some(),
        "END interrupts pondering"
    );
}
