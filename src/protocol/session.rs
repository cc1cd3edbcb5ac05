//! One protocol session: the state a manager or GUI builds up with its commands (settings, the
//! game, a BOARD block being read) and the handling of every command and search event.
//!
//! Invariants: a refused command leaves the state as it was and prints one `ERROR` line; while a
//! move is being searched only `YXSTOP`/`STOP` and `END` act at once, everything else waits in
//! order until the move has been printed; nothing but `MESSAGE` lines precede a move.

use super::command::{parse, parse_board_line, Command, ParseError};
use super::engine::Engine;
use super::game::{Game, Owner};
use super::Event;
use crate::board::geometry::to_letter_number;
use crate::board::Pos;
use crate::board::{Board, MAX_SIDE, MIN_SIDE};
use crate::pattern::PatternTables;
use crate::rules::Rule;
use crate::search::time::UNLIMITED_MS;
use crate::search::{score, Iteration, SearchEvent, SearchLimits, SearchResult, TimeControl};
use std::collections::VecDeque;
use std::io::Write;
use std::time::{Duration, Instant};

/// Memory assumed when the manager sets no limit (`max_memory` 0 or never sent).
pub const DEFAULT_MEMORY: u64 = 350 * 1024 * 1024;
/// Memory kept for everything but the hash table: code, pattern tables, boards, stacks.
const RESERVED_MEMORY: u64 = 24 * 1024 * 1024;
/// Smallest hash table.
const MIN_HASH: u64 = 1024 * 1024;

pub enum Flow {
    Continue,
    Exit,
}

/// Settings made with INFO.
#[derive(Clone, Debug)]
struct Settings {
    time: TimeControl,
    max_memory: u64,
    /// Yixin-Board's `hash_size`, in bytes (0: use all the memory allowed).
    hash_size: u64,
    rule: Rule,
    threads: usize,
    max_depth: u32,
    max_nodes: u64,
    /// `INFO show_detail` bit mask: 1 realtime lines, 2 a summary line per iteration.
    show_detail: i64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            time: TimeControl::default(),
            max_memory: 0,
            hash_size: 0,
            rule: Rule::Freestyle,
            threads: 1,
            max_depth: 0,
            max_nodes: 0,
            show_detail: 0,
        }
    }
}

impl Settings {
    /// Hash table size for the memory limit: what is left after the reserve, and no more than
    /// `hash_size` when a GUI asked for less.
    /// Hash table size: what the memory limit leaves after the reserve, no more than a GUI's
    /// `hash_size`, and no more than the searches of this time control can use. A table far
    /// larger than a move's search fills only costs page faults (committing fresh memory is
    /// slow: 0.4 to 1.2 s per 350 MB on a small VM) and cache misses.
    fn hash_bytes(&self) -> usize {
        let limit = if self.max_memory == 0 {
            DEFAULT_MEMORY
        } else {
            self.max_memory
        };
        let mut bytes =
            limit.saturating_sub(RESERVED_MEMORY + self.threads as u64 * 2 * 1024 * 1024);
        if bytes < MIN_HASH {
            bytes = (limit / 4).max(64 * 1024);
        }
        if self.hash_size > 0 {
            bytes = bytes.min(self.hash_size);
        }
        bytes.min(self.useful_hash_bytes()) as usize
    }

    /// About 64 MiB per second of thinking time per move, at least 32 MiB.
    fn useful_hash_bytes(&self) -> u64 {
        let time = &self.time;
        let mut per_move_ms = if time.turn_ms > 0 { time.turn_ms } else { 15 };
        if time.match_ms > 0 && time.left_ms != UNLIMITED_MS {
            per_move_ms = per_move_ms.min(time.left_ms.max(0) / 20);
        }
        let mib = 1024 * 1024;
        (per_move_ms.max(0) as u64 * 64 * mib / 1000).max(32 * mib) * self.threads as u64
    }
}

