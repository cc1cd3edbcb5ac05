//! Line patterns: what one more stone of a colour on an empty cell makes of one line through it.
//!
//! A line is seen through a window of five cells on each side of the cell (eleven in all), which
//! is exactly enough to tell every five that could contain the cell, and whether it would be an
//! exact five or an overline, or (caro) blocked at both ends. The window's ten outer cells are a
//! 20-bit *line key* (two bits per cell, see [`Cell`]) that the board keeps up to date per cell
//! and direction; a table turns a key into a [`LinePattern`] for each colour.
//!
//! The patterns are defined recursively from the rule's notion of a five, so one definition
//! serves every rule: a *four* is a move after which one more stone makes a five through the
//! cell, a *three* a move after which one more stone makes a four, and so on; "flex" (open)
//! variants have two or more ways to finish, "blocked" ones exactly one.
//!
//! Walls cut a line, so any half-window is reduced to its canonical form (all cells past the
//! first wall are walls): 364 half-windows per side, 132 496 lines per table.

use crate::board::geometry::{Cell, Color};
use crate::rules::Rule;

/// What playing on an empty cell makes of one line through it, for one colour. Ordered from
/// weakest to strongest threat (with the two renju-foul shapes ranked by what they would be).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash, Default)]
#[repr(u8)]
pub enum LinePattern {
    /// No five through this cell can ever be made on this line.
    #[default]
    Dead = 0,
    /// Renju black: the move makes six or more in a row here (a foul unless it is a five
    /// elsewhere).
    Overline,
    /// One stone with one way to grow into a two.
    Blocked1,
    /// One stone that can grow into an open two.
    Flex1,
    /// A two that can only become a blocked three.
    Blocked2,
    /// An open two: one way to become an open three.
    Flex2,
    /// An open two with two ways to become an open three.
    Flex2Double,
    /// An open two with three or more ways to become an open three.
    Flex2Triple,
    /// A three that can only become a (blocked) four.
    Blocked3,
    /// An open three: one stone more makes a straight four.
    Flex3,
    /// An open three with two or more squares that make a straight four (`__XXX__`).
    Flex3Double,
    /// A four: exactly one square completes a five.
    Blocked4,
    /// A straight four, or (where no foul forbids it) two fours on one line: two squares make a
    /// five, so it cannot be stopped on this line.
    Flex4,
    /// Renju black: two fours on one line (`X_XXX_X` with the move inside), a double-four foul
    /// unless it is a five elsewhere.
    DoubleFourLine,
    /// The move makes a five: it wins.
    Five,
}

impl LinePattern {
    pub const COUNT: usize = 15;

    /// The pattern numbered `value` (its place in the enum, below [`LinePattern::COUNT`]).
    #[inline(always)]
    pub fn from_u8(value: u8) -> LinePattern {
        use LinePattern::*;
        debug_assert!((value as usize) < LinePattern::COUNT);
        // Sixteen entries read through a four-bit mask, the last never used: the board reads
        // two patterns from every table byte it looks up, and the mask spares each read a
        // bounds check.
        const ALL: [LinePattern; 16] = [
            Dead,
            Overline,
            Blocked1,
            Flex1,
            Blocked2,
            Flex2,
            Flex2Double,
            Flex2Triple,
            Blocked3,
            Flex3,
            Flex3Double,
            Blocked4,
            Flex4,
            DoubleFourLine,
            Five,
            Dead,
        ];
        ALL[value as usize & 15]
    }

    pub fn is_four(self) -> bool {
        matches!(self, LinePattern::Blocked4 | LinePattern::Flex4)
    }

    pub fn is_flex3(self) -> bool {
        matches!(self, LinePattern::Flex3 | LinePattern::Flex3Double)
    }

    pub fn is_flex2(self) -> bool {
        matches!(
            self,
            LinePattern::Flex2 | LinePattern::Flex2Double | LinePattern::Flex2Triple
        )
    }
}

/// Cells on each side of the centre that a line key covers.
pub const HALF: usize = 5;
/// Canonical half-windows per side.
pub const HALF_FORMS: usize = 364;

