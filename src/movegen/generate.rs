//! Legal move generation and counting on bitboards.
//!
//! Inline moves are found per direction `D` from the leading marble of the group: the cells of
//! the mover whose neighbour in `D` is empty, or starts a pushable line of opponent marbles, are
//! each the head of a single, and also of a pair or a triple when one or two own marbles stand
//! behind. Broadside moves are the pairs and triples along an axis whose cells all have an empty
//! neighbour in `D`. No loop runs over cells except to write moves out.

use super::list::MoveList;
use super::mv::Move;
use crate::board::{BOARD, Cells, Direction, Position, shift, shift_dyn, shifts};

/// The inline moves in one direction, as sets of their leading marbles.
struct Inline {
    /// Own marbles with an own marble right behind (group of two possible).
    behind1: u64,
    /// Own marbles with two own marbles behind (group of three possible).
    behind2: u64,
    /// Cells whose neighbour ahead is empty.
    to_empty: u64,
    /// Cells with one opponent marble ahead, then an empty cell or the edge.
    push1: u64,
    /// Those of `push1` where the opponent marble leaves the board.
    eject1: u64,
    /// Cells with two opponent marbles ahead, then an empty cell or the edge.
    push2: u64,
    /// Those of `push2` where the second opponent marble leaves the board.
    eject2: u64,
}

/// `D` is the direction and `B` its opposite, passed separately because stable Rust cannot
/// compute one const generic from another.
#[inline(always)]
fn inline<const D: usize, const B: usize>(us: u64, them: u64, empty: u64) -> Inline {
    // `shift::<B>(x)` is the set of cells whose neighbour in D lies in x.
    let edge = BOARD & !shift::<B>(BOARD);
    let behind1 = us & shift::<D>(us);
    let ahead_them = shift::<B>(them);
    let to_empty = shift::<B>(empty);
    let push1 = ahead_them & shift::<B>(to_empty | edge);
    let eject1 = ahead_them & shift::<B>(edge);
    Inline {
        behind1,
        behind2: behind1 & shift::<D>(behind1),
        to_empty,
        push1,
        eject1,
        push2: ahead_them & shift::<B>(push1),
        eject2: ahead_them & shift::<B>(eject1),
    }
}

impl Inline {
    #[inline(always)]
    fn count(&self, us: u64) -> u32 {
        let small = self.to_empty | self.push1;
        (us & self.to_empty).count_ones()
            + (self.behind1 & small).count_ones()
            + (self.behind2 & (small | self.push2)).count_ones()
    }
}

/// Tails of the broadside pairs and triples along axis `A` (E, NE or NW; `R` its opposite) whose
/// cells all have an empty neighbour in the move direction (`free`).
#[inline(always)]
fn broadside<const A: usize, const R: usize>(free: u64) -> (u64, u64) {
    // `shift::<R>(x)` is the set of cells whose neighbour along A lies in x.
    let pairs = free & shift::<R>(free);
    (pairs, pairs & shift::<R>(pairs))
}

/// Calls `$body!(D, B)` for every direction and its opposite.
macro_rules! each_direction {
    ($body:ident) => {
        $body!(0, 3);
        $body!(1, 4);
        $body!(2, 5);
        $body!(3, 0);
        $body!(4, 1);
        $body!(5, 2);
    };
}

/// Calls `$body!(A, R, D)` for every axis direction A (with opposite R) and every direction D
/// off that axis.
macro_rules! each_broadside {
    ($body:ident) => {
        $body!(0, 3, 1);
        $body!(0, 3, 2);
        $body!(0, 3, 4);
        $body!(0, 3, 5);
        $body!(1, 4, 0);
        $body!(1, 4, 2);
        $body!(1, 4, 3);
        $body!(1, 4, 5);
        $body!(2, 5, 0);
        $body!(2, 5, 1);
        $body!(2, 5, 3);
        $body!(2, 5, 4);
    };
}

