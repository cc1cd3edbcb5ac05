//! Threat-space search: does the side to move have a forced win by continuous fours (VCF) or by
//! fours and threes (VCT)?
//!
//! It is an AND/OR search. At an attack node the attacker tries every four (and in VCT every
//! open three); at a defence node the defender must block a four on its one completion square,
//! or answer a three with any of its blocking squares or a counter-four. A counter-four forces
//! the attacker to block in turn. Renju is honoured on both sides: black never plays a foul, a
//! black three whose straight-four squares are all fouls threatens nothing, white may answer a
//! black three on one of black's fouls, and a black defender whose only block is a foul has
//! lost.
//!
//! Results of attack nodes are cached by position, mode and remaining depth. A node limit
//! bounds the work; an aborted search reports "no win" and caches nothing.

use crate::board::{Board, Color, Pos};
use crate::pattern::Threat;
use std::time::Instant;

/// Which threats the attacker may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ThreatMode {
    /// Victory by continuous fours.
    Vcf,
    /// Victory by continuous threats: fours and open threes.
    Vct,
}

#[derive(Clone, Copy, Default)]
struct CacheEntry {
    key: u64,
    /// Bit 15: win; bits 0..8: remaining depth the result holds for.
    info: u16,
}

const CACHE_BITS: u32 = 16;

/// VCF/VCT solver with its own result cache.
pub struct ThreatSearch {
    cache: Vec<CacheEntry>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// Whether the current iteration stopped anywhere for want of depth (if not, a longer
    /// one would find nothing more).
    hit_horizon: bool,
    mode: ThreatMode,
    /// The winning line, built in reverse while a successful search unwinds.
    line: Vec<Pos>,
}

impl Default for ThreatSearch {
    fn default() -> Self {
        ThreatSearch::new()
    }
}

