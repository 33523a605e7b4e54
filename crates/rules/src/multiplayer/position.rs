//! A position of three to six players: one bitboard per seat, the seat to move, the marbles each
//! seat has ejected, the seats that have left, and the Zobrist hash.

use super::zobrist;
use crate::board::{Cells, LOSING_LOST, neighbour, shift_dyn};
use crate::board::{MAX_SEATS, Seat, Seating};
use crate::movegen::Move;
use std::fmt;

/// A position. Copy-make, as the two-player [`crate::board::Position`]: [`MultiPosition::play`]
/// returns the next position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MultiPosition {
    stones: [u64; MAX_SEATS],
    hash: u64,
    plies: u32,
    move_limit: u32,
    ejected: [u8; MAX_SEATS],
    seating: Seating,
    to_move: Seat,
    /// The seats that have left the game, as seat bits.
    left: u8,
}

/// Why a game of three to six players ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MultiReason {
    /// A player, or a team together, ejected six marbles.
    SixEjected,
    /// Every other player or team has left the game.
    LastInPlay,
    /// The move limit was reached: the most marbles ejected win.
    MoveLimit,
    /// No seat in play had a legal move: the most marbles ejected win, as at the move limit.
    NoMoves,
}

/// How a game of three to six players ended: the seats that won (a whole team, or several
/// players or teams level at the move limit) and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MultiOutcome {
    /// The winning seats, as seat bits.
    pub winners: u8,
    /// Why.
    pub reason: MultiReason,
}

impl MultiOutcome {
    /// Did `seat` win (alone or sharing)?
    pub fn won(&self, seat: Seat) -> bool {
        self.winners & seat.bit() != 0
    }
}

impl fmt::Display for MultiOutcome {
    /// `seats 1 and 3 win (six marbles ejected)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats: Vec<String> = (0..MAX_SEATS)
            .filter(|&i| self.winners & (1 << i) != 0)
            .map(|i| (i + 1).to_string())
            .collect();
        let who = match seats.as_slice() {
            [one] => format!("seat {one} wins"),
            [rest @ .., last] => format!("seats {} and {last} win", rest.join(", ")),
            [] => "nobody wins".to_string(),
        };
        let why = match self.reason {
            MultiReason::SixEjected => "six marbles ejected",
            MultiReason::LastInPlay => "the others have left",
            MultiReason::MoveLimit => "most marbles ejected at the move limit",
            MultiReason::NoMoves => "most marbles ejected, no seat can move",
        };
        write!(f, "{who} ({why})")
    }
}

impl MultiPosition {
    /// A position from its parts; the hash is computed here. The caller (a layout or the
    /// position-string parser) guarantees that the seats' marbles do not overlap, lie on the
    /// board, and that seats beyond the seating have none.
    pub fn from_parts(
        seating: Seating,
        stones: [u64; MAX_SEATS],
        to_move: Seat,
        ejected: [u8; MAX_SEATS],
        left: u8,
        plies: u32,
    ) -> MultiPosition {
        let mut position = MultiPosition {
            stones,
            hash: 0,
            plies,
            move_limit: 0,
            ejected,
            seating,
            to_move,
            left,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The move limit on the ply count (0: none).
    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// The same position with the move limit set: after `plies` plies in total the game ends
    /// and the most marbles ejected win (0, the default, turns the rule off).
    pub fn with_move_limit(mut self, plies: u32) -> MultiPosition {
        self.move_limit = plies;
        self
    }

    /// The seats and teams.
    #[inline]
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// Marbles of `seat`.
    #[inline]
    pub fn stones(&self, seat: Seat) -> u64 {
        self.stones[seat.index()]
    }

    /// Marbles of `seat`'s team, its own included.
    #[inline]
    pub fn team_stones(&self, seat: Seat) -> u64 {
        let mask = self.seating.team_mask(seat);
        self.seating
            .all()
            .filter(|s| mask & s.bit() != 0)
            .fold(0, |bits, s| bits | self.stones(s))
    }

    /// Every marble on the board.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.stones.iter().fold(0, |bits, s| bits | s)
    }

    /// The seat whose marble is on the cell with this bit, if any.
    #[inline]
    pub fn seat_at(&self, bit: u64) -> Option<Seat> {
        self.seating.all().find(|s| self.stones(*s) & bit != 0)
    }

    /// Whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Seat {
        self.to_move
    }

    /// Marbles `seat` has ejected: its score.
    #[inline]
    pub fn ejected(&self, seat: Seat) -> u8 {
        self.ejected[seat.index()]
    }

    /// Marbles ejected by each team, indexed by team.
    #[inline]
    pub fn team_totals(&self) -> [u32; MAX_SEATS] {
        let mut totals = [0; MAX_SEATS];
        for seat in self.seating.all() {
            totals[self.seating.team(seat)] += self.ejected(seat) as u32;
        }
        totals
    }

