//! Positions like those inside the search tree, drawn from recorded games, for
//! `examples/judge.rs` to label and `examples/tune.rs` to fit.
//!
//! ```sh
//! cargo run --release --example tree_positions -- [--children K] [--plies D] [--every N] \
//!     [--max-stones N] [--seed N] games.sgf... > tree.sgf
//! ```
//!
//! The evaluation is read at the leaves of the search, and most of those lie a few moves off
//! the game's line, after moves the search would not play. A fit to the game's own positions
//! (the forty-first to forty-third sessions of the strength log) never sees them. This takes
//! every `--every`-th position of each game (default every second one, after the opening and
//! under `--max-stones` stones, default 120) and writes it, and `--children` (default 2) others
//! reached from it by one to `--plies` (default 4) moves, each drawn as the search draws them:
//! from the move generator's list for the side to move (only the block of a five; against an
//! open four or a four-three, only its answers), earlier moves of the ordered list more often
//! than later ones. A line that reaches a five, or a position where the side to move has a
//! five or an open four (which the tuner skips), or where the side to move wins by continuous
//! fours (which the search proves rather than evaluates), is drawn again, up to ten times; and
//! a game's positions are taken only up to the first where the side to move has such a win.
//!
//! Each position is written as its own record with the game's size, rule and result: its stones
//! marked as opening stones, then one more move (the generator's first). The judge scores only
//! the positions after the opening stones, and the tuner fits only those, so each record yields
//! exactly the one position. Runs with the same arguments write the same file.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sente::board::{Board, Pos};
use sente::pattern::Threat;
use sente::search::movegen::{self, Danger, ScoredMove};
use sente::search::threat::first_cell;
use sente::search::{ThreatMode, ThreatSearch};
use std::fmt::Write;

#[path = "common/args.rs"]
mod args;
#[path = "common/quiet.rs"]
mod quiet;
#[path = "common/sgf.rs"]
mod sgf;
use args::value;
use quiet::is_quiet;
use sgf::{read_games, Game};

/// Draws of a child line before the position is given up.
const TRIES: usize = 10;
/// The limits of the search for a win by continuous fours: attacking moves and nodes.
const VCF_DEPTH: u32 = 30;
const VCF_NODES: u64 = 20_000;

struct Settings {
    children: usize,
    plies: usize,
    every: usize,
    max_stones: usize,
}

fn main() -> anyhow::Result<()> {
    let mut settings = Settings {
        children: 2,
        plies: 4,
        every: 2,
        max_stones: 120,
    };
    let mut seed = 1u64;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--children" => settings.children = value(&mut args, &arg)?,
            "--plies" => settings.plies = value(&mut args, &arg)?,
            "--every" => settings.every = value(&mut args, &arg)?,
            "--max-stones" => settings.max_stones = value(&mut args, &arg)?,
            "--seed" => seed = value(&mut args, &arg)?,
            _ => files.push(arg),
        }
    }
    anyhow::ensure!(
        !files.is_empty() && settings.plies > 0 && settings.every > 0,
        "usage: tree_positions [--children K] [--plies D] [--every N] [--max-stones N] \
         [--seed N] games.sgf..."
    );
    let mut sampler = Sampler {
        settings,
        rng: StdRng::seed_from_u64(seed),
        vcf: ThreatSearch::new(),
    };
    let mut written = 0;
    let games = read_games(&files)?;
    for game in &games {
        for stones in sampler.positions(game) {
            print!("{}", record(game, &stones));
            written += 1;
        }
    }
    eprintln!("{} games, {written} positions", games.len());
    Ok(())
}

/// Draws positions from games, with its random source and a threat search of its own.
struct Sampler {
    settings: Settings,
    rng: StdRng,
    vcf: ThreatSearch,
}

