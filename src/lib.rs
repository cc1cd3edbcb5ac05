//! Sente: a Gomoku / Renju engine for the Piskvork (Gomocup) protocol.
//!
//! The crate is layered bottom-up; each layer knows only the ones below it:
//! - [`board`]: geometry, stones, history and the incrementally maintained pattern data;
//! - [`rules`]: what wins under each rule, and renju fouls exactly as the referees judge them;
//! - [`pattern`]: the line-pattern and cell-threat tables built from the rules;
//! - [`eval`]: the static evaluation from those patterns;
//! - [`search`]: threat-space search, alpha-beta, transposition table and time management;
//! - [`protocol`]: the Gomocup / Yixin-Board command loop that drives the search;
//! - [`cli`]: the command-line front ends (bench, terminal play, analysis).

pub mod board;
pub mod cli;
pub mod eval;
pub mod pattern;
pub mod protocol;
pub mod rules;
pub mod search;