/// A BOARD or YXBOARD block being read.
struct Block {
    answer: bool,
    stones: Vec<(i64, i64, Owner)>,
    error: Option<String>,
    started: Instant,
}

pub struct Session<W: Write> {
    out: W,
    game: Option<Game>,
    settings: Settings,
    engine: Engine,
    /// Size of the search's hash table, set before each search when the settings change it.
    hash_bytes: usize,
    /// When the move being searched was asked for (`None` when not thinking).
    thinking_since: Option<Instant>,
    /// The last `MESSAGE REALTIME BEST` line printed for the current move.
    announced_best: Option<String>,
    block: Option<Block>,
    queue: VecDeque<(String, Instant)>,
}

fn ok_or_exit(result: std::io::Result<()>) {
    // The manager closed our output: nobody is listening any more.
    if result.is_err() {
        std::process::exit(0);
    }
}

impl<W: Write> Session<W> {
    pub fn new(out: W, engine: Engine) -> Session<W> {
        Session {
            out,
            game: None,
            settings: Settings::default(),
            engine,
            hash_bytes: 0,
            thinking_since: None,
            announced_best: None,
            block: None,
            queue: VecDeque::new(),
        }
    }

    fn say(&mut self, text: &str) {
        ok_or_exit(writeln!(self.out, "{text}").and_then(|_| self.out.flush()));
    }

    fn error(&mut self, text: &str) {
        self.say(&format!("ERROR {text}"));
    }

    pub fn handle(&mut self, event: Event) -> Flow {
        match event {
            Event::Line(line, at) => self.on_line(line, at),
            Event::InputClosed => Flow::Exit,
            Event::Progress(event) => {
                for line in self.progress_lines(&event) {
                    // A GUI only needs to hear about a new best move when it changes.
                    if line.starts_with("MESSAGE REALTIME BEST")
                        && self.announced_best.as_ref() == Some(&line)
                    {
                        continue;
                    }
                    if line.starts_with("MESSAGE REALTIME BEST") {
                        self.announced_best = Some(line.clone());
                    }
                    if line == "MESSAGE REALTIME REFRESH" {
                        self.announced_best = None;
                    }
                    self.say(&line);
                }
                Flow::Continue
            }
            Event::Searched(result) => {
                self.finish_move(result);
                self.drain_queue()
            }
        }
    }

