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

/// Calls `on` with every input that is on in `position` seen by `viewer`.
pub fn active(position: &MultiPosition, viewer: Seat, mut on: impl FnMut(usize)) {
    let seats = position.seating().seats();
    let place_of = |seat: Seat| (seat.index() + seats - viewer.index()) % seats;
    for seat in position.seating().all() {
        let place = place_of(seat);
        for cell in Cells(position.stones(seat)) {
            on(place * CELLS + cell.index() as usize);
        }
        let ejected = usize::from(position.ejected(seat)).min(EJECTED - 1);
        on(EJECTED_BASE + place * EJECTED + ejected);
    }
    on(TURN_BASE + place_of(position.side_to_move()));
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
