//! Board invariants: incremental updates agree with a board built from scratch, and the
//! table-driven line patterns agree with a slow direct scan of the real board.

use super::*;
use crate::pattern::LinePattern;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rebuild(board: &Board) -> Board {
    let mut fresh = Board::new(board.width, board.height, board.rule);
    for (pos, cell) in board.placements() {
        fresh.place(pos, cell);
    }
    fresh.set_to_move(board.to_move());
    fresh
}

fn assert_same(a: &Board, b: &Board) {
    assert_eq!(a.hash, b.hash);
    assert_eq!(a.totals, b.totals);
    assert_eq!(a.threat_sets, b.threat_sets);
    assert_eq!(a.stone_span, b.stone_span);
    assert_eq!(a.stone_rows, b.stone_rows);
    assert_eq!(a.taken_rows, b.taken_rows);
    for y in 0..a.height {
        for x in 0..a.width {
            let i = Pos::new(x, y).index();
            assert_eq!(a.cells[i], b.cells[i]);
            assert_eq!(a.keys[i], b.keys[i], "keys at {x},{y}");
            if a.cells[i] == Cell::Empty {
                assert_eq!(a.data[i], b.data[i], "cell data at {x},{y}");
            }
        }
    }
}

/// A random empty cell, biased towards the existing stones so that real shapes appear.
fn random_empty(board: &Board, rng: &mut impl Rng) -> Option<Pos> {
    let near: Vec<Pos> = board.candidates().collect();
    if !near.is_empty() && rng.gen_bool(0.85) {
        return Some(near[rng.gen_range(0..near.len())]);
    }
    let all: Vec<Pos> = board.empty_cells().collect();
    (!all.is_empty()).then(|| all[rng.gen_range(0..all.len())])
}

#[test]
fn incremental_updates_match_a_rebuild() {
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..40 {
        let rule = Rule::ALL[round % Rule::ALL.len()];
        let (w, h) = [(15, 15), (5, 5), (20, 20), (32, 32), (7, 19), (32, 6)][round % 6];
        let mut board = Board::new(w, h, rule);
        for step in 0..120 {
            if board.history.len() > 3 && rng.gen_bool(0.3) {
                board.unmake();
            } else if let Some(pos) = random_empty(&board, &mut rng) {
                if rng.gen_bool(0.05) {
                    board.place(pos, Cell::Wall);
                    board.pass();
                } else {
                    board.make(pos);
                }
            }
            if step % 10 == 0 {
                assert_same(&board, &rebuild(&board));
            }
        }
        while !board.history.is_empty() {
            board.unmake();
        }
        assert_same(&board, &Board::new(w, h, rule));
    }
}

/// The recursive line-pattern definition applied directly to the board's cells.
struct SlowScan<'a> {
    cells: &'a mut [Cell],
    rule: Rule,
    color: Color,
    center: Pos,
    dir: isize,
}

impl SlowScan<'_> {
    fn wins(&self) -> bool {
        let own = self.color.stone();
        let run = |sign: isize| {
            (1..)
                .take_while(|&k| self.cells[self.center.step(self.dir, sign * k).index()] == own)
                .count() as isize
        };
        let (back, forward) = (run(-1), run(1));
        let ends = [
            self.cells[self.center.step(self.dir, -back - 1).index()],
            self.cells[self.center.step(self.dir, forward + 1).index()],
        ];
        self.rule
            .is_win(self.color, (back + forward + 1) as usize, ends)
    }

    fn run_len(&self) -> usize {
        let own = self.color.stone();
        let count = |sign: isize| {
            (1..)
                .take_while(|&k| self.cells[self.center.step(self.dir, sign * k).index()] == own)
                .count()
        };
        count(-1) + count(1) + 1
    }

    fn empties(&self) -> Vec<Pos> {
        (-4..=4isize)
            .filter(|&k| k != 0)
            .map(|k| self.center.step(self.dir, k))
            .filter(|p| self.cells[p.index()] == Cell::Empty)
            .collect()
    }

    fn pattern(&mut self) -> LinePattern {
        use LinePattern::*;
        if self.wins() {
            return Five;
        }
        let fouls = self.rule.has_fouls(self.color);
        if fouls && self.run_len() >= 6 {
            return Overline;
        }
        let own = self.color.stone();
        let empties = self.empties();
        let mut completions = vec![];
        for &e in &empties {
            self.cells[e.index()] = own;
            if self.wins() {
                completions.push(e);
            }
            self.cells[e.index()] = Cell::Empty;
        }
        if completions.len() == 1 {
            return Blocked4;
        }
        if completions.len() >= 2 {
            let opponent = self.color.opponent().stone();
            let survives = completions.iter().all(|&blocked| {
                self.cells[blocked.index()] = opponent;
                let ok = completions.iter().any(|&other| {
                    if other == blocked {
                        return false;
                    }
                    self.cells[other.index()] = own;
                    let wins = self.wins();
                    self.cells[other.index()] = Cell::Empty;
                    wins
                });
                self.cells[blocked.index()] = Cell::Empty;
                ok
            });
            if !survives {
                return Blocked4;
            }
            let a = completions[0].index() as isize;
            let b = completions[1].index() as isize;
            let straight = completions.len() == 2 && (b - a).abs() == 5 * self.dir.abs();
            return if fouls && !straight {
                DoubleFourLine
            } else {
                Flex4
            };
        }
        let mut children = vec![];
        for &e in &empties {
            self.cells[e.index()] = own;
            children.push(self.pattern());
            self.cells[e.index()] = Cell::Empty;
        }
        let n = |f: fn(&LinePattern) -> bool| children.iter().filter(|p| f(p)).count();
        let flex4 = n(|p| *p == Flex4);
        let flex3 = n(|p| p.is_flex3());
        match () {
            _ if flex4 >= 2 => Flex3Double,
            _ if flex4 == 1 => Flex3,
            _ if n(|p| *p == Blocked4) > 0 => Blocked3,
            _ if flex3 >= 3 => Flex2Triple,
            _ if flex3 == 2 => Flex2Double,
            _ if flex3 == 1 => Flex2,
            _ if n(|p| *p == Blocked3) > 0 => Blocked2,
            _ if n(|p| p.is_flex2()) > 0 => Flex1,
            _ if n(|p| *p == Blocked2) > 0 => Blocked1,
            _ => Dead,
        }
    }
}

