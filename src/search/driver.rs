//! The search driver: settles the root (opening move, immediate wins, forced blocks, a VCF/VCT
//! of our own), then runs iterative deepening with aspiration windows over the root moves on
//! one or more threads (Lazy SMP: helpers search the same tree sharing the hash table), and
//! decides when to stop.

use super::alphabeta::{Depth, Worker};
use super::movegen::{self, Danger, ScoredMove};
use super::score::{is_proven, mate_in, mated_in, plies_to_result, INFINITY, PROVEN};
use super::threat::{cells_with, legal_cell, ThreatMode, ThreatSearch};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use crate::board::{Board, Pos};
use crate::pattern::Threat;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// What to search and for how long.
#[derive(Clone, Debug)]
pub struct SearchLimits {
    pub budget: TimeBudget,
    pub max_depth: u32,
    pub max_nodes: u64,
    pub threads: usize,
    /// Number of best root moves to score exactly (multi-PV); 1 for play.
    pub multipv: usize,
    /// Root moves not to consider (Yixin-Board's YXBLOCK).
    pub excluded: Vec<Pos>,
}

impl SearchLimits {
    pub fn new(budget: TimeBudget) -> SearchLimits {
        SearchLimits {
            budget,
            max_depth: 120,
            max_nodes: u64::MAX,
            threads: 1,
            multipv: 1,
            excluded: Vec::new(),
        }
    }
}

/// One scored root move and its line.
#[derive(Clone, Debug, PartialEq)]
pub struct RootLine {
    pub mv: Pos,
    pub score: i32,
    pub pv: Vec<Pos>,
}

/// A report after each completed iteration.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: usize,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The best lines, best first (one unless multi-PV was asked for).
    pub lines: Vec<RootLine>,
}

/// What the search reports while it runs (from the main thread only).
#[derive(Clone, Debug)]
pub enum SearchEvent {
    /// An iteration completed.
    Iteration(Iteration),
    /// The search starts on this root move at this depth.
    RootMoveStarted { mv: Pos, depth: u32 },
    /// The search finished this root move at this depth; `best` when it is the best so far.
    RootMoveDone {
        mv: Pos,
        depth: u32,
        score: i32,
        best: bool,
    },
}

/// How the move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// First move on an empty board.
    Opening,
    /// The only sensible move (a five, a forced block, the only legal move).
    Forced,
    /// A proven win found by the threat search.
    ThreatWin,
    /// Iterative deepening.
    Searched,
}

/// A search's outcome.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Pos,
    pub score: i32,
    pub depth: u32,
    pub seldepth: usize,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
    pub lines: Vec<RootLine>,
    pub decision: Decision,
    /// What the root's own VCF and VCT searches before deepening took: a part of `nodes`
    /// and `elapsed`. They run much faster per node than the main search, so speed figures
    /// that compare searches must tell the two apart.
    pub root_threats: Spend,
}

/// Nodes searched and the time they took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spend {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl std::ops::AddAssign for Spend {
    fn add_assign(&mut self, other: Spend) {
        self.nodes += other.nodes;
        self.elapsed += other.elapsed;
    }
}

impl SearchResult {
    /// The result as a last completed iteration (for summary lines).
    pub fn summary(&self) -> Iteration {
        Iteration {
            depth: self.depth,
            seldepth: self.seldepth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            lines: self.lines.clone(),
        }
    }
}

/// The root's own threat searches before deepening, in order: the mode, the longest line in
/// plies, the most nodes, and the share of the move's time and nodes each may take at most
/// (one part in so many). Together they keep within a tenth. The VCT search gets a third of
/// that: given the whole tenth it found little the deepening would not. Against Rapfi at
/// 100,000 nodes a move, paired with the head's games on openings fresh to both (strength
/// log, thirty-sixth session), the third scored 1.7 points in a hundred more in renju (504
/// games, ±2.9) and 4.8 more in freestyle (270, ±4.1); no VCT at all, 2.1 (407, ±3.6) and
/// 1.4 (450, ±3.6) more.
const ROOT_THREAT_SEARCHES: [(ThreatMode, u32, u64, u32); 2] = [
    (ThreatMode::Vcf, 40, 100_000, 10),
    (ThreatMode::Vct, 16, 300_000, 30),
];

