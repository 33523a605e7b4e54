//! Legal moves of three to six players: columns of the mover and its partner, pushes of
//! opponents of any colour, broadside moves of the mover's own marbles (RULES.md).
//!
//! Cell by cell rather than by whole bitboards: one seat has at most 14 marbles, so a walk of
//! six directions from each is short, and it reads as the rules do.

use super::position::MultiPosition;
use crate::board::Seat;
use crate::board::{Cell, Cells, Direction, neighbour};
use crate::movegen::{Move, MoveList};

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

/// The three axes a broadside group can lie along, each read from the group's lower end.
const AXES: [Direction; 3] = [Direction::E, Direction::NE, Direction::NW];

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
    pub fn moves_of(&self, seat: Seat, list: &mut MoveList) {
        let own = self.stones(seat);
        let team = self.team_stones(seat);
        let occupied = self.occupied();
        let opponents = occupied & !team;
        let (mut pushes, mut quiet) = (MoveList::default(), MoveList::default());
        for tail in Cells(own) {
            for d in Direction::ALL {
                let Some(mv) = inline(tail, d, team, opponents) else {
                    continue;
                };
                if mv.is_eject() {
                    list.push(mv);
                } else if mv.is_push() {
                    pushes.push(mv);
                } else {
                    quiet.push(mv);
                }
            }
        }
        for &mv in pushes.iter().chain(quiet.iter()) {
            list.push(mv);
        }
        broadside(own, occupied, list);
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

/// The inline move of the column starting at the mover's own marble `tail` in direction `d`, if
/// it is legal: up to three of the team's marbles, then any opponents it pushes (fewer than it
/// has), then an empty cell or the edge.
fn inline(tail: Cell, d: Direction, team: u64, opponents: u64) -> Option<Move> {
    let mut size = 1;
    let mut ahead = neighbour(tail, d)?;
    while team & ahead.bit() != 0 {
        size += 1;
        if size > 3 {
            return None;
        }
        ahead = neighbour(ahead, d)?;
    }
    let mut pushed = 0;
    let mut beyond = Some(ahead);
    while let Some(cell) = beyond {
        if opponents & cell.bit() == 0 {
            break;
        }
        pushed += 1;
        if pushed >= size {
            return None;
        }
        beyond = neighbour(cell, d);
    }
    match beyond {
        // A team marble beyond the pushed ones blocks the push.
        Some(cell) if team & cell.bit() != 0 => None,
        Some(_) => Some(Move::inline(tail, d, size, pushed, false)),
        // The edge: the last pushed marble falls off; a column with nothing to push may not.
        None if pushed > 0 => Some(Move::inline(tail, d, size, pushed, true)),
        None => None,
    }
}

/// Appends the broadside moves of `own`'s groups of two and three: each group from its lower
/// end along an axis, stepping sideways into empty cells.
fn broadside(own: u64, occupied: u64, list: &mut MoveList) {
    for tail in Cells(own) {
        for axis in AXES {
            let (mut group, mut len) = ([tail; 3], 1);
            while len < 3 {
                match neighbour(group[len - 1], axis) {
                    Some(cell) if own & cell.bit() != 0 => group[len] = cell,
                    _ => break,
                }
                len += 1;
                let group = &group[..len];
                for d in Direction::ALL {
                    if d.axis() == axis.axis() {
                        continue;
                    }
                    let free = group
                        .iter()
                        .all(|&cell| neighbour(cell, d).is_some_and(|to| occupied & to.bit() == 0));
                    if free {
                        list.push(Move::broadside(tail, axis, d, len as u8));
                    }
                }
            }
        }
    }
}
