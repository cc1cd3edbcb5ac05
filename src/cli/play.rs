//! `pbrain-sente play`: a person plays against the engine in a terminal.
//!
//! Line-based on purpose (no raw terminal mode), so it works in any terminal, over ssh and in
//! scripts: the board is printed with its coordinates, the player types a move or a command.

use super::Options;
use crate::board::geometry::{parse_letter_number, to_letter_number};
use crate::board::{Board, Cell, Color, Pos};
use crate::rules::Rule;
use crate::search::{score, SearchLimits, SearchResult, Searcher, TimeBudget};
use anyhow::bail;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
pbrain-sente play: play against Sente in the terminal

USAGE:
    pbrain-sente play [OPTIONS]

OPTIONS:
    --rule R        freestyle|standard|renju|caro|standard-caro or a Gomocup code (default 0)
    --size N        square board side, 5..32 (default 15); or --size WxH
    --time MS       the engine's thinking time per move in milliseconds (default 1000)
    --white         you play white (the engine opens)
    --threads N     search threads (default 1)
    -h, --help      this text

During the game type a move (h8, or x,y counted from 0 like 7,7) or a command:
    undo     take back your last move and the engine's reply
    hint     ask the engine for a move for you
    swap     change sides (the engine plays the side to move)
    new      start again
    help     this list
    quit     leave";

const COMMANDS: &str = "moves: h8 or 7,7 | commands: undo, hint, swap, new, help, quit";

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let mut options = Options {
        time: Some(1000),
        ..Options::default()
    };
    let mut human = Color::Black;
    let mut rest = Vec::new();
    for arg in args {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            "--white" => human = Color::White,
            "--black" => human = Color::Black,
            _ => rest.push(arg.clone()),
        }
    }
    options.parse(&rest, USAGE)?;
    if !options.moves.is_empty() {
        bail!("unexpected argument '{}'\n\n{USAGE}", options.moves);
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    Game::new(options, human).play(&mut stdin.lock(), &mut stdout.lock())
}

struct Game {
    options: Options,
    human: Color,
    board: Board,
    searcher: Searcher,
    /// The engine's last search, shown under the board.
    last_search: Option<SearchResult>,
}

enum Outcome {
    /// The position changed: show the board again.
    Changed,
    Unchanged,
    Quit,
}

impl Game {
    fn new(options: Options, human: Color) -> Game {
        let board = Board::new(options.width, options.height, options.rule);
        Game {
            options,
            human,
            board,
            searcher: Searcher::new(64 << 20),
            last_search: None,
        }
    }

    fn play(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> anyhow::Result<()> {
        writeln!(out, "Sente {} - {COMMANDS}", env!("CARGO_PKG_VERSION"))?;
        let mut changed = true;
        loop {
            if self.board.to_move() != self.human && !self.over() {
                self.engine_move(out)?;
                changed = true;
            }
            if changed {
                self.show(out)?;
            }
            if self.over() {
                write!(out, "game over - new or quit> ")?;
            } else {
                write!(out, "your move ({})> ", self.human.name())?;
            }
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(());
            }
            match self.command(line.trim(), out)? {
                Outcome::Quit => return Ok(()),
                Outcome::Changed => changed = true,
                Outcome::Unchanged => changed = false,
            }
        }
    }

    fn command(&mut self, line: &str, out: &mut impl Write) -> anyhow::Result<Outcome> {
        match line.to_ascii_lowercase().as_str() {
            "" => return Ok(Outcome::Unchanged),
            "quit" | "exit" | "q" => return Ok(Outcome::Quit),
            "help" | "?" => {
                writeln!(out, "{COMMANDS}")?;
                return Ok(Outcome::Unchanged);
            }
            "new" => {
                self.board = Board::new(self.options.width, self.options.height, self.options.rule)
            }
            "undo" => {
                // Back to the human's previous turn (one or two plies).
                let mut undone = 0;
                while self.board.stone_count() > 0
                    && (undone == 0 || self.board.to_move() != self.human)
                {
                    self.board.unmake();
                    undone += 1;
                }
                if undone == 0 {
                    writeln!(out, "nothing to undo")?;
                    return Ok(Outcome::Unchanged);
                }
            }
            "hint" => {
                let result = self.search();
                writeln!(out, "hint: {}", describe(&result))?;
                return Ok(Outcome::Unchanged);
            }
            "swap" => self.human = self.human.opponent(),
            text if self.over() => {
                writeln!(out, "the game is over: type new or quit ({text}?)")?;
                return Ok(Outcome::Unchanged);
            }
            text => match self.parse_move(text) {
                Ok(pos) => self.board.make(pos),
                Err(message) => {
                    writeln!(out, "{message}")?;
                    return Ok(Outcome::Unchanged);
                }
            },
        }
        self.last_search = None;
        Ok(Outcome::Changed)
    }

    fn parse_move(&mut self, text: &str) -> Result<Pos, String> {
        let (x, y) = match text.split_once(',') {
            Some((x, y)) => match (x.trim().parse::<usize>(), y.trim().parse::<usize>()) {
                (Ok(x), Ok(y)) => (x, y),
                _ => return Err(format!("'{text}' is not a move ({COMMANDS})")),
            },
            None => parse_letter_number(text)
                .ok_or_else(|| format!("'{text}' is not a move ({COMMANDS})"))?,
        };
        if !self.board.contains(x as i64, y as i64) {
            return Err(format!("{text} is off the board"));
        }
        let pos = Pos::new(x, y);
        if !self.board.is_empty(pos) {
            return Err(format!("{text} is taken"));
        }
        if self.board.is_forbidden(self.board.to_move(), pos) {
            return Err(format!(
                "{text} is a foul for black (marked !): a forbidden move loses"
            ));
        }
        Ok(pos)
    }