/// The share of the move (one part in so many) all the root's threat searches together may
/// take.
const ROOT_THREATS_SHARE: u32 = 10;

/// Owns what survives from one search to the next: the hash table and thread settings.
pub struct Searcher {
    tt: TranspositionTable,
    /// The hash table's buckets whose memory may not be committed yet.
    uncommitted: Range<usize>,
    root_threats: ThreatSearch,
}

/// Hash table buckets committed per step: 1 MiB.
const COMMIT_STEP: usize = 16_384;

impl Searcher {
    pub fn new(hash_bytes: usize) -> Searcher {
        let tt = TranspositionTable::new(hash_bytes);
        Searcher {
            uncommitted: 0..tt.buckets(),
            tt,
            root_threats: ThreatSearch::new(),
        }
    }

    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Replaces the hash table by one of about `bytes` (its contents are lost).
    pub fn resize_hash(&mut self, bytes: usize) {
        if bytes != self.tt.bytes() {
            self.tt = TranspositionTable::new(1);
            self.tt = TranspositionTable::new(bytes);
            self.uncommitted = 0..self.tt.buckets();
        }
    }

    /// Whether part of the hash table's memory may still be uncommitted.
    pub fn hash_uncommitted(&self) -> bool {
        !self.uncommitted.is_empty()
    }

    /// Commits the next part of the hash table's memory.
    ///
    /// A fresh table's pages are only mapped when first written, and a search that writes
    /// them pays for it: 20 to 150 ms of a 1 s search on a fresh 64 MiB table, up to 940 ms
    /// of a 5 s one on 320 MiB (strength log, thirty-ninth session). Whoever owns the
    /// searcher calls this while it has nothing else to do, a step at a time (a step takes a
    /// millisecond or two), so that the cost falls between moves.
    pub fn commit_hash_step(&mut self) {
        let end = self
            .uncommitted
            .end
            .min(self.uncommitted.start + COMMIT_STEP);
        self.tt.commit(self.uncommitted.start..end);
        self.uncommitted.start = end;
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.uncommitted = 0..0;
        self.root_threats.clear();
    }

