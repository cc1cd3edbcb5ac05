//! Game records as c-gomoku-cli writes them (SGF collections), for the examples that learn
//! from or test against recorded games. Each example includes this file with `#[path]`, and
//! each uses only part of it.
#![allow(dead_code)]

use sente::board::Board;
use sente::rules::Rule;

/// One recorded game.
pub struct Game {
    pub size: usize,
    pub rule: Rule,
    /// 1 black won, 0 white won, 0.5 draw.
    pub black_score: f64,
    pub moves: Vec<(usize, usize)>,
    pub opening: usize,
    /// The judge's score of the position before each move, where the record has one.
    pub judged: Vec<Option<f64>>,
}

/// Every game in the SGF collections `files`.
pub fn read_games(files: &[String]) -> anyhow::Result<Vec<Game>> {
    let mut games = Vec::new();
    for file in files {
        games.extend(parse_sgf(&std::fs::read_to_string(file)?));
    }
    Ok(games)
}

/// A record's property value (`SZ`, `RU`, `RE` …): the first `NAME[value]` in it.
pub fn property<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    let start = record.find(&format!("{name}["))? + name.len() + 1;
    let end = record[start..].find(']')? + start;
    Some(&record[start..end])
}

/// The judge's score in a move's comment: `judge=<score>` as `examples/judge.rs` writes it, or
/// `rapfi=<score>` in older records.
fn judged_score(node: &str) -> Option<f64> {
    ["judge=", "rapfi="].iter().find_map(|key| {
        let (_, rest) = node.split_once(key)?;
        rest.split([']', ' ']).next()?.parse().ok()
    })
}

/// Parses the games of an SGF collection.
fn parse_sgf(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    for record in text.split("(;").skip(1) {
        let property = |name: &str| property(record, name);
        let size: usize = property("SZ").and_then(|s| s.parse().ok()).unwrap_or(15);
        let rule = property("RU")
            .and_then(|r| r.parse::<i64>().ok())
            .and_then(Rule::from_info)
            .unwrap_or(Rule::Freestyle);
        let black_score = match property("RE") {
            Some(r) if r.starts_with('B') => 1.0,
            Some(r) if r.starts_with('W') => 0.0,
            _ => 0.5,
        };
        let mut moves = Vec::new();
        let mut judged = Vec::new();
        let mut opening = 0;
        for node in record.split(';').skip(1) {
            let Some(coords) = node
                .strip_prefix("B[")
                .or_else(|| node.strip_prefix("W["))
                .and_then(|rest| rest.get(..2))
            else {
                continue;
            };
            let b = coords.as_bytes();
            moves.push(((b[0] - b'a') as usize, (b[1] - b'a') as usize));
            judged.push(judged_score(node));
            if node.contains("opening") {
                opening = moves.len();
            }
        }
        if Board::supports_size(size, size) && moves.len() > opening {
            games.push(Game {
                size,
                rule,
                black_score,
                moves,
                opening,
                judged,
            });
        }
    }
    games
}