    /// Has `seat` left the game (resigned, forfeited on time, crashed)?
    #[inline]
    pub fn has_left(&self, seat: Seat) -> bool {
        self.left & seat.bit() != 0
    }

    /// The seats that have left, as seat bits.
    pub fn left_mask(&self) -> u8 {
        self.left
    }

    /// Plies played since the start of the game (moves and passes).
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
        let mut hash = zobrist::to_move(self.to_move);
        for seat in self.seating.all() {
            for cell in Cells(self.stones(seat)) {
                hash ^= zobrist::marble(seat, cell.index());
            }
            hash ^= zobrist::ejected(seat, self.ejected(seat));
            if self.has_left(seat) {
                hash ^= zobrist::left(seat);
            }
        }
        hash
    }

    /// The teams with a seat still in play, as a set of team bits.
    pub fn teams_in_play(&self) -> u32 {
        self.seating
            .all()
            .filter(|s| !self.has_left(*s))
            .fold(0, |teams, s| teams | 1 << self.seating.team(s))
    }

    /// The team with six marbles ejected, as a seat's team mask, if any.
    fn six_ejected(&self) -> Option<u8> {
        let totals = self.team_totals();
        self.seating
            .all()
            .find(|s| totals[self.seating.team(*s)] >= LOSING_LOST as u32)
            .map(|s| self.seating.team_mask(s))
    }

    /// Is the game over by six ejected, by every other team having left, or by the move limit?
    /// (No seat able to move, which needs [`MultiPosition::outcome`], is practically
    /// unreachable.)
    #[inline]
    pub fn is_over(&self) -> bool {
        self.six_ejected().is_some()
            || self.teams_in_play().count_ones() <= 1
            || (self.move_limit != 0 && self.plies >= self.move_limit)
    }

    /// The teams in play with the most marbles ejected, as seat bits: the winners when the
    /// move limit ends the game (a team whose seats have all left has lost).
    pub fn ejection_leaders(&self) -> u8 {
        let (in_play, totals) = (self.teams_in_play(), self.team_totals());
        let team = |s: &Seat| self.seating.team(*s);
        let playing = |s: &Seat| in_play & 1 << team(s) != 0;
        let best = self
            .seating
            .all()
            .filter(playing)
            .map(|s| totals[team(&s)])
            .max();
        self.seating
            .all()
            .filter(|s| playing(s) && Some(totals[team(s)]) == best)
            .fold(0, |mask, s| mask | s.bit())
    }

    /// The result if the game is over, else `None`.
    pub fn outcome(&self) -> Option<MultiOutcome> {
        let end = |winners, reason| Some(MultiOutcome { winners, reason });
        if let Some(winners) = self.six_ejected() {
            return end(winners, MultiReason::SixEjected);
        }
        let in_play = self.teams_in_play();
        if in_play.count_ones() <= 1 {
            let winners = self
                .seating
                .all()
                .filter(|s| in_play & 1 << self.seating.team(*s) != 0)
                .fold(0, |mask, s| mask | s.bit());
            return end(winners, MultiReason::LastInPlay);
        }
        if self.move_limit != 0 && self.plies >= self.move_limit {
            return end(self.ejection_leaders(), MultiReason::MoveLimit);
        }
        let can_move = self
            .seating
            .all()
            .any(|s| !self.has_left(s) && self.seat_has_move(s));
        if !can_move {
            return end(self.ejection_leaders(), MultiReason::NoMoves);
        }
        None
    }

    #[inline]
    fn toggle(&mut self, seat: Seat, bit: u64) {
        self.stones[seat.index()] ^= bit;
        self.hash ^= zobrist::marble(seat, bit.trailing_zeros() as u8);
    }

    /// Hands the turn to the next seat in play after `seat`.
    fn hand_on(&mut self, seat: Seat) {
        let mut next = self.seating.next(seat);
        for _ in 0..self.seating.seats() {
            if !self.has_left(next) {
                break;
            }
            next = self.seating.next(next);
        }
        self.hash ^= zobrist::to_move(self.to_move) ^ zobrist::to_move(next);
        self.to_move = next;
    }

    /// The position after `mv`, a legal move of the seat to move (generated by
    /// [`MultiPosition::legal_moves`] or read by [`MultiPosition::parse_move`]).
    pub fn play(&self, mv: Move) -> MultiPosition {
        debug_assert!(self.is_legal(mv), "{mv:?} is not legal in {self}");
        let mut next = *self;
        let us = self.to_move;
        let d = mv.direction();
        if mv.broadside_axis().is_none() {
            // Walk from the tail: each cell takes the marble of the cell behind it, until an
            // empty cell takes the last one or it falls off the board.
            let mut cell = Some(mv.tail());
            let mut carried: Option<Seat> = None;
            while let Some(c) = cell {
                let here = self.seat_at(c.bit());
                if let Some(seat) = here {
                    next.toggle(seat, c.bit());
                }
                if let Some(seat) = carried {
                    next.toggle(seat, c.bit());
                }
                let Some(seat) = here else { break };
                carried = Some(seat);
                cell = neighbour(c, d);
                if cell.is_none() {
                    let count = &mut next.ejected[us.index()];
                    next.hash ^= zobrist::ejected(us, *count)
                        ^ zobrist::ejected(us, count.saturating_add(1));
                    *count = count.saturating_add(1);
                }
            }
        } else {
            let group = mv.group();
            for cell in Cells(group) {
                next.toggle(us, cell.bit());
            }
            for cell in Cells(shift_dyn(group, d)) {
                next.toggle(us, cell.bit());
            }
        }
        next.plies = next.plies.saturating_add(1);
        next.hand_on(us);
        next
    }

    /// The position after the seat to move passes, as it must when it has no legal move.
    pub fn pass(&self) -> MultiPosition {
        let mut next = *self;
        next.plies = next.plies.saturating_add(1);
        next.hand_on(self.to_move);
        next
    }

    /// The position after the seat to move leaves the game (resigns, loses on time or
    /// crashes): its turns are skipped from now on and its marbles stay on the board.
    pub fn leave(&self) -> MultiPosition {
        let mut next = *self;
        next.left |= self.to_move.bit();
        next.hash ^= zobrist::left(self.to_move);
        next.hand_on(self.to_move);
        next
    }

    /// The same position `plies` plies on, nothing else changed: a Best-Reply move stands for
    /// the turns of every seat of its layer, so the move limit comes as near as in the game.
    pub fn with_plies_added(&self, plies: u32) -> MultiPosition {
        let mut next = *self;
        next.plies = next.plies.saturating_add(plies);
        next
    }

    /// The seats in play (not left) of `seat`'s team if `ours`, else of the other teams.
    pub fn seats_in_play(&self, seat: Seat, ours: bool) -> u32 {
        let team = self.seating.team_mask(seat);
        self.seating
            .all()
            .filter(|s| !self.has_left(*s) && (team & s.bit() != 0) == ours)
            .count() as u32
    }

    /// The same position with `seat` to move: Best-Reply Search lets any opponent reply.
    pub fn with_side_to_move(&self, seat: Seat) -> MultiPosition {
        let mut next = *self;
        next.hash ^= zobrist::to_move(self.to_move) ^ zobrist::to_move(seat);
        next.to_move = seat;
        next
    }
}

