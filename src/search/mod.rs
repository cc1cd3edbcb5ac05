//! Search: chooses a move for the side to move within limits of time, depth and nodes.
//!
//! - [`driver`]: the root, iterative deepening, multi-PV and threads;
//! - `alphabeta`: the principal variation search of one thread;
//! - [`threat`]: VCF / VCT threat-space search;
//! - `movegen`: threat-driven move generation and ordering;
//! - `tt`: the shared transposition table;
//! - `correction`: corrections to the evaluation, learned per local shape during a search;
//! - [`opening`]: balanced moves and Swap2 decisions, made by searching;
//! - [`time`]: the time budget of a move;
//! - [`score`]: score units and proven results.
//!
//! The search reads the board and its patterns; it never prints and knows nothing of the
//! protocol. Progress is reported through a callback.

mod alphabeta;
mod correction;
pub mod driver;
pub mod movegen;
pub mod opening;
pub mod score;
pub mod threat;
pub mod time;
mod tt;

pub use driver::{
    fallback, Decision, Iteration, RootLine, SearchEvent, SearchLimits, SearchResult, Searcher,
    Spend,
};
pub use opening::Swap2Answer;
pub use threat::{ThreatMode, ThreatSearch};
pub use time::{TimeBudget, TimeControl};