    /// Chooses a move for the side to move. `report` receives the progress events. Returns
    /// `None` only when the board has no empty cell.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(SearchEvent),
    ) -> Option<SearchResult> {
        let mut board = board.clone();
        if board.empties() == 0 {
            return None;
        }
        self.tt.new_search();
        let started = Instant::now();
        let outcome = self.settle_root(&mut board, limits);
        let threat_time = started.elapsed();
        let (mut root, threat_nodes) = match outcome {
            RootOutcome::Settled(mut result) => {
                result.root_threats = Spend {
                    nodes: result.nodes,
                    elapsed: threat_time,
                };
                return Some(result);
            }
            RootOutcome::Only(mv) => (vec![RootMove::new(mv, 0)], 0),
            RootOutcome::Open { threat_nodes } => (root_moves(&mut board, limits), threat_nodes),
        };
        let root_threats = Spend {
            nodes: threat_nodes,
            elapsed: threat_time,
        };
        if root.is_empty() {
            // Every candidate is excluded or a foul: any legal cell, else any empty cell.
            return Some(fallback(&mut board, limits));
        }
        // A single move is played at once where the time saved counts later; where it would be
        // lost, the move is searched: the line after it is the next move's, and its hash
        // entries and score are worth the time.
        if root.len() == 1 && limits.multipv <= 1 && !limits.budget.is_per_move() {
            return Some(immediate(root[0].pos, 0, Decision::Forced, limits));
        }

        let helpers_stop = AtomicBool::new(false);
        let result = std::thread::scope(|scope| {
            for id in 1..limits.threads.max(1) {
                let (board, tt, helpers_stop) = (board.clone(), &self.tt, &helpers_stop);
                let mut root = root.clone();
                let limits = limits.clone();
                scope.spawn(move || {
                    let mut worker =
                        Worker::new(board, tt, helpers_stop, limits.budget, u64::MAX, false);
                    let mut depth = 1 + (id as u32 % 2);
                    while depth <= limits.max_depth && !helpers_stop.load(Relaxed) {
                        let mut quiet = |_: SearchEvent| {};
                        search_root(
                            &mut worker,
                            &mut root,
                            depth,
                            1,
                            -INFINITY,
                            INFINITY,
                            &mut quiet,
                        );
                        depth += 1;
                    }
                });
            }
            let mut worker = Worker::new(
                board.clone(),
                &self.tt,
                stop,
                limits.budget,
                limits.max_nodes,
                true,
            );
            // The nodes spent by the root's threat searches count as the search's own.
            worker.nodes = threat_nodes;
            let result = iterative_deepening(&mut worker, &mut root, limits, report);
            helpers_stop.store(true, Relaxed);
            result
        });
        Some(SearchResult {
            root_threats,
            ..result
        })
    }

    /// Decides the move without deepening when the position allows: opening, immediate five,
    /// forced block, a found VCF or VCT.
    fn settle_root(&mut self, board: &mut Board, limits: &SearchLimits) -> RootOutcome {
        let us = board.to_move();
        let them = us.opponent();
        let allowed = |p: &Pos| !limits.excluded.contains(p);
        if board.stone_count() == 0 {
            let center = Pos::new(board.width() / 2, board.height() / 2);
            if board.is_empty(center) && allowed(&center) {
                return RootOutcome::Settled(immediate(center, 0, Decision::Opening, limits));
            }
        }
        if limits.multipv > 1 {
            return RootOutcome::Open { threat_nodes: 0 };
        }
        if let Some(five) = cells_with(board, us, Threat::Five, Threat::Five)
            .into_iter()
            .find(allowed)
        {
            return RootOutcome::Settled(immediate(five, mate_in(1), Decision::Forced, limits));
        }
        let blocks = cells_with(board, them, Threat::Five, Threat::Five);
        if !blocks.is_empty() {
            let legal: Vec<Pos> = blocks
                .iter()
                .copied()
                .filter(|&p| allowed(&p) && !board.is_forbidden(us, p))
                .collect();
            return match legal.first() {
                // One five to block: the search may still look past the block.
                Some(&block) if blocks.len() == 1 => RootOutcome::Only(block),
                // With two fives against us the game is lost; block one anyway.
                Some(&block) => {
                    RootOutcome::Settled(immediate(block, mated_in(2), Decision::Forced, limits))
                }
                // The only block is a foul (or excluded): the game is lost whatever we play.
                None => RootOutcome::Settled(fallback(board, limits)),
            };
        }
        if let Some(four) = legal_cell(board, us, Threat::Flex4).filter(allowed) {
            return RootOutcome::Settled(immediate(four, mate_in(3), Decision::Forced, limits));
        }
        // The threat searches get a share of the move's time and, under a node limit, of its
        // nodes: with the whole limit they could leave deepening nothing.
        let all_threat_nodes = limits.max_nodes / u64::from(ROOT_THREATS_SHARE);
        let mut threat_nodes = 0;
        for (mode, depth, most_nodes, share) in ROOT_THREAT_SEARCHES {
            let nodes = most_nodes
                .min(limits.max_nodes / u64::from(share))
                .min(all_threat_nodes.saturating_sub(threat_nodes));
            let deadline = limits.budget.threat_deadline(share);
            let found = self
                .root_threats
                .find_win_until(board, mode, depth, nodes, Some(deadline));
            threat_nodes += self.root_threats.nodes();
            if let Some(line) = found {
                let first = line.first().copied().unwrap_or(Pos::NONE);
                if !first.is_none() && allowed(&first) {
                    let mut result =
                        immediate(first, mate_in(line.len() + 2), Decision::ThreatWin, limits);
                    result.nodes = threat_nodes;
                    result.pv = line;
                    return RootOutcome::Settled(result);
                }
            }
        }
        RootOutcome::Open { threat_nodes }
    }
}

