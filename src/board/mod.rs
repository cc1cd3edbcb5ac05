//! The board: stones, blocked squares, side to move and history, with everything the search
//! reads about empty cells kept up to date incrementally on every stone placed or taken back.
//!
//! For each playing cell and direction the board keeps the cell's *line key* (the ten cells
//! around it on that line); a stone changes the keys of the five cells on either side of it
//! along each of its four lines (forty cells; thirty-two in freestyle, where no pattern reads
//! the fifth cell out), and only those cells' line patterns and threats are looked up again.
//! Per colour the board also keeps how many empty cells carry each threat and the sum of their
//! evaluation values, so "does the opponent have a four?" and the static evaluation cost
//! nothing at a search node.
//!
//! The board knows the rules (through the pattern tables and the foul check) but nothing of
//! search or protocol.

mod cell_infos;
mod cellset;
pub mod geometry;
mod grid_array;
mod undo_log;
mod zobrist;

use crate::eval;
use crate::pattern::{key_shift, line, pair, CellInfo, LinePattern, PatternTables, Threat};
use crate::rules::{ForbiddenCheck, Rule};
use cell_infos::CellInfos;
pub use cellset::CellSet;
use cellset::CellsOfSets;
pub use geometry::{Cell, Color, Pos, DIRECTIONS, GRID, MAX_SIDE, MIN_SIDE, STRIDE};
use grid_array::GridArray;
use undo_log::UndoLog;

/// The weakest threat whose cells the board keeps as sets (see [`Board::threat_cells`]).
pub const TRACKED: Threat = Threat::Flex3;
const TRACKED_LEVELS: usize = Threat::COUNT - TRACKED as usize;

/// Cells within this Chebyshev distance of a stone are move candidates.
const NEAR: isize = 2;

/// The rows holding stones, first to last inclusive (empty when there is no stone): where the
/// move candidates and the threat cells can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StoneRows {
    first: usize,
    last: usize,
}

impl StoneRows {
    const EMPTY: StoneRows = StoneRows {
        first: usize::MAX,
        last: 0,
    };

    fn including(self, y: usize) -> StoneRows {
        StoneRows {
            first: self.first.min(y),
            last: if self == StoneRows::EMPTY {
                y
            } else {
                self.last.max(y)
            },
        }
    }
}

/// What the board keeps about an empty cell, per colour (index 0 black, 1 white).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CellData {
    /// Line pattern per direction.
    lines: [[LinePattern; 4]; 2],
    /// The pairs (see [`pair`]) of lines 0 and 1 and of lines 2 and 3: what the info is read
    /// from (see [`CellInfos`]). Sixteen bits though a pair fits in eight: that makes the
    /// record 32 bytes, which the undo log copies as two aligned halves. At 28 bytes the copy
    /// took overlapping halves, and reading them back stalled on the stores.
    pairs: [[u16; 2]; 2],
    info: [CellInfo; 2],
}

const _: () = assert!(std::mem::size_of::<CellData>() == 32);

/// One stone or blocked square placed on the board, in order, with what taking it back must
/// restore.
#[derive(Clone, Copy, Debug)]
struct Placement {
    pos: Pos,
    cell: Cell,
    rows_before: StoneRows,
    /// Where this placement's entries start in [`Board::undo_log`].
    log_start: usize,
    totals_before: Totals,
}

/// The per-colour totals over the empty cells that the evaluation and the threat queries read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Totals {
    /// Empty cells per colour and threat.
    threat_counts: [[u16; Threat::COUNT]; 2],
    /// Sums of the empty cells' attack and defence values per colour.
    attack_sums: [i32; 2],
    defence_sums: [i32; 2],
}

