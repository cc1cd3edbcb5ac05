//! A Gomocup engine run as a child process over pipes, for the examples that talk to engines
//! (`duel` referees two, `judge` asks one for scores). Its output is read on a thread of its
//! own, so that a reply can be awaited with a timeout and stale output drained.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub struct Engine {
    /// The command it was started with, for messages.
    pub name: String,
    pub child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `command` (split on spaces: the program, then its arguments), in `dir` when given.
    pub fn start(command: &str, dir: Option<&Path>) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("empty engine command")?;
        let mut process = Command::new(program);
        if let Some(dir) = dir {
            process.current_dir(dir);
        }
        let mut child = process
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command}: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            name: command.to_string(),
            child,
            stdin,
            lines,
        })
    }

    /// Sends `text` and a newline in one write (`text` may hold several lines: a `BOARD`
    /// block is best sent whole).
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        self.stdin
            .write_all(format!("{text}\n").as_bytes())
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{}: write failed: {e}", self.name))
    }

    /// The next line, whatever it is; waits as long as it takes.
    pub fn line(&mut self) -> Result<String, String> {
        self.lines
            .recv()
            .map_err(|_| format!("{}: has exited", self.name))
    }

    /// The next line that is not a MESSAGE/DEBUG line, within `timeout`.
    pub fn reply(&mut self, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .map_err(|_| format!("{}: no reply within {timeout:?}", self.name))?;
            if !is_message(&line) {
                return Ok(line);
            }
        }
    }

    /// Discards what the engine still has to say, until it has been quiet for `quiet`.
    pub fn drain(&mut self, quiet: Duration) -> Result<(), String> {
        loop {
            match self.lines.recv_timeout(quiet) {
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Ok(()),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{}: has exited", self.name))
                }
            }
        }
    }
}

/// Whether an engine's line is informational (`MESSAGE …`, `DEBUG …`) rather than a reply.
pub fn is_message(line: &str) -> bool {
    line.starts_with("MESSAGE") || line.starts_with("DEBUG")
}

/// The move in an engine's reply line (`x,y`).
pub fn parse_move(engine: &str, line: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{engine}: not a move line: {line:?}");
    let (x, y) = line.split_once(',').ok_or_else(bad)?;
    Ok((x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?))
}
