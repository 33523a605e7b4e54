//! The compact move type and its canonical Aba-Pro notation.

use crate::board::{Cell, Direction, neighbour, step};
use std::fmt;

/// A move: a group of one to three marbles and the direction it moves in, packed in 16 bits.
///
/// Bits 0-5 hold the tail cell (the hindmost marble of an inline move, the lower end of a
/// broadside group), 6-8 the direction, 9-10 the group size, 11-12 the broadside axis plus one
/// (0 for an inline move), 13 "pushes", 14 "ejects" and 15 "pushes two". The flags are derived
/// from the position the move was made for, so one (group, direction) always packs the same way
/// in a given position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const PUSH: u16 = 1 << 13;
const EJECT: u16 = 1 << 14;
const PUSH_TWO: u16 = 1 << 15;

/// A move without its tail cell: every field but the tail, so that a generator can write one
/// move for each cell of a set of tails by adding the cell's index.
#[derive(Clone, Copy)]
pub(crate) struct Shape(u16);

impl Shape {
    /// The shape of [`Move::inline`].
    #[inline(always)]
    pub(crate) const fn inline(d: Direction, size: u8, pushed: u8, ejects: bool) -> Shape {
        let mut bits = (d as u16) << 6 | (size as u16) << 9;
        if pushed > 0 {
            bits |= PUSH;
        }
        if pushed > 1 {
            bits |= PUSH_TWO;
        }
        if ejects {
            bits |= EJECT;
        }
        Shape(bits)
    }

    /// The shape of [`Move::broadside`].
    #[inline(always)]
    pub(crate) const fn broadside(axis: Direction, d: Direction, size: u8) -> Shape {
        Shape((d as u16) << 6 | (size as u16) << 9 | ((axis.axis() as u16) + 1) << 11)
    }

    /// The move of this shape whose tail is the cell of index `tail` (below 64).
    #[inline(always)]
    pub(crate) const fn at(self, tail: u8) -> Move {
        debug_assert!(tail < 64, "a tail is a bit index");
        Move(self.0 | tail as u16)
    }
}

impl Move {
    /// Not a move; used as "none" in tables. A real move always has a size of at least one.
    pub const NONE: Move = Move(0);

    /// An inline move (including a single marble) of `size` marbles whose hindmost is `tail`,
    /// pushing `pushed` (0 to 2) opponent marbles, the last of them off the board if `ejects`.
    #[inline]
    pub const fn inline(tail: Cell, d: Direction, size: u8, pushed: u8, ejects: bool) -> Move {
        Shape::inline(d, size, pushed, ejects).at(tail.index())
    }

    /// A broadside move of `size` (2 or 3) marbles lying from `tail` along axis direction `axis`
    /// (one of E, NE, NW), all stepping in `d`.
    #[inline]
    pub const fn broadside(tail: Cell, axis: Direction, d: Direction, size: u8) -> Move {
        Shape::broadside(axis, d, size).at(tail.index())
    }

    /// The 16 bits, for storage in a table.
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// A move from its 16 bits; it may be nonsense, so check it against the legal moves.
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// Is this a real move (not [`Move::NONE`])?
    #[inline]
    pub const fn is_some(self) -> bool {
        self.size() != 0
    }

    /// The hindmost marble (inline) or the lower end (broadside).
    #[inline]
    pub fn tail(self) -> Cell {
        Cell::from_index((self.0 & 63) as u8).unwrap_or(Cell::CENTRE)
    }

    /// The direction every marble of the group moves in.
    #[inline]
    pub const fn direction(self) -> Direction {
        let d = ((self.0 >> 6) & 7) as usize;
        Direction::from_index(if d < 6 { d } else { 0 })
    }

    /// Number of the mover's marbles that move: 1 to 3.
    #[inline]
    pub const fn size(self) -> u8 {
        ((self.0 >> 9) & 3) as u8
    }

    /// For a broadside move, the positive direction (E, NE or NW) along which the group lies.
    #[inline]
    pub const fn broadside_axis(self) -> Option<Direction> {
        match (self.0 >> 11) & 3 {
            0 => None,
            a => Some(Direction::from_index(a as usize - 1)),
        }
    }

    /// Does the move push opponent marbles?
    #[inline]
    pub const fn is_push(self) -> bool {
        self.0 & PUSH != 0
    }

    /// Does the move push an opponent marble off the board?
    #[inline]
    pub const fn is_eject(self) -> bool {
        self.0 & EJECT != 0
    }

    /// Number of opponent marbles pushed: 0 to 2.
    #[inline]
    pub const fn pushed(self) -> u8 {
        (self.0 & PUSH != 0) as u8 + (self.0 & PUSH_TWO != 0) as u8
    }

    /// The cells of the moving group as a bitboard.
    pub fn group(self) -> u64 {
        let line = self.broadside_axis().unwrap_or(self.direction());
        let mut bits = 0;
        let mut cell = Some(self.tail());
        for _ in 0..self.size() {
            let Some(c) = cell else { break };
            bits |= c.bit();
            cell = neighbour(c, line);
        }
        bits
    }

    /// The group's other end: the leading marble (inline) or the upper end (broadside).
    pub fn head(self) -> Cell {
        let line = self.broadside_axis().unwrap_or(self.direction());
        step(self.tail(), line, self.size() - 1).unwrap_or(self.tail())
    }
}

impl fmt::Display for Move {
    /// Canonical notation: `<tail><next cell>` for inline moves, `<low end><high end><where the
    /// low end lands>` for broadside moves. The tail of a broadside group is its lower end in
    /// (row, column) order because its axis direction always raises the row or the column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_some() {
            return f.write_str("(none)");
        }
        let tail = self.tail();
        let landing = neighbour(tail, self.direction());
        let landing = landing.map_or_else(|| "??".to_string(), |c| c.to_string());
        match self.broadside_axis() {
            None => write!(f, "{tail}{landing}"),
            Some(_) => write!(f, "{tail}{}{landing}", self.head()),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")?;
        if self.is_eject() {
            f.write_str("(eject)")
        } else if self.is_push() {
            f.write_str("(push)")
        } else {
            Ok(())
        }
    }
}