/// What the root's checks before deepening decided.
enum RootOutcome {
    /// The move is chosen.
    Settled(SearchResult),
    /// Only this move can be played (a five to block); whether to search it is the caller's
    /// choice.
    Only(Pos),
    /// Deepening must choose; the threat searches spent this many nodes.
    Open { threat_nodes: u64 },
}

#[derive(Clone, Debug)]
struct RootMove {
    pos: Pos,
    /// Score from the deepest search of this move (-INFINITY if not yet searched); an upper
    /// bound for moves that did not beat the best.
    score: i32,
    /// Whether `score` is only that upper bound. A move that fails low often returns exactly
    /// the bar it failed against (always so against a proven win, where the child's window is
    /// clamped to the mate distance), so it ties with the move that set the bar: the tie must
    /// go to the move whose score is real.
    upper_bound: bool,
    /// Depth of that search.
    depth: u32,
    pv: Vec<Pos>,
    order: i32,
}

impl RootMove {
    /// A root move not searched yet, with its static order score.
    fn new(pos: Pos, order: i32) -> RootMove {
        RootMove {
            pos,
            score: -INFINITY,
            upper_bound: true,
            depth: 0,
            pv: vec![pos],
            order,
        }
    }
}

fn root_moves(board: &mut Board, limits: &SearchLimits) -> Vec<RootMove> {
    // Analysis (several lines) scores every candidate, even those that lose to a threat.
    let danger = if limits.multipv > 1 {
        Danger::None
    } else {
        Danger::assess(board)
    };
    let mut moves: Vec<ScoredMove> = Vec::new();
    movegen::generate(board, danger, &mut moves);
    if moves.is_empty() && danger != Danger::None {
        movegen::generate(board, Danger::None, &mut moves);
    }
    movegen::sort(&mut moves);
    moves
        .into_iter()
        .filter(|m| !limits.excluded.contains(&m.pos))
        .map(|m| RootMove::new(m.pos, m.score))
        .collect()
}

