//! The N-player network's hidden sums, carried by a search from one evaluation to the next.
//!
//! A search evaluates positions that differ from one evaluated just before by a move or two: a
//! few marbles, perhaps an ejected count and the turn. Each ply keeps the sums of the position
//! last evaluated there, with its inputs. A position starts from whichever of its own ply's and
//! its parent ply's sums differs from it in fewest inputs, or from the bias where that is
//! cheaper, and adds and takes away the inputs that differ. Nothing needs undoing when the
//! search goes back up, and the sums are always exactly those of the whole computation.

use super::file::{HIDDEN, SeatsNetwork};
use super::inputs::Inputs;
use std::sync::Arc;
use sumito_rules::board::Seat;
use sumito_rules::multiplayer::MultiPosition;

/// The sums of one position and the inputs they were made of; none yet where the inputs are
/// those of no game (the default).
#[derive(Clone, Copy)]
struct Slot {
    inputs: Inputs,
    sums: [i32; HIDDEN],
}

/// One search thread's network and the sums it keeps, one slot per ply.
#[derive(Clone)]
pub struct SeatsAccumulators {
    network: Arc<SeatsNetwork>,
    slots: Box<[Slot]>,
}

impl SeatsAccumulators {
    /// Sums of `network` for plies 0 to `max_ply`, none made yet.
    pub fn new(network: Arc<SeatsNetwork>, max_ply: usize) -> SeatsAccumulators {
        let empty = Slot {
            inputs: Inputs::default(),
            sums: [0; HIDDEN],
        };
        SeatsAccumulators {
            network,
            slots: vec![empty; max_ply + 1].into_boxed_slice(),
        }
    }

    /// `position`'s worth to `viewer`'s seat, as [`SeatsNetwork::evaluate`] gives it, for a
    /// position at `ply` of the search (beyond the last slot, the last).
    pub fn evaluate(&mut self, position: &MultiPosition, viewer: Seat, ply: usize) -> i32 {
        let now = Inputs::of(position, viewer);
        let ply = ply.min(self.slots.len() - 1);
        let parent = ply.saturating_sub(1);
        let distance = |slot: &Slot| slot.inputs.distance(&now).unwrap_or(u32::MAX);
        let (own, from_parent) = (distance(&self.slots[ply]), distance(&self.slots[parent]));
        if from_parent < own {
            self.slots[ply] = self.slots[parent];
        }
        let network = &self.network;
        let slot = &mut self.slots[ply];
        if own.min(from_parent) < now.count() {
            let sums = &mut slot.sums;
            slot.inputs
                .changes(&now, |input, on| network.change(sums, input, on));
        } else {
            slot.sums = network.sums(&now);
        }
        slot.inputs = now;
        network.output(&slot.sums)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::movegen::MoveList;
    use sumito_rules::multiplayer::MultiLayout;
    use sumito_rules::random::splitmix64;

    /// Games of every layout, mostly random moves and often the first (an ejection or a push
    /// where there is one), evaluated at random plies: the carried sums give what the whole
    /// computation gives, from every seat, ejected marbles and turns included.
    #[test]
    fn carried_sums_equal_the_whole_computation() {
        let mut state = 0x5345_4154_5341_4343_u64;
        let mut random = |below: usize| {
            let (next, value) = splitmix64(state);
            state = next;
            (value % below as u64) as usize
        };
        let mut ejections = 0;
        for layout in MultiLayout::ALL {
            let seats = layout.seating().seats();
            let network = SeatsNetwork::built_in(seats).expect("a built-in network");
            let mut carried = SeatsAccumulators::new(network.clone(), 8);
            let mut list = MoveList::default();
            for _ in 0..20 {
                let mut position = layout.position();
                let mut evaluated = 0;
                while !position.is_over() && evaluated < 100 {
                    list.clear();
                    position.legal_moves(&mut list);
                    position = match list.len() {
                        0 => position.pass(),
                        n => {
                            let mv = list.as_slice()[random(n) * random(2)];
                            ejections += usize::from(mv.is_eject());
                            position.play(mv)
                        }
                    };
                    for viewer in layout.seating().all() {
                        let whole = network.evaluate(&position, viewer);
                        let ply = random(12);
                        assert_eq!(carried.evaluate(&position, viewer, ply), whole);
                        evaluated += 1;
                    }
                }
            }
        }
        assert!(ejections > 100, "{ejections} ejections played");
    }
}