/// How far out along a line the cells are whose stones a line pattern under `rule` can turn
/// on. In freestyle every five through the centre lies within four cells of it and five or more
/// wins, so the window's outermost cells never matter (a test checks every third key with every
/// content of those cells; all keys were checked once, forty-fifth session); the other
/// rules need them to tell an exact five from an overline, or a five blocked at both ends. The
/// board updates only the keys within this reach of a new stone: in freestyle a fifth fewer.
pub fn reach(rule: Rule) -> isize {
    match rule {
        Rule::Freestyle => HALF as isize - 1,
        _ => HALF as isize,
    }
}

/// Bit position of the cell at `offset` (±1..=±5) from the centre inside a line key: offsets
/// -5..=-1 take slots 0..=4 and offsets +1..=+5 slots 5..=9, two bits each.
#[inline(always)]
pub const fn key_shift(offset: isize) -> u32 {
    let slot = if offset < 0 { offset + 5 } else { offset + 4 };
    2 * slot as u32
}

/// Length of the line table's pattern array (see [`LineTable`]).
const PATTERN_SLOTS: usize = (HALF_FORMS * HALF_FORMS).next_power_of_two();

/// Line-key → pattern tables for one rule, both colours.
pub struct LineTable {
    /// Index of the canonical form of the left half of a key (its low 10 bits).
    left_form: Box<[u16; 1024]>,
    /// Index of the canonical form of the right half of a key (its high 10 bits).
    right_form: Box<[u16; 1024]>,
    /// Patterns of both colours per `left * HALF_FORMS + right`, black in the low nibble and
    /// white in the high one: one byte load serves both, and the table (132 KB) stays in L2.
    /// Its length is the next power of two, and it is read through a mask, which spares the
    /// read a bounds check (the entries past the last form are never read).
    patterns: Box<[u8; PATTERN_SLOTS]>,
}

impl LineTable {
    pub fn build(rule: Rule) -> LineTable {
        let forms = HalfForms::enumerate();
        let mut left_form = Box::new([0u16; 1024]);
        let mut right_form = Box::new([0u16; 1024]);
        for bits in 0..1024u32 {
            // Left half: slot 4 (offset -1) is the nearest cell; right half: slot 0 (offset +1).
            let left: [Cell; HALF] =
                std::array::from_fn(|k| Cell::from_code(bits >> (2 * (4 - k))));
            let right: [Cell; HALF] = std::array::from_fn(|k| Cell::from_code(bits >> (2 * k)));
            left_form[bits as usize] = forms.index_of(left);
            right_form[bits as usize] = forms.index_of(right);
        }
        let [black, white] = Color::BOTH.map(|color| Classifier::new(rule, color, &forms).run());
        let mut patterns = Box::new([0u8; PATTERN_SLOTS]);
        for (slot, (b, w)) in patterns.iter_mut().zip(black.into_iter().zip(white)) {
            *slot = b as u8 | (w as u8) << 4;
        }
        LineTable {
            left_form,
            right_form,
            patterns,
        }
    }

    /// The patterns of the line with this key for black and white.
    #[inline(always)]
    pub fn patterns(&self, key: u32) -> [LinePattern; 2] {
        let left = self.left_form[(key & 0x3ff) as usize] as usize;
        let right = self.right_form[(key >> 10 & 0x3ff) as usize] as usize;
        let pair = self.patterns[(left * HALF_FORMS + right) & (PATTERN_SLOTS - 1)];
        [
            LinePattern::from_u8(pair & 0xf),
            LinePattern::from_u8(pair >> 4),
        ]
    }

    /// The pattern of the line with this key for `color`.
    #[inline(always)]
    pub fn pattern(&self, color: Color, key: u32) -> LinePattern {
        self.patterns(key)[color.index()]
    }
}

/// The canonical half-windows (nearest cell first; after the first wall, only walls).
struct HalfForms {
    forms: Vec<[Cell; HALF]>,
}

