//! Legal move generation and counting on bitboards.
//!
//! Inline moves are found per direction `D` from the leading marble of the group: the cells of
//! the mover whose neighbour in `D` is empty, or starts a pushable line of opponent marbles, are
//! each the head of a single, and also of a pair or a triple when one or two own marbles stand
//! behind. Broadside moves are the pairs and triples along an axis whose cells all have an empty
//! neighbour in `D`. No loop runs over cells except to write moves out.

use super::list::MoveList;
use super::mv::{Move, Shape};
use crate::board::{
    BOARD, Cell, Direction, Position, each_direction, neighbour, shift, shifts, step,
};

/// Which kinds of moves a generation writes.
#[derive(Clone, Copy)]
struct Kinds {
    ejections: bool,
    /// Pushes that eject nothing.
    pushes: bool,
    quiet: bool,
}

impl Kinds {
    const ALL: Kinds = Kinds {
        ejections: true,
        pushes: true,
        quiet: true,
    };
    const PUSHES: Kinds = Kinds {
        quiet: false,
        ..Kinds::ALL
    };
    const EJECTIONS: Kinds = Kinds {
        pushes: false,
        ..Kinds::PUSHES
    };
    const QUIET: Kinds = Kinds {
        ejections: false,
        pushes: false,
        quiet: true,
    };
}

/// The inline moves in one direction, as sets of their leading marbles. Shared with the
/// generator of three to six players, where "own" is the mover's team.
pub(crate) struct Inline {
    /// Own marbles with an own marble right behind (group of two possible).
    pub(crate) behind1: u64,
    /// Own marbles with two own marbles behind (group of three possible).
    pub(crate) behind2: u64,
    /// Cells whose neighbour ahead is empty.
    pub(crate) to_empty: u64,
    /// Cells with one opponent marble ahead, then an empty cell or the edge.
    pub(crate) push1: u64,
    /// Those of `push1` where the opponent marble leaves the board.
    pub(crate) eject1: u64,
    /// Cells with two opponent marbles ahead, then an empty cell or the edge.
    pub(crate) push2: u64,
    /// Those of `push2` where the second opponent marble leaves the board.
    pub(crate) eject2: u64,
}

/// `D` is the direction and `B` its opposite, passed separately because stable Rust cannot
/// compute one const generic from another.
#[inline(always)]
pub(crate) fn inline<const D: usize, const B: usize>(us: u64, them: u64, empty: u64) -> Inline {
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
pub(crate) fn broadside<const A: usize, const R: usize>(free: u64) -> (u64, u64) {
    // `shift::<R>(x)` is the set of cells whose neighbour along A lies in x.
    let pairs = free & shift::<R>(free);
    (pairs, pairs & shift::<R>(pairs))
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
pub(crate) use each_broadside;

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
        self.generate(list, Kinds::ALL);
    }

    /// Writes only the pushing moves into `list` (cleared first), ejections first: the moves
    /// quiescence search looks at first, and the search's second stage.
    pub fn push_moves(&self, list: &mut MoveList) {
        self.generate(list, Kinds::PUSHES);
    }

    /// Writes only the ejecting moves into `list` (cleared first): the quiescence search's
    /// moves below its first ply.
    pub fn eject_moves(&self, list: &mut MoveList) {
        self.generate(list, Kinds::EJECTIONS);
    }

    /// Writes only the moves that push nothing into `list` (cleared first): the search's last
    /// stage.
    pub fn quiet_moves(&self, list: &mut MoveList) {
        self.generate(list, Kinds::QUIET);
    }

    /// Inlined into each caller, so that the kinds are constants there and each caller computes
    /// only the sets its kinds need.
    #[inline(always)]
    fn generate(&self, list: &mut MoveList, kinds: Kinds) {
        list.clear();
        if self.is_over() {
            return;
        }
        let (us, them, empty) = (self.us(), self.them(), self.empty());
        let sets = [
            inline::<0, 3>(us, them, empty),
            inline::<1, 4>(us, them, empty),
            inline::<2, 5>(us, them, empty),
            inline::<3, 0>(us, them, empty),
            inline::<4, 1>(us, them, empty),
            inline::<5, 2>(us, them, empty),
        ];
        // Each kind is written for every direction in turn; the direction is a constant in each
        // expansion, so the shifts from heads to tails are a few masks and shifts.
        macro_rules! ejections {
            ($d:literal, $b:literal) => {
                let set = &sets[$d];
                // Most directions have no push at all: one test skips their three writes.
                if (set.behind1 & set.eject1) | (set.behind2 & set.eject2) != 0 {
                    write_inline::<$d, $b>(list, set.behind1 & set.eject1, 2, 1, true);
                    write_inline::<$d, $b>(list, set.behind2 & set.eject1, 3, 1, true);
                    write_inline::<$d, $b>(list, set.behind2 & set.eject2, 3, 2, true);
                }
            };
        }
        macro_rules! pushes {
            ($d:literal, $b:literal) => {
                let set = &sets[$d];
                let (quiet1, quiet2) = (set.push1 & !set.eject1, set.push2 & !set.eject2);
                if (set.behind1 & quiet1) | (set.behind2 & quiet2) != 0 {
                    write_inline::<$d, $b>(list, set.behind1 & quiet1, 2, 1, false);
                    write_inline::<$d, $b>(list, set.behind2 & quiet1, 3, 1, false);
                    write_inline::<$d, $b>(list, set.behind2 & quiet2, 3, 2, false);
                }
            };
        }
        macro_rules! steps {
            ($d:literal, $b:literal) => {
                let set = &sets[$d];
                write_inline::<$d, $b>(list, us & set.to_empty, 1, 0, false);
                write_inline::<$d, $b>(list, set.behind1 & set.to_empty, 2, 0, false);
                write_inline::<$d, $b>(list, set.behind2 & set.to_empty, 3, 0, false);
            };
        }
        if kinds.ejections {
            each_direction!(ejections);
        }
        if kinds.pushes {
            each_direction!(pushes);
        }
        if !kinds.quiet {
            return;
        }
        each_direction!(steps);
        // Cells whose neighbour in direction d is empty: the empty cells shifted against d.
        let moved_empty = shifts(self.empty());
        macro_rules! find_broadside {
            ($a:literal, $r:literal, $d:literal) => {
                let (pairs, triples) = broadside::<$a, $r>(us & moved_empty[($d + 3) % 6]);
                let (axis, d) = (Direction::from_index($a), Direction::from_index($d));
                list.push_tails(pairs, Shape::broadside(axis, d, 2));
                list.push_tails(triples, Shape::broadside(axis, d, 3));
            };
        }
        each_broadside!(find_broadside);
    }

    /// Is `mv` a legal move here? Exactly the moves [`Position::legal_moves`] lists, checked
    /// on the move's own cells without generating anything: for the table's move, tried before
    /// any generation, and for moves from another position or from outside.
    pub fn is_legal(&self, mv: Move) -> bool {
        let bits = mv.to_bits();
        let (Some(tail), d) = (
            Cell::from_index((bits & 63) as u8),
            (bits >> 6 & 7) as usize,
        ) else {
            return false;
        };
        if self.is_over() || d >= 6 || mv.size() == 0 {
            return false;
        }
        let d = Direction::from_index(d);
        let (us, them) = (self.us(), self.them());
        let owned = |cell: Option<Cell>, stones: u64| cell.is_some_and(|c| c.bit() & stones != 0);
        let empty = |cell: Option<Cell>| cell.is_some_and(|c| c.bit() & (us | them) == 0);
        let size = mv.size();
        let Some(axis) = mv.broadside_axis() else {
            // Inline: `size` own marbles, `pushed` opposing ones, then room or the edge.
            let (pushed, ejects) = (mv.pushed(), mv.is_eject());
            let canonical = Move::inline(tail, d, size, pushed, ejects) == mv;
            let own = (0..size).all(|k| owned(step(tail, d, k), us));
            let front = step(tail, d, size);
            let opposing = (0..pushed).all(|k| owned(front.and_then(|f| step(f, d, k)), them));
            let beyond = front.and_then(|f| step(f, d, pushed));
            let room = match (pushed, ejects) {
                (0, false) => empty(front),
                (_, false) => empty(beyond),
                (_, true) => front.is_some() && beyond.is_none(),
            };
            return canonical && pushed < size && own && opposing && room;
        };
        // Broadside: two or three own marbles along the axis, each stepping into an empty cell.
        let sideways = d != axis && d != axis.opposite();
        let canonical = Move::broadside(tail, axis, d, size) == mv;
        let cells = (0..size).map(|k| step(tail, axis, k));
        let free = cells
            .clone()
            .all(|c| owned(c, us) && empty(c.and_then(|c| neighbour(c, d))));
        sideways && canonical && size >= 2 && free
    }
}

