//! The alpha-beta worker: principal variation search over one board.
//!
//! Per node: the forced situations first (a five to make or to block, an open four or an
//! unanswerable four-three that wins), then the transposition table (whose proven scores stand at
//! any depth); below the horizon a quiescence search that follows chains of fours (a VCF at every
//! leaf) and otherwise stands pat on the evaluation, or (not in renju) on the hash table's score
//! where that knows better. In quiet positions (the opponent threatens nothing) razoring drops
//! hopeless nodes into that VCF search, futility returns nodes far above beta below depth 8, and
//! null move applies deep in the tree. Moves past a count that grows with depth are pruned (fours
//! too: at expected cut nodes those neither in line with nor next to either side's last stone,
//! elsewhere all but two in line with or next to the side's own), and so are, near the horizon,
//! moves that make and stop nothing. Later moves are searched with logarithmic late-move
//! reductions, more at expected cut nodes and where the position is not improving, less for moves
//! that build a double two or take the opponent's three square or that go on with an attack or that
//! often refuted other moves (history), more for fours that only put off an open three's threat
//! and, in busy positions, more for moves that do little; at a cut node whose evaluation is well
//! above beta every move but a four is a ply shallower. Where the reliefs outweigh the reduction, a
//! move is searched up to a ply deeper than the rest. A PV node whose hash move comes from a much
//! shallower search, or that has none, is searched shallower itself. Depth is fractional: blocking
//! a five and making an open three cost less than a ply, so forcing lines are followed deeper. The
//! static evaluation every pruning rule reads is corrected by how far the searches of earlier nodes
//! with the same shape around the last stone came out from it (`correction`).
//!
//! One worker runs per search thread; they share only the hash table and the stop flag.

use super::correction::{CorrectionHistory, Shape};
use super::movegen::{self, Danger, ScoredMove};
use super::score::{is_proven, mate_in, mated_in, EVAL_LIMIT, INFINITY, MAX_PLY, PROVEN};
use super::threat::{first_cell, has_winning_four_three, legal_cell};
use super::time::TimeBudget;
use super::tt::{Bound, TranspositionTable, TtEntry};
use crate::board::{Board, Color, Pos, GRID};
use crate::eval;
use crate::pattern::Threat;
use crate::rules::Rule;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// What the pruning of a quiet node needs to know about it.
struct QuietNode {
    depth: Depth,
    ply: usize,
    cut_node: bool,
    eval: i32,
    improving: bool,
}

/// Where the fight is at a node, for the move loop: the opponent's most urgent threat, whether
/// our previous move made an open three (an attack going on), and each side's last stone.
/// The same for every move of the node, so it is worked out once.
struct Fight {
    danger: Danger,
    attacking: bool,
    our_last: Option<Pos>,
    their_last: Option<Pos>,
    /// ln(1 + the number of cells where either side makes a two to a four): how much is
    /// going on, for the reductions.
    complexity: Depth,
}

impl Fight {
    /// Whether a move that makes `mine` for us and takes `theirs` from the opponent is not
    /// worth searching near the horizon: it makes and stops nothing (not even a two), or,
    /// against an open three, it is a four far from both sides' last stones that only delays
    /// the opponent's win.
    fn is_idle(&self, pos: Pos, mine: Threat, theirs: Threat) -> bool {
        makes_nothing(mine, theirs)
            || (self.puts_off_open_three(theirs)
                && !near(self.our_last, pos)
                && !near(self.their_last, pos))
    }

    /// Reduction adjustment for the tempo a move keeps or wastes: against an open three, a four
    /// far from the opponent's last stone (or from ours) only delays the fight and is reduced
    /// more; with no such threat, a move that goes on with our attack (our previous move made an
    /// open three, and this one makes one too or a double two near it) is reduced less.
    fn tempo_reduction(&self, pos: Pos, mine: Threat, theirs: Threat) -> Depth {
        if self.puts_off_open_three(theirs) {
            let mut r = 0.0;
            if !near(self.their_last, pos) {
                r += FAR_FROM_THEIRS_REDUCTION;
            }
            if !near(self.our_last, pos) {
                r += FAR_FROM_OURS_REDUCTION;
            }
            r
        } else if self.danger == Danger::None
            && self.attacking
            && (mine >= Threat::Flex3 || (near(self.our_last, pos) && mine >= Threat::Flex2x2))
        {
            -ATTACK_GOES_ON_RELIEF
        } else {
            0.0
        }
    }

