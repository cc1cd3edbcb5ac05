//! Random and malformed input: the engine must neither panic nor stop answering, and every
//! line it prints must be one of the protocol's replies.

mod common;
use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

const WORDS: &[&str] = &[
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "YXBOARD",
    "DONE",
    "INFO",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "YXSTOP",
    "STOP",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "SWAP2BOARD",
    "FOO",
    "start",
    "turn",
    "board",
];
const INFO_KEYS: &[&str] = &[
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "rule",
    "game_type",
    "thread_num",
    "hash_size",
    "max_depth",
    "max_node",
    "evaluate",
    "folder",
    "bogus",
];

fn number(rng: &mut StdRng) -> String {
    match rng.gen_range(0..10) {
        0 => "-1".into(),
        1 => "99999999999999999999".into(),
        2 => "x".into(),
        3 => String::new(),
        4 => rng.gen_range(0..40).to_string(),
        _ => rng.gen_range(0..16).to_string(),
    }
}

fn random_line(rng: &mut StdRng) -> String {
    match rng.gen_range(0..12) {
        0 => (0..rng.gen_range(0..60))
            .map(|_| rng.gen_range(1u8..128) as char)
            .collect(),
        1 => format!("{},{},{}", number(rng), number(rng), number(rng)),
        2 => format!("{},{}", number(rng), number(rng)),
        3 => format!(
            "INFO {} {}",
            INFO_KEYS[rng.gen_range(0..INFO_KEYS.len())],
            number(rng)
        ),
        4 => format!("START {}", number(rng)),
        5 => format!("RECTSTART {},{}", number(rng), number(rng)),
        _ => {
            let word = WORDS[rng.gen_range(0..WORDS.len())];
            match rng.gen_range(0..3) {
                0 => word.to_string(),
                1 => format!("{word} {},{}", number(rng), number(rng)),
                _ => format!("{word} {}", number(rng)),
            }
        }
    }
}

fn is_protocol_reply(line: &str) -> bool {
    line == "OK"
        || line.starts_with("ERROR ")
        || line.starts_with("UNKNOWN ")
        || line.starts_with("MESSAGE ")
        || line.starts_with("DEBUG ")
        || line.starts_with("FORBID ")
        || line.starts_with("name=\"Sente\"")
        || (line.split(',').count() == 2 && line.split(',').all(|n| n.parse::<u32>().is_ok()))
}

#[test]
fn random_and_malformed_lines_never_stop_the_engine() {
    for seed in 0..6u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut e = Engine::start();
        e.send("INFO timeout_turn 0");
        for _ in 0..400 {
            let line = random_line(&mut rng);
            // Keep the searches short whatever the fuzz sets.
            e.send_raw(format!("{line}\r\n").as_bytes());
            if rng.gen_bool(0.1) {
                e.send("INFO timeout_turn 0");
            }
        }
        // Close any open BOARD block, stop any search, and ask for a known reply.
        e.send("DONE");
        e.send("INFO timeout_turn 0");
        e.send("YXSTOP");
        e.send("ABOUT");
        let mut seen_about = false;
        for _ in 0..2000 {
            let line = e.line_within(Duration::from_secs(20));
            assert!(
                is_protocol_reply(&line),
                "seed {seed}: unexpected output {line:?}"
            );
            if line.starts_with("name=") {
                seen_about = true;
                break;
            }
        }
        assert!(seen_about, "seed {seed}: no answer to ABOUT");
        assert!(e.is_running(), "seed {seed}: engine died");
    }
}
