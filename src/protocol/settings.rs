//! The settings a manager or GUI makes with `INFO`, and what follows from them (the hash
//! table size, the limits of a search).

use crate::rules::Rule;
use crate::search::{SearchLimits, TimeControl};
use std::time::Instant;

/// Memory assumed when the manager sets no limit (`max_memory` 0 or never sent).
pub const DEFAULT_MEMORY: u64 = 350 * 1024 * 1024;
/// Memory kept for everything but the hash table: code, pattern tables, boards, stacks.
const RESERVED_MEMORY: u64 = 24 * 1024 * 1024;
/// Smallest hash table.
const MIN_HASH: u64 = 1024 * 1024;

/// Settings made with INFO.
#[derive(Clone, Debug)]
pub struct Settings {
    pub time: TimeControl,
    pub max_memory: u64,
    /// Yixin-Board's `hash_size`, in bytes (0: use all the memory allowed).
    pub hash_size: u64,
    pub rule: Rule,
    pub threads: usize,
    pub max_depth: u32,
    pub max_nodes: u64,
    /// `INFO show_detail` bit mask: 1 realtime lines, 2 a summary line per iteration.
    pub show_detail: i64,
    /// Think on the opponent's time (`INFO pondering 1`).
    pub pondering: bool,
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
            pondering: false,
        }
    }
}

impl Settings {
    /// Applies `INFO key value`. Unknown keys are ignored; a malformed value is an error and
    /// changes nothing.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = || {
            value
                .trim()
                .parse::<i64>()
                .map_err(|_| format!("INFO {key}: '{value}' is not a whole number"))
        };
        match key {
            "timeout_turn" => self.time.turn_ms = number()?.max(0),
            "timeout_match" => self.time.match_ms = number()?.max(0),
            "time_left" => self.time.left_ms = number()?,
            "time_increment" => self.time.increment_ms = number()?.max(0),
            "max_memory" => self.max_memory = number()?.max(0) as u64,
            "hash_size" => self.hash_size = number()?.max(0) as u64 * 1024,
            "thread_num" => {
                let available = std::thread::available_parallelism().map_or(1, |n| n.get());
                self.threads = (number()?.max(1) as usize).min(available.max(1)).min(64);
            }
            "rule" => {
                let code = number()?;
                self.rule = Rule::from_info(code).ok_or_else(|| {
                    format!("INFO rule: unsupported rule {code} (0 freestyle, 1 standard, 4 or 2 renju, 8 caro, 9 standard caro)")
                })?;
            }
            "max_depth" => self.max_depth = number()?.clamp(0, 1000) as u32,
            "max_node" => self.max_nodes = number()?.max(0) as u64,
            "show_detail" => self.show_detail = number()?,
            "pondering" => self.pondering = number()? != 0,
            "game_type" | "evaluate" | "folder" | "caution_factor" | "nbestsym" | "usedatabase" => {
            }
            other => log::debug!("ignoring INFO {other}"),
        }
        Ok(())
    }

    /// The limits of a search for a position with `stones` stones asked for at `at`.
    pub fn limits(&self, stones: usize, at: Instant) -> SearchLimits {
        let mut limits = SearchLimits::new(self.time.budget(stones, at));
        limits.threads = self.threads;
        if self.max_depth > 0 {
            limits.max_depth = self.max_depth;
        }
        if self.max_nodes > 0 {
            limits.max_nodes = self.max_nodes;
        }
        limits
    }

    /// The largest hash table `max_memory` allows, in KiB.
    pub fn max_hash_kib(&self) -> u64 {
        let limit = if self.max_memory == 0 {
            DEFAULT_MEMORY
        } else {
            self.max_memory
        };
        limit.saturating_sub(RESERVED_MEMORY) / 1024
    }

    /// Hash table size: what the memory limit leaves after the reserve, no more than a GUI's
    /// `hash_size`, and no more than the searches of this time control can use. A table far
    /// larger than a move's search fills only costs page faults (committing fresh memory is
    /// slow: 0.4 to 1.2 s per 350 MB on a small VM) and cache misses.
    ///
    /// The size follows the game's time control, never the clock (`time_left`): a table
    /// resized is a table lost, and under a game clock the clock changes every move.
    pub fn hash_bytes(&self) -> usize {
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

    /// About 64 MiB per second of thinking time per move (the turn limit, and at most a
    /// twentieth of the game's time), at least 32 MiB.
    fn useful_hash_bytes(&self) -> u64 {
        let time = &self.time;
        let mut per_move_ms = if time.turn_ms > 0 { time.turn_ms } else { 15 };
        if time.match_ms > 0 {
            per_move_ms = per_move_ms.min(time.match_ms / 20);
        }
        let mib = 1024 * 1024;
        (per_move_ms.max(0) as u64 * 64 * mib / 1000).max(32 * mib) * self.threads as u64
    }
}
