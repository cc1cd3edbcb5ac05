//! Board geometry: positions on a padded grid, the four line directions, colours and cell
//! contents.
//!
//! Every board, whatever its size, lives on one fixed `STRIDE × STRIDE` grid whose playing area
//! starts `PAD` cells in from the top-left corner; everything outside the playing area is a wall.
//! The padding is wide enough that a line window of five cells either side of any playing cell
//! never leaves the grid, so hot loops need no bounds checks, and a direction is one constant
//! index offset. This module knows nothing about rules, patterns or search.

/// Smallest supported side of the board.
pub const MIN_SIDE: usize = 5;
/// Largest supported side of the board.
pub const MAX_SIDE: usize = 32;
/// Wall cells kept around the playing area on every side.
pub const PAD: usize = 5;
/// Row length of the padded grid.
pub const STRIDE: usize = MAX_SIDE + 2 * PAD;
/// Number of cells in the padded grid.
pub const GRID: usize = STRIDE * STRIDE;

/// Index offsets of the four line directions: horizontal, vertical, and the two diagonals.
pub const DIRECTIONS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A player's colour. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn stone(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// What a grid cell holds. `Wall` is both the padding around the board and a blocked square of a
/// continuous game. The numeric values are the two-bit codes used in line keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    #[default]
    Empty = 0,
    Black = 1,
    White = 2,
    Wall = 3,
}

impl Cell {
    pub fn from_code(code: u32) -> Cell {
        match code & 3 {
            0 => Cell::Empty,
            1 => Cell::Black,
            2 => Cell::White,
            _ => Cell::Wall,
        }
    }

    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// A cell of the padded grid. `Pos::NONE` (index 0) is a wall corner and never a playing cell, so
/// it can stand for "no move".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Pos(u16);

impl Pos {
    pub const NONE: Pos = Pos(0);

    /// The cell at column `x`, row `y` of the playing area. Callers check the board's bounds.
    pub const fn new(x: usize, y: usize) -> Pos {
        Pos(((y + PAD) * STRIDE + x + PAD) as u16)
    }

    pub const fn from_index(index: usize) -> Pos {
        Pos(index as u16)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn x(self) -> usize {
        self.0 as usize % STRIDE - PAD
    }

    pub const fn y(self) -> usize {
        self.0 as usize / STRIDE - PAD
    }

    pub fn is_none(self) -> bool {
        self == Pos::NONE
    }

    /// The cell `steps` steps away along the direction offset `dir`.
    #[inline(always)]
    pub fn step(self, dir: isize, steps: isize) -> Pos {
        Pos((self.0 as isize + dir * steps) as u16)
    }

    /// Whether `other` is within two steps of this cell in both coordinates, or on one of its
    /// four lines within four steps: the cells a stone here can share a four with.
    pub fn is_near_line(self, other: Pos) -> bool {
        let dx = self.x().abs_diff(other.x());
        let dy = self.y().abs_diff(other.y());
        (dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4)
    }

    /// Chebyshev distance between two playing cells.
    pub fn distance(self, other: Pos) -> usize {
        self.x()
            .abs_diff(other.x())
            .max(self.y().abs_diff(other.y()))
    }
}

/// Letter-number notation used by GUIs and client libraries: letter = column from `a`,
/// number = row + 1, so `h8` is (7, 7). Columns past `z` are not representable.
pub fn to_letter_number(pos: Pos) -> String {
    let column = b'a' + pos.x() as u8;
    if column > b'z' {
        return format!("{},{}", pos.x(), pos.y());
    }
    format!("{}{}", column as char, pos.y() + 1)
}

/// Parses letter-number notation (`h8`, `o15`); returns the column and row.
pub fn parse_letter_number(text: &str) -> Option<(usize, usize)> {
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let number: usize = chars.as_str().parse().ok()?;
    if number == 0 {
        return None;
    }
    Some(((letter as u8 - b'a') as usize, number - 1))
}

/// Parses a move list: letter-number moves with or without separators (`h8h9i10`,
/// `h8 h9 i10`) or numeric `x,y` pairs separated by spaces or semicolons (`7,7 7,8`).
pub fn parse_moves(text: &str) -> Result<Vec<(usize, usize)>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    if text.contains(',') {
        return text
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|t| !t.is_empty())
            .map(|pair| {
                let (x, y) = pair
                    .split_once(',')
                    .ok_or_else(|| format!("bad move '{pair}'"))?;
                let number = |t: &str| {
                    t.trim()
                        .parse::<usize>()
                        .map_err(|_| format!("bad move '{pair}'"))
                };
                Ok((number(x)?, number(y)?))
            })
            .collect();
    }
    if !text.is_ascii() {
        return Err(format!("bad move list '{text}'"));
    }
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let mut rest = token;
        while !rest.is_empty() {
            let digits = rest[1..].chars().take_while(|c| c.is_ascii_digit()).count();
            let (mv, tail) = rest.split_at(1 + digits);
            moves.push(parse_letter_number(mv).ok_or_else(|| format!("bad move '{mv}'"))?);
            rest = tail;
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_and_stay_inside_the_grid() {
        for y in 0..MAX_SIDE {
            for x in 0..MAX_SIDE {
                let p = Pos::new(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
                for dir in DIRECTIONS {
                    let far = p.index() as isize + 5 * dir;
                    let near = p.index() as isize - 5 * dir;
                    assert!(far >= 0 && (far as usize) < GRID && near >= 0);
                }
            }
        }
    }

    #[test]
    fn letter_number_notation() {
        assert_eq!(to_letter_number(Pos::new(7, 7)), "h8");
        assert_eq!(to_letter_number(Pos::new(14, 14)), "o15");
        assert_eq!(parse_letter_number("H8"), Some((7, 7)));
        assert_eq!(parse_letter_number("o15"), Some((14, 14)));
        assert_eq!(parse_letter_number("h0"), None);
        assert_eq!(parse_letter_number("8h"), None);
    }

    #[test]
    fn move_lists() {
        assert_eq!(parse_moves("h8h9 i10"), Ok(vec![(7, 7), (7, 8), (8, 9)]));
        assert_eq!(parse_moves("7,7 7,8;8,9"), Ok(vec![(7, 7), (7, 8), (8, 9)]));
        assert_eq!(parse_moves(""), Ok(vec![]));
        assert!(parse_moves("h8 9").is_err());
        assert!(parse_moves("7,x").is_err());
        assert!(parse_moves("é5").is_err());
    }
}
