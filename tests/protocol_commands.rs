//! Every command of the protocol and every error path, spoken to the real binary over pipes.

mod common;
use common::*;
use std::time::Duration;

#[test]
fn prints_nothing_before_the_first_command_and_answers_about() {
    let mut e = Engine::start();
    e.expect_silence(Duration::from_millis(300));
    e.send("ABOUT");
    let about = e.line();
    assert!(about.starts_with("name=\"Sente\""), "{about}");
    assert!(
        about.contains(&format!("version=\"{} (", env!("CARGO_PKG_VERSION"))),
        "{about}"
    );
    assert!(
        about.contains("x86_64") || about.contains("aarch64"),
        "the build is named: {about}"
    );
    assert!(about.contains("author=") && about.contains("country="));
}

#[test]
fn start_accepts_sizes_5_to_32_and_refuses_others() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 200");
    for size in [5, 15, 20, 32] {
        e.send(&format!("START {size}"));
        assert_eq!(e.line(), "OK");
    }
    for bad in [
        "START 4",
        "START 33",
        "START 0",
        "START -15",
        "START 1000000000000",
    ] {
        e.send(bad);
        let reply = e.line();
        assert!(reply.starts_with("ERROR"), "{bad} -> {reply}");
    }
    e.send("START fifteen");
    assert!(e.line().starts_with("ERROR"));
    // The last good START (32) still holds: a move far out on a 32 board is accepted.
    let (x, y) = e.ask("TURN 31,31");
    assert!(x < 32 && y < 32 && (x, y) != (31, 31));
}

#[test]
fn refused_start_keeps_the_game() {
    let mut e = Engine::start();
    e.new_game(15);
    let ours = e.ask("TURN 7,7");
    e.send("START 99");
    assert!(e.line().starts_with("ERROR"));
    e.send("TURN 7,7");
    assert!(
        e.line().contains("occupied"),
        "the stone from before the bad START is still there"
    );
    e.send(&format!("TURN {},{}", ours.0, ours.1));
    assert!(e.line().contains("occupied"));
}

#[test]
fn rectstart_makes_a_rectangular_board() {
    let mut e = Engine::start();
    e.send("INFO timeout_turn 200");
    e.send("RECTSTART 20,15");
    assert_eq!(e.line(), "OK");
    assert_eq!(e.ask("BEGIN"), (10, 7), "centre of a 20x15 board");
    let (x, y) = e.ask("TURN 19,14");
    assert!(x < 20 && y < 15);
    e.send("TURN 14,19");
    assert!(
        e.line().starts_with("ERROR"),
        "y = 19 is outside a board 15 high"
    );
    for bad in [
        "RECTSTART 4,10",
        "RECTSTART 10,33",
        "RECTSTART 10",
        "RECTSTART a,b",
    ] {
        e.send(bad);
        assert!(e.line().starts_with("ERROR"), "{bad}");
    }
}

#[test]
fn begin_plays_the_centre_of_any_board() {
    let mut e = Engine::start();
    for (size, centre) in [(15, (7, 7)), (20, (10, 10)), (5, (2, 2)), (32, (16, 16))] {
        e.send(&format!("START {size}"));
        assert_eq!(e.line(), "OK");
        assert_eq!(e.ask("BEGIN"), centre);
    }
}

#[test]
fn restart_clears_the_board() {
    let mut e = Engine::start();
    e.new_game(15);
    e.ask("TURN 3,3");
    e.send("RESTART");
    assert_eq!(e.line(), "OK");
    let reply = e.ask("TURN 3,3");
    assert_ne!(reply, (3, 3));
}

#[test]
fn turn_errors_keep_the_state() {
    let mut e = Engine::start();
    e.send("TURN 1,1");
    assert!(e.line().starts_with("ERROR"), "TURN before START");
    e.new_game(15);
    let first = e.ask("TURN 7,7");
    for bad in [
        "TURN 7,7",
        "TURN 15,0",
        "TURN -1,3",
        "TURN 3",
        "TURN x,y",
        "TURN 1,2,3",
        "TURN",
    ] {
        e.send(bad);
        let reply = e.line();
        assert!(reply.starts_with("ERROR"), "{bad} -> {reply}");
    }
    e.send(&format!("TURN {},{}", first.0, first.1));
    assert!(e.line().contains("occupied"));
    let (x, y) = e.ask("TURN 0,0");
    assert!(x < 15 && y < 15 && (x, y) != (0, 0) && (x, y) != (7, 7) && (x, y) != first);
}