    fn on_line(&mut self, line: String, at: Instant) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        if self.thinking_since.is_some() {
            return match parse(line) {
                Ok(Command::Stop) => {
                    self.engine.stop();
                    Flow::Continue
                }
                Ok(Command::End) => Flow::Exit,
                _ => {
                    self.queue.push_back((line.to_string(), at));
                    Flow::Continue
                }
            };
        }
        if self.block.is_some() {
            return self.block_line(line, at);
        }
        match parse(line) {
            Ok(command) => self.execute(command, at),
            Err(ParseError::Unknown(word)) => {
                self.say(&format!("UNKNOWN command '{word}'"));
                Flow::Continue
            }
            Err(ParseError::Malformed(message)) => {
                self.error(&message);
                Flow::Continue
            }
        }
    }

    fn drain_queue(&mut self) -> Flow {
        while self.thinking_since.is_none() {
            let Some((line, at)) = self.queue.pop_front() else {
                break;
            };
            if let Flow::Exit = self.on_line(line, at) {
                return Flow::Exit;
            }
        }
        Flow::Continue
    }

    fn block_line(&mut self, line: &str, at: Instant) -> Flow {
        if line.eq_ignore_ascii_case("DONE") {
            self.finish_block();
            return Flow::Continue;
        }
        let Some(block) = self.block.as_mut() else {
            return Flow::Continue;
        };
        match parse_board_line(line) {
            Ok((x, y, field)) => {
                let owner = match field {
                    1 => Some(Owner::Own),
                    2 => Some(Owner::Opponent),
                    3 => Some(Owner::Blocked),
                    _ => None,
                };
                match owner {
                    Some(owner) => block.stones.push((x, y, owner)),
                    None => {
                        let message = format!("line '{line}': field must be 1, 2 or 3");
                        block.error.get_or_insert(message);
                    }
                }
                Flow::Continue
            }
            // A command inside the block: the block was cut short.
            Err(_)
                if line.starts_with(|c: char| c.is_ascii_alphabetic()) && parse(line).is_ok() =>
            {
                let block = self.block.take();
                let name = if block.is_some_and(|b| b.answer) {
                    "BOARD"
                } else {
                    "YXBOARD"
                };
                self.error(&format!(
                    "{name} block ended by '{line}' without DONE; position unchanged"
                ));
                self.on_line(line.to_string(), at)
            }
            Err(message) => {
                block
                    .error
                    .get_or_insert(format!("line '{line}': {message}"));
                Flow::Continue
            }
        }
    }

    fn finish_block(&mut self) {
        let Some(block) = self.block.take() else {
            return;
        };
        let name = if block.answer { "BOARD" } else { "YXBOARD" };
        if let Some(error) = block.error {
            return self.error(&format!("{name}: {error}; position unchanged"));
        }
        let Some(game) = self.game.as_ref() else {
            return self.error("no game: send START first");
        };
        match game.with_stones(&block.stones) {
            Ok(game) => {
                self.game = Some(game);
                if block.answer {
                    self.start_move(block.started);
                }
            }
            Err(message) => self.error(&format!("{name}: {message}; position unchanged")),
        }
    }

    fn execute(&mut self, command: Command, at: Instant) -> Flow {
        match command {
            Command::Start(size) => self.start(size, size),
            Command::RectStart(width, height) => self.start(width, height),
            Command::Restart => {
                if let Some(game) = self.game.as_mut() {
                    game.clear();
                    self.say("OK");
                } else {
                    self.error("no game to restart: send START first");
                }
            }
            Command::Begin => {
                if self.game.is_some() {
                    self.start_move(at);
                } else {
                    self.error("no game: send START first");
                }
            }
            Command::Turn(x, y) => match self.game.as_mut().map(|g| g.place(x, y, Owner::Opponent))
            {
                Some(Ok(_)) => self.start_move(at),
                Some(Err(message)) => self.error(&format!("TURN {message}")),
                None => self.error("no game: send START first"),
            },
            Command::Play(x, y) => match self.game.as_mut().map(|g| g.place(x, y, Owner::Own)) {
                Some(Ok(pos)) => self.say(&format!("{},{}", pos.x(), pos.y())),
                Some(Err(message)) => self.error(&format!("PLAY {message}")),
                None => self.error("no game: send START first"),
            },
            Command::Takeback(x, y) => match self.game.as_mut().map(|g| g.remove(x, y)) {
                Some(Ok(())) => self.say("OK"),
                Some(Err(message)) => self.error(&format!("TAKEBACK {message}")),
                None => self.error("no game: send START first"),
            },
            Command::Board | Command::YxBoard => {
                self.block = Some(Block {
                    answer: command == Command::Board,
                    stones: Vec::new(),
                    error: None,
                    started: at,
                });
            }
            Command::Info(key, value) => self.info(&key, &value),
            Command::End => return Flow::Exit,
            Command::About => self.say(&about()),
            Command::Stop => {}
            Command::YxShowForbid => match self.game.as_ref() {
                Some(game) => {
                    let line = forbid_line(&game.board());
                    self.say(&line);
                }
                None => self.error("no game: send START first"),
            },
            Command::YxHashClear => self.engine.clear_hash(),
        }
        Flow::Continue
    }

    fn start(&mut self, width: i64, height: i64) {
        let fits = |n: i64| (MIN_SIDE as i64..=MAX_SIDE as i64).contains(&n);
        if !fits(width) || !fits(height) {
            let size = if width == height {
                width.to_string()
            } else {
                format!("{width}x{height}")
            };
            return self.error(&format!(
                "unsupported board size {size}: sides must be {MIN_SIDE} to {MAX_SIDE}"
            ));
        }
        PatternTables::get(self.settings.rule);
        self.game = Some(Game::new(
            width as usize,
            height as usize,
            self.settings.rule,
        ));
        self.say("OK");
    }

    fn info(&mut self, key: &str, value: &str) {
        let number = || {
            value
                .trim()
                .parse::<i64>()
                .map_err(|_| format!("INFO {key}: '{value}' is not a whole number"))
        };
        let result: Result<(), String> = (|| {
            let settings = &mut self.settings;
            match key {
                "timeout_turn" => settings.time.turn_ms = number()?.max(0),
                "timeout_match" => settings.time.match_ms = number()?.max(0),
                "time_left" => settings.time.left_ms = number()?,
                "time_increment" => settings.time.increment_ms = number()?.max(0),
                "max_memory" => settings.max_memory = number()?.max(0) as u64,
                "hash_size" => settings.hash_size = number()?.max(0) as u64 * 1024,
                "thread_num" => {
                    let available = std::thread::available_parallelism().map_or(1, |n| n.get());
                    settings.threads = (number()?.max(1) as usize).min(available.max(1)).min(64);
                }
                "rule" => {
                    let code = number()?;
                    let rule = Rule::from_info(code).ok_or_else(|| {
                        format!("INFO rule: unsupported rule {code} (0 freestyle, 1 standard, 4 or 2 renju, 8 caro, 9 standard caro)")
                    })?;
                    settings.rule = rule;
                    if let Some(game) = self.game.as_mut() {
                        game.set_rule(rule);
                    }
                    PatternTables::get(rule);
                }
                "max_depth" => settings.max_depth = number()?.clamp(0, 1000) as u32,
                "max_node" => settings.max_nodes = number()?.max(0) as u64,
                "show_detail" => settings.show_detail = number()?,
                "game_type" | "evaluate" | "folder" | "caution_factor" | "pondering"
                | "nbestsym" | "usedatabase" => {}
                other => log::debug!("ignoring INFO {other}"),
            }
            Ok(())
        })();
        if let Err(message) = result {
            self.error(&message);
        }
    }

    fn start_move(&mut self, at: Instant) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let (board, warning) = game.board_for_our_move();
        if let Some(warning) = warning {
            self.say(&format!("MESSAGE {warning}"));
        }
        let mut limits = SearchLimits::new(self.settings.time.budget(board.stone_count(), at));
        limits.threads = self.settings.threads;
        if self.settings.max_depth > 0 {
            limits.max_depth = self.settings.max_depth;
        }
        if self.settings.max_nodes > 0 {
            limits.max_nodes = self.settings.max_nodes;
        }
        let hash_bytes = self.settings.hash_bytes();
        if hash_bytes != self.hash_bytes {
            self.engine.resize_hash(hash_bytes);
            self.hash_bytes = hash_bytes;
        }
        self.thinking_since = Some(at);
        self.announced_best = None;
        self.engine.search(board, limits);
    }

    fn finish_move(&mut self, result: Option<SearchResult>) {
        self.thinking_since = None;
        let Some(result) = result else {
            return self.error("the board is full: no move is possible");
        };
        let (x, y) = (result.best.x() as i64, result.best.y() as i64);
        log::info!(
            "move {x},{y} score {} depth {} nodes {} in {:?} ({:?})",
            result.score,
            result.depth,
            result.nodes,
            result.elapsed,
            result.decision
        );
        if let Some(game) = self.game.as_mut() {
            if let Err(message) = game.place(x, y, Owner::Own) {
                log::error!("the search chose an unplayable move: {message}");
            }
        }
        self.say(&format!("{x},{y}"));
    }
}