    fn search(&mut self) -> SearchResult {
        let start = Instant::now();
        let time = Duration::from_millis(self.options.time.unwrap_or(1000));
        let mut limits = SearchLimits::new(TimeBudget::fixed(start, time));
        limits.threads = self.options.threads;
        if let Some(depth) = self.options.depth {
            limits.max_depth = depth;
        }
        let stop = AtomicBool::new(false);
        self.searcher
            .search(&self.board, &limits, &stop, &mut |_| {})
            .expect("search on a board with an empty cell")
    }

    fn engine_move(&mut self, out: &mut impl Write) -> anyhow::Result<()> {
        writeln!(out, "Sente is thinking...")?;
        out.flush()?;
        let result = self.search();
        self.board.make(result.best);
        self.last_search = Some(result);
        Ok(())
    }

    fn winner(&self) -> Option<Color> {
        self.board
            .last_move()
            .filter(|&p| self.board.is_five_at(p))
            .and_then(|p| self.board.cell(p).color())
    }

    fn over(&self) -> bool {
        self.winner().is_some() || self.board.empties() == 0
    }

    fn show(&self, out: &mut impl Write) -> anyhow::Result<()> {
        writeln!(out)?;
        write!(out, "{}", render(&self.board))?;
        let you = if self.human == Color::Black { "X" } else { "O" };
        writeln!(
            out,
            "{} {}x{} - you {} ({you}), Sente {} - move {}",
            self.board.rule(),
            self.board.width(),
            self.board.height(),
            self.human.name(),
            self.human.opponent().name(),
            self.board.stone_count() + 1
        )?;
        if let Some(result) = &self.last_search {
            writeln!(out, "Sente played {}", describe(result))?;
        }
        match self.winner() {
            Some(color) if color == self.human => writeln!(out, "Five in a row: you win!")?,
            Some(_) => writeln!(out, "Five in a row: Sente wins.")?,
            None if self.board.empties() == 0 => writeln!(out, "The board is full: a draw.")?,
            None => {}
        }
        Ok(())
    }
}

/// A search result as a line: move, score, depth and principal variation.
fn describe(result: &SearchResult) -> String {
    let pv: Vec<String> = result.pv.iter().map(|&p| to_letter_number(p)).collect();
    format!(
        "{} (score {}, depth {}, {} ms) line: {}",
        to_letter_number(result.best),
        score::format(result.score),
        result.depth,
        result.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// The board with coordinates: `X` black, `O` white, `#` blocked, `.` empty, `!` a renju foul
/// for black (when black is to move); the last stone is marked with `>`.
pub fn render(board: &Board) -> String {
    let mut scratch = board.clone();
    let black_to_move = board.to_move() == Color::Black && board.rule() == Rule::Renju;
    let last = board.last_move();
    let mut text = String::from("   ");
    for x in 0..board.width() {
        text.push_str(&format!(" {}", (b'a' + x as u8) as char));
    }
    text.push('\n');
    for y in 0..board.height() {
        text.push_str(&format!("{:>3}", y + 1));
        for x in 0..board.width() {
            let pos = Pos::new(x, y);
            let mark = if Some(pos) == last { '>' } else { ' ' };
            let c = match board.cell(pos) {
                Cell::Black => 'X',
                Cell::White => 'O',
                Cell::Wall => '#',
                Cell::Empty if black_to_move && scratch.is_forbidden(Color::Black, pos) => '!',
                Cell::Empty => '.',
            };
            text.push(mark);
            text.push(c);
        }
        text.push_str(&format!(" {}\n", y + 1));
    }
    text.push_str("   ");
    for x in 0..board.width() {
        text.push_str(&format!(" {}", (b'a' + x as u8) as char));
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(script: &str, human: Color) -> String {
        let options = Options {
            time: Some(50),
            ..Options::default()
        };
        let mut game = Game::new(options, human);
        let mut out = Vec::new();
        game.play(&mut script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_move_gets_an_answer_and_bad_input_an_explanation() {
        let out = session("h8\nz99\nh8\nfoo\nquit\n", Color::Black);
        assert!(out.contains("Sente played"), "{out}");
        assert!(
            out.contains("z99 is off the board") || out.contains("'z99' is not a move"),
            "{out}"
        );
        assert!(out.contains("h8 is taken"), "{out}");
        assert!(out.contains("'foo' is not a move"), "{out}");
    }

    #[test]
    fn undo_goes_back_to_the_players_turn() {
        let out = session("h8\nundo\nundo\nquit\n", Color::Black);
        assert!(out.contains("nothing to undo"), "{out}");
        let last_board = out.rsplit("   a b c").nth(1).unwrap_or_default();
        assert!(
            !last_board.contains('X') && !last_board.contains('O'),
            "{out}"
        );
    }

    #[test]
    fn the_engine_opens_when_the_player_takes_white() {
        let out = session("quit\n", Color::White);
        assert!(
            out.contains(">X"),
            "the engine's first stone is marked: {out}"
        );
    }

    #[test]
    fn renju_fouls_are_marked_and_refused() {
        let options = Options {
            rule: Rule::Renju,
            time: Some(50),
            ..Options::default()
        };
        let mut game = Game::new(options, Color::Black);
        for mv in ["h9", "a1", "h10", "o1", "i8", "a15", "j8", "o15"] {
            let (x, y) = parse_letter_number(mv).unwrap();
            game.board.make(Pos::new(x, y));
        }
        let board = render(&game.board);
        let row8 = board
            .lines()
            .find(|l| l.trim_start().starts_with("8 "))
            .unwrap();
        assert!(row8.contains('!'), "h8 is marked: {board}");
        let mut out = Vec::new();
        game.play(&mut "h8\nquit\n".as_bytes(), &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("foul"));
    }
}