#[test]
fn unknown_commands_are_answered_and_ignored() {
    let mut e = Engine::start();
    e.send("FOO bar");
    assert!(e.line().starts_with("UNKNOWN"));
    e.send("SUGGEST 1,1");
    assert!(e.line().starts_with("UNKNOWN"));
    e.send("START 15");
    assert_eq!(e.line(), "OK");
}

#[test]
fn commands_are_case_insensitive_crlf_tolerant_and_blank_lines_are_ignored() {
    let mut e = Engine::start();
    e.send_raw(b"\r\n\n   \r\nstart 15\r\n");
    assert_eq!(e.line(), "OK");
    e.send_raw(b"info timeout_turn 100\r\n\r\nbegin\r\n");
    assert_eq!(e.read_move(), (7, 7));
    e.send_raw(b"Turn 8,8\r\n");
    let (x, y) = e.read_move();
    assert!(x < 15 && y < 15);
    e.send_raw(b"\xff\xfe garbage \x00\n");
    assert!(e.line().starts_with("UNKNOWN"));
}

#[test]
fn info_keys_are_silent_and_bad_values_are_errors() {
    let mut e = Engine::start();
    for line in [
        "INFO timeout_turn 1000",
        "INFO timeout_match 100000",
        "INFO time_left 2147483647",
        "INFO time_left -20",
        "INFO max_memory 67108864",
        "INFO max_memory 0",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO rule 0",
        "INFO evaluate 3,4",
        "INFO folder C:\\some folder\\x",
        "INFO thread_num 2",
        "INFO hash_size 65536",
        "INFO max_depth 20",
        "INFO max_node 0",
        "INFO time_increment 0",
        "INFO caution_factor 1",
        "INFO pondering 0",
        "INFO show_detail 0",
        "INFO nbestsym 1",
        "INFO some_future_key 42",
    ] {
        e.send(line);
    }
    e.expect_silence(Duration::from_millis(300));
    for bad in [
        "INFO timeout_turn fast",
        "INFO rule 77",
        "INFO max_memory lots",
        "INFO",
    ] {
        e.send(bad);
        let reply = e.line();
        assert!(reply.starts_with("ERROR"), "{bad} -> {reply}");
    }
    e.new_game(15);
    assert_eq!(e.ask("BEGIN"), (7, 7));
}

#[test]
fn takeback_removes_a_stone() {
    let mut e = Engine::start();
    e.new_game(15);
    let ours = e.ask("TURN 7,7");
    e.send("TAKEBACK 7,7");
    assert_eq!(e.line(), "OK");
    e.send(&format!("TAKEBACK {},{}", ours.0, ours.1));
    assert_eq!(e.line(), "OK");
    e.send("TAKEBACK 7,7");
    assert!(e.line().starts_with("ERROR"), "nothing left there");
    e.send("TAKEBACK 99,1");
    assert!(e.line().starts_with("ERROR"));
    // The board is empty again: 7,7 can be played.
    let reply = e.ask("TURN 7,7");
    assert_ne!(reply, (7, 7));
}

#[test]
fn play_places_our_stone_and_echoes_it() {
    let mut e = Engine::start();
    e.new_game(15);
    e.send("PLAY 4,5");
    assert_eq!(e.line(), "4,5");
    e.send("TURN 4,5");
    assert!(e.line().contains("occupied"));
    e.send("PLAY 4,5");
    assert!(e.line().starts_with("ERROR"));
}

#[test]
fn board_with_blocked_squares_and_field_checks() {
    let mut e = Engine::start();
    e.new_game(15);
    // Our four on row 7 from 3..6, with 2,7 blocked (field 3): only 7,7 completes the five.
    let mv = e.board(&[
        (3, 7, 1),
        (4, 7, 1),
        (5, 7, 1),
        (6, 7, 1),
        (2, 7, 3),
        (0, 0, 2),
        (0, 2, 2),
        (0, 4, 2),
        (14, 14, 2),
    ]);
    assert_eq!(mv, (7, 7));
    // A blocked square is never played: fill all but one cell of a 5x5 board with blocks.
    e.new_game(5);
    let mut stones = Vec::new();
    for y in 0..5 {
        for x in 0..5 {
            if (x, y) != (3, 1) {
                stones.push((x, y, 3));
            }
        }
    }
    assert_eq!(e.board(&stones), (3, 1));
}