impl fmt::Debug for MultiPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MultiPosition({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::multiplayer::MultiLayout;

    /// The three-player start with `ejected` scores (their marbles taken from the first
    /// opponent in turn that has one left) and `left` seats, `plies` played.
    fn scored(ejected: [u8; 3], left: u8, plies: u32) -> MultiPosition {
        let start = MultiLayout::ThreePlayer.position();
        let mut stones = [0; MAX_SEATS];
        for seat in start.seating().all() {
            stones[seat.index()] = start.stones(seat);
        }
        let mut scores = [0; MAX_SEATS];
        for (seat, &count) in ejected.iter().enumerate() {
            scores[seat] = count;
            let victim = (seat + 1) % 3;
            for _ in 0..count {
                stones[victim] &= stones[victim] - 1;
            }
        }
        let first = Seat::new(0).unwrap_or_default();
        MultiPosition::from_parts(start.seating(), stones, first, scores, left, plies)
    }

    #[test]
    fn the_move_limit_crowns_the_most_ejected_of_the_seats_in_play() {
        let seat = |n: usize| Seat::new(n - 1).unwrap_or_default();
        // Seat 2 leads with 3 but has left: seats 1 and 3, level on 2, share the win.
        let position = scored([2, 3, 2], seat(2).bit(), 90).with_move_limit(90);
        let outcome = position.outcome();
        assert_eq!(
            outcome.map(|o| o.winners),
            Some(seat(1).bit() | seat(3).bit())
        );
        assert_eq!(outcome.map(|o| o.reason), Some(MultiReason::MoveLimit));
        // In play, seat 2 would win alone.
        let position = scored([2, 3, 2], 0, 90).with_move_limit(90);
        assert_eq!(position.outcome().map(|o| o.winners), Some(seat(2).bit()));
        // Six ejected ends the game at once; the others leaving ends it too.
        assert_eq!(
            scored([0, 6, 0], 0, 30).outcome().map(|o| o.winners),
            Some(seat(2).bit())
        );
        let alone = scored([0, 0, 0], seat(1).bit() | seat(3).bit(), 30).outcome();
        assert_eq!(
            alone.map(|o| (o.winners, o.reason)),
            Some((seat(2).bit(), MultiReason::LastInPlay))
        );
        assert_eq!(scored([1, 1, 1], 0, 30).outcome(), None);
    }
}