/// Writes the inline moves in direction `D` (`B` its opposite) whose leading marbles are
/// `heads`: groups of `size` pushing `pushed`.
#[inline(always)]
fn write_inline<const D: usize, const B: usize>(
    list: &mut MoveList,
    heads: u64,
    size: u8,
    pushed: u8,
    ejects: bool,
) {
    let mut tails = heads;
    for _ in 1..size {
        tails = shift::<B>(tails);
    }
    let shape = Shape::inline(Direction::from_index(D), size, pushed, ejects);
    list.push_tails(tails, shape);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layout;

    /// Walks games from every layout, pushing when it can every third ply so that the walk meets
    /// exchanges at the edge, and calls `check` on every position.
    fn walk(mut check: impl FnMut(&Position)) {
        for layout in Layout::ALL {
            let mut position = layout.position();
            for ply in 0..300 {
                check(&position);
                let moves = position.moves();
                if moves.is_empty() {
                    break;
                }
                let push = moves.iter().find(|m| m.is_push() && ply % 3 == 0).copied();
                let any = moves.as_slice()[(ply * 7919) % moves.len()];
                position = position.play(push.unwrap_or(any));
            }
        }
    }

    #[test]
    fn is_legal_accepts_exactly_the_listed_moves_of_all_65536_bit_patterns() {
        let mut listed = vec![false; 1 << 16];
        walk(|position| {
            let moves = position.moves();
            listed.iter_mut().for_each(|l| *l = false);
            for mv in &moves {
                listed[mv.to_bits() as usize] = true;
            }
            for bits in 0..=u16::MAX {
                let legal = position.is_legal(Move::from_bits(bits));
                assert_eq!(legal, listed[bits as usize], "{bits:#x} in {position}");
            }
        });
    }

    #[test]
    fn the_kinds_of_moves_partition_the_legal_moves_in_order() {
        walk(|position| {
            let (mut all, mut part) = (MoveList::new(), MoveList::new());
            position.legal_moves(&mut all);
            let mut parts = Vec::new();
            position.push_moves(&mut part);
            parts.extend_from_slice(part.as_slice());
            position.quiet_moves(&mut part);
            assert!(part.iter().all(|m| !m.is_push()), "{position}");
            parts.extend_from_slice(part.as_slice());
            assert_eq!(parts, all.as_slice(), "{position}");
            position.eject_moves(&mut part);
            let ejections: Vec<Move> = all.iter().copied().filter(|m| m.is_eject()).collect();
            assert_eq!(part.as_slice(), ejections, "{position}");
        });
    }
}