impl ThreatSearch {
    pub fn new() -> ThreatSearch {
        ThreatSearch {
            cache: vec![CacheEntry::default(); 1 << CACHE_BITS],
            nodes: 0,
            node_limit: 0,
            deadline: None,
            aborted: false,
            hit_horizon: false,
            mode: ThreatMode::Vcf,
            line: Vec::new(),
        }
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn clear(&mut self) {
        self.cache.fill(CacheEntry::default());
    }

    /// Looks for a forced win of the side to move within `depth` attacking moves and
    /// `node_limit` nodes, trying every length from one up so that the shortest win is found
    /// first (and a short win is not lost in the node limit of a long search). Returns the
    /// winning line (attacker's moves and the defender's forced answers; for VCT the first
    /// defence only), starting with the move to play.
    pub fn find_win(
        &mut self,
        board: &mut Board,
        mode: ThreatMode,
        depth: u32,
        node_limit: u64,
    ) -> Option<Vec<Pos>> {
        self.find_win_until(board, mode, depth, node_limit, None)
    }

    /// As [`ThreatSearch::find_win`], giving up (with no result) at `deadline`.
    pub fn find_win_until(
        &mut self,
        board: &mut Board,
        mode: ThreatMode,
        depth: u32,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Option<Vec<Pos>> {
        self.nodes = 0;
        self.node_limit = node_limit;
        self.deadline = deadline;
        self.aborted = false;
        self.mode = mode;
        for length in 1..=depth {
            self.line.clear();
            self.hit_horizon = false;
            if self.attack(board, length, true) {
                self.line.reverse();
                return Some(std::mem::take(&mut self.line));
            }
            if self.aborted || !self.hit_horizon {
                break;
            }
        }
        None
    }

    fn cache_slot(&self, key: u64) -> usize {
        (key >> (64 - CACHE_BITS)) as usize
    }

    fn cache_key(&self, board: &Board) -> u64 {
        match self.mode {
            ThreatMode::Vcf => board.hash(),
            ThreatMode::Vct => board.hash() ^ 0x9d3a_6e1c_44f0_b7a5,
        }
    }

    /// Some(true) if proven won within `depth`, Some(false) if proven not won within `depth`.
    fn cached(&self, key: u64, depth: u32) -> Option<bool> {
        let entry = self.cache[self.cache_slot(key)];
        if entry.key != key {
            return None;
        }
        let win = entry.info & 0x8000 != 0;
        let held = (entry.info & 0xff) as u32;
        match win {
            true if depth >= held => Some(true),
            false if depth <= held => Some(false),
            _ => None,
        }
    }

    fn remember(&mut self, key: u64, depth: u32, win: bool) {
        if !self.aborted {
            let slot = self.cache_slot(key);
            self.cache[slot] = CacheEntry {
                key,
                info: u16::from(win) << 15 | depth.min(255) as u16,
            };
        }
    }

    fn visit(&mut self) -> bool {
        self.nodes += 1;
        let late = || self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes > self.node_limit || (self.nodes & 127 == 0 && late()) {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Attacker (the side to move) to play: is there a forced win within `depth` threats? The
    /// root never answers from the cache, which knows results but not moves.
    fn attack(&mut self, board: &mut Board, depth: u32, root: bool) -> bool {
        let attacker = board.to_move();
        let defender = attacker.opponent();
        if board.count(attacker, Threat::Five) > 0 {
            if let Some(five) = cells_with(board, attacker, Threat::Five, Threat::Five).first() {
                self.line.push(*five);
            }
            return true;
        }
        if board.count(defender, Threat::Five) > 0 {
            // The defender threatens five: block it or lose; the block keeps the initiative only
            // if it leaves a threat standing, which the defence node checks.
            let blocks = cells_with(board, defender, Threat::Five, Threat::Five);
            if blocks.len() > 1 || board.is_forbidden(attacker, blocks[0]) || !self.visit() {
                return false;
            }
            board.make(blocks[0]);
            let won = self.defend(board, depth);
            board.unmake();
            if won {
                self.line.push(blocks[0]);
            }
            return won;
        }
        if let Some(four) = legal_cell(board, attacker, Threat::Flex4) {
            self.line.push(four);
            return true;
        }
        if depth == 0 {
            self.hit_horizon = true;
            return false;
        }
        let key = self.cache_key(board);
        if !root {
            if let Some(known) = self.cached(key, depth) {
                // A failure remembered from a deeper search may have met its horizon.
                self.hit_horizon |= !known;
                return known;
            }
        }
        let moves = self.attacking_moves(board, attacker);
        let mut won = false;
        let mark = self.line.len();
        for mv in moves {
            if !self.visit() {
                return false;
            }
            board.make(mv);
            let threatens = self.threatens(board, attacker);
            won = threatens && self.defend(board, depth - 1);
            board.unmake();
            if won {
                self.line.push(mv);
                break;
            }
            // A refuted threat may have left the line of a defence it did beat.
            self.line.truncate(mark);
        }
        self.remember(key, depth, won);
        won
    }

    /// Defender to move after an attacking move: does the attacker win against every defence?
    fn defend(&mut self, board: &mut Board, depth: u32) -> bool {
        let defender = board.to_move();
        let attacker = defender.opponent();
        if board.count(defender, Threat::Five) > 0 {
            return false;
        }
        let fives = board.count(attacker, Threat::Five);
        if fives > 1 {
            return true;
        }
        if fives == 1 {
            let block = cells_with(board, attacker, Threat::Five, Threat::Five)[0];
            if board.is_forbidden(defender, block) {
                return true;
            }
            if !self.visit() {
                return false;
            }
            board.make(block);
            let won = self.attack(board, depth, false);
            board.unmake();
            if won {
                self.line.push(block);
            }
            return won;
        }
        if self.mode == ThreatMode::Vcf || legal_cell(board, attacker, Threat::Flex4).is_none() {
            return false;
        }
        // Answer an open three: a square of the attacker's straight four or four (these block
        // every way the three can become a straight four; in renju also the attacker's fouls,
        // which may be such squares too, read as fouls rather than fours: the rule of
        // `movegen::may_stop_a_straight_four`), or a counter-four. A foul is never among the
        // four squares, so the scan adds no cell twice.
        let mut defences = cells_with(board, attacker, Threat::Block4, Threat::Five);
        if board.rule().has_fouls(attacker) {
            board.for_each_candidate(|pos| {
                if board.threat(attacker, pos) == Threat::Forbidden {
                    defences.push(pos);
                }
            });
        }
        for cell in cells_with(board, defender, Threat::Block4, Threat::Flex4) {
            if !defences.contains(&cell) {
                defences.push(cell);
            }
        }
        let mut first = true;
        let start = self.line.len();
        for defence in defences {
            if board.is_forbidden(defender, defence) {
                continue;
            }
            if !self.visit() {
                return false;
            }
            let mark = self.line.len();
            board.make(defence);
            let won = self.attack(board, depth, false);
            board.unmake();
            if !won {
                // Also drop the line against the first defence: the three is refuted.
                self.line.truncate(start);
                return false;
            }
            if first {
                self.line.push(defence);
                first = false;
            } else {
                self.line.truncate(mark);
            }
        }
        true
    }

    /// The attacker's candidate threats, strongest first.
    fn attacking_moves(&self, board: &mut Board, attacker: Color) -> Vec<Pos> {
        let weakest = match self.mode {
            ThreatMode::Vcf => Threat::Block4,
            ThreatMode::Vct => Threat::Flex3,
        };
        let mut moves: Vec<(Threat, i16, Pos)> = board
            .threat_cells(attacker, weakest, Threat::Flex4)
            .map(|pos| {
                let info = board.info(attacker, pos);
                (info.threat, info.value, pos)
            })
            .collect();
        moves.retain(|&(_, _, pos)| {
            !(board.info(attacker, pos).needs_foul_check && board.is_forbidden(attacker, pos))
        });
        moves.sort_by_key(|m| std::cmp::Reverse((m.0, m.1)));
        moves.into_iter().map(|(_, _, pos)| pos).collect()
    }

    /// After the attacker's move: does it threaten anything the defender must answer? A four
    /// always does; a three only if one of its straight-four squares is a legal move.
    fn threatens(&self, board: &mut Board, attacker: Color) -> bool {
        board.count(attacker, Threat::Five) > 0
            || legal_cell(board, attacker, Threat::Flex4).is_some()
    }
}

/// Empty cells where `color` has a threat from `weakest` to `strongest`, strongest first.
pub fn cells_with(board: &Board, color: Color, weakest: Threat, strongest: Threat) -> Vec<Pos> {
    board.threat_cells(color, weakest, strongest).collect()
}

/// A cell where `color` has exactly `threat`.
pub fn first_cell(board: &Board, color: Color, threat: Threat) -> Option<Pos> {
    board.threat_cells(color, threat, threat).next()
}

/// Whether the side to move has a four-three that wins: a legal one whose forced block makes
/// no four for the opponent (see [`four_three_wins`]). Runs at every node where one is on the
/// board, so the cells are taken one at a time by index (each trial move is taken back, so the
/// set is the same again) rather than collected into a new vector.
pub fn has_winning_four_three(board: &mut Board) -> bool {
    let us = board.to_move();
    let count = board.count(us, Threat::Block4Flex3);
    (0..count).any(|i| {
        let point = board
            .threat_cells(us, Threat::Block4Flex3, Threat::Block4Flex3)
            .nth(i);
        point.is_some_and(|pos| four_three_wins(board, pos))
    })
}

/// The side to move's four-threes that win (see [`four_three_wins`]).
pub fn winning_four_threes(board: &mut Board) -> Vec<Pos> {
    cells_with(
        board,
        board.to_move(),
        Threat::Block4Flex3,
        Threat::Block4Flex3,
    )
    .into_iter()
    .filter(|&point| four_three_wins(board, point))
    .collect()
}

/// Whether the side to move's four-three at `point` wins: it is no renju foul, and the block
/// its four forces is no four of the opponent's own (which would take the move back before the
/// three becomes a straight four). A block that is a renju foul is no block; one that only
/// looks like a foul (a double three still to be checked) is taken to answer, since the foul
/// hides what it makes. Renju black's three must also still have a legal straight-four square
/// after the block: one whose every such square is a foul is no three.
fn four_three_wins(board: &mut Board, point: Pos) -> bool {
    let attacker = board.to_move();
    let defender = attacker.opponent();
    if board.is_forbidden(attacker, point) {
        return false;
    }
    board.make(point);
    let wins = match first_cell(board, attacker, Threat::Five) {
        Some(block) => match board.threat(defender, block) {
            Threat::Forbidden if board.is_forbidden(defender, block) => true,
            Threat::Forbidden => false,
            threat if threat >= Threat::Block4 => false,
            _ => !board.rule().has_fouls(attacker) || straight_four_after(board, attacker, block),
        },
        None => false,
    };
    board.unmake();
    wins
}

/// Whether `attacker`, once the side to move has played `block`, can legally make a straight
/// four.
fn straight_four_after(board: &mut Board, attacker: Color, block: Pos) -> bool {
    board.make(block);
    let four = legal_cell(board, attacker, Threat::Flex4).is_some();
    board.unmake();
    four
}

/// A cell where `color` has exactly `threat` and may legally play.
pub fn legal_cell(board: &mut Board, color: Color, threat: Threat) -> Option<Pos> {
    if board.count(color, threat) == 0 {
        return None;
    }
    if !board.rule().has_fouls(color) {
        return first_cell(board, color, threat);
    }
    cells_with(board, color, threat, threat)
        .into_iter()
        .find(|&pos| !board.is_forbidden(color, pos))
}

#[cfg(test)]
mod tests;
