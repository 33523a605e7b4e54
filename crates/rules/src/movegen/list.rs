//! A fixed-capacity move list owned by the caller, so generation never allocates.

use super::mv::{Move, Shape};

/// More moves than any position can have. Every inline move is fixed by its tail and direction
/// (at most 14 x 6 = 84), and along each of the 3 axes at most 13 pairs and 12 triples can each
/// step broadside in 4 directions (at most 300), so 384 is a true bound.
pub const MAX_MOVES: usize = 384;

/// The legal moves of a position, in generation order.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Appends one move of `shape` for each cell of `tails`, in the order of the cells' indices.
    #[inline(always)]
    pub(crate) fn push_tails(&mut self, tails: u64, shape: Shape) {
        // A plain loop: a set holds a few moves, too few for the vector code LLVM writes for
        // an iterator over a slice of the list.
        let mut rest = tails;
        while rest != 0 {
            self.push(shape.at(rest.trailing_zeros() as u8));
            rest &= rest - 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Is the list empty?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting by score).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Does the list hold `mv`?
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