impl HalfForms {
    fn enumerate() -> HalfForms {
        let mut forms = Vec::with_capacity(HALF_FORMS);
        for open in 0..=HALF {
            for digits in 0..3usize.pow(open as u32) {
                let mut form = [Cell::Wall; HALF];
                let mut rest = digits;
                for cell in form.iter_mut().take(open) {
                    *cell = [Cell::Empty, Cell::Black, Cell::White][rest % 3];
                    rest /= 3;
                }
                forms.push(form);
            }
        }
        debug_assert_eq!(forms.len(), HALF_FORMS);
        HalfForms { forms }
    }

    /// Index of a half-window's canonical form: forms with `open` cells before the first wall
    /// start at `(3^open - 1) / 2`, followed by the base-3 number of those cells.
    fn index_of(&self, half: [Cell; HALF]) -> u16 {
        let open = half.iter().position(|&c| c == Cell::Wall).unwrap_or(HALF);
        let digits = half[..open]
            .iter()
            .rev()
            .fold(0usize, |acc, &cell| acc * 3 + cell as usize);
        let index = (3usize.pow(open as u32) - 1) / 2 + digits;
        debug_assert_eq!(self.forms[index][..open], half[..open]);
        index as u16
    }
}

const CENTER: usize = HALF;
const UNSET: u8 = u8::MAX;

/// Computes the pattern of every canonical line for one rule and colour, memoised, by trying
/// the stones the definition talks about.
struct Classifier<'a> {
    rule: Rule,
    color: Color,
    forms: &'a HalfForms,
    memo: Vec<u8>,
}

impl<'a> Classifier<'a> {
    fn new(rule: Rule, color: Color, forms: &'a HalfForms) -> Self {
        Classifier {
            rule,
            color,
            forms,
            memo: vec![UNSET; HALF_FORMS * HALF_FORMS],
        }
    }

    fn run(mut self) -> Vec<LinePattern> {
        for left in 0..HALF_FORMS {
            for right in 0..HALF_FORMS {
                let mut line = [Cell::Empty; 2 * HALF + 1];
                for k in 0..HALF {
                    line[CENTER - 1 - k] = self.forms.forms[left][k];
                    line[CENTER + 1 + k] = self.forms.forms[right][k];
                }
                line[CENTER] = self.color.stone();
                self.classify(&mut line);
            }
        }
        self.memo.into_iter().map(LinePattern::from_u8).collect()
    }

    fn memo_index(&self, line: &[Cell; 2 * HALF + 1]) -> usize {
        let left: [Cell; HALF] = std::array::from_fn(|k| line[CENTER - 1 - k]);
        let right: [Cell; HALF] = std::array::from_fn(|k| line[CENTER + 1 + k]);
        self.forms.index_of(left) as usize * HALF_FORMS + self.forms.index_of(right) as usize
    }

    /// The unbroken run of own stones through the centre: its length and the cells beyond it.
    fn center_run(&self, line: &[Cell; 2 * HALF + 1]) -> (usize, [Cell; 2]) {
        let own = self.color.stone();
        let mut lo = CENTER;
        while lo > 0 && line[lo - 1] == own {
            lo -= 1;
        }
        let mut hi = CENTER;
        while hi < 2 * HALF && line[hi + 1] == own {
            hi += 1;
        }
        // A run reaching the window's edge is at least six long, where the ends never matter.
        let before = if lo > 0 { line[lo - 1] } else { Cell::Wall };
        let after = if hi < 2 * HALF {
            line[hi + 1]
        } else {
            Cell::Wall
        };
        (hi - lo + 1, [before, after])
    }

    fn wins(&self, line: &[Cell; 2 * HALF + 1]) -> bool {
        let (run, ends) = self.center_run(line);
        self.rule.is_win(self.color, run, ends)
    }