    /// Extra reduction in a busy position, the more the less a move does: one that makes and
    /// stops nothing, far from both sides' last stones, most; one that builds a double two or
    /// takes an open-three square, least. The factors are Rapfi's freestyle ones, in every
    /// rule: its renju factors, together with its lighter reduction of moves on black's foul
    /// squares, scored 3.5 points in a hundred fewer against Rapfi at fixed nodes (±4.1, 596
    /// paired games), and its standard ones are no better (see [`reduction`]; strength
    /// log, forty-second session).
    fn complexity_reduction(&self, pos: Pos, mine: Threat, theirs: Threat) -> Depth {
        let factor = if makes_nothing(mine, theirs) {
            if near(self.our_last, pos) || near(self.their_last, pos) {
                0.0385
            } else {
                0.0968
            }
        } else if is_important(mine, theirs) {
            0.0055
        } else {
            0.0222
        };
        self.complexity * factor
    }

    /// Whether a move that does not take the opponent's four square leaves its open three
    /// standing (move generation lets only our own fours through then).
    fn puts_off_open_three(&self, theirs: Threat) -> bool {
        self.danger == Danger::OpenFour && !movegen::may_stop_a_straight_four(theirs)
    }
}

/// Whether a move that makes `mine` for the side to move and takes `theirs` from the opponent
/// makes and stops nothing, not even a two.
fn makes_nothing(mine: Threat, theirs: Threat) -> bool {
    mine == Threat::None && theirs == Threat::None
}

/// Whether `pos` is where the fight is: at most `NEAR_LAST_STONE` (Chebyshev) from `last`.
fn near(last: Option<Pos>, pos: Pos) -> bool {
    last.is_some_and(|last| last.distance(pos) <= NEAR_LAST_STONE)
}

/// Whether `pos` is in line with or next to `last`: a cell that can share a four with it (see
/// [`Pos::is_near_line`]).
fn on_line_with(last: Option<Pos>, pos: Pos) -> bool {
    last.is_some_and(|last| last.is_near_line(pos))
}

/// What the singular-extension test of the hash move decided.
enum Singular {
    /// Search the hash move this much deeper (negative: shallower).
    Extension(Depth),
    /// The node's search ends with this score.
    Return(i32),
}

/// Search depth in plies. Fractional, so that reductions and extensions can be finer than a
/// ply; the hash table keeps whole plies (rounded down).
pub type Depth = f32;

/// Extra reduction of later moves at a cut node, unless they are killers.
const CUT_NODE_REDUCTION: Depth = 1.8;

/// Fours past the move count searched at a node not expected to cut (one whose side to move
/// is expected to fail low). With all of them searched, they were 1.05 million of the 1.3
/// million moves made at the winning side's nodes in one proof, each followed by a forced block.
const LATE_FOURS_AT_ALL_NODES: u32 = 2;

/// Plain fours the quiescence search plays before it only plays fours with extras.
const PLAIN_FOURS: u32 = 2;

/// What the side to move must or can do before any search.
enum Urgency {
    /// It can make five.
    Win,
    /// The opponent threatens two fives, or one that may only be blocked by a foul.
    Lost,
    /// The opponent threatens five here: block it.
    Block(Pos),
    /// It can make an open four (the opponent threatens no five): a win in three.
    OpenFour,
    /// It can play a four-three or a double three and the opponent has no four to interpose,
    /// or a four-three whose forced block makes no four: a win in five.
    DoubleThreat,
    Open,
}

