//! Legal moves of three to six players: columns of the mover and its partner, pushes of
//! opponents of any colour, broadside moves of the mover's own marbles (RULES.md), found on
//! whole bitboards by the two-player generator's sets.

use super::position::MultiPosition;
use crate::board::Seat;
use crate::board::{BOARD, Bits, Cells, Direction, neighbour, shift, shifts};
use crate::movegen::{Move, MoveList, broadside, each_broadside, each_direction, inline};

/// Why a move text is not a legal move of the seat to move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultiMoveError {
    /// `pass` while the seat to move has a legal move.
    #[error("{0} has a legal move, so it may not pass")]
    PassWithMoves(Seat),
    /// Not one of the legal moves (nor `pass` when there is none).
    #[error(
        "'{text}' is not a legal move of {seat} (a column must start from its own marble, take \
         at most three of its team's and push fewer opponents with an empty cell or the edge \
         beyond; a broadside moves its own marbles only)"
    )]
    Illegal {
        /// The move as written.
        text: String,
        /// The seat to move.
        seat: Seat,
    },
    /// The game is over.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// `leave` in a game that is over.
    #[error("the game is over: no seat can leave")]
    NoSeatCanLeave,
}

impl MultiPosition {
    /// Writes every legal move of the seat to move into `list` (cleared first): ejections
    /// first, then other pushes, then the rest. Empty when the game is over; empty too when
    /// the seat is blocked, which then passes ([`MultiPosition::pass`]).
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        if !self.is_over() {
            self.moves_of(self.side_to_move(), list);
        }
    }

    /// Does `seat` have a legal move if it were its turn?
    pub fn seat_has_move(&self, seat: Seat) -> bool {
        let mut list = MoveList::default();
        self.moves_of(seat, &mut list);
        !list.is_empty()
    }

    /// Every legal move of `seat` in this position, whosever turn it is (Best-Reply Search
    /// asks every opponent), ordered as [`MultiPosition::legal_moves`].
    ///
    /// The two-player generator's sets, with the team as "us" and every opponent as "them",
    /// each group's hindmost marble held to the seat's own, turned into sets of tails. Written
    /// out by tail cell, then direction, within each kind: the order of a walk over the seat's
    /// marbles, which the searches were measured with. (A shallow search breaks its ties by
    /// that order; listed by direction, the seats whose forward directions come first fared
    /// better: four-player team 2 and 4 won 54 of 100 games against one-ply players where it
    /// had won 98.)
    pub fn moves_of(&self, seat: Seat, list: &mut MoveList) {
        let own = self.stones(seat);
        let team = self.team_stones(seat);
        let occupied = self.occupied();
        let (opponents, empty) = (occupied & !team, BOARD & !occupied);
        // tails[kind][direction], the kinds as in INLINE_KINDS.
        let mut tails = [[0u64; 6]; 9];
        macro_rules! find_inline {
            ($d:literal, $b:literal) => {
                let set = inline::<$d, $b>(team, opponents, empty);
                // Heads one and two steps ahead of an own marble: a pair's or a triple's tail.
                let heads2 = set.behind1 & shift::<$d>(own);
                let heads3 = set.behind2 & shift::<$d>(shift::<$d>(own));
                let back2 = |heads: u64| shift::<$b>(heads);
                let back3 = |heads: u64| shift::<$b>(shift::<$b>(heads));
                let quiet1 = set.push1 & !set.eject1;
                tails[0][$d] = back2(heads2 & set.eject1);
                tails[1][$d] = back3(heads3 & set.eject1);
                tails[2][$d] = back3(heads3 & set.eject2);
                tails[3][$d] = back2(heads2 & quiet1);
                tails[4][$d] = back3(heads3 & quiet1);
                tails[5][$d] = back3(heads3 & set.push2 & !set.eject2);
                tails[6][$d] = own & set.to_empty;
                tails[7][$d] = back2(heads2 & set.to_empty);
                tails[8][$d] = back3(heads3 & set.to_empty);
            };
        }
        each_direction!(find_inline);
        // Each tail's moves as bits, in the order they are written out: a group of kinds
        // (ejections, other pushes, the rest) by 18 bits, then direction, then kind. Marked set
        // by set, then read back tail by tail: the work goes by the moves there are, not by
        // every tail, direction and kind there could be.
        let mut by_tail = [0u64; 64];
        let mut unions = [0u64; 3];
        for (kind, by_direction) in tails.iter().enumerate() {
            let (group, within) = (kind / 3, kind % 3);
            for (d, &set) in by_direction.iter().enumerate() {
                mark(&mut by_tail, set, group * 18 + d * 3 + within);
                unions[group] |= set;
            }
        }
        for (group, &union) in unions.iter().enumerate() {
            for tail in Cells(union) {
                for bit in Bits((by_tail[tail.index() as usize] >> (group * 18)) & 0x3_FFFF) {
                    let (d, kind) = (bit / 3, group * 3 + bit % 3);
                    let (size, pushed, ejects) = INLINE_KINDS[kind];
                    let direction = Direction::from_index(d);
                    list.push(Move::inline(tail, direction, size, pushed, ejects));
                }
            }
        }
        // Broadside groups are the seat's own marbles only (RULES.md): by lower end, axis,
        // size and direction, marked likewise.
        let moved_empty = shifts(empty);
        let mut groups = [[[0u64; 6]; 2]; 3];
        macro_rules! find_broadside {
            ($a:literal, $r:literal, $d:literal) => {
                let (pairs, triples) = broadside::<$a, $r>(own & moved_empty[($d + 3) % 6]);
                groups[$a][0][$d] = pairs;
                groups[$a][1][$d] = triples;
            };
        }
        each_broadside!(find_broadside);
        let mut by_tail = [0u64; 64];
        let mut union = 0;
        for (bit, &set) in groups.iter().flatten().flatten().enumerate() {
            mark(&mut by_tail, set, bit);
            union |= set;
        }
        for tail in Cells(union) {
            for bit in Bits(by_tail[tail.index() as usize]) {
                let (axis, size, d) = (bit / 12, bit / 6 % 2, bit % 6);
                let (axis, d) = (Direction::from_index(axis), Direction::from_index(d));
                list.push(Move::broadside(tail, axis, d, size as u8 + 2));
            }
        }
    }

    /// Is `mv` legal for the seat to move?
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::default();
        self.legal_moves(&mut list);
        list.contains(mv)
    }

    /// Reads a move of the seat to move in Aba-Pro notation (any case), or `pass` when the
    /// seat has no legal move. `Ok(None)` is the pass.
    pub fn parse_move(&self, text: &str) -> Result<Option<Move>, MultiMoveError> {
        if self.is_over() {
            return Err(MultiMoveError::GameOver);
        }
        let seat = self.side_to_move();
        let mut list = MoveList::default();
        self.legal_moves(&mut list);
        let wanted = text.to_ascii_lowercase();
        if wanted == "pass" {
            return match (list.is_empty(), self.outcome()) {
                (false, _) => Err(MultiMoveError::PassWithMoves(seat)),
                (true, None) => Ok(None),
                (true, Some(_)) => Err(MultiMoveError::GameOver),
            };
        }
        list.iter()
            .find(|mv| mv.to_string() == wanted || other_end_first(**mv) == wanted)
            .map(|&mv| Some(mv))
            .ok_or(MultiMoveError::Illegal {
                text: text.to_string(),
                seat,
            })
    }

    /// The position after a move read by [`MultiPosition::parse_move`]: `None` passes.
    pub fn play_or_pass(&self, mv: Option<Move>) -> MultiPosition {
        match mv {
            Some(mv) => self.play(mv),
            None => self.pass(),
        }
    }
}

/// Sets bit `bit` of `by_tail`'s entry of every cell of `set`.
#[inline]
fn mark(by_tail: &mut [u64; 64], set: u64, bit: usize) {
    for cell in Cells(set) {
        by_tail[cell.index() as usize] |= 1 << bit;
    }
}

/// A broadside move written from its upper end: the upper end, the lower end, and where the
/// upper end lands (input may name either end first, as in two-player games).
fn other_end_first(mv: Move) -> String {
    let landing = neighbour(mv.head(), mv.direction());
    match (mv.broadside_axis(), landing) {
        (Some(_), Some(landing)) => format!("{}{}{landing}", mv.head(), mv.tail()),
        _ => String::new(),
    }
}

/// The kinds of inline move as (size, pushed, ejects): ejections, other pushes, quiet moves.
const INLINE_KINDS: [(u8, u8, bool); 9] = [
    (2, 1, true),
    (3, 1, true),
    (3, 2, true),
    (2, 1, false),
    (3, 1, false),
    (3, 2, false),
    (1, 0, false),
    (2, 0, false),
    (3, 0, false),
];