/// Searches every root move at `depth` and sorts them best first; returns the best score.
///
/// With one line this is principal variation search at the root, late moves reduced. With
/// `lines` > 1 (multi-PV) the bar a move must clear is the `lines`-th best exact score so far:
/// a move that clears it is searched again with a window that gives its exact score, so the
/// first `lines` moves after sorting carry exact scores.
fn search_root(
    worker: &mut Worker,
    root: &mut [RootMove],
    depth: u32,
    lines: usize,
    alpha: i32,
    beta: i32,
    report: &mut dyn FnMut(SearchEvent),
) -> i32 {
    let multipv = lines > 1;
    let mut alpha = alpha;
    let mut best = -INFINITY;
    // Exact scores found so far, best first (multi-PV).
    let mut exact: Vec<i32> = Vec::new();
    for (i, rm) in root.iter_mut().enumerate() {
        let floor = match (multipv, exact.get(lines - 1)) {
            (false, _) => alpha,
            (true, Some(&kth)) => kth,
            (true, None) => -INFINITY,
        };
        report(SearchEvent::RootMoveStarted { mv: rm.pos, depth });
        let child_depth = depth as Depth - 1.0 + worker.threat_extension(rm.pos);
        // One line: late moves are first searched shallower, and again in full if they beat
        // the best (several lines need every score to the full depth).
        let reduction = if multipv {
            0.0
        } else {
            worker.root_reduction(rm.pos, depth as Depth, child_depth, i + 1)
        };
        worker.board.make(rm.pos);
        let score = if i == 0 || floor == -INFINITY {
            -worker.search(-beta, -floor, child_depth, 1, true, false)
        } else {
            let mut s = floor + 1;
            if reduction > 0.0 {
                let d = child_depth - reduction;
                s = -worker.search(-floor - 1, -floor, d, 1, false, true);
            }
            if s > floor {
                s = -worker.search(-floor - 1, -floor, child_depth, 1, false, true);
            }
            if s > floor && s < beta {
                -worker.search(-beta, -floor, child_depth, 1, true, false)
            } else {
                s
            }
        };
        worker.board.unmake();
        if worker.stopped {
            break;
        }
        // Moves that did not clear the bar keep an upper bound, which is enough to order them.
        rm.score = score;
        rm.upper_bound = !(score > floor || i == 0);
        rm.depth = depth;
        let new_best = score > best;
        report(SearchEvent::RootMoveDone {
            mv: rm.pos,
            depth,
            score,
            best: new_best,
        });
        if score > floor || i == 0 {
            rm.pv = if worker.pv_from(1).is_empty() {
                worker.line_from_table(rm.pos, depth as usize)
            } else {
                std::iter::once(rm.pos)
                    .chain(worker.pv_from(1).iter().copied())
                    .collect()
            };
        }
        if multipv && score > floor {
            let at = exact.partition_point(|&e| e >= score);
            exact.insert(at, score);
        }
        best = best.max(score);
        if !multipv && score > alpha {
            alpha = score;
        }
        if alpha >= beta {
            break;
        }
    }
    // Moves searched to this depth first, by score, real scores before equal bounds; the rest
    // keep their previous order.
    root.sort_by(|a, b| {
        (b.depth, b.score, !b.upper_bound)
            .cmp(&(a.depth, a.score, !a.upper_bound))
            .then(b.order.cmp(&a.order))
    });
    best
}

fn iterative_deepening(
    worker: &mut Worker,
    root: &mut [RootMove],
    limits: &SearchLimits,
    report: &mut dyn FnMut(SearchEvent),
) -> SearchResult {
    let lines = limits.multipv.clamp(1, root.len());
    let eval = worker.evaluate();
    // Until an iteration completes, the lines are the first moves in static order.
    let mut best = SearchResult {
        best: root[0].pos,
        score: eval,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: vec![root[0].pos],
        lines: root
            .iter()
            .take(lines)
            .map(|rm| RootLine {
                mv: rm.pos,
                score: eval,
                pv: vec![rm.pos],
            })
            .collect(),
        decision: Decision::Searched,
        root_threats: Spend::default(),
    };
    let mut instability = 1.0f64;
    let mut previous_score = 0;
    for depth in 1..=limits.max_depth {
        worker.age_history();
        let score = aspiration(worker, root, depth, lines, previous_score, report);
        if worker.stopped {
            // An interrupted iteration still counts where a move finished at this depth with a
            // better score than the last complete iteration's choice.
            // It is reported like a complete one, so that the last line shown is the move played.
            if root[0].depth == depth
                && !root[0].upper_bound
                && root[0].score > best.score
                && lines == 1
            {
                record_iteration(&mut best, root, lines, depth, worker, limits, report);
            }
            break;
        }
        let changed = root[0].pos != best.best;
        record_iteration(&mut best, root, lines, depth, worker, limits, report);
        if is_proven(score) && plies_to_result(score) <= depth as i32 {
            break;
        }
        instability = instability * 0.8 + if changed && depth > 4 { 0.6 } else { 0.0 };
        if score < previous_score - 40 && depth > 4 {
            instability += 0.3;
        }
        previous_score = score;
        if !limits.budget.may_continue(instability.max(0.6)) || worker.stop_requested() {
            break;
        }
    }
    best.nodes = worker.nodes;
    best.elapsed = limits.budget.elapsed();
    best
}