/// How a node begins (see [`Worker::start_node`]).
enum NodeStart {
    /// Its score is known without searching a move.
    Settled(i32),
    /// The opponent threatens five here: the only move.
    Block(Pos),
    /// There are moves to choose from.
    Open,
}

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
    /// Static evaluation per ply along the current line (for "improving").
    static_evals: Vec<i32>,
    /// Per ply, the move a singular-extension search leaves out (`Pos::NONE` otherwise).
    excluded: Vec<Pos>,
    /// Per ply, what the move played there made for the side that played it.
    move_threats: Vec<Threat>,
    correction: CorrectionHistory,
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
            static_evals: vec![0; MAX_PLY + 2],
            excluded: vec![Pos::NONE; MAX_PLY + 1],
            move_threats: vec![Threat::None; MAX_PLY + 1],
            correction: CorrectionHistory::new(),
        }
    }

    pub fn stop_requested(&self) -> bool {
        self.stopped || self.stop.load(Relaxed)
    }

    /// The principal variation found below the last root move searched.
    pub fn pv_from(&self, ply: usize) -> &[Pos] {
        &self.pv[ply]
    }

    /// The line the hash table remembers after the root move `first`: hash moves followed from
    /// the position after it, at most `max_len` moves in all. For root moves whose score comes
    /// from a null-window search, which keeps no principal variation.
    pub fn line_from_table(&mut self, first: Pos, max_len: usize) -> Vec<Pos> {
        let mut line = vec![first];
        let mut last = first;
        self.board.make(first);
        while line.len() < max_len && !self.board.is_five_at(last) {
            let Some(mv) = self
                .tt
                .probe(self.board.hash(), line.len())
                .map(|e| e.mv)
                .filter(|&mv| !mv.is_none() && self.board.is_empty(mv))
            else {
                break;
            };
            self.board.make(mv);
            line.push(mv);
            last = mv;
        }
        for _ in 0..line.len() {
            self.board.unmake();
        }
        line
    }

    /// Checks the stop flag, and (main thread) the clock and node limit, every 256 nodes.
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
            &self.board.eval_side(us),
            &self.board.eval_side(us.opponent()),
        )
        .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The evaluation with the correction learned for the shape around the last stone.
    fn corrected_evaluation(&self, shape: Shape) -> i32 {
        self.correction
            .corrected(shape, self.evaluate(), EVAL_LIMIT)
    }

    /// What every node, in the main search and the quiescence alike, does first: counts itself,
    /// stops when told to, and settles what needs no move searched (a full board, a line too
    /// long, a five to make, fives it cannot block, an open four or a double threat that wins).
    fn start_node(&mut self, ply: usize) -> NodeStart {
        self.pv[ply].clear();
        if self.poll_stop() {
            return NodeStart::Settled(0);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.board.empties() == 0 {
            return NodeStart::Settled(0);
        }
        if ply >= MAX_PLY - 4 {
            return NodeStart::Settled(self.evaluate());
        }
        match self.urgency() {
            Urgency::Win => NodeStart::Settled(mate_in(ply + 1)),
            Urgency::Lost => NodeStart::Settled(mated_in(ply + 2)),
            Urgency::OpenFour => NodeStart::Settled(mate_in(ply + 3)),
            Urgency::DoubleThreat => NodeStart::Settled(mate_in(ply + 5)),
            Urgency::Block(block) => NodeStart::Block(block),
            Urgency::Open => NodeStart::Open,
        }
    }

    fn urgency(&mut self) -> Urgency {
        let us = self.board.to_move();
        let them = us.opponent();
        if self.board.count(us, Threat::Five) > 0 {
            return Urgency::Win;
        }
        match self.board.count(them, Threat::Five) {
            0 => {}
            1 => {
                let block = first_cell(&self.board, them, Threat::Five).unwrap_or(Pos::NONE);
                return if block.is_none() || self.board.is_forbidden(us, block) {
                    Urgency::Lost
                } else {
                    Urgency::Block(block)
                };
            }
            _ => return Urgency::Lost,
        }
        if legal_cell(&mut self.board, us, Threat::Flex4).is_some() {
            return Urgency::OpenFour;
        }
        // Without a four of its own the opponent must answer the four (or one of the threes)
        // and cannot stop the open four that follows; with fours elsewhere it still cannot when
        // the block our four-three forces makes no four for it. Renju black's double threes
        // may be fouls, so only a side without fouls is judged here.
        if self.board.rule().has_fouls(us) {
            return Urgency::Open;
        }
        let four_threes = self.board.count(us, Threat::Block4Flex3);
        if (four_threes > 0 || self.board.count(us, Threat::Flex3x2) > 0)
            && self.board.count_at_least(them, Threat::Block4) == 0
        {
            return Urgency::DoubleThreat;
        }
        // The block lies on the four's line, so it cannot touch the three (Rapfi's quick win
        // check does the same).
        if four_threes > 0 && has_winning_four_three(&mut self.board) {
            return Urgency::DoubleThreat;
        }
        Urgency::Open
    }

    /// Whether the opponent threatens to win by force in its next moves: a straight four it can
    /// make, or a four-three or double three to play.
    fn under_threat(&mut self) -> bool {
        let them = self.board.to_move().opponent();
        self.board.count(them, Threat::Flex4) > 0
            || self.board.count(them, Threat::Block4Flex3) > 0
            || self.board.count(them, Threat::Flex3x2) > 0
    }

    /// Searches the position after the root move with a window and depth; `ply` >= 1.
    /// `cut_node` marks a non-PV node expected to fail high (its first move should refute the
    /// move that led here), where later moves are reduced more.
    pub fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: Depth,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0.0 {
            return self.quiescence(alpha, beta, ply, 0);
        }
        let forced = match self.start_node(ply) {
            NodeStart::Settled(score) => return score,
            NodeStart::Block(block) => Some(block),
            NodeStart::Open => None,
        };
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // A search that leaves a move out has its own hash entries.
        let excluded = self.excluded[ply];
        let key = if excluded.is_none() {
            self.board.hash()
        } else {
            self.board.hash() ^ (excluded.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        };
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry {
            // A proven result holds at any depth: the losing side's moves were all searched
            // (nothing is pruned until a move that does not lose is known), so a mate found
            // by a shallow search need not be searched again, only cut on.
            let deep_enough = e.depth as Depth >= depth || is_proven(e.score);
            if !pv_node && deep_enough && e.cuts(alpha, beta) {
                return e.score;
            }
        }

        let us = self.board.to_move();
        let threatened = forced.is_some() || self.under_threat();
        let shape = CorrectionHistory::shape(&self.board);
        let eval = self.corrected_evaluation(shape);
        self.static_evals[ply] = eval;
        // Whether our static evaluation went up since our previous move (not at the root's
        // children, which have no such move).
        let improving = ply < 2 || eval > self.static_evals[ply - 2];
        if !pv_node && !threatened && beta.abs() < PROVEN {
            let node = QuietNode {
                depth,
                ply,
                cut_node,
                eval,
                improving,
            };
            if let Some(score) = self.prune_quiet_node(&node, alpha, beta) {
                return score;
            }
        }

        // A PV node whose hash move comes from a much shallower search (the line changed lately)
        // or that has none is searched shallower: its subtree is not settled yet, and a later
        // iteration comes back to it with a good move to start from.
        let depth = if pv_node {
            depth - pv_depth_cut(depth, entry)
        } else {
            depth
        };
        if depth <= 0.0 {
            return self.quiescence(alpha, beta, ply, 0);
        }

        let mut moves = self.take_buffer();
        let mut danger = Danger::None;
        match forced {
            Some(block) => moves.push(ScoredMove {
                pos: block,
                score: 0,
                tactical: true,
            }),
            None => {
                danger = Danger::assess(&mut self.board);
                movegen::generate(&mut self.board, danger, &mut moves);
                if moves.is_empty() && danger != Danger::None {
                    movegen::generate(&mut self.board, Danger::None, &mut moves);
                }
            }
        }
        if moves.is_empty() {
            self.move_buffers.push(moves);
            // Nothing legal to play on a board that is not full: renju black has only fouls
            // left, must play one and loses.
            return if self.board.only_fouls_left(us) {
                mated_in(ply + 1)
            } else {
                eval
            };
        }
        let tt_move = entry.map_or(Pos::NONE, |e| e.mv);
        self.order(&mut moves, tt_move, ply, us);

        let alpha_start = alpha;
        let mut quiets_tried = [Pos::NONE; 16];
        let mut quiets = 0;
        let mut best = -INFINITY;
        let mut best_move = Pos::NONE;
        let mut best_tactical = false;
        let single_reply = moves.len() == 1;
        // The hash move is tested for a singular extension when its entry is deep enough and
        // not a mere upper bound.
        let singular_candidate = entry.filter(|e| {
            !single_reply
                && excluded.is_none()
                && depth >= SINGULAR_DEPTH
                && e.depth as Depth >= depth - 2.0
                && e.bound != Bound::Upper
                && e.score.abs() < PROVEN
        });
        // A cut node whose evaluation is well above beta will most likely fail high: its
        // quiet moves are searched a ply shallower.
        let likely_fail_high = !pv_node
            && cut_node
            && beta.abs() < PROVEN
            && eval >= beta + fail_high_margin(depth, danger == Danger::OpenFour);
        let fight = Fight {
            danger,
            attacking: ply >= 3 && self.move_threats[ply - 2] >= Threat::Flex3,
            our_last: self.board.last_stone_of(us),
            their_last: self.board.last_stone_of(us.opponent()),
            complexity: complexity(&self.board),
        };
        let move_count = move_count_limit(depth, improving);
        let mut searched = 0;
        let mut late_fours = 0;
        for i in 0..moves.len() {
            if i == 1 {
                movegen::sort(&mut moves[1..]);
            }
            let mv = moves[i];
            if mv.pos == excluded {
                continue;
            }
            let mine = self.board.threat(us, mv.pos);
            let theirs = self.board.threat(us.opponent(), mv.pos);
            // Move-count pruning: once a non-losing move is known, moves past a count that
            // grows with depth are not searched (they come sorted, worst last). Fours past
            // it are searched where a win is looked for (a chain of fours often starts with a
            // plain four that sorts after quiet moves) when they are in line with or next to
            // either side's last stone; elsewhere only two, in line with or next to our last
            // stone. Every four anywhere took about a quarter of a middle game's nodes (strength
            // log, eighty-seventh session).
            if !pv_node && best > -PROVEN && searched + 1 >= move_count {
                let late_four = mine.is_four()
                    && if cut_node {
                        on_line_with(fight.our_last, mv.pos)
                            || on_line_with(fight.their_last, mv.pos)
                    } else {
                        late_fours < LATE_FOURS_AT_ALL_NODES && on_line_with(fight.our_last, mv.pos)
                    };
                if !late_four {
                    continue;
                }
                late_fours += 1;
            }
            if best > -PROVEN && depth < SHALLOW_PRUNE_DEPTH && fight.is_idle(mv.pos, mine, theirs)
            {
                continue;
            }
            let mut extension = if single_reply {
                SINGLE_REPLY_EXTENSION
            } else {
                three_extension(mine)
            };
            if let Some(e) = singular_candidate.filter(|e| e.mv == mv.pos) {
                match self.singular_test(e, beta, depth, ply, cut_node) {
                    Singular::Extension(e) => extension = e,
                    Singular::Return(score) => {
                        self.move_buffers.push(moves);
                        return score;
                    }
                }
            }
            if likely_fail_high && !mine.is_four() {
                extension -= 1.0;
            }
            let new_depth = depth - 1.0 + extension;
            let reduction = if searched >= 1 && depth >= 2.0 {
                let mut r = reduction(depth, searched + 1);
                if pv_node {
                    r -= 1.0;
                } else if !improving && r > 1.0 {
                    r += 1.0;
                }
                if cut_node && (threatened || !self.killers[ply].contains(&mv.pos)) {
                    r += CUT_NODE_REDUCTION;
                }
                if is_important(mine, theirs) {
                    r -= 1.0;
                }
                r += fight.tempo_reduction(mv.pos, mine, theirs);
                r += fight.complexity_reduction(mv.pos, mine, theirs);
                r -= self.history_relief(mv.pos, us, depth);
                // Never below depth 1 (a reduced search still looks one move ahead); a
                // promising move may go up to a ply deeper than the rest.
                r.min(new_depth - 1.0).max(-DEEPER_LATE_MOVE)
            } else {
                0.0
            };
            self.move_threats[ply] = mine;
            self.tt.prefetch(self.board.hash_after(mv.pos));
            self.board.make(mv.pos);
            let score = if searched == 0 {
                -self.search(
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    pv_node,
                    !pv_node && !cut_node,
                )
            } else {
                let mut s = if reduction != 0.0 {
                    let d = new_depth - reduction;
                    -self.search(-alpha - 1, -alpha, d, ply + 1, false, true)
                } else {
                    alpha + 1
                };
                // A reduced search that beat alpha is checked at full depth; one that went
                // deeper stands.
                if s > alpha && reduction >= 0.0 {
                    s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
                s
            };
            self.board.unmake();
            searched += 1;
            if self.stopped {
                self.move_buffers.push(moves);
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv.pos;
                best_tactical = mv.tactical;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv.pos);
                    if score >= beta {
                        if !mv.tactical {
                            self.reward(ply, mv.pos, depth, us, &quiets_tried[..quiets]);
                        }
                        break;
                    }
                }
            }
            if !mv.tactical && quiets < quiets_tried.len() {
                quiets_tried[quiets] = mv.pos;
                quiets += 1;
            }
        }
        self.move_buffers.push(moves);
        if searched == 0 {
            // Only the excluded move was left: the search without it fails low.
            best = alpha_start;
        }
        let bound = Bound::of_result(best, alpha_start, beta);
        // The evaluation learns from quiet positions whose result was quiet too, and only in
        // the direction the bound tells.
        if excluded.is_none()
            && !threatened
            && !best_tactical
            && best.abs() < PROVEN
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
        {
            self.correction.update(shape, best - eval, depth);
        }
        self.tt
            .store(key, ply, best_move, best, depth as i32, bound);
        best
    }

    /// Singular extension: when the hash move is the only one that holds up (every other move
    /// fails low against a bar a little under its score, in a shallower search), it is searched
    /// a ply deeper. When even without it the node fails high, the node is cut (multi-cut);
    /// when the hash move's score is above beta but not alone there, it is searched shallower.
    fn singular_test(
        &mut self,
        hash: TtEntry,
        beta: i32,
        depth: Depth,
        ply: usize,
        cut_node: bool,
    ) -> Singular {
        let bar = hash.score - (SINGULAR_MARGIN * depth) as i32;
        self.excluded[ply] = hash.mv;
        let score = self.search(bar - 1, bar, depth * 0.46, ply, false, cut_node);
        self.excluded[ply] = Pos::NONE;
        if self.stopped {
            Singular::Return(0)
        } else if score < bar {
            Singular::Extension(1.0)
        } else if bar >= beta {
            Singular::Return(bar)
        } else if hash.score >= beta {
            Singular::Extension(-1.5)
        } else {
            Singular::Extension(0.0)
        }
    }

    /// Cut-offs for a non-PV node where the opponent threatens nothing: razoring (far below
    /// alpha: only a VCF can help), futility (far above beta, not deep), null move (still
    /// above beta after passing).
    fn prune_quiet_node(&mut self, node: &QuietNode, alpha: i32, beta: i32) -> Option<i32> {
        let QuietNode {
            depth,
            ply,
            cut_node,
            eval,
            improving,
        } = *node;
        if depth < 2.6 && eval + razor_margin(depth) < alpha {
            return Some(self.quiescence(alpha, alpha + 1, ply, 0));
        }
        if depth < FUTILITY_DEPTH && eval - futility_margin(depth, improving) >= beta {
            return Some(eval);
        }
        if depth >= 10.0 && eval >= beta + 300 {
            let reduction = 2.0 + (depth / 4.0).floor();
            self.board.pass();
            let depth = depth - 1.0 - reduction;
            let score = -self.search(-beta, -beta + 1, depth, ply + 1, false, !cut_node);
            self.board.pass();
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= PROVEN { beta } else { score });
            }
        }
        None
    }

    /// Below the horizon: stand pat (see [`Self::stand_pat`]), or play our fours (the
    /// opponent's reply is forced). Only fours next to or in line with our last stone are
    /// tried, so the search follows a connected chain of fours as far as it goes: a VCF at every
    /// leaf, at the cost of a few nodes where there is none. A position the hash table knows is
    /// settled by its entry when that was searched deep enough and its bound allows.
    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize, fours: u32) -> i32 {
        match self.start_node(ply) {
            NodeStart::Settled(score) => return score,
            NodeStart::Block(block) => {
                self.board.make(block);
                let score = -self.quiescence(-beta, -alpha, ply + 1, fours);
                self.board.unmake();
                return score;
            }
            NodeStart::Open => {}
        }
        // The hash table keeps four-sequences found along other move orders. A result holds
        // for as many fours as were left to play: stored at depth -fours. Where the rule does
        // not stand pat on it, it is asked only when the side to move has a four to play.
        let key = self.board.hash();
        let depth = -(fours as i32);
        let table_first = stands_pat_on_table(self.board.rule());
        let mut entry = None;
        if table_first {
            entry = self.tt.probe(key, ply);
            if let Some(score) = leaf_cut(entry, depth, alpha, beta) {
                return score;
            }
        }
        let stand = self.stand_pat(entry);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let us = self.board.to_move();
        if self.board.count_at_least(us, Threat::Block4) == 0 {
            return stand;
        }
        if !table_first {
            entry = self.tt.probe(key, ply);
            if let Some(score) = leaf_cut(entry, depth, alpha, beta) {
                return score;
            }
        }
        let alpha_start = alpha;
        let mut moves = self.take_buffer();
        // Any four at first; deeper, only fours that build something besides (a plain four
        // that only gets blocked rarely matters, and there can be many of them).
        let weakest = if fours < PLAIN_FOURS {
            Threat::Block4
        } else {
            Threat::Block4Plus
        };
        let near = self.board.last_stone_of(us);
        movegen::fours(&mut self.board, weakest, near, &mut moves);
        if let Some(e) = entry {
            if let Some(i) = moves.iter().position(|m| m.pos == e.mv) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut best = stand;
        let mut best_move = Pos::NONE;
        for mv in moves.iter() {
            self.tt.prefetch(self.board.hash_after(mv.pos));
            self.board.make(mv.pos);
            let score = -self.quiescence(-beta, -alpha, ply + 1, fours + 1);
            self.board.unmake();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = mv.pos;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv.pos);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_buffers.push(moves);
        if !self.stopped {
            let bound = Bound::of_result(best, alpha_start, beta);
            self.tt.store(key, ply, best_move, best, depth, bound);
        }
        best
    }

    /// What the side to move at a leaf can count on without playing a four: the corrected
    /// evaluation, unless the hash table's entry for the position says better (a lower bound
    /// above it) or worse (an upper bound below it). Any search of the position knows more
    /// than its evaluation; Rapfi's quiescence stands pat the same way. Against Rapfi at
    /// 100,000 nodes a move this scored 4.7 points in a hundred more than the evaluation alone
    /// in freestyle (923 games paired with the base's, ±3.4; 0.7 more, ±4.0, over 624 games
    /// of other openings), 2.0 fewer in standard (406 games, ±4.8: level), but 3.7 fewer in
    /// renju (898 games, ±3.1), so renju leaves the entry out; strength log, thirty-fourth and
    /// thirty-fifth sessions.
    fn stand_pat(&self, entry: Option<TtEntry>) -> i32 {
        let eval = self.corrected_evaluation(CorrectionHistory::shape(&self.board));
        match entry {
            Some(e) if e.bound != Bound::Upper && e.score > eval => e.score,
            Some(e) if e.bound != Bound::Lower && e.score < eval => e.score,
            _ => eval,
        }
    }

    /// Extension of a move of the side to move that makes an open three (the opponent must
    /// answer it).
    pub fn threat_extension(&self, pos: Pos) -> Depth {
        three_extension(self.board.threat(self.board.to_move(), pos))
    }

    /// Late-move reduction of the `n`-th root move (counting from 1) searched to `depth`, its
    /// child to `child_depth`: as at a PV node in the tree, for the moves after the first two
    /// (the root's order comes from the previous iteration's scores, so late moves are those
    /// that did worst), and never below depth 1.
    pub fn root_reduction(&self, pos: Pos, depth: Depth, child_depth: Depth, n: usize) -> Depth {
        if n <= 2 || depth < 2.0 {
            return 0.0;
        }
        let us = self.board.to_move();
        let mine = self.board.threat(us, pos);
        let theirs = self.board.threat(us.opponent(), pos);
        let mut r = reduction(depth, n) - 1.0;
        if is_important(mine, theirs) {
            r -= 1.0;
        }
        r -= self.history_relief(pos, us, depth);
        r.min(child_depth - 1.0).max(0.0)
    }

    fn take_buffer(&mut self) -> Vec<ScoredMove> {
        let mut buffer = self.move_buffers.pop().unwrap_or_default();
        buffer.clear();
        buffer
    }

    /// Scores moves for the order they are searched in: hash move, then static score plus
    /// killer and history bonuses. The best comes first; the search sorts the rest
    /// only if it gets past it.
    pub fn order(&self, moves: &mut [ScoredMove], tt_move: Pos, ply: usize, us: Color) {
        for mv in moves.iter_mut() {
            if mv.pos == tt_move {
                mv.score = i32::MAX;
                continue;
            }
            if self.killers[ply].contains(&mv.pos) {
                mv.score += 300;
            }
            mv.score += self.history[mv.pos.index()][us.index()] / 32;
        }
        movegen::put_best_first(moves);
    }

    fn update_pv(&mut self, ply: usize, mv: Pos) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Records a quiet move that caused a beta cut-off: a killer, a history bonus, and a
    /// history malus for the quiet moves tried before it in vain.
    fn reward(&mut self, ply: usize, mv: Pos, depth: Depth, us: Color, failed: &[Pos]) {
        let killers = &mut self.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let bonus = ((depth * depth) as i32).min(400);
        self.update_history(mv, us, bonus);
        for &other in failed {
            self.update_history(other, us, -bonus);
        }
    }

    /// History with gravity: entries saturate towards ±HISTORY_LIMIT instead of growing
    /// without bound.
    fn update_history(&mut self, mv: Pos, us: Color, bonus: i32) {
        const HISTORY_LIMIT: i32 = 1 << 14;
        let h = &mut self.history[mv.index()][us.index()];
        *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_LIMIT;
    }

    /// Reduction relief from a move's history: moves that often refuted other moves are
    /// reduced less, moves that often failed are reduced more. The history is offset so that
    /// a move with none is reduced a little more, and counts less at higher depths, where the
    /// search itself knows more (Rapfi's statScore scheme, in our history units).
    fn history_relief(&self, pos: Pos, us: Color, depth: Depth) -> Depth {
        let stat = self.history[pos.index()][us.index()] - HISTORY_OFFSET;
        let scale = if depth > HISTORY_DEEP {
            HISTORY_SCALE_DEEP
        } else {
            HISTORY_SCALE
        };
        stat as Depth / scale
    }

    /// Ages history between iterations so recent information dominates.
    pub fn age_history(&mut self) {
        for h in self.history.iter_mut() {
            h[0] /= 2;
            h[1] /= 2;
        }
    }
}

