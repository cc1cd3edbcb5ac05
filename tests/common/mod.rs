//! Test harness: runs the real `pbrain-sente` binary and talks the protocol over pipes, the way
//! a tournament manager does.
#![allow(dead_code)]

use sente::board::geometry::parse_letter_number;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const BINARY: &str = env!("CARGO_BIN_EXE_pbrain-sente");

/// Generous upper bound for a reply that should come "at once".
pub const PROMPT: Duration = Duration::from_secs(5);

/// Runs a front end (`bench`, `analyze`, …) with `args` to the end and returns its standard
/// output; it must succeed.
pub fn front_end_output(subcommand: &str, args: &[&str]) -> String {
    let out = Command::new(BINARY)
        .arg(subcommand)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {subcommand}: {e}"));
    assert!(
        out.status.success(),
        "{subcommand} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with_args(&[])
    }

    pub fn start_with_args(args: &[&str]) -> Engine {
        let mut child = Command::new(BINARY)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pbrain-sente");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Sets a short turn time (tests must not think for 30 s) and starts a `size` game.
    pub fn new_game(&mut self, size: usize) {
        self.send("INFO timeout_turn 200");
        self.send(&format!("START {size}"));
        assert_eq!(self.line(), "OK");
    }

    /// Sends raw bytes (no newline added).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    pub fn send_all(&mut self, lines: &[&str]) {
        for line in lines {
            self.send(line);
        }
    }

    /// The next line, or panics after `timeout`.
    pub fn line_within(&mut self, timeout: Duration) -> String {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no reply within {timeout:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
        }
    }

    pub fn line(&mut self) -> String {
        self.line_within(PROMPT)
    }

    /// Asserts that nothing is printed for `time`.
    pub fn expect_silence(&mut self, time: Duration) {
        if let Ok(line) = self.lines.recv_timeout(time) {
            panic!("unexpected output: {line}");
        }
    }

    /// The reply to a move request: skips MESSAGE/DEBUG lines (returned separately) and
    /// returns the move, which must be exactly `x,y`.
    pub fn move_within(&mut self, timeout: Duration) -> ((usize, usize), Vec<String>) {
        let deadline = Instant::now() + timeout;
        let mut messages = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line_within(left.max(Duration::from_millis(1)));
            if line.starts_with("MESSAGE") || line.starts_with("DEBUG") {
                messages.push(line);
                continue;
            }
            return (parse_move(&line), messages);
        }
    }

    pub fn read_move(&mut self) -> (usize, usize) {
        self.move_within(PROMPT).0
    }

    /// Sends a command that expects a move and returns the move.
    pub fn ask(&mut self, line: &str) -> (usize, usize) {
        self.send(line);
        self.read_move()
    }

    /// Sends a BOARD block (stones as (x, y, field)) and returns the move.
    pub fn board(&mut self, stones: &[(usize, usize, u8)]) -> (usize, usize) {
        self.send_block("BOARD", stones);
        self.read_move()
    }

    pub fn send_block(&mut self, command: &str, stones: &[(usize, usize, u8)]) {
        let mut text = format!("{command}\n");
        for (x, y, f) in stones {
            text.push_str(&format!("{x},{y},{f}\n"));
        }
        text.push_str("DONE\n");
        self.send_raw(text.as_bytes());
    }

    /// Closes stdin and waits for the process to end.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit; returns how long it took, or None after `timeout`.
    pub fn exit_within(&mut self, timeout: Duration) -> Option<Duration> {
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Ok(Some(_)) = self.child.try_wait() {
                return Some(start.elapsed());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// Peak resident memory of the engine process in bytes (Linux: VmHWM).
    #[cfg(target_os = "linux")]
    pub fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("proc status");
        let line = status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .expect("VmHWM");
        let kib: u64 = line
            .split_whitespace()
            .nth(1)
            .expect("value")
            .parse()
            .expect("number");
        kib * 1024
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses an exact `x,y` move line.
pub fn parse_move(line: &str) -> (usize, usize) {
    let valid =
        line.split(',').count() == 2 && line.chars().all(|c| c.is_ascii_digit() || c == ',');
    assert!(valid, "not a move line: {line:?}");
    let (x, y) = line.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

/// (x, y) of a letter-number move.
pub fn cell(name: &str) -> (usize, usize) {
    parse_letter_number(name).unwrap_or_else(|| panic!("bad move {name}"))
}

/// BOARD stones for a move list in letter-number notation, black first, for the side to move
/// after the list: its own stones are field 1, the opponent's field 2.
pub fn stones_for_side_to_move(moves: &[&str]) -> Vec<(usize, usize, u8)> {
    let to_move_is_black = moves.len().is_multiple_of(2);
    moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let (x, y) = cell(mv);
            let black = i % 2 == 0;
            (x, y, if black == to_move_is_black { 1 } else { 2 })
        })
        .collect()
}

/// Splits a compact letter-number move list like `h8h9i10`.
pub fn split_moves(list: &str) -> Vec<String> {
    sente::board::geometry::parse_moves(list)
        .expect("move list")
        .into_iter()
        .map(|(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
        .collect()
}

/// A parsed `MESSAGE depth …` line, field by field, as a client library reads it.
#[derive(Debug)]
pub struct Summary {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: Option<u32>,
    pub eval: String,
    pub nodes: u64,
    pub speed: u64,
    pub time: u64,
    pub pv: Vec<(usize, usize)>,
}

pub fn parse_summary(line: &str) -> Summary {
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(&fields[..2], ["MESSAGE", "depth"], "{line}");
    let (depth, seldepth) = fields[2].split_once('-').expect("D-SD");
    let mut i = 3;
    let multipv = (fields[i] == "multipv").then(|| {
        i += 2;
        fields[i - 1].parse().expect("multipv index")
    });
    assert_eq!(fields[i], "ev", "{line}");
    let eval = fields[i + 1].to_string();
    let valid_eval = eval.parse::<i32>().is_ok()
        || ((eval.starts_with("+M") || eval.starts_with("-M")) && eval[2..].parse::<u32>().is_ok());
    assert!(valid_eval, "ev {eval}");
    assert_eq!(fields[i + 2], "n", "{line}");
    let n = fields[i + 3];
    let (digits, unit) = n.split_at(n.trim_end_matches(['K', 'M', 'G']).len());
    let nodes = digits.parse::<u64>().expect("node count")
        * match unit {
            "" => 1,
            "K" => 1_000,
            "M" => 1_000_000,
            "G" => 1_000_000_000,
            other => panic!("unit {other}"),
        };
    assert_eq!(fields[i + 4], "n/ms", "{line}");
    let speed = fields[i + 5].parse().expect("speed");
    assert_eq!(fields[i + 6], "tm", "{line}");
    let time = fields[i + 7].parse().expect("time");
    assert_eq!(fields[i + 8], "pv", "{line}");
    let pv = fields[i + 9..].iter().map(|m| cell(m)).collect();
    Summary {
        depth: depth.parse().expect("depth"),
        seldepth: seldepth.parse().expect("seldepth"),
        multipv,
        eval,
        nodes,
        speed,
        time,
        pv,
    }
}