impl Position {
    /// Number of legal moves, without listing them (for the last ply of perft).
    #[inline]
    pub fn count_moves(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let (us, them, empty) = (self.us(), self.them(), self.empty());
        let mut count = 0;
        macro_rules! count_inline {
            ($d:literal, $b:literal) => {
                count += inline::<$d, $b>(us, them, empty).count(us);
            };
        }
        each_direction!(count_inline);
        // Cells whose neighbour in direction d is empty: the empty cells shifted against d.
        let moved_empty = shifts(self.empty());
        macro_rules! count_broadside {
            ($a:literal, $r:literal, $d:literal) => {
                let (pairs, triples) = broadside::<$a, $r>(us & moved_empty[($d + 3) % 6]);
                count += pairs.count_ones() + triples.count_ones();
            };
        }
        each_broadside!(count_broadside);
        count
    }

    /// Writes every legal move into `list` (cleared first): each (group, direction) once.
    /// Ejections come first, then other pushes, then the rest.
    pub fn legal_moves(&self, list: &mut MoveList) {
        self.generate(list, true);
    }

    /// Writes only the pushing moves into `list` (cleared first), ejections first: the moves
    /// quiescence search looks at.
    pub fn push_moves(&self, list: &mut MoveList) {
        self.generate(list, false);
    }

    fn generate(&self, list: &mut MoveList, quiet: bool) {
        list.clear();
        if self.is_over() {
            return;
        }
        let (us, them, empty) = (self.us(), self.them(), self.empty());
        let mut sets = [const { None }; 6];
        macro_rules! find_inline {
            ($d:literal, $b:literal) => {
                sets[$d] = Some((Direction::from_index($d), inline::<$d, $b>(us, them, empty)));
            };
        }
        each_direction!(find_inline);
        let sets = sets.iter().flatten();
        for (d, set) in sets.clone() {
            write_inline(list, set.behind1 & set.eject1, *d, 2, 1, true);
            write_inline(list, set.behind2 & set.eject1, *d, 3, 1, true);
            write_inline(list, set.behind2 & set.eject2, *d, 3, 2, true);
        }
        for (d, set) in sets.clone() {
            let quiet1 = set.push1 & !set.eject1;
            write_inline(list, set.behind1 & quiet1, *d, 2, 1, false);
            write_inline(list, set.behind2 & quiet1, *d, 3, 1, false);
            write_inline(list, set.behind2 & set.push2 & !set.eject2, *d, 3, 2, false);
        }
        if !quiet {
            return;
        }
        for (d, set) in sets {
            write_inline(list, us & set.to_empty, *d, 1, 0, false);
            write_inline(list, set.behind1 & set.to_empty, *d, 2, 0, false);
            write_inline(list, set.behind2 & set.to_empty, *d, 3, 0, false);
        }
        // Cells whose neighbour in direction d is empty: the empty cells shifted against d.
        let moved_empty = shifts(self.empty());
        macro_rules! find_broadside {
            ($a:literal, $r:literal, $d:literal) => {
                let (pairs, triples) = broadside::<$a, $r>(us & moved_empty[($d + 3) % 6]);
                let (axis, d) = (Direction::from_index($a), Direction::from_index($d));
                for tail in Cells(pairs) {
                    list.push(Move::broadside(tail, axis, d, 2));
                }
                for tail in Cells(triples) {
                    list.push(Move::broadside(tail, axis, d, 3));
                }
            };
        }
        each_broadside!(find_broadside);
    }

    /// Is `mv` a legal move here? (Checks it against the generated list; for validating moves
    /// that come from a table or another position.)
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.contains(mv)
    }
}

/// Writes the inline moves whose leading marbles are `heads`: groups of `size` pushing `pushed`.
#[inline(always)]
fn write_inline(list: &mut MoveList, heads: u64, d: Direction, size: u8, pushed: u8, ejects: bool) {
    let mut tails = heads;
    for _ in 1..size {
        tails = shift_dyn(tails, d.opposite());
    }
    for tail in Cells(tails) {
        list.push(Move::inline(tail, d, size, pushed, ejects));
    }
}