/// Moves searched at a node before the rest are pruned: 3 + depth^1.32, halved where the
/// side to move's evaluation is not improving.
fn move_count_limit(depth: Depth, improving: bool) -> usize {
    let limit = 3 + (depth.max(0.0) as f64).powf(1.32) as usize;
    limit / if improving { 1 } else { 2 }
}

/// How much shallower a PV node is searched: 0.28 ply per ply its hash move's search was
/// shallower than this one (at most 3.6), or 0.32 without a hash move (Rapfi's values).
fn pv_depth_cut(depth: Depth, entry: Option<TtEntry>) -> Depth {
    match entry {
        Some(e) if !e.mv.is_none() => ((depth - e.depth as Depth) * 0.28).clamp(0.0, 3.6),
        _ => 0.32,
    }
}

/// The score a quiescence node returns at once when the hash table's entry, searched with at
/// least `depth` (minus the fours left to play), settles the window.
fn leaf_cut(entry: Option<TtEntry>, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
    entry
        .filter(|e| e.depth >= depth && e.cuts(alpha, beta))
        .map(|e| e.score)
}

/// Futility margin: above beta by this much (less where the evaluation is improving), a quiet
/// node is taken to fail high without search.
fn futility_margin(depth: Depth, improving: bool) -> i32 {
    let plies = depth - 1.0 - Depth::from(u8::from(improving));
    (FUTILITY_MARGIN * plies).max(0.0) as i32
}

