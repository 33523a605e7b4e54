//! The inputs of the N-player network, seen from one seat (the viewer): the marbles of each
//! seat by its place in the turn order counted from the viewer (the viewer's own first, then
//! the seat after it, …), each seat's ejected count, and whose turn it is in the same count.
//! In team games the turn order alternates teams, so a partner's marbles always fall in the
//! same place: two places on in four-player games, three in six.

use sumito_rules::board::{Cells, MAX_SEATS, Seat};
use sumito_rules::multiplayer::MultiPosition;

/// Places in the turn order: one per seat of the largest game.
const PLACES: usize = MAX_SEATS;
/// Inputs per place for its marbles: one per bit of the board.
const CELLS: usize = 64;
/// Ejected counts told apart: 0 to 5, and 6 or more.
const EJECTED: usize = 7;
/// The first ejected-count input.
const EJECTED_BASE: usize = PLACES * CELLS;
/// The first turn input.
const TURN_BASE: usize = EJECTED_BASE + PLACES * EJECTED;
/// How many inputs the network has.
pub const INPUTS: usize = TURN_BASE + PLACES;

/// The input of a marble on the cell of bit `cell` of the seat at `place`.
fn marble(place: usize, cell: u8) -> usize {
    place * CELLS + usize::from(cell)
}

/// The input of the seat at `place` having ejected `count` (6 or more: one input).
fn ejected(place: usize, count: usize) -> usize {
    EJECTED_BASE + place * EJECTED + count
}

/// The input of the turn of the seat at `place`.
fn turn(place: usize) -> usize {
    TURN_BASE + place
}

/// The inputs on for one position seen by one seat, kept so that the next position's inputs
/// can be told by their differences (`accumulator`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// The seats in the game: the places in use.
    places: usize,
    /// Each place's marbles.
    stones: [u64; PLACES],
    /// Each place's ejected-count input, counted from its first.
    ejected: [usize; PLACES],
    /// The place whose turn it is.
    turn: usize,
    /// The first seat's place: `each` lists the inputs seat by seat, in the order the trainer
    /// has always summed them.
    first: usize,
}

impl Inputs {
    /// The inputs of `position` seen by `viewer`.
    pub fn of(position: &MultiPosition, viewer: Seat) -> Inputs {
        let places = position.seating().seats();
        let place_of = |seat: Seat| (seat.index() + places - viewer.index()) % places;
        let mut inputs = Inputs {
            places,
            turn: place_of(position.side_to_move()),
            first: (places - viewer.index()) % places,
            ..Inputs::default()
        };
        for seat in position.seating().all() {
            let place = place_of(seat);
            inputs.stones[place] = position.stones(seat);
            inputs.ejected[place] = usize::from(position.ejected(seat)).min(EJECTED - 1);
        }
        inputs
    }

    /// Calls `on` with every input that is on.
    pub fn each(&self, mut on: impl FnMut(usize)) {
        for seat in 0..self.places {
            let place = (self.first + seat) % self.places;
            for cell in Cells(self.stones[place]) {
                on(marble(place, cell.index()));
            }
            on(ejected(place, self.ejected[place]));
        }
        on(turn(self.turn));
    }

    /// How many inputs are on.
    pub fn count(&self) -> u32 {
        let marbles: u32 = self.stones.iter().map(|s| s.count_ones()).sum();
        marbles + self.places as u32 + 1
    }

    /// How many inputs turn on or off from `self` to `now`; `None` for another game.
    pub fn distance(&self, now: &Inputs) -> Option<u32> {
        if self.places != now.places {
            return None;
        }
        let moved = |place: usize| (self.stones[place] ^ now.stones[place]).count_ones();
        let ejected = |place: usize| 2 * u32::from(self.ejected[place] != now.ejected[place]);
        let places = (0..self.places).map(|place| moved(place) + ejected(place));
        Some(places.sum::<u32>() + 2 * u32::from(self.turn != now.turn))
    }

    /// Calls `change` with every input that turns off (`false`) or on (`true`) from `self` to
    /// `now`, a position of the same game.
    pub fn changes(&self, now: &Inputs, mut change: impl FnMut(usize, bool)) {
        let mut swap = |old: usize, new: usize| {
            if old != new {
                change(old, false);
                change(new, true);
            }
        };
        for place in 0..self.places {
            swap(
                ejected(place, self.ejected[place]),
                ejected(place, now.ejected[place]),
            );
        }
        swap(turn(self.turn), turn(now.turn));
        for place in 0..self.places {
            let (old, new) = (self.stones[place], now.stones[place]);
            for cell in Cells(old & !new) {
                change(marble(place, cell.index()), false);
            }
            for cell in Cells(new & !old) {
                change(marble(place, cell.index()), true);
            }
        }
    }
}

/// Calls `on` with every input that is on in `position` seen by `viewer`.
pub fn active(position: &MultiPosition, viewer: Seat, on: impl FnMut(usize)) {
    Inputs::of(position, viewer).each(on);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::multiplayer::MultiLayout;

    fn inputs(position: &MultiPosition, viewer: Seat) -> Vec<usize> {
        let mut on = Vec::new();
        active(position, viewer, |input| on.push(input));
        on
    }

    #[test]
    fn each_seat_sees_itself_first_and_its_turn() {
        for layout in MultiLayout::ALL {
            let start = layout.position();
            let seats = layout.seating().seats();
            for viewer in layout.seating().all() {
                let on = inputs(&start, viewer);
                let own = start.stones(viewer).count_ones() as usize;
                // Its own marbles are the first place's; every input is in range and once.
                assert!(on.iter().filter(|&&i| i < CELLS).count() == own, "{layout}");
                assert!(on.iter().all(|&i| i < INPUTS));
                let mut sorted = on.clone();
                sorted.dedup();
                assert_eq!(sorted.len(), on.len());
                // Seat 1 moves first: for seat k it is `seats - k` places on.
                let turn = (seats - viewer.index()) % seats;
                assert_eq!(on.last(), Some(&(TURN_BASE + turn)), "{layout} {viewer:?}");
                let ejected = on
                    .iter()
                    .filter(|&&i| (EJECTED_BASE..TURN_BASE).contains(&i));
                assert!(
                    ejected
                        .copied()
                        .all(|i| (i - EJECTED_BASE).is_multiple_of(EJECTED))
                );
            }
        }
    }
}