/// Searches with a window around the previous score from depth 5 on. A search that fails is
/// searched again with the failing side moved past the score it returned, three times further
/// each time, the other side kept. The window never opens all at once: where one side is
/// winning, an open window makes every line's unproven score exact (in one position the
/// winning move took 1.7 million nodes with an open window after 5,000 for its fail high),
/// while a bound just above the score cuts off the lines that only win by more.
///
/// A fail high with a proven win ends the iteration: the move wins, and how fast matters less
/// than the search that would tell (in one position the win came after 172,000 nodes and its
/// exact distance after 539,000). After a proven win the next iteration asks only whether the
/// win still holds, with a null window at its score.
fn aspiration(
    worker: &mut Worker,
    root: &mut [RootMove],
    depth: u32,
    lines: usize,
    previous: i32,
    report: &mut dyn FnMut(SearchEvent),
) -> i32 {
    if depth < 5 || lines > 1 || previous <= -PROVEN {
        return search_root(worker, root, depth, lines, -INFINITY, INFINITY, report);
    }
    let mut delta = 60;
    let (mut alpha, mut beta) = if previous >= PROVEN {
        (previous - 1, previous)
    } else {
        (previous - delta, previous + delta)
    };
    loop {
        let score = search_root(worker, root, depth, lines, alpha, beta, report);
        if worker.stopped {
            return score;
        }
        if score <= alpha {
            alpha = (score - delta).max(-INFINITY);
        } else if score >= beta {
            if score >= PROVEN {
                return score;
            }
            beta = (score + delta).min(INFINITY);
        } else {
            return score;
        }
        delta *= 3;
    }
}

/// Makes the root's best lines after an iteration at `depth` the result, and reports them.
fn record_iteration(
    best: &mut SearchResult,
    root: &[RootMove],
    lines: usize,
    depth: u32,
    worker: &Worker,
    limits: &SearchLimits,
    report: &mut dyn FnMut(SearchEvent),
) {
    take_best(best, root, lines);
    best.depth = depth;
    best.seldepth = worker.seldepth;
    best.nodes = worker.nodes;
    best.elapsed = limits.budget.elapsed();
    report(SearchEvent::Iteration(Iteration {
        depth,
        seldepth: worker.seldepth,
        nodes: worker.nodes,
        elapsed: best.elapsed,
        lines: best.lines.clone(),
    }));
}

fn take_best(best: &mut SearchResult, root: &[RootMove], lines: usize) {
    best.best = root[0].pos;
    best.score = root[0].score;
    best.pv = root[0].pv.clone();
    best.lines = root
        .iter()
        .take(lines)
        .map(|rm| RootLine {
            mv: rm.pos,
            score: rm.score,
            pv: rm.pv.clone(),
        })
        .collect();
}

fn immediate(mv: Pos, score: i32, decision: Decision, limits: &SearchLimits) -> SearchResult {
    SearchResult {
        best: mv,
        score,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        elapsed: limits.budget.elapsed(),
        pv: vec![mv],
        lines: vec![RootLine {
            mv,
            score,
            pv: vec![mv],
        }],
        decision,
        root_threats: Spend::default(),
    }
}

/// A legal move when nothing better is available: the empty cell nearest the centre that is
/// not excluded and not a foul, relaxing those conditions if none is.
pub fn fallback(board: &mut Board, limits: &SearchLimits) -> SearchResult {
    let center = Pos::new(board.width() / 2, board.height() / 2);
    let mut cells: Vec<Pos> = board.empty_cells().collect();
    cells.sort_by_key(|p| (p.distance(center), p.index()));
    let us = board.to_move();
    let pick = cells
        .iter()
        .copied()
        .find(|p| !limits.excluded.contains(p) && !board.is_forbidden(us, *p))
        .or_else(|| cells.iter().copied().find(|p| !board.is_forbidden(us, *p)))
        .or_else(|| cells.first().copied())
        .unwrap_or(center);
    immediate(pick, 0, Decision::Forced, limits)
}