/// Razoring margin: below alpha by this much near the horizon, only a VCF can save the node.
fn razor_margin(depth: Depth) -> i32 {
    (0.2 * depth * depth + 18.0 * depth + 25.0) as i32
}

/// ln(1 + the cells where either side makes anything from an open two to a four short of a
/// four-three): how busy the position is.
fn complexity(board: &Board) -> Depth {
    let shapes: usize = [Color::Black, Color::White]
        .into_iter()
        .map(|c| {
            board.count_at_least(c, Threat::Flex2) - board.count_at_least(c, Threat::Block4Flex3)
        })
        .sum();
    ((1 + shapes) as Depth).ln()
}

/// Whether a move that makes `mine` for the side to move and takes `theirs` from the opponent
/// builds at least a double two or takes a square where the opponent would make an open
/// three: such moves are reduced a ply less.
fn is_important(mine: Threat, theirs: Threat) -> bool {
    mine >= Threat::Flex2x2 || theirs >= Threat::Flex3
}

/// Extension of a move that makes `mine`: an open three (the opponent must answer it).
fn three_extension(mine: Threat) -> Depth {
    if (Threat::Flex3..=Threat::Flex3x2).contains(&mine) {
        THREE_EXTENSION
    } else {
        0.0
    }
}

/// How far above beta a cut node's evaluation must be for its quiet moves to be reduced:
/// more when the opponent has an open three. Rapfi's margin (15·depth − 9, +87) in our score
/// units, which run about 1.27 times Rapfi's (compare the futility and razoring margins).
fn fail_high_margin(depth: Depth, open_three: bool) -> i32 {
    (-11.0 + 19.0 * depth) as i32 + if open_three { 110 } else { 0 }
}

