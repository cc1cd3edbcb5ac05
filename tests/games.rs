//! Whole games between two engine processes under every rule, refereed here: every move must
//! be a legal `x,y` on an empty cell, black never plays a renju foul, and the game ends with a
//! five for the right colour or a full board.

mod common;
use common::*;
use sente::board::{Board, Color, Pos};
use sente::rules::Rule;
use std::time::Duration;

struct Outcome {
    winner: Option<Color>,
    moves: usize,
}

/// Plays a game, black's engine first. `via_board` sends every other position with BOARD (as
/// GomocupJudge does) instead of TURN.
fn play(
    rule_code: u8,
    width: usize,
    height: usize,
    opening: &[(usize, usize)],
    via_board: bool,
) -> Outcome {
    let rule = Rule::from_info(rule_code as i64).unwrap();
    let mut engines = [Engine::start(), Engine::start()];
    for e in engines.iter_mut() {
        e.send("INFO timeout_turn 60");
        e.send("INFO timeout_match 0");
        e.send(&format!("INFO rule {rule_code}"));
        e.send(&format!("RECTSTART {width},{height}"));
        assert_eq!(e.line(), "OK");
    }
    let mut board = Board::new(width, height, rule);
    let mut history: Vec<(usize, usize)> = Vec::new();
    for &(x, y) in opening {
        board.make(Pos::new(x, y));
        history.push((x, y));
    }
    let limit = (width * height).min(if rule == Rule::Renju { 200 } else { 400 });
    // Whether each engine's own game state is the real position up to the opponent's last move.
    let mut synced = [false, false];
    while history.len() < limit {
        let to_move = board.to_move();
        let side = to_move.index();
        let e = &mut engines[side];
        let mv = if history.is_empty() {
            e.ask("BEGIN")
        } else if synced[side] && !via_board {
            let (x, y) = *history.last().unwrap();
            e.ask(&format!("TURN {x},{y}"))
        } else {
            // The whole position: own stones are those of the colour to move.
            let stones: Vec<(usize, usize, u8)> = history
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| {
                    let black = i % 2 == 0;
                    (
                        x,
                        y,
                        if black == (to_move == Color::Black) {
                            1
                        } else {
                            2
                        },
                    )
                })
                .collect();
            e.board(&stones)
        };
        synced[side] = true;
        let pos = Pos::new(mv.0, mv.1);
        assert!(
            board.contains(mv.0 as i64, mv.1 as i64),
            "{mv:?} off the board"
        );
        assert!(board.is_empty(pos), "{mv:?} is occupied");
        assert!(
            !board.is_forbidden(to_move, pos),
            "{} played the foul {mv:?}\n{board}",
            to_move.name()
        );
        board.make(pos);
        history.push(mv);
        if board.is_five_at(pos) {
            return Outcome {
                winner: Some(to_move),
                moves: history.len(),
            };
        }
        if board.empties() == 0 {
            break;
        }
    }
    Outcome {
        winner: None,
        moves: history.len(),
    }
}

fn assert_decided_or_full(outcome: &Outcome, what: &str) {
    assert!(outcome.moves > 5, "{what}: game too short");
    if outcome.winner.is_none() {
        eprintln!("{what}: no winner after {} moves", outcome.moves);
    }
}

#[test]
fn freestyle_15() {
    let o = play(0, 15, 15, &[], false);
    assert_decided_or_full(&o, "freestyle 15");
}

#[test]
fn freestyle_20_from_an_opening_via_board() {
    let o = play(0, 20, 20, &[(10, 10), (11, 10), (11, 13)], true);
    assert_decided_or_full(&o, "freestyle 20");
}

#[test]
fn standard_15() {
    let o = play(1, 15, 15, &[(7, 7), (8, 8), (9, 7)], false);
    assert_decided_or_full(&o, "standard 15");
}

#[test]
fn renju_15() {
    // An opening where black is strong, so black's fouls come into play.
    let o = play(4, 15, 15, &[(7, 7), (7, 6), (8, 5)], false);
    assert_decided_or_full(&o, "renju 15");
}

#[test]
fn caro_15_both_variants() {
    let o = play(8, 15, 15, &[(7, 7), (8, 8), (6, 8)], false);
    assert_decided_or_full(&o, "caro 8");
    let o = play(9, 15, 15, &[(7, 7), (8, 8), (6, 8)], true);
    assert_decided_or_full(&o, "caro 9");
}

#[test]
fn small_and_rectangular_boards_fill_up_or_finish() {
    let o = play(0, 5, 5, &[], false);
    assert!(o.winner.is_some() || o.moves == 25);
    let o = play(1, 24, 9, &[], true);
    assert_decided_or_full(&o, "standard 24x9");
}

#[test]
fn replies_stay_quick_through_a_game() {
    // A whole game at 60 ms per move must not take more than a few seconds per side.
    let started = std::time::Instant::now();
    let o = play(0, 15, 15, &[(7, 7), (8, 7), (8, 10)], false);
    let per_move = started.elapsed() / o.moves.max(1) as u32;
    assert!(
        per_move < Duration::from_millis(200),
        "{per_move:?} per move"
    );
}
