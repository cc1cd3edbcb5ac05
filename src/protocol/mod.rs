//! The Piskvork / Gomocup protocol with the Yixin-Board extensions, on stdin and stdout.
//!
//! Three threads: a reader turns stdin into line events (so `YXSTOP` and `END` are seen while
//! the engine thinks), the search thread turns jobs into results, and the session thread (the
//! caller of [`run`]) owns all protocol state and is the only one that writes to stdout.
//!
//! The protocol layer talks to the search only through `SearchLimits`, results and progress
//! reports; it never reaches into search internals.

mod block;
pub mod command;
mod engine;
pub mod game;
mod output;
mod session;
mod settings;

pub use output::{about, build, forbid_line, nodes_text, summary_lines};

use crate::search::SearchEvent;
use engine::Engine;
use session::{Flow, Session};
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Sender};
use std::time::Instant;

/// Everything the session thread reacts to.
pub enum Event {
    /// A line from stdin and when it was read (the manager's clock runs from then).
    Line(String, Instant),
    /// Stdin was closed: the same as END.
    InputClosed,
    Progress(SearchEvent),
    /// The search thread's answer to the last task.
    Answered(engine::Answer),
}

/// Serves the protocol on stdin/stdout until END or the end of input, then exits the process
/// at once (a search still running is abandoned).
pub fn run() -> ! {
    let (events, inbox) = channel();
    spawn_reader(events.clone());
    let engine = Engine::spawn(events, 1);
    let stdout = std::io::stdout();
    let mut session = Session::new(stdout.lock(), engine);
    for event in inbox {
        if let Flow::Exit = session.handle(event) {
            break;
        }
    }
    let _ = std::io::stdout().flush();
    std::process::exit(0)
}

fn spawn_reader(events: Sender<Event>) {
    std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match input.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Tolerate CR LF and stray bytes that are not UTF-8.
                        let line = String::from_utf8_lossy(&bytes).trim().to_string();
                        if events.send(Event::Line(line, Instant::now())).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = events.send(Event::InputClosed);
        })
        .expect("cannot start the input thread");
}