#[test]
fn line_patterns_match_a_slow_scan_of_the_board() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut checked = 0;
    for round in 0..60 {
        let rule = Rule::ALL[round % Rule::ALL.len()];
        let size = [15, 9, 20][round % 3];
        let mut board = Board::new(size, size, rule);
        let stones = rng.gen_range(4..40);
        for _ in 0..stones {
            match random_empty(&board, &mut rng) {
                Some(pos) if rng.gen_bool(0.03) => board.place(pos, Cell::Wall),
                Some(pos) => board.make(pos),
                None => break,
            }
        }
        let cells: Vec<Pos> = board.candidates().collect();
        for _ in 0..12 {
            let Some(&pos) = cells.get(rng.gen_range(0..cells.len().max(1))) else {
                break;
            };
            for color in Color::BOTH {
                for (d, &dir) in DIRECTIONS.iter().enumerate() {
                    let mut grid = board.cells.clone();
                    grid[pos.index()] = color.stone();
                    let expected = SlowScan {
                        cells: grid.as_mut_slice(),
                        rule,
                        color,
                        center: pos,
                        dir,
                    }
                    .pattern();
                    assert_eq!(
                        board.line_pattern(color, pos, d),
                        expected,
                        "{rule} {color:?} at {},{} dir {d}\n{board}",
                        pos.x(),
                        pos.y()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 3000);
}

#[test]
fn threat_counts_see_fours_and_fives() {
    let mut board = Board::new(15, 15, Rule::Freestyle);
    for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 2), (9, 7), (0, 4)] {
        board.make(Pos::new(x, y));
    }
    // Black has an open three: two cells make an open four, both ends of it.
    assert_eq!(board.count(Color::Black, Threat::Flex4), 2);
    board.make(Pos::new(10, 7));
    board.make(Pos::new(0, 6));
    assert_eq!(board.count(Color::Black, Threat::Five), 2);
    assert_eq!(board.threat(Color::Black, Pos::new(6, 7)), Threat::Five);
    assert_eq!(board.threat(Color::Black, Pos::new(11, 7)), Threat::Five);
    board.make(Pos::new(11, 7));
    assert_eq!(board.winner(), Some(Color::Black));
}

/// The value sums the evaluation reads are each colour's cells valued with that colour's own
/// weights (renju has one set per colour), recomputed here cell by cell. While renju's two sets
/// hold the same values a mix-up of the colours' sets cannot show here; fitted sets will. The
/// sums before the last move are the ones recomputed in the position before it.
#[test]
fn value_sums_use_each_colours_weights() {
    use crate::eval::Weights;
    use crate::pattern::{pattern_code, pattern_set};
    assert!(!std::ptr::eq(
        Weights::of(Rule::Renju, Color::Black),
        Weights::of(Rule::Renju, Color::White)
    ));
    let mut rng = StdRng::seed_from_u64(11);
    for rule in [Rule::Renju, Rule::Freestyle, Rule::Standard] {
        let mut board = Board::new(15, 15, rule);
        // Each colour's sums in the position before the last move.
        let mut before = Color::BOTH.map(|color| {
            let side = board.eval_side(color);
            (side.attack_sum, side.defence_sum)
        });
        for _ in 0..40 {
            if let Some(pos) = random_empty(&board, &mut rng) {
                board.make(pos);
            }
            for color in Color::BOTH {
                let weights = Weights::of(rule, color);
                let (mut attack, mut defence) = (0, 0);
                for pos in board.empty_cells() {
                    let lines: [LinePattern; 4] =
                        std::array::from_fn(|d| board.line_pattern(color, pos, d));
                    let threat = board.threat(color, pos);
                    let values = weights.cell_values(pattern_set(pattern_code(lines)), threat);
                    attack += i32::from(values.attack);
                    defence += i32::from(values.defence);
                }
                let side = board.eval_side(color);
                assert_eq!((side.attack_sum, side.defence_sum), (attack, defence));
                assert_eq!(
                    (side.attack_sum_before, side.defence_sum_before),
                    before[color.index()]
                );
                before[color.index()] = (attack, defence);
            }
        }
    }
}

/// Renju black's double three is counted as a foul, not as a double-three threat, so neither
/// side's evaluation or search credits black with it; freestyle keeps it as a threat. A double
/// three whose second three is fake stays a legal move.
#[test]
fn renju_black_double_three_is_no_threat() {
    // Black h9 h10 (column h) and i8 j8 (row 8): h8 makes two open threes.
    let stones = [
        (7, 8),
        (0, 0),
        (7, 9),
        (14, 0),
        (8, 7),
        (0, 14),
        (9, 7),
        (14, 14),
    ];
    let h8 = Pos::new(7, 7);
    for (rule, threat) in [
        (Rule::Freestyle, Threat::Flex3x2),
        (Rule::Renju, Threat::Forbidden),
    ] {
        let mut board = Board::new(15, 15, rule);
        for (x, y) in stones {
            board.make(Pos::new(x, y));
        }
        assert_eq!(board.threat(Color::Black, h8), threat, "{rule:?}");
        let double_threes = board.count(Color::Black, Threat::Flex3x2);
        assert_eq!(
            double_threes,
            usize::from(rule == Rule::Freestyle),
            "{rule:?}"
        );
        assert_eq!(board.is_legal(h8), rule == Rule::Freestyle, "{rule:?}");
    }
    // White f8 caps the row so that only k8 makes its straight four, and black's k9 k10 k11
    // and l9 m10 n11 make k8 a double four: the row three is fake and h8 is legal.
    let mut board = Board::new(15, 15, Rule::Renju);
    let black = [
        (7, 8),
        (7, 9),
        (8, 7),
        (9, 7),
        (10, 8),
        (10, 9),
        (10, 10),
        (11, 8),
        (12, 9),
        (13, 10),
    ];
    for (x, y) in black {
        board.place(Pos::new(x, y), Cell::Black);
    }
    board.place(Pos::new(5, 7), Cell::White);
    board.set_to_move(Color::Black);
    assert!(
        board.is_forbidden(Color::Black, Pos::new(10, 7)),
        "k8 is a double four"
    );
    assert!(board.is_legal(h8), "h8's row three is fake");
}

/// The candidates (every empty cell within two rows and columns of a stone, blocked squares
/// excluded and never counted as stones) match that definition checked cell by cell, on
/// random boards of several sizes, as stones are placed and taken back.
#[test]
fn candidates_are_the_empty_cells_near_a_stone() {
    let mut rng = StdRng::seed_from_u64(38);
    for round in 0..40 {
        let size = [15, 5, 20, 32][round % 4];
        let mut board = Board::new(size, size, Rule::Freestyle);
        let expected = |board: &Board| -> Vec<Pos> {
            board
                .empty_cells()
                .filter(|p| {
                    board.placements().any(|(q, cell)| {
                        cell != Cell::Wall
                            && q.x().abs_diff(p.x()) <= NEAR as usize
                            && q.y().abs_diff(p.y()) <= NEAR as usize
                    })
                })
                .collect()
        };
        for _ in 0..rng.gen_range(1..30) {
            match random_empty(&board, &mut rng) {
                Some(pos) if rng.gen_bool(0.1) => board.place(pos, Cell::Wall),
                Some(pos) => board.make(pos),
                None => break,
            }
            let cells: Vec<Pos> = board.candidates().collect();
            assert_eq!(cells, expected(&board), "\n{board}");
            let mut each = Vec::new();
            board.for_each_candidate(|p| each.push(p));
            assert_eq!(each, cells);
            assert!(board
                .empty_cells()
                .all(|p| board.is_candidate(p) == cells.contains(&p)));
            if rng.gen_bool(0.2) {
                board.remove_last();
                assert_eq!(board.candidates().collect::<Vec<_>>(), expected(&board));
            }
        }
    }
}
