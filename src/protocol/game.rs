//! The game as the protocol sees it: board size, rule, and the stones in the order they were
//! given, each owned by us, by the opponent, or a blocked square. It validates every change
//! (so a bad command leaves the game untouched) and builds the search board for our move.

use crate::board::{Board, Cell, Color, Pos};
use crate::rules::Rule;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owner {
    Own,
    Opponent,
    /// A blocked square (BOARD field 3, continuous games).
    Blocked,
}

#[derive(Clone, Debug)]
pub struct Game {
    width: usize,
    height: usize,
    rule: Rule,
    stones: Vec<(Pos, Owner)>,
}

/// Why a move or position was refused; printed after `ERROR`.
pub type Refusal = String;

impl Game {
    pub fn new(width: usize, height: usize, rule: Rule) -> Game {
        Game {
            width,
            height,
            rule,
            stones: Vec::new(),
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
    }

    pub fn stones(&self) -> &[(Pos, Owner)] {
        &self.stones
    }

    pub fn clear(&mut self) {
        self.stones.clear();
    }

    /// Checks that `x,y` is a cell of this board and returns it.
    pub fn on_board(&self, x: i64, y: i64) -> Result<Pos, Refusal> {
        if !(0..self.width as i64).contains(&x) || !(0..self.height as i64).contains(&y) {
            return Err(format!(
                "{x},{y} is outside the {}x{} board",
                self.width, self.height
            ));
        }
        Ok(Pos::new(x as usize, y as usize))
    }

    /// Checks that `x,y` is an empty cell of this board and returns it.
    pub fn free_cell(&self, x: i64, y: i64) -> Result<Pos, Refusal> {
        let pos = self.on_board(x, y)?;
        if self.stones.iter().any(|&(p, _)| p == pos) {
            return Err(format!("{x},{y} is already occupied"));
        }
        Ok(pos)
    }

    pub fn place(&mut self, x: i64, y: i64, owner: Owner) -> Result<Pos, Refusal> {
        let pos = self.free_cell(x, y)?;
        self.stones.push((pos, owner));
        Ok(pos)
    }

    /// Removes the stone on `x,y` (TAKEBACK).
    pub fn remove(&mut self, x: i64, y: i64) -> Result<(), Refusal> {
        let index = self
            .stones
            .iter()
            .position(|&(p, owner)| {
                owner != Owner::Blocked && (p.x() as i64, p.y() as i64) == (x, y)
            })
            .ok_or_else(|| format!("no stone on {x},{y} to take back"))?;
        self.stones.remove(index);
        Ok(())
    }

    /// A game with the given stones replacing the current ones, all validated.
    pub fn with_stones(&self, stones: &[(i64, i64, Owner)]) -> Result<Game, Refusal> {
        let mut game = Game::new(self.width, self.height, self.rule);
        for &(x, y, owner) in stones {
            game.place(x, y, owner)?;
        }
        Ok(game)
    }

    /// Our colour when it is our move: black when both sides have as many stones, white when
    /// the opponent has one more. Any other count is impossible in a real game; then the owner
    /// of the first stone is taken as black and a warning is returned.
    pub fn own_color(&self) -> (Color, Option<String>) {
        let count = |o: Owner| self.stones.iter().filter(|&&(_, owner)| owner == o).count();
        let (own, opponent) = (count(Owner::Own), count(Owner::Opponent));
        if own == opponent {
            return (Color::Black, None);
        }
        if opponent == own + 1 {
            return (Color::White, None);
        }
        let first_is_ours = self
            .stones
            .iter()
            .find(|s| s.1 != Owner::Blocked)
            .map(|s| s.1)
            == Some(Owner::Own);
        let color = if first_is_ours {
            Color::Black
        } else {
            Color::White
        };
        let warning = format!(
            "impossible position: {own} own and {opponent} opponent stones; playing {} as the first stone's owner is black",
            color.name()
        );
        (color, Some(warning))
    }

    /// The search board with us to move, and a warning when the stone counts do not fit.
    pub fn board_for_our_move(&self) -> (Board, Option<String>) {
        let (own, warning) = self.own_color();
        let mut board = self.board_with(own);
        board.set_to_move(own);
        (board, warning)
    }

    /// The board with our stones in colour `own` (side to move not set).
    pub fn board_with(&self, own: Color) -> Board {
        let mut board = Board::new(self.width, self.height, self.rule);
        for &(pos, owner) in &self.stones {
            let cell = match owner {
                Owner::Own => own.stone(),
                Owner::Opponent => own.opponent().stone(),
                Owner::Blocked => Cell::Wall,
            };
            board.place(pos, cell);
        }
        board
    }

    /// The board with black's stones as black, for showing fouls: as for our move.
    pub fn board(&self) -> Board {
        self.board_for_our_move().0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_follow_the_stone_counts() {
        let mut game = Game::new(15, 15, Rule::Renju);
        assert_eq!(game.own_color().0, Color::Black);
        game.place(7, 7, Owner::Opponent).unwrap();
        assert_eq!(game.own_color(), (Color::White, None));
        game.place(7, 8, Owner::Own).unwrap();
        assert_eq!(game.own_color(), (Color::Black, None));
        game.place(8, 8, Owner::Own).unwrap();
        let (color, warning) = game.own_color();
        assert_eq!(
            color,
            Color::White,
            "the opponent's first stone makes it black"
        );
        assert!(warning.is_some());
    }

    #[test]
    fn refuses_occupied_and_outside_cells() {
        let mut game = Game::new(10, 12, Rule::Freestyle);
        game.place(9, 11, Owner::Own).unwrap();
        assert!(game
            .place(9, 11, Owner::Opponent)
            .unwrap_err()
            .contains("occupied"));
        assert!(game
            .place(10, 0, Owner::Own)
            .unwrap_err()
            .contains("outside"));
        assert!(game.place(0, -1, Owner::Own).is_err());
        assert_eq!(game.stones().len(), 1);
        assert!(game.remove(3, 3).is_err());
        game.remove(9, 11).unwrap();
        assert!(game.stones().is_empty());
    }
}
