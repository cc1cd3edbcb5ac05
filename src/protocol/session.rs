//! One protocol session: the state a manager or GUI builds up with its commands (settings, the
//! game, a block being read, excluded moves) and the handling of every command and answer.
//!
//! Invariants: a refused command leaves the state as it was and prints one `ERROR` line; while
//! the engine works on an answer only `YXSTOP`/`STOP` and `END` act at once, everything else
//! waits in order until the answer is printed; nothing but `MESSAGE` lines precede a move.
//! Pondering is the exception: any command stops it at once, and its result is dropped.

use super::block::{Block, BlockKind};
use super::command::{parse, Command, ParseError};
use super::engine::{Answer, Engine, Task};
use super::game::{Game, Owner};
use super::output::{self, about, forbid_line, progress_lines, summary_lines, xy};
use super::settings::Settings;
use super::Event;
use crate::board::{Board, Color, Pos, MAX_SIDE, MIN_SIDE};
use crate::pattern::PatternTables;
use crate::search::{score, SearchResult, TimeBudget};
use std::collections::VecDeque;
use std::io::Write;
use std::time::Instant;

pub enum Flow {
    Continue,
    Exit,
}

/// What an answer the engine is working on is for, which decides how it is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Request {
    /// Our move in the game (BEGIN, TURN, BOARD).
    Play,
    /// YXNBEST: the best lines, then the move.
    NBest,
    /// YXSEARCHDEFEND: every move scored; the losing ones reported, then the move.
    Defend,
    BalanceOne,
    BalanceTwo,
    Swap2,
    /// Thinking on the opponent's time: nothing is printed.
    Ponder,
}