/// How much deeper than the rest a late move may be searched when its reduction comes out
/// negative (an important move with a good history at a PV node, say): Stockfish's and
/// Rapfi's `newDepth + 1`.
const DEEPER_LATE_MOVE: Depth = 1.0;

/// Cells at most this far (Chebyshev) from a side's last stone are where the fight is.
const NEAR_LAST_STONE: usize = 4;

/// Extra reduction, against an open three, of a four far from the opponent's last stone...
const FAR_FROM_THEIRS_REDUCTION: Depth = 1.9;

/// ... and of one far from our own.
const FAR_FROM_OURS_REDUCTION: Depth = 1.0;

/// Less reduction for a move that goes on with the attack our previous open three began.
/// (These three values are Rapfi's, rounded; they scored 43-34-3 in self-play at 0.3 s.)
const ATTACK_GOES_ON_RELIEF: Depth = 0.5;

/// History value under which a move is reduced more than by the table alone.
const HISTORY_OFFSET: i32 = 5_000;

/// History worth a ply of reduction; above depth `HISTORY_DEEP` it takes more. (Rapfi's
/// statScore divisors, 12,267 and 16,647, scaled from its history range to ours.)
const HISTORY_SCALE: Depth = 18_800.0;
const HISTORY_SCALE_DEEP: Depth = 25_500.0;
const HISTORY_DEEP: Depth = 5.4;