impl Sampler {
    /// The positions drawn from one game, each as its stones in order (black first) followed
    /// by the move the record ends with.
    fn positions(&mut self, game: &Game) -> Vec<Vec<Pos>> {
        let mut board = Board::new(game.size, game.size, game.rule);
        let mut out = Vec::new();
        for (ply, &(x, y)) in game.moves.iter().enumerate() {
            if board.stone_count() >= self.settings.max_stones || board.winner().is_some() {
                break;
            }
            let every = self.settings.every;
            let sampled = ply >= game.opening.max(4) && (ply - game.opening).is_multiple_of(every);
            if sampled && is_quiet(&board) {
                if self.is_decided(&mut board) {
                    break;
                }
                out.extend(as_record(&mut board));
                for _ in 0..self.settings.children {
                    out.extend(self.child(&mut board));
                }
            }
            let pos = Pos::new(x, y);
            if !board.is_legal(pos) {
                break;
            }
            board.make(pos);
        }
        out
    }

    /// A position one to `--plies` moves from the board's, drawn as the search would reach it.
    fn child(&mut self, board: &mut Board) -> Option<Vec<Pos>> {
        for _ in 0..TRIES {
            let depth = self.rng.gen_range(1..=self.settings.plies);
            let mut made = 0;
            while made < depth && board.winner().is_none() {
                let Some(pos) = self.tree_move(board) else {
                    break;
                };
                board.make(pos);
                made += 1;
            }
            let usable = made == depth
                && board.winner().is_none()
                && is_quiet(board)
                && !self.is_decided(board);
            let found = if usable { as_record(board) } else { None };
            for _ in 0..made {
                board.unmake();
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// A move for the side to move as the search might try it: the block of a five, else one
    /// of the generator's moves, the earlier in its order the likelier (the index is the
    /// list's length times the cube of a uniform draw).
    fn tree_move(&mut self, board: &mut Board) -> Option<Pos> {
        let moves = ordered_moves(board);
        let pick = (moves.len() as f64 * self.rng.gen::<f64>().powi(3)) as usize;
        moves.get(pick).map(|m| m.pos)
    }

    /// Whether the side to move wins by continuous fours. (A win the other side would have,
    /// were it to move, is a threat to answer, not a decided position.)
    fn is_decided(&mut self, board: &mut Board) -> bool {
        self.vcf
            .find_win(board, ThreatMode::Vcf, VCF_DEPTH, VCF_NODES)
            .is_some()
    }
}

/// The generator's moves for the side to move, best first; only the block when the opponent
/// has a five to make.
fn ordered_moves(board: &mut Board) -> Vec<ScoredMove> {
    let them = board.to_move().opponent();
    let mut moves = Vec::new();
    if board.count(them, Threat::Five) > 0 {
        return first_cell(board, them, Threat::Five)
            .filter(|&p| board.is_legal(p))
            .map(|pos| ScoredMove {
                pos,
                score: 0,
                tactical: true,
            })
            .into_iter()
            .collect();
    }
    let danger = Danger::assess(board);
    movegen::generate(board, danger, &mut moves);
    movegen::sort(&mut moves);
    moves
}

/// The board's stones in the order they were played, then the move its record ends with (the
/// generator's first); `None` if there is no move to play.
fn as_record(board: &mut Board) -> Option<Vec<Pos>> {
    let last = ordered_moves(board).first()?.pos;
    let mut stones: Vec<Pos> = board.placements().map(|(pos, _)| pos).collect();
    stones.push(last);
    Some(stones)
}

/// One position as an SGF record: the stones before the last marked as opening stones.
fn record(game: &Game, stones: &[Pos]) -> String {
    let result = match game.black_score {
        s if s > 0.75 => "B+",
        s if s < 0.25 => "W+",
        _ => "0",
    };
    let rule = game.rule.code();
    let mut text = format!("(;FF[4]GM[4]SZ[{}]RU[{rule}]RE[{result}]", game.size);
    for (i, pos) in stones.iter().enumerate() {
        let letter = if i % 2 == 0 { 'B' } else { 'W' };
        let x = (b'a' + pos.x() as u8) as char;
        let y = (b'a' + pos.y() as u8) as char;
        let _ = write!(text, ";{letter}[{x}{y}]");
        if i + 1 < stones.len() {
            text.push_str("C[opening]");
        }
    }
    text.push_str(")\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente::rules::Rule;

    /// A quiet freestyle game of 24 moves spread over the board, three stones of the opening.
    fn game() -> Game {
        let moves: Vec<(usize, usize)> = [
            (7, 7),
            (8, 8),
            (6, 8),
            (8, 6),
            (9, 7),
            (5, 9),
            (10, 10),
            (4, 4),
            (11, 3),
            (3, 11),
            (12, 12),
            (2, 2),
            (7, 11),
            (11, 7),
            (3, 7),
            (7, 3),
            (12, 8),
            (8, 12),
            (1, 5),
            (5, 1),
            (13, 5),
            (5, 13),
            (2, 9),
            (9, 2),
        ]
        .to_vec();
        Game {
            size: 15,
            rule: Rule::Freestyle,
            black_score: 1.0,
            judged: vec![None; moves.len()],
            moves,
            opening: 3,
        }
    }

    fn sampler(children: usize, plies: usize) -> Sampler {
        let settings = Settings {
            children,
            plies,
            every: 2,
            max_stones: 120,
        };
        Sampler {
            settings,
            rng: StdRng::seed_from_u64(5),
            vcf: ThreatSearch::new(),
        }
    }

    /// Replays stones on a fresh board; `None` if one of them is not a legal move.
    fn replay(stones: &[Pos]) -> Option<Board> {
        let mut board = Board::new(15, 15, Rule::Freestyle);
        for &pos in stones {
            if !board.is_legal(pos) {
                return None;
            }
            board.make(pos);
        }
        Some(board)
    }

    #[test]
    fn positions_are_the_games_own_and_quiet_children_a_few_moves_off_it() {
        let game = game();
        let line: Vec<Pos> = game.moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        let positions = sampler(3, 2).positions(&game);
        // Every second position from the opening's end (plies 5, 7 … 23: ten), each with its
        // three children.
        assert_eq!(positions.len(), 4 * 10);
        let mut game_position: &[Pos] = &[];
        for (i, stones) in positions.iter().enumerate() {
            let (parent, last) = stones.split_at(stones.len() - 1);
            if i % 4 == 0 {
                assert!(line.starts_with(parent), "a position of the game");
                game_position = parent;
            } else {
                assert!(
                    parent.starts_with(game_position),
                    "a child of the game's position"
                );
                assert!((1..=2).contains(&(parent.len() - game_position.len())));
            }
            let mut board = replay(parent).expect("legal stones");
            assert!(is_quiet(&board) && board.winner().is_none());
            assert!(board.is_legal(last[0]));
            board.make(last[0]);
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_positions() {
        let game = game();
        assert_eq!(
            sampler(2, 4).positions(&game),
            sampler(2, 4).positions(&game)
        );
        assert_ne!(
            sampler(2, 4).positions(&game),
            Sampler {
                rng: StdRng::seed_from_u64(6),
                ..sampler(2, 4)
            }
            .positions(&game)
        );
    }

    #[test]
    fn a_record_holds_one_position_after_its_opening_stones() {
        let stones = [Pos::new(7, 7), Pos::new(8, 8), Pos::new(0, 14)];
        let text = record(&game(), &stones);
        assert_eq!(
            text,
            "(;FF[4]GM[4]SZ[15]RU[0]RE[B+];B[hh]C[opening];W[ii]C[opening];B[ao])\n"
        );
        let path = std::env::temp_dir().join(format!("tree-record-{}.sgf", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let games = read_games(&[path.to_string_lossy().into_owned()]).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!((games[0].opening, games[0].moves.len()), (2, 3));
        assert_eq!(games[0].moves[2], (0, 14));
    }
}
