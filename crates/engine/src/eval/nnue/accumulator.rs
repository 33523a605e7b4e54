//! The hidden layer's sums for both perspectives, kept up to date move by move: a move changes
//! at most six cells and one lost count, so the child's sums are the parent's with a few
//! columns added and taken away, not a sum over every marble.

use super::features::{active, lost, marble};
use super::network::{HIDDEN, Network};
use sumito_rules::board::{Cells, Colour, Position};

/// The hidden sums of a position, by perspective ([`Colour::index`]), on a cache line's start
/// as the weight columns added to them are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator(pub [[i16; HIDDEN]; 2]);

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator([[0; HIDDEN]; 2])
    }
}

impl Accumulator {
    /// The sums of `position`, from scratch.
    pub fn new(network: &Network, position: &Position) -> Accumulator {
        let mut sums = [*network.input_bias; 2];
        for (perspective, sums) in Colour::BOTH.into_iter().zip(&mut sums) {
            active(position, perspective, |input| {
                add(sums, &network.input_weights[input])
            });
        }
        Accumulator(sums)
    }

    /// The sums of `child`, a position one move (or a pass) from `parent`, whose sums these are.
    #[inline]
    pub fn update(&self, network: &Network, parent: &Position, child: &Position) -> Accumulator {
        let mut next = *self;
        for colour in Colour::BOTH {
            let (before, after) = (parent.stones(colour), child.stones(colour));
            let (gone, came) = (before & !after, after & !before);
            let (lost_before, lost_after) = (parent.lost(colour), child.lost(colour));
            for (perspective, sums) in Colour::BOTH.into_iter().zip(&mut next.0) {
                for cell in Cells(gone) {
                    sub(
                        sums,
                        &network.input_weights[marble(perspective, colour, cell.index())],
                    );
                }
                for cell in Cells(came) {
                    add(
                        sums,
                        &network.input_weights[marble(perspective, colour, cell.index())],
                    );
                }
                if lost_before != lost_after {
                    sub(
                        sums,
                        &network.input_weights[lost(perspective, colour, lost_before)],
                    );
                    add(
                        sums,
                        &network.input_weights[lost(perspective, colour, lost_after)],
                    );
                }
            }
        }
        next
    }

    /// The evaluation of the position these are the sums of, for `side` to move, in
    /// centi-marbles.
    #[inline]
    pub fn evaluate(&self, network: &Network, side: Colour) -> i32 {
        network.output(&self.0[side.index()], &self.0[side.opponent().index()])
    }
}

/// Adds a column (plain loops over fixed sizes: vectorised for the target).
#[inline(always)]
fn add(sums: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
    for (s, c) in sums.iter_mut().zip(column) {
        *s = s.wrapping_add(*c);
    }
}

#[inline(always)]
fn sub(sums: &mut [i16; HIDDEN], column: &[i16; HIDDEN]) {
    for (s, c) in sums.iter_mut().zip(column) {
        *s = s.wrapping_sub(*c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Layout;

    /// A network of arbitrary small weights: every input moves every sum.
    fn network() -> Network {
        let mut network = Network::zero(String::new());
        for (i, column) in network.input_weights.iter_mut().enumerate() {
            for (j, w) in column.iter_mut().enumerate() {
                *w = ((i * 37 + j * 11) % 61) as i16 - 30;
            }
        }
        for (j, b) in network.input_bias.iter_mut().enumerate() {
            *b = (j % 13) as i16;
        }
        for (half, weights) in network.output_weights.iter_mut().enumerate() {
            for (j, w) in weights.iter_mut().enumerate() {
                *w = ((j * 5 + half * 3) % 21) as i16 - 10;
            }
        }
        network
    }

    #[test]
    fn updated_sums_equal_sums_from_scratch_along_games() {
        let network = network();
        for layout in Layout::ALL {
            let mut position = layout.position();
            let mut sums = Accumulator::new(&network, &position);
            for ply in 0..300 {
                assert_eq!(sums, Accumulator::new(&network, &position), "{position}");
                let moves = position.moves();
                if moves.is_empty() {
                    break;
                }
                // Push when possible every third ply, so that marbles are ejected.
                let push = moves.iter().find(|m| m.is_push() && ply % 3 == 0).copied();
                let next =
                    position.play(push.unwrap_or(moves.as_slice()[(ply * 7919) % moves.len()]));
                sums = sums.update(&network, &position, &next);
                position = next;
            }
            assert!(position.lost(Colour::Black) + position.lost(Colour::White) > 0);
        }
    }

    #[test]
    fn both_sides_see_a_layout_alike() {
        let network = network();
        for layout in Layout::ALL {
            let position = layout.position();
            let sums = Accumulator::new(&network, &position);
            assert_eq!(sums.0[0], sums.0[1], "{layout:?}");
            assert_eq!(
                sums.evaluate(&network, Colour::Black),
                sums.evaluate(&network, Colour::White)
            );
        }
    }
}

#[cfg(test)]
mod plain {
    use super::*;
    use sumito_rules::board::Layout;

    /// The positions checked: each layout, and then every fifth position of a fixed walk from it.
    fn positions() -> Vec<Position> {
        let mut positions = Vec::new();
        for layout in Layout::ALL {
            let mut position = layout.position();
            for ply in 0..40 {
                if ply % 5 == 0 {
                    positions.push(position);
                }
                let moves = position.moves();
                position = position.play(moves.as_slice()[(ply * 7) % moves.len()]);
            }
        }
        positions
    }

    /// The built-in network's evaluation of `position` for `side`, computed plainly: each
    /// hidden sum added up in 64 bits from the active inputs' weights, activated and weighed
    /// one by one, then rounded to centi-marbles as the output is. No accumulator, no update,
    /// no loop the compiler may vectorise the same way as the engine's.
    fn plain_evaluation(network: &Network, position: &Position, side: Colour) -> i32 {
        use super::super::network::{Activation, QA, centi_marbles};
        let hidden = |perspective: Colour| -> Vec<i64> {
            let mut sums: Vec<i64> = network.input_bias.iter().map(|&b| i64::from(b)).collect();
            active(position, perspective, |input| {
                for (sum, &w) in sums.iter_mut().zip(&network.input_weights[input]) {
                    *sum += i64::from(w);
                }
            });
            sums
        };
        let activated = |sum: i64| -> i64 {
            let clipped = sum.clamp(0, i64::from(QA));
            match network.activation {
                Activation::Clipped => clipped,
                Activation::SquaredClipped => clipped * clipped / i64::from(QA),
            }
        };
        let halves = [hidden(side), hidden(side.opponent())];
        let mut output = i64::from(network.output_bias);
        for (sums, weights) in halves.iter().zip(network.output_weights.iter()) {
            for (&sum, &w) in sums.iter().zip(weights) {
                output += activated(sum) * i64::from(w);
            }
        }
        centi_marbles(output)
    }

    /// A build for any CPU (CI builds this test once for plain x86-64, no AVX2, where the
    /// loops are not vectorised the same way) evaluates as the plain computation does, with
    /// no 16-bit sum wrapping on the way.
    #[test]
    fn the_built_in_network_evaluates_as_the_plain_computation() {
        let network = Network::embedded();
        for position in positions() {
            for side in Colour::BOTH {
                let sums = Accumulator::new(&network, &position);
                let plain = plain_evaluation(&network, &position, side);
                assert_eq!(sums.evaluate(&network, side), plain, "{position} {side}");
            }
        }
    }
}