/// Below this depth moves that make and stop nothing are pruned.
const SHALLOW_PRUNE_DEPTH: Depth = 6.0;

/// Futility margin per ply of depth.
const FUTILITY_MARGIN: Depth = 80.0;

/// Futility pruning stops at this depth. Rapfi prunes at any depth, but its scores are
/// calibrated to win rates; Sente's spread three to four times as wide (strength log,
/// fifty-second session), so deep in the tree a static score above beta by the margin is
/// common and the cut threw away whole subtrees that a deeper search would have read. Capped
/// here, Sente scored 6.5 points in a hundred more against Rapfi at 600,000 nodes a move in
/// renju (±5.3, 150 paired openings; level in standard; strength log, sixty-first session).
/// Depth 6 scored the same (−0.3 ± 8.3 against 8) and depth 10 less (−3.3 ± 10.6; both
/// sixty-second session).
const FUTILITY_DEPTH: Depth = 8.0;

/// Depth from which the hash move is tested for a singular extension.
const SINGULAR_DEPTH: Depth = 7.0;

/// How far under the hash move's score (per ply of depth) the other moves must stay for it to
/// count as singular: Rapfi's 0.91 in our score units, which run about 1.27 times its own.
const SINGULAR_MARGIN: Depth = 1.16;

/// A move that makes an open three (a threat the opponent must answer) costs less than a ply.
const THREE_EXTENSION: Depth = 0.5;

/// A forced reply (blocking a five) costs less than a ply.
const SINGLE_REPLY_EXTENSION: Depth = 1.3;

/// Whether the quiescence stands pat on the hash table's score where it knows better than the
/// evaluation (see `Worker::stand_pat`): not in renju, where it played worse.
fn stands_pat_on_table(rule: Rule) -> bool {
    rule != Rule::Renju
}

/// Late-move reduction of the n-th move at a depth: ln(depth) · ln(n), the same in every rule.
/// Rapfi's standard values (0.78 on both logarithms, and its standard complexity factors) came
/// out level against Rapfi at fixed nodes (+1.3 points in a hundred, ±4.1, 594 paired games;
/// strength log, forty-second session). Renju reduced a little more than half as much (Rapfi's
/// renju factor, 0.75 on both logarithms) until the forty-eighth session: level at 50,000 nodes
/// a move, but 4.7 points in a hundred behind these reductions at 200,000 (±4.5, 506 pairs), the
/// budget closer to a second's search, where deeper lines pay.
fn reduction(depth: Depth, n: usize) -> Depth {
    ((depth.max(1.0) as f64).ln() * (n.max(1) as f64).ln()) as Depth
}

#[cfg(test)]
mod tests;