pub struct Session<W: Write> {
    out: W,
    game: Option<Game>,
    settings: Settings,
    engine: Engine,
    /// Size of the search's hash table, set whenever the settings change it.
    hash_bytes: usize,
    /// The answer the engine is working on and when it was asked for.
    pending: Option<(Request, Instant)>,
    /// The last `MESSAGE REALTIME BEST` line printed for the current answer.
    announced_best: Option<String>,
    block: Option<Block>,
    /// Root moves excluded by YXBLOCK.
    excluded: Vec<Pos>,
    /// Our colour in the last position we searched.
    our_color: Color,
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
            pending: None,
            announced_best: None,
            block: None,
            excluded: Vec::new(),
            our_color: Color::Black,
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
                self.on_progress(&event);
                Flow::Continue
            }
            Event::Answered(answer) => {
                if let Some((request, _)) = self.pending.take() {
                    self.deliver(request, answer);
                }
                self.drain_queue()
            }
        }
    }

    fn on_progress(&mut self, event: &crate::search::SearchEvent) {
        let Some((request, since)) = self.pending else {
            return;
        };
        if request == Request::Ponder {
            return;
        }
        for line in progress_lines(event, self.settings.show_detail, since.elapsed()) {
            // A GUI only needs to hear about a new best move when it changes.
            if line.starts_with("MESSAGE REALTIME BEST") {
                if self.announced_best.as_ref() == Some(&line) {
                    continue;
                }
                self.announced_best = Some(line.clone());
            }
            if line == "MESSAGE REALTIME REFRESH" {
                self.announced_best = None;
            }
            self.say(&line);
        }
    }

    fn on_line(&mut self, line: String, at: Instant) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        if let Some((request, _)) = self.pending {
            let command = parse(line);
            if command == Ok(Command::End) {
                return Flow::Exit;
            }
            if request == Request::Ponder || command == Ok(Command::Stop) {
                self.engine.stop();
            }
            if command != Ok(Command::Stop) {
                self.queue.push_back((line.to_string(), at));
            }
            return Flow::Continue;
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
        while self.pending.is_none() {
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
            if let Some(block) = self.block.take() {
                self.finish_block(block);
            }
            return Flow::Continue;
        }
        let Some(block) = self.block.as_mut() else {
            return Flow::Continue;
        };
        if !block.read(line) && parse(line).is_ok() {
            // A command inside the block: the block was cut short.
            let name = block.kind.name();
            self.block = None;
            self.error(&format!(
                "{name} block ended by '{line}' without DONE; nothing changed"
            ));
            return self.on_line(line.to_string(), at);
        }
        Flow::Continue
    }

    fn finish_block(&mut self, block: Block) {
        let name = block.kind.name();
        if let Some(error) = block.error {
            return self.error(&format!("{name}: {error}; nothing changed"));
        }
        let Some(game) = self.game.as_ref() else {
            return self.error("no game: send START first");
        };
        match block.kind {
            BlockKind::Board | BlockKind::YxBoard => match game.with_stones(&block.stones) {
                Ok(game) => {
                    self.game = Some(game);
                    if block.kind == BlockKind::Board {
                        self.launch(Request::Play, block.started, 1, Task::Move);
                    }
                }
                Err(message) => self.error(&format!("{name}: {message}; nothing changed")),
            },
            BlockKind::Swap2Board => {
                // Swap2 stones come in move order, black first; their owners do not matter.
                let stones: Vec<(i64, i64, Owner)> = block
                    .stones
                    .iter()
                    .map(|&(x, y, _)| (x, y, Owner::Own))
                    .collect();
                match game.with_stones(&stones) {
                    Ok(position) if [0, 3, 5].contains(&position.stones().len()) => {
                        self.launch_swap2(position, block.started)
                    }
                    Ok(position) => self.error(&format!(
                        "SWAP2BOARD: {} stones; Swap2 positions have 0, 3 or 5",
                        position.stones().len()
                    )),
                    Err(message) => self.error(&format!("{name}: {message}")),
                }
            }
            BlockKind::YxBlock | BlockKind::YxBlockUndo => {
                for &(x, y, _) in &block.stones {
                    match game.on_board(x, y) {
                        Ok(pos) if block.kind == BlockKind::YxBlock => {
                            if !self.excluded.contains(&pos) {
                                self.excluded.push(pos);
                            }
                        }
                        Ok(pos) => self.excluded.retain(|&p| p != pos),
                        Err(message) => return self.error(&format!("{name}: {message}")),
                    }
                }
            }
        }
    }

    fn execute(&mut self, command: Command, at: Instant) -> Flow {
        let needs_game = !matches!(
            command,
            Command::Start(_)
                | Command::RectStart(..)
                | Command::Info(..)
                | Command::End
                | Command::About
                | Command::Stop
                | Command::YxHashClear
                | Command::YxShowInfo
                | Command::YxBlockReset
        );
        if needs_game && self.game.is_none() {
            self.error("no game: send START first");
            return Flow::Continue;
        }
        match command {
            Command::Start(size) => self.start(size, size),
            Command::RectStart(width, height) => self.start(width, height),
            Command::Restart => {
                let _ = self.with_game(|g| {
                    g.clear();
                    Ok(())
                });
                self.say("OK");
            }
            Command::Begin => self.launch(Request::Play, at, 1, Task::Move),
            Command::Turn(x, y) => match self.with_game(|g| g.place(x, y, Owner::Opponent)) {
                Ok(_) => self.launch(Request::Play, at, 1, Task::Move),
                Err(message) => self.error(&format!("TURN {message}")),
            },
            Command::Play(x, y) => match self.with_game(|g| g.place(x, y, Owner::Own)) {
                Ok(pos) => self.say(&xy(pos)),
                Err(message) => self.error(&format!("PLAY {message}")),
            },
            Command::Takeback(x, y) => match self.with_game(|g| g.remove(x, y)) {
                Ok(()) => self.say("OK"),
                Err(message) => self.error(&format!("TAKEBACK {message}")),
            },
            Command::Board => self.block = Some(Block::new(BlockKind::Board, at)),
            Command::YxBoard => self.block = Some(Block::new(BlockKind::YxBoard, at)),
            Command::Swap2Board => self.block = Some(Block::new(BlockKind::Swap2Board, at)),
            Command::YxBlock => self.block = Some(Block::new(BlockKind::YxBlock, at)),
            Command::YxBlockUndo => self.block = Some(Block::new(BlockKind::YxBlockUndo, at)),
            Command::YxBlockReset => self.excluded.clear(),
            Command::Info(key, value) => self.info(&key, &value),
            Command::End => return Flow::Exit,
            Command::About => self.say(&about()),
            Command::Stop => {}
            Command::YxShowForbid => {
                let line = self
                    .game
                    .as_ref()
                    .map(|g| forbid_line(&g.board()))
                    .unwrap_or_default();
                self.say(&line);
            }
            Command::YxHashClear => self.engine.clear_hash(),
            Command::YxShowInfo => {
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                let log2 = 63 - self.settings.max_hash_kib().max(1).leading_zeros();
                self.say(&format!("MESSAGE INFO MAX_THREAD_NUM {threads}"));
                self.say(&format!("MESSAGE INFO MAX_HASH_SIZE {log2}"));
            }
            Command::YxNBest(n) => self.launch(Request::NBest, at, n, Task::Move),
            Command::YxSearchDefend => self.launch(Request::Defend, at, usize::MAX, Task::Move),
            Command::YxBalanceOne(bias) => {
                self.launch(Request::BalanceOne, at, 1, Task::BalanceOne(bias as i32))
            }
            Command::YxBalanceTwo(bias) => {
                self.launch(Request::BalanceTwo, at, 1, Task::BalanceTwo(bias as i32))
            }
        }
        Flow::Continue
    }

    fn with_game<T>(
        &mut self,
        f: impl FnOnce(&mut Game) -> Result<T, String>,
    ) -> Result<T, String> {
        match self.game.as_mut() {
            Some(game) => f(game),
            None => Err("no game: send START first".into()),
        }
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
        match self.settings.set(key, value) {
            Ok(()) => {
                self.sync_hash();
                if key == "rule" {
                    let rule = self.settings.rule;
                    if let Some(game) = self.game.as_mut() {
                        game.set_rule(rule);
                    }
                    PatternTables::get(rule);
                }
            }
            Err(message) => self.error(&message),
        }
    }

    /// Gives the hash table the size the settings ask for. Done as soon as an INFO changes
    /// it, so that the new table's memory is committed before the next move's clock runs.
    fn sync_hash(&mut self) {
        let hash_bytes = self.settings.hash_bytes();
        if hash_bytes != self.hash_bytes {
            self.engine.resize_hash(hash_bytes);
            self.hash_bytes = hash_bytes;
        }
    }

    /// Starts the engine on our move in the current game for `request`.
    fn launch(&mut self, request: Request, at: Instant, multipv: usize, task: Task) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let (board, warning) = game.board_for_our_move();
        if let Some(warning) = warning {
            self.say(&format!("MESSAGE {warning}"));
        }
        self.our_color = board.to_move();
        let mut limits = self.settings.limits(board.stone_count(), at);
        limits.multipv = multipv;
        limits.excluded = self.excluded.clone();
        self.run(request, board, limits, task, at);
    }

    fn launch_swap2(&mut self, position: Game, at: Instant) {
        let mut board = Board::new(position.width(), position.height(), position.rule());
        for &(pos, _) in position.stones() {
            board.make(pos);
        }
        let limits = self.settings.limits(board.stone_count(), at);
        self.run(Request::Swap2, board, limits, Task::Swap2, at);
    }

    fn run(
        &mut self,
        request: Request,
        board: Board,
        limits: crate::search::SearchLimits,
        task: Task,
        at: Instant,
    ) {
        self.sync_hash();
        self.pending = Some((request, at));
        self.announced_best = None;
        self.engine.run(board, limits, task);
    }

    /// Prints an answer as its request wants it, and keeps the game up to date.
    fn deliver(&mut self, request: Request, answer: Answer) {
        match (request, answer) {
            (Request::Ponder, _) => {}
            (Request::Swap2, Answer::Swap2(Some(answer))) => self.say(&output::swap2_line(&answer)),
            (Request::BalanceTwo, Answer::Pair(Some((ours, theirs)))) => {
                self.place(ours, Owner::Own);
                self.place(theirs, Owner::Opponent);
                self.say(&output::moves(&[ours, theirs]));
            }
            (_, Answer::Move(Some(result))) => {
                match request {
                    // The n best lines, unless they were just printed live.
                    Request::NBest if self.settings.show_detail & 2 == 0 => {
                        for line in summary_lines(&result.summary()) {
                            self.say(&line);
                        }
                    }
                    Request::Defend => {
                        for line in result.lines.iter().filter(|l| l.score <= -score::PROVEN) {
                            self.say(&format!("MESSAGE REALTIME LOST {}", xy(line.mv)));
                        }
                    }
                    _ => {}
                }
                self.play(&result);
                if request == Request::Play && self.settings.pondering {
                    self.ponder();
                }
            }
            _ => self.error("no move is possible: the board is full"),
        }
    }

    fn place(&mut self, pos: Pos, owner: Owner) {
        if let Some(game) = self.game.as_mut() {
            if let Err(message) = game.place(pos.x() as i64, pos.y() as i64, owner) {
                log::error!("the engine chose an unplayable move: {message}");
            }
        }
    }

    fn play(&mut self, result: &SearchResult) {
        log::info!(
            "move {} score {} depth {} nodes {} in {:?} ({:?})",
            xy(result.best),
            result.score,
            result.depth,
            result.nodes,
            result.elapsed,
            result.decision
        );
        self.place(result.best, Owner::Own);
        self.say(&xy(result.best));
    }

    /// Thinks about the position after our move until the next command arrives.
    fn ponder(&mut self) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let mut board = game.board_with(self.our_color);
        board.set_to_move(self.our_color.opponent());
        if board.empties() == 0 || board.winner().is_some() {
            return;
        }
        let now = Instant::now();
        let mut limits = self.settings.limits(board.stone_count(), now);
        limits.budget = TimeBudget::unlimited(now);
        self.run(Request::Ponder, board, limits, Task::Move, now);
    }
}
