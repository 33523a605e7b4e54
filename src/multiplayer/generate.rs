//! Legal moves of three to six players: columns of the mover and its partner, pushes of
//! opponents of any colour, broadside moves of the mover's own marbles (RULES.md), found on
//! whole bitboards by the two-player generator's sets.

use super::position::MultiPosition;
use crate::board::Seat;
use crate::board::{BOARD, Cells, Direction, neighbour, shift, shifts};
use crate::movegen::{
    Move, MoveList, broadside, each_broadside, each_direction, inline, write_inline,
};

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
    /// asks every opponent), ordered as [`MultiPosition::legal_moves`]. The two-player
    /// generator's sets with the team as "us" and every opponent as "them", each group's
    /// hindmost marble then held to the seat's own.
    pub fn moves_of(&self, seat: Seat, list: &mut MoveList) {
        let own = self.stones(seat);
        let team = self.team_stones(seat);
        let occupied = self.occupied();
        let (opponents, empty) = (occupied & !team, BOARD & !occupied);
        let mut sets = [const { None }; 6];
        macro_rules! find_inline {
            ($d:literal, $b:literal) => {
                // Heads one and two steps ahead of an own marble: a pair's or a triple's tail.
                let pair = shift::<$d>(own);
                let triple = shift::<$d>(pair);
                let set = inline::<$d, $b>(team, opponents, empty);
                sets[$d] = Some((Direction::from_index($d), set, pair, triple));
            };
        }
        each_direction!(find_inline);
        let sets = sets.iter().flatten();
        for (d, set, pair, triple) in sets.clone() {
            let (behind1, behind2) = (set.behind1 & pair, set.behind2 & triple);
            write_inline(list, behind1 & set.eject1, *d, 2, 1, true);
            write_inline(list, behind2 & set.eject1, *d, 3, 1, true);
            write_inline(list, behind2 & set.eject2, *d, 3, 2, true);
        }
        for (d, set, pair, triple) in sets.clone() {
            let (behind1, behind2) = (set.behind1 & pair, set.behind2 & triple);
            let quiet1 = set.push1 & !set.eject1;
            write_inline(list, behind1 & quiet1, *d, 2, 1, false);
            write_inline(list, behind2 & quiet1, *d, 3, 1, false);
            write_inline(list, behind2 & set.push2 & !set.eject2, *d, 3, 2, false);
        }
        for (d, set, pair, triple) in sets {
            let (behind1, behind2) = (set.behind1 & pair, set.behind2 & triple);
            write_inline(list, own & set.to_empty, *d, 1, 0, false);
            write_inline(list, behind1 & set.to_empty, *d, 2, 0, false);
            write_inline(list, behind2 & set.to_empty, *d, 3, 0, false);
        }
        // Broadside groups are the seat's own marbles only (RULES.md).
        let moved_empty = shifts(empty);
        macro_rules! find_broadside {
            ($a:literal, $r:literal, $d:literal) => {
                let (pairs, triples) = broadside::<$a, $r>(own & moved_empty[($d + 3) % 6]);
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

/// A broadside move written from its upper end: the upper end, the lower end, and where the
/// upper end lands (input may name either end first, as in two-player games).
fn other_end_first(mv: Move) -> String {
    let landing = neighbour(mv.head(), mv.direction());
    match (mv.broadside_axis(), landing) {
        (Some(_), Some(landing)) => format!("{}{}{landing}", mv.head(), mv.tail()),
        _ => String::new(),
    }
}