#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    rule: Rule,
    tables: &'static PatternTables,
    /// Evaluation weights per colour (indexed by `Color::index`).
    weights: [&'static eval::Weights; 2],
    /// Cell info by line pairs, per colour.
    infos: [&'static CellInfos; 2],
    cells: GridArray<Cell>,
    /// Line key per grid cell and direction.
    keys: GridArray<[u32; 4]>,
    /// Pattern data per grid cell; valid on empty cells.
    data: GridArray<CellData>,
    totals: Totals,
    /// The empty cells per colour and threat, for threats from `TRACKED` up: finding a five,
    /// a four or a four-three point costs a scan of a few words, not of every candidate.
    threat_sets: Box<[[CellSet; TRACKED_LEVELS]; 2]>,
    /// The cell data each placement overwrote, so that taking a stone back restores it
    /// instead of looking every pattern up again (that halves the cost of make + unmake).
    undo_log: UndoLog,
    /// Per row of the playing area, one bit per column: the stones of either colour, and the
    /// cells that are not empty (stones and blocked squares). The candidates of a row are
    /// worked out from them with a few shifts (see [`Board::candidate_row`]).
    stone_rows: [u64; MAX_SIDE],
    taken_rows: [u64; MAX_SIDE],
    stone_span: StoneRows,
    hash: u64,
    history: Vec<Placement>,
    to_move: Color,
    empties: usize,
    /// How far out along its lines a stone changes the keys and patterns of other cells (see
    /// [`line::reach`]). Past it a key's cells are left as they were, which no pattern reads.
    reach: isize,
}

impl Board {
    /// An empty board. Sizes are checked by the caller (see [`Board::supports_size`]).
    pub fn new(width: usize, height: usize, rule: Rule) -> Board {
        assert!(
            Board::supports_size(width, height),
            "unsupported size {width}x{height}"
        );
        let tables = PatternTables::get(rule);
        let mut cells = GridArray::filled(Cell::Wall);
        for y in 0..height {
            for x in 0..width {
                cells[Pos::new(x, y).index()] = Cell::Empty;
            }
        }
        let mut board = Board {
            width,
            height,
            rule,
            tables,
            weights: Color::BOTH.map(|color| eval::Weights::of(rule, color)),
            infos: Color::BOTH.map(|color| CellInfos::get(rule, color)),
            cells,
            keys: GridArray::filled([0; 4]),
            data: GridArray::filled(CellData::default()),
            totals: Totals::default(),
            threat_sets: Box::default(),
            undo_log: UndoLog::new(),
            stone_rows: [0; MAX_SIDE],
            taken_rows: [0; MAX_SIDE],
            stone_span: StoneRows::EMPTY,
            hash: zobrist::board_key(width, height, rule.code()),
            history: Vec::with_capacity(width * height),
            to_move: Color::Black,
            reach: line::reach(rule),
            empties: width * height,
        };
        board.init_patterns();
        board
    }

    pub fn supports_size(width: usize, height: usize) -> bool {
        (MIN_SIDE..=MAX_SIDE).contains(&width) && (MIN_SIDE..=MAX_SIDE).contains(&height)
    }

    fn init_patterns(&mut self) {
        for index in 0..GRID {
            if self.cells[index] != Cell::Empty {
                continue;
            }
            let pos = Pos::from_index(index);
            for (d, &dir) in DIRECTIONS.iter().enumerate() {
                let mut key = 0;
                for k in (-5..=5).filter(|&k| k != 0) {
                    key |= (self.cells[pos.step(dir, k).index()] as u32) << key_shift(k);
                }
                self.keys[index][d] = key;
            }
            self.enter_cell(pos);
        }
    }

    // ---- Queries ------------------------------------------------------------------------

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position would have after the side to move plays `pos`.
    pub fn hash_after(&self, pos: Pos) -> u64 {
        self.hash ^ zobrist::key(self.to_move.stone(), pos.index()) ^ zobrist::WHITE_TO_MOVE
    }

    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }

    pub fn cell(&self, pos: Pos) -> Cell {
        self.cells[pos.index()]
    }

    pub fn is_empty(&self, pos: Pos) -> bool {
        self.cells[pos.index()] == Cell::Empty
    }

    /// Number of empty playing cells.
    pub fn empties(&self) -> usize {
        self.empties
    }

    /// Stones and blocked squares placed, in order.
    pub fn placements(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.history.iter().map(|p| (p.pos, p.cell))
    }

    pub fn stone_count(&self) -> usize {
        self.history.iter().filter(|p| p.cell != Cell::Wall).count()
    }

    pub fn last_move(&self) -> Option<Pos> {
        self.history
            .iter()
            .rev()
            .find(|p| p.cell != Cell::Wall)
            .map(|p| p.pos)
    }

    /// The last stone `color` placed, if any.
    pub fn last_stone_of(&self, color: Color) -> Option<Pos> {
        self.history
            .iter()
            .rev()
            .find(|p| p.cell == color.stone())
            .map(|p| p.pos)
    }

    /// What playing on the empty cell `pos` does for `color`.
    #[inline(always)]
    pub fn info(&self, color: Color, pos: Pos) -> CellInfo {
        self.data[pos.index()].info[color.index()]
    }

    #[inline(always)]
    pub fn threat(&self, color: Color, pos: Pos) -> Threat {
        self.data[pos.index()].info[color.index()].threat
    }

    /// The line pattern `color` would make on the empty cell `pos` in direction `d`.
    pub fn line_pattern(&self, color: Color, pos: Pos, d: usize) -> LinePattern {
        self.data[pos.index()].lines[color.index()][d]
    }

    /// Number of empty cells where `color` has `threat`.
    #[inline(always)]
    pub fn count(&self, color: Color, threat: Threat) -> usize {
        self.totals.threat_counts[color.index()][threat as usize] as usize
    }

    /// Number of empty cells where `color` has a threat at least as strong as `threat`.
    pub fn count_at_least(&self, color: Color, threat: Threat) -> usize {
        self.totals.threat_counts[color.index()][threat as usize..]
            .iter()
            .map(|&n| n as usize)
            .sum()
    }

    /// What the evaluation reads about `color`: its value sums, now and before the last
    /// placement, and its threat counts.
    pub fn eval_side(&self, color: Color) -> eval::Side<'_> {
        let before = self
            .history
            .last()
            .map_or(&self.totals, |p| &p.totals_before);
        eval::Side {
            attack_sum: self.totals.attack_sums[color.index()],
            defence_sum: self.totals.defence_sums[color.index()],
            attack_sum_before: before.attack_sums[color.index()],
            defence_sum_before: before.defence_sums[color.index()],
            threats: &self.totals.threat_counts[color.index()],
            weights: self.weights[color.index()],
        }
    }

    /// The empty cells where `color` has a threat from `weakest` to `strongest` (both at
    /// least [`TRACKED`]), strongest first, in board order within a threat.
    pub fn threat_cells(
        &self,
        color: Color,
        weakest: Threat,
        strongest: Threat,
    ) -> impl Iterator<Item = Pos> + '_ {
        debug_assert!(
            weakest >= TRACKED,
            "only threats from {TRACKED:?} up are tracked"
        );
        let low = weakest.max(TRACKED) as usize - TRACKED as usize;
        let high = strongest as usize - TRACKED as usize;
        let (first, last) = self.threat_reach();
        CellsOfSets::within(&self.threat_sets[color.index()][low..=high], first, last)
    }

    /// The grid indices that can hold a tracked threat: the rows from a line window (five
    /// rows) above the first stone to five below the last. Scanning only the threat sets'
    /// words in this range skips most of a 15×15 board's grid, which is laid out for 32×32.
    fn threat_reach(&self) -> (usize, usize) {
        let rows = self.rows_near_stones(crate::pattern::line::HALF);
        if rows.is_empty() {
            return (0, 0);
        }
        let first = Pos::new(0, rows.start).index();
        let last = Pos::new(self.width - 1, rows.end - 1).index();
        (first, last)
    }

    /// The rows within `reach` of a row holding a stone (none when there is no stone).
    fn rows_near_stones(&self, reach: usize) -> std::ops::Range<usize> {
        let rows = self.stone_span;
        if rows == StoneRows::EMPTY {
            return 0..0;
        }
        rows.first.saturating_sub(reach)..(rows.last + reach + 1).min(self.height)
    }

    /// Empty cells within reach of the stones: the move candidates, row by row.
    pub fn candidates(&self) -> impl Iterator<Item = Pos> + '_ {
        self.rows_near_stones(NEAR as usize).flat_map(move |y| {
            let mut bits = self.candidate_row(y);
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Pos::new(x, y)
                })
            })
        })
    }

    /// Calls `f` for every candidate, row by row: the same cells as [`Board::candidates`],
    /// without an iterator chain in the search's inner loop.
    #[inline]
    pub fn for_each_candidate(&self, mut f: impl FnMut(Pos)) {
        for y in self.rows_near_stones(NEAR as usize) {
            let mut bits = self.candidate_row(y);
            while bits != 0 {
                f(Pos::new(bits.trailing_zeros() as usize, y));
                bits &= bits - 1;
            }
        }
    }

    /// Whether `pos` is a candidate: an empty cell within [`NEAR`] of a stone.
    pub fn is_candidate(&self, pos: Pos) -> bool {
        self.is_empty(pos) && self.candidate_row(pos.y()) >> pos.x() & 1 != 0
    }

    /// The candidates of row `y` as bits by column: the stones of the rows within [`NEAR`]
    /// spread [`NEAR`] columns each way, less the cells taken. A handful of shifts where a
    /// scan of the row read two bytes per cell and branched on each.
    #[inline(always)]
    fn candidate_row(&self, y: usize) -> u64 {
        let reach = NEAR as usize;
        let rows = &self.stone_rows[y.saturating_sub(reach)..=(y + reach).min(self.height - 1)];
        let stones = rows.iter().fold(0, |acc, &row| acc | row);
        let spread = (1..=reach).fold(stones, |acc, k| acc | stones << k | stones >> k);
        let columns = (1u64 << self.width) - 1;
        spread & !self.taken_rows[y] & columns
    }

    /// Every empty playing cell.
    pub fn empty_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Pos::new(x, y)))
            .filter(move |&p| self.is_empty(p))
    }

    /// Whether `color` playing on the empty cell `pos` is a renju foul, exactly as the referee
    /// judges it.
    pub fn is_forbidden(&mut self, color: Color, pos: Pos) -> bool {
        if !self.rule.has_fouls(color) || !self.is_empty(pos) {
            return false;
        }
        let info = self.info(color, pos);
        if info.needs_foul_check {
            ForbiddenCheck::new(self.cells.as_mut_slice()).is_forbidden(pos)
        } else {
            info.is_certain_foul()
        }
    }

    /// Whether the side to move may play on `pos`: on the board, empty, and not a foul.
    pub fn is_legal(&mut self, pos: Pos) -> bool {
        self.contains(pos.x() as i64, pos.y() as i64)
            && self.is_empty(pos)
            && !self.is_forbidden(self.to_move, pos)
    }

    /// Whether `color` has empty cells but may play on none of them: a renju black left with
    /// only fouls near the end of a full board, which must play one and lose.
    pub fn only_fouls_left(&mut self, color: Color) -> bool {
        if !self.rule.has_fouls(color) || self.empties == 0 {
            return false;
        }
        let cells: Vec<Pos> = self.empty_cells().collect();
        cells.into_iter().all(|p| self.is_forbidden(color, p))
    }

    /// Every renju foul black has on this board (empty when the rule has none).
    pub fn forbidden_points(&self) -> Vec<Pos> {
        let mut scratch = self.clone();
        self.empty_cells()
            .filter(|&p| scratch.is_forbidden(Color::Black, p))
            .collect()
    }

    /// Whether the stone on `pos` is part of a winning line for its colour.
    pub fn is_five_at(&self, pos: Pos) -> bool {
        let Some(color) = self.cell(pos).color() else {
            return false;
        };
        DIRECTIONS.iter().any(|&dir| {
            let run = |sign: isize| {
                (1..)
                    .take_while(|&k| self.cell(pos.step(dir, sign * k)) == color.stone())
                    .count() as isize
            };
            let (back, forward) = (run(-1), run(1));
            let ends = [
                self.cell(pos.step(dir, -back - 1)),
                self.cell(pos.step(dir, forward + 1)),
            ];
            self.rule.is_win(color, (back + forward + 1) as usize, ends)
        })
    }

    /// The colour that has a winning line on the board, if any.
    pub fn winner(&self) -> Option<Color> {
        self.history
            .iter()
            .find(|p| p.cell != Cell::Wall && self.is_five_at(p.pos))
            .and_then(|p| p.cell.color())
    }

    // ---- Changes ------------------------------------------------------------------------

    /// The side to move plays on the empty cell `pos`.
    pub fn make(&mut self, pos: Pos) {
        self.place(pos, self.to_move.stone());
        self.pass();
    }

    /// Takes back the last move made with [`Board::make`].
    pub fn unmake(&mut self) {
        self.pass();
        self.remove_last();
    }

    /// Gives the move to the other side (used by `make`/`unmake` and by position set-up).
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= zobrist::WHITE_TO_MOVE;
    }

    pub fn set_to_move(&mut self, color: Color) {
        if self.to_move != color {
            self.pass();
        }
    }

    /// Places a stone of `color` (or, with `Cell::Wall`, a blocked square) on the empty cell
    /// `pos` without changing the side to move: position set-up.
    pub fn place(&mut self, pos: Pos, cell: Cell) {
        debug_assert!(self.is_empty(pos) && cell != Cell::Empty);
        self.history.push(Placement {
            pos,
            cell,
            rows_before: self.stone_span,
            log_start: self.undo_log.len(),
            totals_before: self.totals,
        });
        self.leave_cell(pos);
        self.cells[pos.index()] = cell;
        self.empties -= 1;
        self.hash ^= zobrist::key(cell, pos.index());
        self.toggle_lines::<true>(pos, cell as u32);
        let bit = 1u64 << pos.x();
        self.taken_rows[pos.y()] |= bit;
        if cell != Cell::Wall {
            self.stone_span = self.stone_span.including(pos.y());
            self.stone_rows[pos.y()] |= bit;
        }
    }

    /// Removes the last stone or blocked square placed, restoring the cell data and totals its
    /// placement changed.
    pub fn remove_last(&mut self) {
        let Some(last) = self.history.pop() else {
            return;
        };
        let pos = last.pos;
        let bit = 1u64 << pos.x();
        self.taken_rows[pos.y()] &= !bit;
        self.stone_rows[pos.y()] &= !bit;
        self.stone_span = last.rows_before;
        self.hash ^= zobrist::key(last.cell, pos.index());
        self.cells[pos.index()] = Cell::Empty;
        self.empties += 1;
        // The undo log below restores the patterns.
        self.toggle_lines::<false>(pos, last.cell as u32);
        // Read in place rather than drained: a drained record goes through the stack in
        // pieces, and copying it on from there stalled on those stores.
        for (index, old) in self.undo_log.since(last.log_start).iter().rev() {
            let q = Pos::from_index(*index as usize);
            let data = &mut self.data[*index as usize];
            for c in 0..2 {
                let (now, before) = (data.info[c].threat, old.info[c].threat);
                if now != before {
                    let sets = &mut self.threat_sets[c];
                    if now >= TRACKED {
                        sets[now as usize - TRACKED as usize].remove(q);
                    }
                    if before >= TRACKED {
                        sets[before as usize - TRACKED as usize].insert(q);
                    }
                }
            }
            *data = *old;
        }
        self.undo_log.truncate(last.log_start);
        // The cell's own data was left untouched while it was occupied.
        for c in 0..2 {
            let threat = self.data[pos.index()].info[c].threat;
            if threat >= TRACKED {
                self.threat_sets[c][threat as usize - TRACKED as usize].insert(pos);
            }
        }
        self.totals = last.totals_before;
    }

    /// Toggles `code` into the keys of the cells within reach of `pos` on its four lines and,
    /// with `REFRESH`, looks the empty ones' patterns up again.
    #[inline(always)]
    fn toggle_lines<const REFRESH: bool>(&mut self, pos: Pos, code: u32) {
        // The reach as a constant, so that the loops over the lines unroll: the whole half
        // window, or (freestyle) one cell less.
        const WHOLE: isize = line::HALF as isize;
        if self.reach == WHOLE {
            self.toggle_lines_within::<WHOLE, REFRESH>(pos, code);
        } else {
            debug_assert_eq!(self.reach, WHOLE - 1);
            self.toggle_lines_within::<{ WHOLE - 1 }, REFRESH>(pos, code);
        }
    }

    #[inline(always)]
    fn toggle_lines_within<const REACH: isize, const REFRESH: bool>(
        &mut self,
        pos: Pos,
        code: u32,
    ) {
        for (d, &dir) in DIRECTIONS.iter().enumerate() {
            for k in 1..=REACH {
                // The stone lies -k from the cell k ahead and +k from the one k behind.
                self.toggle_line_cell::<REFRESH>(pos.step(dir, k), d, code << key_shift(-k));
                self.toggle_line_cell::<REFRESH>(pos.step(dir, -k), d, code << key_shift(k));
            }
        }
    }

    /// Toggles `bits` into the key of `q` in direction `d` and, with `REFRESH`, refreshes `q` if
    /// it is empty.
    #[inline(always)]
    fn toggle_line_cell<const REFRESH: bool>(&mut self, q: Pos, d: usize, bits: u32) {
        let qi = q.index();
        self.keys[qi][d] ^= bits;
        if REFRESH && self.cells[qi] == Cell::Empty {
            self.refresh(q, d);
        }
    }

    /// Recomputes direction `d` of the empty cell `q` for both colours and its cell infos.
    #[inline(always)]
    fn refresh(&mut self, q: Pos, d: usize) {
        let qi = q.index();
        let patterns = self.tables.lines.patterns(self.keys[qi][d]);
        if patterns == self.data[qi].lines.map(|l| l[d]) {
            return;
        }
        self.undo_log.push(qi as u32, self.data[qi]);
        for (c, new) in patterns.into_iter().enumerate() {
            let cell = &mut self.data[qi];
            let old = cell.lines[c][d];
            // Most stones change nothing on most of the cells they touch.
            if new == old {
                continue;
            }
            let partner = cell.lines[c][d ^ 1];
            cell.lines[c][d] = new;
            let changed = pair(new, partner) as u16;
            let [first, second] = cell.pairs[c];
            // The two pairs are combined in registers and stored together: storing one and
            // reading both back would stall on the store.
            let (first, second) = if d < 2 {
                (changed, second)
            } else {
                (first, changed)
            };
            cell.pairs[c] = [first, second];
            let info = self.infos[c].of(first, second);
            let old_info = std::mem::replace(&mut self.data[qi].info[c], info);
            self.count_out(c, q, old_info);
            self.count_in(c, q, info);
        }
    }

    #[inline(always)]
    fn count_in(&mut self, c: usize, pos: Pos, info: CellInfo) {
        if info.threat >= TRACKED {
            self.threat_sets[c][info.threat as usize - TRACKED as usize].insert(pos);
        }
        self.totals.threat_counts[c][info.threat as usize] += 1;
        self.totals.attack_sums[c] += info.value as i32;
        self.totals.defence_sums[c] += info.defence as i32;
    }

    #[inline(always)]
    fn count_out(&mut self, c: usize, pos: Pos, info: CellInfo) {
        if info.threat >= TRACKED {
            self.threat_sets[c][info.threat as usize - TRACKED as usize].remove(pos);
        }
        self.totals.threat_counts[c][info.threat as usize] -= 1;
        self.totals.attack_sums[c] -= info.value as i32;
        self.totals.defence_sums[c] -= info.defence as i32;
    }

    /// Counts a cell that becomes empty into the per-colour totals, its patterns read afresh
    /// from its line keys (they were not maintained while it was occupied).
    fn enter_cell(&mut self, pos: Pos) {
        let i = pos.index();
        for color in Color::BOTH {
            let c = color.index();
            let lines: [LinePattern; 4] =
                std::array::from_fn(|d| self.tables.lines.pattern(color, self.keys[i][d]));
            let cell = &mut self.data[i];
            cell.lines[c] = lines;
            cell.pairs[c] = [
                pair(lines[0], lines[1]) as u16,
                pair(lines[2], lines[3]) as u16,
            ];
            let info = self.infos[c].of(cell.pairs[c][0], cell.pairs[c][1]);
            cell.info[c] = info;
            self.count_in(c, pos, info);
        }
    }

    /// Takes a cell that stops being empty out of the per-colour totals.
    fn leave_cell(&mut self, pos: Pos) {
        for c in 0..2 {
            let info = self.data[pos.index()].info[c];
            self.count_out(c, pos, info);
        }
    }
}

impl std::fmt::Display for Board {
    /// The board as text: `X` black, `O` white, `#` blocked, `.` empty; columns lettered,
    /// rows numbered from 1 as in letter-number notation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "   ")?;
        for x in 0..self.width {
            write!(f, " {}", (b'a' + x as u8) as char)?;
        }
        writeln!(f)?;
        for y in 0..self.height {
            write!(f, "{:>3}", y + 1)?;
            for x in 0..self.width {
                let c = match self.cell(Pos::new(x, y)) {
                    Cell::Empty => '.',
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    Cell::Wall => '#',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
