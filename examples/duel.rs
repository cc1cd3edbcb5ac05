//! Referees games between two Gomocup engines over real pipes, and fails loudly on any fault.
//!
//! ```sh
//! cargo run --release --example duel -- [--rule R] [--size N] [--turn MS] [--games G] [--memory B] \
//!     "wine dist/pbrain-sente.exe" target/release/pbrain-sente
//! ```
//!
//! Each engine command is split on spaces. Games alternate colours; the engines get `START`,
//! `INFO timeout_turn`, `INFO rule`, then `BEGIN`/`TURN` as Piskvork sends them. Every reply
//! must be a legal `x,y` (on the board, empty, not a renju foul) within the turn time; after the
//! last game both engines get `END` and must exit within a second. Exit code 1 on any fault.
//! With `--memory BYTES` both engines get `INFO max_memory BYTES`, and on Linux the peak
//! resident memory of each engine process is printed before `END`.

use sente::board::{Board, Color, Pos};
use sente::rules::Rule;
use std::time::{Duration, Instant};

#[path = "common/engine.rs"]
mod engine;
use engine::{parse_move, Engine};

struct Settings {
    rule: Rule,
    rule_code: u8,
    size: usize,
    turn: Duration,
    games: usize,
    /// `INFO max_memory`, when given.
    memory: Option<u64>,
}

/// Plays one game; `first` plays black. Returns the winner's index (0 or 1) or None for a draw,
/// and the longest reply.
fn play(
    engines: &mut [Engine; 2],
    first: usize,
    s: &Settings,
) -> Result<(Option<usize>, Duration), String> {
    for e in engines.iter_mut() {
        e.send(&format!("INFO timeout_turn {}", s.turn.as_millis()))?;
        e.send("INFO timeout_match 0")?;
        e.send(&format!("INFO rule {}", s.rule_code))?;
        if let Some(bytes) = s.memory {
            e.send(&format!("INFO max_memory {bytes}"))?;
        }
        e.send(&format!("START {}", s.size))?;
        let ok = e.reply(Duration::from_secs(10))?;
        if ok != "OK" {
            return Err(format!("{}: START answered {ok:?}", e.name));
        }
    }
    let mut board = Board::new(s.size, s.size, s.rule);
    let mut last: Option<(usize, usize)> = None;
    let mut slowest = Duration::ZERO;
    loop {
        let side = if board.to_move() == Color::Black {
            first
        } else {
            1 - first
        };
        let engine = &mut engines[side];
        let asked = Instant::now();
        match last {
            None => engine.send("BEGIN")?,
            Some((x, y)) => engine.send(&format!("TURN {x},{y}"))?,
        }
        let line = engine.reply(s.turn + Duration::from_secs(2))?;
        let took = asked.elapsed();
        slowest = slowest.max(took);
        if took > s.turn {
            return Err(format!(
                "{}: replied after {took:?} (turn {:?})",
                engine.name, s.turn
            ));
        }
        let (x, y) = parse_move(&engine.name, &line)?;
        if !board.contains(x as i64, y as i64) || !board.is_empty(Pos::new(x, y)) {
            return Err(format!("{}: illegal move {x},{y}", engine.name));
        }
        let pos = Pos::new(x, y);
        if board.is_forbidden(board.to_move(), pos) {
            return Err(format!("{}: renju foul {x},{y}", engine.name));
        }
        board.make(pos);
        last = Some((x, y));
        if board.is_five_at(pos) {
            return Ok((Some(side), slowest));
        }
        if board.empties() == 0 {
            return Ok((None, slowest));
        }
    }
}

fn run() -> Result<(), String> {
    let mut s = Settings {
        rule: Rule::Freestyle,
        rule_code: 0,
        size: 15,
        turn: Duration::from_millis(300),
        games: 2,
        memory: None,
    };
    let mut commands = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--rule" => {
                let v = value()?;
                s.rule_code = v.parse().map_err(|_| format!("bad rule {v}"))?;
                s.rule = Rule::from_info(s.rule_code as i64).ok_or(format!("bad rule {v}"))?;
            }
            "--size" => s.size = value()?.parse().map_err(|_| "bad size")?,
            "--turn" => {
                s.turn = Duration::from_millis(value()?.parse().map_err(|_| "bad turn time")?)
            }
            "--games" => s.games = value()?.parse().map_err(|_| "bad game count")?,
            "--memory" => s.memory = Some(value()?.parse().map_err(|_| "bad memory size")?),
            _ => commands.push(arg),
        }
    }
    let [a, b] = commands.as_slice() else {
        return Err(
            "usage: duel [--rule R] [--size N] [--turn MS] [--games G] [--memory BYTES] A B".into(),
        );
    };
    let mut engines = [Engine::start(a, None)?, Engine::start(b, None)?];
    for e in engines.iter_mut() {
        // Start-up (Wine's is slow) is not timed: the first question is ABOUT.
        e.send("ABOUT")?;
        let about = e.reply(Duration::from_secs(30))?;
        println!("{}: {about}", e.name);
    }
    let mut score = [0usize; 2];
    for game in 0..s.games {
        let first = game % 2;
        let (winner, slowest) = play(&mut engines, first, &s)?;
        if let Some(w) = winner {
            score[w] += 1;
        }
        println!(
            "game {}: black {} - winner {} - slowest reply {} ms",
            game + 1,
            engines[first].name,
            winner.map_or("none (draw)".to_string(), |w| engines[w].name.clone()),
            slowest.as_millis()
        );
    }
    if s.memory.is_some() {
        for e in &engines {
            println!("{}: {}", e.name, peak_memory(e.child.id()));
        }
    }
    for e in engines.iter_mut() {
        e.send("END")?;
        let start = Instant::now();
        loop {
            if let Ok(Some(_)) = e.child.try_wait() {
                break;
            }
            if start.elapsed() > Duration::from_secs(1) {
                let _ = e.child.kill();
                return Err(format!("{}: still running a second after END", e.name));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    println!(
        "score {} - {} (all replies legal and in time, clean exits)",
        score[0], score[1]
    );
    Ok(())
}

/// The peak resident memory of a process, as its kernel accounts it (Linux `VmHWM`).
fn peak_memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    match status.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
        Some(kb) => format!("peak resident memory {}", kb.trim()),
        None => "peak resident memory unknown on this system".to_string(),
    }
}

fn main() {
    if let Err(message) = run() {
        eprintln!("duel: {message}");
        std::process::exit(1);
    }
}