    /// Empty cells near enough to the centre to share a five with it.
    fn near_empties(line: &[Cell; 2 * HALF + 1]) -> impl Iterator<Item = usize> + '_ {
        (1..2 * HALF).filter(move |&k| k != CENTER && line[k] == Cell::Empty)
    }

    /// Whether, whichever completion square the opponent blocks, another one still makes a
    /// five. Always true with two completions except in caro, where the blocking stone can leave
    /// the other five blocked at both ends.
    fn survives_any_block(&self, line: &mut [Cell; 2 * HALF + 1], completions: &[usize]) -> bool {
        let own = self.color.stone();
        let opponent = self.color.opponent().stone();
        completions.iter().all(|&blocked| {
            line[blocked] = opponent;
            let survives = completions.iter().any(|&other| {
                if other == blocked {
                    return false;
                }
                line[other] = own;
                let wins = self.wins(line);
                line[other] = Cell::Empty;
                wins
            });
            line[blocked] = Cell::Empty;
            survives
        })
    }

    /// The pattern of a line whose centre already holds an own stone.
    fn classify(&mut self, line: &mut [Cell; 2 * HALF + 1]) -> LinePattern {
        let index = self.memo_index(line);
        if self.memo[index] != UNSET {
            return LinePattern::from_u8(self.memo[index]);
        }
        let pattern = self.compute(line);
        self.memo[index] = pattern as u8;
        pattern
    }

    fn compute(&mut self, line: &mut [Cell; 2 * HALF + 1]) -> LinePattern {
        use LinePattern::*;
        if self.wins(line) {
            return Five;
        }
        let fouls = self.rule.has_fouls(self.color);
        if fouls && self.center_run(line).0 >= 6 {
            return Overline;
        }
        let own = self.color.stone();
        let empties: Vec<usize> = Self::near_empties(line).collect();

        let mut completions = Vec::new();
        for &k in &empties {
            line[k] = own;
            if self.wins(line) {
                completions.push(k);
            }
            line[k] = Cell::Empty;
        }
        match completions.len() {
            0 => {}
            1 => return Blocked4,
            n => {
                if !self.survives_any_block(line, &completions) {
                    return Blocked4;
                }
                let straight = n == 2 && completions[1] - completions[0] == HALF;
                return if fouls && !straight {
                    DoubleFourLine
                } else {
                    Flex4
                };
            }
        }

        let (mut flex4, mut flex3) = (0, 0);
        let (mut four, mut blocked3, mut flex2, mut blocked2) = (false, false, false, false);
        for &k in &empties {
            line[k] = own;
            match self.classify(line) {
                Flex4 => flex4 += 1,
                Blocked4 => four = true,
                Flex3 | Flex3Double => flex3 += 1,
                Blocked3 => blocked3 = true,
                Flex2 | Flex2Double | Flex2Triple => flex2 = true,
                Blocked2 => blocked2 = true,
                _ => {}
            }
            line[k] = Cell::Empty;
        }
        match () {
            _ if flex4 >= 2 => Flex3Double,
            _ if flex4 == 1 => Flex3,
            _ if four => Blocked3,
            _ if flex3 >= 3 => Flex2Triple,
            _ if flex3 == 2 => Flex2Double,
            _ if flex3 == 1 => Flex2,
            _ if blocked3 => Blocked2,
            _ if flex2 => Flex1,
            _ if blocked2 => Blocked1,
            _ => Dead,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reach_is_the_least_that_every_pattern_needs() {
        for rule in Rule::ALL {
            let table = &crate::pattern::PatternTables::get(rule).lines;
            let reach = reach(rule);
            // Whether the patterns of some key change with the cells `offset` away.
            let turns_on = |offset: isize| {
                let shift = key_shift(offset);
                (0u32..1 << 20).step_by(3).any(|key| {
                    (0..4).any(|cell| {
                        table.patterns(key & !(3 << shift) | cell << shift) != table.patterns(key)
                    })
                })
            };
            for k in reach + 1..=HALF as isize {
                assert!(!turns_on(-k) && !turns_on(k), "{rule:?} needs {k} cells");
            }
            assert!(
                turns_on(-reach) || turns_on(reach),
                "{rule:?} needs fewer cells"
            );
        }
    }

    /// The key of a line written as eleven characters: `x` black, `o` white, `.` empty, `#`
    /// wall; the centre character must be `?` (the cell being judged).
    pub fn key(text: &str) -> u32 {
        let cells: Vec<Cell> = text
            .chars()
            .map(|c| match c {
                'x' => Cell::Black,
                'o' => Cell::White,
                '#' => Cell::Wall,
                _ => Cell::Empty,
            })
            .collect();
        assert_eq!(cells.len(), 11);
        assert_eq!(text.chars().nth(5), Some('?'));
        let mut key = 0;
        for (i, cell) in cells.iter().enumerate() {
            if i != 5 {
                key |= (*cell as u32) << key_shift(i as isize - 5);
            }
        }
        key
    }

    fn black(table: &LineTable, line: &str) -> LinePattern {
        table.pattern(Color::Black, key(line))
    }

    #[test]
    fn freestyle_shapes() {
        use LinePattern::*;
        let t = LineTable::build(Rule::Freestyle);
        assert_eq!(black(&t, "...xx?xx..."), Five);
        assert_eq!(black(&t, "x.xxx?x...."), Five);
        assert_eq!(black(&t, "....x?xx..."), Flex4);
        assert_eq!(black(&t, "...ox?xx..."), Blocked4);
        assert_eq!(black(&t, "..x.x?x.x.."), Flex4, "two fours on one line");
        assert_eq!(black(&t, "x.xxx?....."), Flex4);
        assert_eq!(black(&t, ".....?xx..."), Flex3Double);
        assert_eq!(black(&t, "....o?xx..o"), Blocked3);
        assert_eq!(black(&t, "...o.?x.x.."), Flex3);
        assert_eq!(black(&t, ".....?x...."), Flex2Triple);
        assert_eq!(black(&t, ".....?....."), Flex1);
        assert_eq!(black(&t, "##o..?xo..."), Dead);
        assert_eq!(black(&t, "o.xxx?o...."), Blocked4);
        assert_eq!(t.pattern(Color::White, key("..ooo?o....")), Five);
        assert_eq!(t.pattern(Color::White, key("...xx?xx...")), Dead);
    }

    #[test]
    fn exact_five_rules() {
        use LinePattern::*;
        let standard = LineTable::build(Rule::Standard);
        assert_eq!(
            black(&standard, ".xxxx?x...."),
            Dead,
            "makes six: not a five"
        );
        assert_eq!(
            black(&standard, "x.xxx?....."),
            Blocked4,
            "only the right end is exact"
        );
        let renju = LineTable::build(Rule::Renju);
        assert_eq!(black(&renju, ".xxxx?x...."), Overline);
        assert_eq!(black(&renju, "..x.x?x.x.."), DoubleFourLine);
        assert_eq!(black(&renju, "....x?xx..."), Flex4);
        assert_eq!(renju.pattern(Color::White, key(".oooo?o....")), Five);
        assert_eq!(renju.pattern(Color::White, key("..o.o?o.o..")), Flex4);
    }

    #[test]
    fn caro_blocked_fives() {
        use LinePattern::*;
        let caro = LineTable::build(Rule::Caro);
        assert_eq!(black(&caro, "oxxxx?o...."), Dead);
        assert_eq!(black(&caro, "#xxxx?o...."), Five, "the edge is not a block");
        assert_eq!(black(&caro, "oxxxx?.o..."), Five);
        assert_eq!(black(&caro, "xxxxx?o...."), Five, "six wins in caro 8");
        assert_eq!(
            black(&caro, "o.xxx?o...."),
            Dead,
            "its only five would be blocked"
        );
        assert_eq!(
            black(&caro, "o.xxx?.o..."),
            Blocked4,
            "either block spoils the other five"
        );
        assert_eq!(
            black(&caro, "..xxx?.o..."),
            Blocked4,
            "blocking left leaves o.xxxxxo"
        );
        assert_eq!(black(&caro, "..xxx?..o.."), Flex4);
        let standard_caro = LineTable::build(Rule::StandardCaro);
        assert_eq!(black(&standard_caro, "xxxxx?o...."), Dead);
    }
}
