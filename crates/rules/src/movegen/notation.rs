//! Reading moves in Aba-Pro notation, with the rule a rejected move breaks.

use super::list::MoveList;
use super::mv::Move;
use crate::board::step;
use crate::board::{Cell, Direction, Position, UnknownCell};

/// Why a move text is not a legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not two cells (inline) or three cells (broadside).
    #[error(
        "'{0}' is not a move: expected two cells (inline, e.g. a1b2) or three (broadside, e.g. \
         a1a2b2)"
    )]
    Syntax(String),
    /// A cell name that is not on the board.
    #[error("unknown cell '{0}'")]
    UnknownCell(String),
    /// The second cell is not next to the first.
    #[error("{to} is not next to {from}")]
    NotAdjacent {
        /// The cell moved from.
        from: Cell,
        /// The cell moved to.
        to: Cell,
    },
    /// The two ends of a broadside group are not on one line.
    #[error("{first} and {second} are not on one line")]
    NotInLine {
        /// One end of the group.
        first: Cell,
        /// The other end.
        second: Cell,
    },
    /// A broadside landing cell that lies along the group's own line.
    #[error("a broadside move must step off the group's line (write an inline move as two cells)")]
    NotBroadside,
    /// A cell of the group does not hold a marble of the side to move.
    #[error("{0} does not hold a marble of the side to move")]
    NotOwnMarble(Cell),
    /// The group would have more than three marbles.
    #[error("a group has at most three marbles")]
    TooLong,
    /// A marble of the mover would leave the board.
    #[error("a marble may not be moved off the board")]
    OwnMarbleOffBoard,
    /// As many opponent marbles as own ones: no push.
    #[error("pac: {0} against {0} cannot push")]
    Pac(u8),
    /// More opponent marbles in line than own ones: no push.
    #[error("blocked: {own} cannot push {opponent}")]
    Blocked {
        /// The mover's marbles in the line.
        own: u8,
        /// The opponent's marbles in front of them.
        opponent: u8,
    },
    /// The pushed line ends in a marble of the mover: no push.
    #[error("sandwich: the pushed marbles are backed by a marble of the mover")]
    Sandwich,
    /// A broadside move onto an occupied cell.
    #[error("broadside move onto the occupied cell {0}")]
    BroadsideOccupied(Cell),
    /// The game is over: there are no moves.
    #[error("the game is over")]
    GameOver,
}

impl From<UnknownCell> for MoveError {
    fn from(err: UnknownCell) -> MoveError {
        MoveError::UnknownCell(err.0)
    }
}

impl Position {
    /// Reads a move in Aba-Pro notation (any case, broadside ends in either order) and returns it
    /// if it is legal here, or the reason it is not.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let syntax = || MoveError::Syntax(text.chars().take(32).collect());
        if !text.is_ascii() || !(text.len() == 4 || text.len() == 6) {
            return Err(syntax());
        }
        let cells = text
            .as_bytes()
            .chunks(2)
            .map(|pair| {
                std::str::from_utf8(pair)
                    .map_err(|_| syntax())?
                    .parse::<Cell>()
                    .map_err(MoveError::from)
            })
            .collect::<Result<Vec<Cell>, MoveError>>()?;
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let mv = match cells[..] {
            [from, to] => self.inline_move(from, to)?,
            [first, second, landing] => self.broadside_move(first, second, landing)?,
            _ => return Err(syntax()),
        };
        debug_assert!(
            self.is_legal(mv),
            "parsed {mv:?} is not generated in {self}"
        );
        Ok(mv)
    }

    fn own_marble(&self, cell: Cell) -> Result<(), MoveError> {
        if self.us() & cell.bit() == 0 {
            return Err(MoveError::NotOwnMarble(cell));
        }
        Ok(())
    }

    /// Length of the line of marbles in `bits` starting at `cell` in direction `d` (up to 4).
    fn run(bits: u64, cell: Cell, d: Direction) -> u8 {
        let mut length = 0;
        while length < 4 && step(cell, d, length).is_some_and(|c| bits & c.bit() != 0) {
            length += 1;
        }
        length
    }

    fn inline_move(&self, from: Cell, to: Cell) -> Result<Move, MoveError> {
        let d = Direction::between(from, to).ok_or(MoveError::NotAdjacent { from, to })?;
        self.own_marble(from)?;
        let size = Self::run(self.us(), from, d);
        if size > 3 {
            return Err(MoveError::TooLong);
        }
        let front = step(from, d, size).ok_or(MoveError::OwnMarbleOffBoard)?;
        if self.them() & front.bit() == 0 {
            return Ok(Move::inline(from, d, size, 0, false));
        }
        let opponent = Self::run(self.them(), front, d);
        if opponent == size {
            return Err(MoveError::Pac(size));
        }
        if opponent > size {
            return Err(MoveError::Blocked {
                own: size,
                opponent,
            });
        }
        match step(front, d, opponent) {
            None => Ok(Move::inline(from, d, size, opponent, true)),
            Some(beyond) if self.us() & beyond.bit() != 0 => Err(MoveError::Sandwich),
            Some(_) => Ok(Move::inline(from, d, size, opponent, false)),
        }
    }

    fn broadside_move(&self, first: Cell, second: Cell, landing: Cell) -> Result<Move, MoveError> {
        let not_in_line = MoveError::NotInLine { first, second };
        let (line, length) = Direction::ALL
            .into_iter()
            .find_map(|d| {
                (1..=8)
                    .find(|&n| step(first, d, n) == Some(second))
                    .map(|n| (d, n))
            })
            .ok_or(not_in_line)?;
        if length > 2 {
            return Err(MoveError::TooLong);
        }
        let d = Direction::between(first, landing).ok_or(MoveError::NotAdjacent {
            from: first,
            to: landing,
        })?;
        if d.axis() == line.axis() {
            return Err(MoveError::NotBroadside);
        }
        // Store the group from its lower end, along E, NE or NW.
        let (tail, axis) = if line.index() < 3 {
            (first, line)
        } else {
            (second, line.opposite())
        };
        let mv = Move::broadside(tail, axis, d, length + 1);
        for cell in crate::board::Cells(mv.group()) {
            self.own_marble(cell)?;
        }
        for cell in crate::board::Cells(mv.group()) {
            let target = step(cell, d, 1).ok_or(MoveError::OwnMarbleOffBoard)?;
            if self.empty() & target.bit() == 0 {
                return Err(MoveError::BroadsideOccupied(target));
            }
        }
        Ok(mv)
    }

    /// The legal moves as a new list (a convenience for code off the hot path).
    pub fn moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list
    }
}