#[test]
fn broken_board_blocks_are_refused_and_keep_the_position() {
    let mut e = Engine::start();
    e.new_game(15);
    e.send_block("YXBOARD", &[(7, 7, 1)]);
    let broken: &[&str] = &[
        "BOARD\n1,1,1\n1,1,2\nDONE\n",  // same cell twice
        "BOARD\n1,1,1\n15,1,2\nDONE\n", // off the board
        "BOARD\n1,1,4\nDONE\n",         // bad field
        "BOARD\n1,1\nDONE\n",           // missing field
        "BOARD\nthis is not a stone\nDONE\n",
        "YXBOARD\n-1,1,1\nDONE\n",
    ];
    for block in broken {
        e.send_raw(block.as_bytes());
        let reply = e.line();
        assert!(reply.starts_with("ERROR"), "{block:?} -> {reply}");
    }
    // A block cut short by another command is refused and the command still runs.
    e.send_raw(b"BOARD\n2,2,1\nABOUT\n");
    assert!(e.line().starts_with("ERROR"));
    assert!(e.line().starts_with("name="));
    // The YXBOARD position (our stone on 7,7) survived all of that.
    e.send("TURN 7,7");
    assert!(e.line().contains("occupied"));
}

#[test]
fn impossible_positions_are_reported_before_the_move() {
    let mut e = Engine::start();
    e.new_game(15);
    e.send_block("BOARD", &[(7, 7, 1), (8, 8, 1), (9, 9, 1)]);
    let (mv, messages) = e.move_within(PROMPT);
    assert!(mv.0 < 15 && mv.1 < 15);
    assert!(
        messages.iter().any(|m| m.contains("impossible")),
        "{messages:?}"
    );
}

#[test]
fn yxboard_sets_the_position_without_a_reply() {
    let mut e = Engine::start();
    e.new_game(15);
    e.send_block("YXBOARD", &[(7, 7, 2), (8, 8, 1)]);
    e.expect_silence(Duration::from_millis(300));
    e.send("TURN 8,8");
    assert!(e.line().contains("occupied"));
}

#[test]
fn yxshowforbid_and_yxhashclear() {
    let mut e = Engine::start();
    e.new_game(15);
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), "FORBID .");
    e.send("INFO rule 4");
    // Referee self-test: black to move after h8h9i7i9h10i6i11i12; g9 (6,8) is a double three.
    e.send_block(
        "YXBOARD",
        &stones_for_side_to_move(&["h8", "h9", "i7", "i9", "h10", "i6", "i11", "i12"]),
    );
    e.send("YXSHOWFORBID");
    let line = e.line();
    assert!(line.starts_with("FORBID ") && line.ends_with('.'), "{line}");
    assert!(line.contains("0608"), "g9 = 6,8 is forbidden: {line}");
    e.send("YXHASHCLEAR");
    e.expect_silence(Duration::from_millis(200));
    e.send("INFO rule 0");
    e.send("YXSHOWFORBID");
    assert_eq!(e.line(), "FORBID .", "no fouls in freestyle");
}

#[test]
fn end_and_closed_input_exit_quickly() {
    let mut e = Engine::start();
    e.new_game(15);
    e.send("END");
    assert!(e.exit_within(Duration::from_millis(500)).is_some());

    let mut e = Engine::start();
    e.new_game(15);
    e.close_input();
    assert!(e.exit_within(Duration::from_millis(500)).is_some());
}

#[test]
fn help_and_version() {
    let out = std::process::Command::new(BINARY)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("bench"));
    let out = std::process::Command::new(BINARY)
        .arg("--version")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains(env!("CARGO_PKG_VERSION")));
    let out = std::process::Command::new(BINARY)
        .arg("frobnicate")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown subcommand"));
    // Every subcommand answers --help on stdout and succeeds.
    for sub in ["bench", "analyze", "play"] {
        let out = std::process::Command::new(BINARY)
            .args([sub, "--help"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{sub} --help");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!("pbrain-sente {sub}")),
            "{sub}: {text}"
        );
    }
}