impl<W: Write> Session<W> {
    /// The MESSAGE lines `show_detail` asks for about a search event: with bit 2, one summary
    /// per iteration (and per line in multi-PV) in the format client libraries parse; with bit
    /// 1, Yixin-Board's realtime lines, from depth 8 and 200 ms into the move (as GUIs expect).
    fn progress_lines(&self, event: &SearchEvent) -> Vec<String> {
        let detail = self.settings.show_detail;
        let elapsed = self.thinking_since.map_or(Duration::ZERO, |t| t.elapsed());
        let realtime =
            |depth: u32| detail & 1 != 0 && depth >= 8 && elapsed >= Duration::from_millis(200);
        let xy = |p: Pos| format!("{},{}", p.x(), p.y());
        let mut lines = Vec::new();
        match event {
            SearchEvent::Iteration(it) => {
                if detail & 2 != 0 {
                    lines.extend(summary_lines(it));
                }
                if realtime(it.depth) {
                    if let Some(best) = it.lines.first() {
                        lines.push("MESSAGE REALTIME REFRESH".into());
                        lines.push(format!("MESSAGE REALTIME BEST {}", xy(best.mv)));
                    }
                }
            }
            SearchEvent::RootMoveStarted { mv, depth } if realtime(*depth) => {
                lines.push(format!("MESSAGE REALTIME POS {}", xy(*mv)));
            }
            SearchEvent::RootMoveDone {
                mv,
                depth,
                score,
                best,
            } if realtime(*depth) => {
                lines.push(format!("MESSAGE REALTIME DONE {}", xy(*mv)));
                if *score <= -score::PROVEN {
                    lines.push(format!("MESSAGE REALTIME LOST {}", xy(*mv)));
                } else if *best {
                    lines.push(format!("MESSAGE REALTIME BEST {}", xy(*mv)));
                }
            }
            _ => {}
        }
        lines
    }
}

