//! A game position: marbles, side to move, marbles lost, plies played, and its Zobrist hash.

use super::colour::Colour;
use super::zobrist;
use crate::board::Cells;
use crate::board::bitboard::BOARD;
use crate::movegen::{Move, step};
use std::fmt;

/// Marbles a side loses to lose the game.
pub const LOSING_LOST: u8 = 6;

/// Marbles each side starts with.
pub const MARBLES_PER_SIDE: u8 = 14;

/// A position. Copy-make: [`Position::play`] returns the next position and leaves this one alone.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    stones: [u64; 2],
    hash: u64,
    plies: u32,
    move_limit: u32,
    lost: [u8; 2],
    side_to_move: Colour,
}

/// Why a game ended with a winner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    /// The loser has lost six marbles.
    SixEjected,
    /// The move limit was reached and the winner had ejected more.
    MoveLimit,
    /// The loser had no legal move.
    NoMoves,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// `winner` won.
    Win { winner: Colour, reason: WinReason },
    /// The move limit was reached with equal marbles ejected.
    Draw,
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Colour> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::SixEjected => "six marbles ejected",
                    WinReason::MoveLimit => "more marbles ejected at the move limit",
                    WinReason::NoMoves => "opponent has no legal move",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw => f.write_str("draw (equal marbles ejected at the move limit)"),
        }
    }
}

impl Position {
    /// A position from its parts; the hash is computed here. The caller (the position-string
    /// parser or a layout) guarantees that the two colours do not overlap and lie on the board.
    pub fn from_parts(
        black: u64,
        white: u64,
        side_to_move: Colour,
        lost: [u8; 2],
        plies: u32,
    ) -> Position {
        debug_assert_eq!(black & white, 0);
        debug_assert_eq!((black | white) & !BOARD, 0);
        let mut position = Position {
            stones: [black, white],
            hash: 0,
            plies,
            move_limit: 0,
            lost,
            side_to_move,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The same position with the move-limit rule set: after `plies` plies in total the game ends
    /// and the side that ejected more wins (0 turns the rule off, the default).
    pub fn with_move_limit(mut self, plies: u32) -> Position {
        self.move_limit = plies;
        self
    }

    /// The same position with the game ending by the move limit `max_plies` plies from here
    /// (datagen's `--plies-after-opening`). 0 means no limit. A record's `MaxPlies`, match's
    /// `--max-plies` and the `MoveLimit` option are the limit itself, on the ply count:
    /// [`Position::with_move_limit`].
    pub fn with_max_plies(self, max_plies: u32) -> Position {
        let limit = match max_plies {
            0 => 0,
            n => self.plies.saturating_add(n),
        };
        self.with_move_limit(limit)
    }

    /// The move limit in plies, 0 for none.
    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// Marbles of `colour`.
    #[inline]
    pub fn stones(&self, colour: Colour) -> u64 {
        self.stones[colour.index()]
    }

    /// Marbles of the side to move.
    #[inline]
    pub fn us(&self) -> u64 {
        self.stones[self.side_to_move.index()]
    }

    /// Marbles of the side not to move.
    #[inline]
    pub fn them(&self) -> u64 {
        self.stones[self.side_to_move.opponent().index()]
    }

    /// Cells without a marble.
    #[inline]
    pub fn empty(&self) -> u64 {
        BOARD & !(self.stones[0] | self.stones[1])
    }

    /// Whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Colour {
        self.side_to_move
    }

    /// Marbles `colour` has lost (ejected by the opponent).
    #[inline]
    pub fn lost(&self, colour: Colour) -> u8 {
        self.lost[colour.index()]
    }

    /// The side that has ejected more marbles, `None` when both have ejected as many: who
    /// wins when the move limit or the game time (the points game) ends the game.
    pub fn marble_leader(&self) -> Option<Colour> {
        let (black, white) = (self.lost(Colour::Black), self.lost(Colour::White));
        match black.cmp(&white) {
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Greater => Some(Colour::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Plies played since the start of the game.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The Zobrist hash, kept up to date move by move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (to check the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for colour in Colour::BOTH {
            for cell in Cells(self.stones(colour)) {
                hash ^= zobrist::marble(colour, cell.index());
            }
            hash ^= zobrist::lost(colour, self.lost(colour));
        }
        if self.side_to_move == Colour::White {
            hash ^= zobrist::white_to_move();
        }
        hash
    }

    /// Is the game over by six marbles lost or by the move limit? (A side without a legal move,
    /// which needs [`Position::outcome`], is practically unreachable.)
    #[inline]
    pub fn is_over(&self) -> bool {
        self.lost[0] >= LOSING_LOST
            || self.lost[1] >= LOSING_LOST
            || (self.move_limit != 0 && self.plies >= self.move_limit)
    }

    /// The result if the game is over, else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        for colour in Colour::BOTH {
            if self.lost(colour) >= LOSING_LOST {
                let winner = colour.opponent();
                let reason = WinReason::SixEjected;
                return Some(Outcome::Win { winner, reason });
            }
        }
        if self.move_limit != 0 && self.plies >= self.move_limit {
            let reason = WinReason::MoveLimit;
            return Some(match self.marble_leader() {
                Some(winner) => Outcome::Win { winner, reason },
                None => Outcome::Draw,
            });
        }
        if self.count_moves() == 0 {
            let winner = self.side_to_move.opponent();
            return Some(Outcome::Win {
                winner,
                reason: WinReason::NoMoves,
            });
        }
        None
    }

    #[inline]
    fn toggle(&mut self, colour: Colour, bit_index: u8) {
        self.stones[colour.index()] ^= 1u64 << bit_index;
        self.hash ^= zobrist::marble(colour, bit_index);
    }

    /// The position after `mv`, which must be a legal move of this position (generated by
    /// [`Position::legal_moves`] or read by [`Position::parse_move`]).
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        debug_assert!(self.is_legal(mv), "{mv:?} is not legal in {self}");
        let mut next = *self;
        let us = self.side_to_move;
        let them = us.opponent();
        let d = mv.direction();
        if mv.broadside_axis().is_none() {
            // Only the two ends change: the tail empties and the cell in front fills.
            let tail = mv.tail();
            if let Some(front) = step(tail, d, mv.size()) {
                next.toggle(us, tail.index());
                next.toggle(us, front.index());
                if mv.is_push() {
                    next.toggle(them, front.index());
                    match step(front, d, mv.pushed()) {
                        Some(beyond) => next.toggle(them, beyond.index()),
                        None => {
                            let lost = &mut next.lost[them.index()];
                            next.hash ^=
                                zobrist::lost(them, *lost) ^ zobrist::lost(them, *lost + 1);
                            *lost += 1;
                        }
                    }
                }
            }
        } else {
            let group = mv.group();
            for cell in Cells(group) {
                next.toggle(us, cell.index());
            }
            for cell in Cells(crate::board::shift_dyn(group, d)) {
                next.toggle(us, cell.index());
            }
        }
        next.side_to_move = them;
        next.plies += 1;
        next.hash ^= zobrist::white_to_move();
        next
    }

    /// The position with the other side to move, everything else the same (the null move).
    pub fn pass(&self) -> Position {
        let mut next = *self;
        next.side_to_move = self.side_to_move.opponent();
        next.hash ^= zobrist::white_to_move();
        next
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
