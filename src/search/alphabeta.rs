//! The alpha-beta worker: principal variation search over one board, with the transposition
//! table, threat-driven move generation, late-move reductions, forced-reply extensions and a
//! VCF probe at the leaves. One worker runs per search thread; they share only the hash table
//! and the stop flag.

use super::movegen::{self, ScoredMove};
use super::score::{mate_in, mated_in, EVAL_LIMIT, INFINITY, MAX_PLY};
use super::threat::{cells_with, legal_cell, ThreatMode, ThreatSearch};
use super::time::TimeBudget;
use super::tt::{Bound, TranspositionTable};
use crate::board::{Board, Color, Pos, GRID};
use crate::eval;
use crate::pattern::Threat;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Limits of the VCF probe at a leaf: attacking moves and nodes.
const LEAF_VCF_DEPTH: u32 = 12;
const LEAF_VCF_NODES: u64 = 200;

pub(super) struct Worker<'a> {
    pub board: Board,
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    budget: TimeBudget,
    max_nodes: u64,
    /// Only the main thread watches the clock and node limit; helpers follow the stop flag.
    is_main: bool,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    killers: Vec<[Pos; 2]>,
    history: Vec<[i32; 2]>,
    pv: Vec<Vec<Pos>>,
    move_buffers: Vec<Vec<ScoredMove>>,
    pub threats: ThreatSearch,
}

impl<'a> Worker<'a> {
    pub fn new(
        board: Board,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        budget: TimeBudget,
        max_nodes: u64,
        is_main: bool,
    ) -> Worker<'a> {
        Worker {
            board,
            tt,
            stop,
            budget,
            max_nodes,
            is_main,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            killers: vec![[Pos::NONE; 2]; MAX_PLY + 1],
            history: vec![[0; 2]; GRID],
            pv: vec![Vec::new(); MAX_PLY + 1],
            move_buffers: Vec::new(),
            threats: ThreatSearch::new(),
        }
    }

    pub fn stop_requested(&self) -> bool {
        self.stopped || self.stop.load(Relaxed)
    }

    /// The principal variation found below the last root move searched.
    pub fn pv_from(&self, ply: usize) -> &[Pos] {
        &self.pv[ply]
    }

    /// Checks the stop flag every call and the clock every 256 nodes.
    fn poll_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 255 == 0 {
            if self.is_main && (self.budget.past_maximum() || self.nodes >= self.max_nodes) {
                self.stop.store(true, Relaxed);
            }
            if self.stop.load(Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    pub fn evaluate(&self) -> i32 {
        let us = self.board.to_move();
        eval::score(
            self.board.value_sum(us),
            self.board.value_sum(us.opponent()),
        )
        .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Searches the position after the root move with a window and depth; `ply` >= 1.
    pub fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        let us = self.board.to_move();
        let them = us.opponent();
        if self.board.count(us, Threat::Five) > 0 {
            return mate_in(ply + 1);
        }
        if self.board.empties() == 0 {
            return 0;
        }
        if ply >= MAX_PLY - 4 {
            return self.evaluate();
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let mut forced = None;
        if self.board.count(them, Threat::Five) > 0 {
            let blocks = cells_with(&self.board, them, |t| t == Threat::Five);
            if blocks.len() > 1 || self.board.is_forbidden(us, blocks[0]) {
                return mated_in(ply + 2);
            }
            forced = Some(blocks[0]);
        } else if legal_cell(&mut self.board, us, Threat::Flex4).is_some() {
            return mate_in(ply + 3);
        }

        let key = self.board.hash();
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if !pv_node && e.depth >= depth && usable {
                return e.score;
            }
        }
        if depth <= 0 && forced.is_none() {
            return self.leaf(ply);
        }

        let mut moves = self.take_buffer(ply);
        match forced {
            Some(block) => moves.push(ScoredMove {
                pos: block,
                score: 0,
                tactical: true,
            }),
            None => {
                let defending = legal_cell(&mut self.board, them, Threat::Flex4).is_some();
                movegen::generate(&mut self.board, defending, &mut moves);
                if moves.is_empty() && defending {
                    movegen::generate(&mut self.board, false, &mut moves);
                }
            }
        }
        if moves.is_empty() {
            self.move_buffers.push(moves);
            return self.evaluate();
        }
        let tt_move = entry.map_or(Pos::NONE, |e| e.mv);
        self.order(&mut moves, tt_move, ply, us);

        let alpha_start = alpha;
        let mut best = -INFINITY;
        let mut best_move = Pos::NONE;
        let single_reply = moves.len() == 1;
        for (i, mv) in moves.iter().enumerate() {
            // A forced reply does not use up depth, so forcing lines are followed to the end.
            let new_depth = if single_reply { depth } else { depth - 1 };
            let reduction = if i >= 3 && depth >= 3 && !mv.tactical && !pv_node {
                1 + i32::from(i >= 8) + i32::from(depth >= 8 && i >= 16)
            } else {
                0
            };
            self.board.make(mv.pos);
            let score = if i == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, pv_node)
            } else {
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - reduction, ply + 1, false);
                if s > alpha && reduction > 0 {
                    s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
                s
            };
            self.board.unmake();
            if self.stopped {
                self.move_buffers.push(moves);
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv.pos;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv.pos);
                    if score >= beta {
                        self.reward(ply, mv.pos, depth, us);
                        break;
                    }
                }
            }
        }
        self.move_buffers.push(moves);
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// A node at the horizon: probe for a quick VCF, else the static evaluation.
    fn leaf(&mut self, ply: usize) -> i32 {
        let us = self.board.to_move();
        let has_four =
            self.board.count_at_least(us, Threat::Block4) > self.board.count(us, Threat::Five);
        if has_four {
            let found = self.threats.find_win(
                &mut self.board,
                ThreatMode::Vcf,
                LEAF_VCF_DEPTH,
                LEAF_VCF_NODES,
            );
            self.nodes += self.threats.nodes();
            if let Some(line) = found {
                return mate_in(ply + line.len() + 2);
            }
        }
        self.evaluate()
    }

    fn take_buffer(&mut self, _ply: usize) -> Vec<ScoredMove> {
        let mut buffer = self.move_buffers.pop().unwrap_or_default();
        buffer.clear();
        buffer
    }

    /// Orders moves: hash move, then static score plus killer and history bonuses.
    pub fn order(&self, moves: &mut [ScoredMove], tt_move: Pos, ply: usize, us: Color) {
        for mv in moves.iter_mut() {
            if mv.pos == tt_move {
                mv.score = i32::MAX;
                continue;
            }
            if self.killers[ply].contains(&mv.pos) {
                mv.score += 300;
            }
            mv.score += (self.history[mv.pos.index()][us.index()] / 64).min(500);
        }
        movegen::sort(moves);
    }

    fn update_pv(&mut self, ply: usize, mv: Pos) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Records a move that caused a beta cut-off.
    fn reward(&mut self, ply: usize, mv: Pos, depth: i32, us: Color) {
        let killers = &mut self.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let h = &mut self.history[mv.index()][us.index()];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// Ages history between iterations so recent information dominates.
    pub fn age_history(&mut self) {
        for h in self.history.iter_mut() {
            h[0] /= 2;
            h[1] /= 2;
        }
    }
}