/// `MESSAGE depth D-SD [multipv K] ev E n N n/ms S tm T pv m1 m2 …` for each line of an
/// iteration: E in score units or `+M<n>`/`-M<n>` (a win or loss in n of our moves), N nodes
/// with a K/M/G suffix, S nodes per millisecond, T milliseconds, moves in letter-number
/// notation.
pub fn summary_lines(it: &Iteration) -> Vec<String> {
    let ms = it.elapsed.as_millis() as u64;
    let speed = it.nodes / ms.max(1);
    let multipv = it.lines.len() > 1;
    it.lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let pv: Vec<String> = line.pv.iter().map(|&p| to_letter_number(p)).collect();
            format!(
                "MESSAGE depth {}-{}{} ev {} n {} n/ms {speed} tm {ms} pv {}",
                it.depth,
                it.seldepth,
                if multipv {
                    format!(" multipv {}", i + 1)
                } else {
                    String::new()
                },
                score::format(line.score),
                nodes_text(it.nodes),
                pv.join(" ")
            )
        })
        .collect()
}

/// Node counts as client libraries expect them: exact below 10 000, then thousands (K),
/// millions (M), billions (G).
pub fn nodes_text(nodes: u64) -> String {
    match nodes {
        0..=9_999 => nodes.to_string(),
        10_000..=9_999_999 => format!("{}K", nodes / 1_000),
        10_000_000..=99_999_999_999 => format!("{}M", nodes / 1_000_000),
        _ => format!("{}G", nodes / 1_000_000_000),
    }
}

/// The ABOUT line.
pub fn about() -> String {
    format!(
        "name=\"Sente\", version=\"{}\", author=\"Sente developers\", country=\"International\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// `FORBID xxyy….`: black's renju fouls, each as two-digit x then two-digit y.
pub fn forbid_line(board: &Board) -> String {
    let mut line = String::from("FORBID ");
    for pos in board.forbidden_points() {
        line.push_str(&format!("{:02}{:02}", pos.x(), pos.y()));
    }
    line.push('.');
    line
}
