//! Static evaluation: the worth of a position for the side to move, in centi-marbles, by the
//! learned network ([`nnue`], docs/network.md), the only evaluation of two-player games; and
//! what each side could push ([`contact`]), which the quiescence search generates from and the
//! N-player evaluation counts threats with.
//!
//! Where each part lives:
//! - `nnue`: the network, its file format and the hidden sums kept up to date along a line.
//! - `contact`: [`Contact`], the pushes and ejections each side could make with one move.
//! - `network_file`: reading a network file, and only a network's file.

mod contact;
pub mod network_file;
pub mod nnue;

pub use contact::{Contact, contact, ejectable, pushable};

use sumito_rules::board::Position;

/// The evaluation of `position` by `network`, from the side to move's view, in centi-marbles,
/// as the search's static evaluation gives it.
pub fn evaluate(position: &Position, network: &nnue::Network) -> i32 {
    nnue::Accumulator::new(network, position).evaluate(network, position.side_to_move())
}

/// What the protocol's `eval` and `sumito eval` print for a two-player position: `eval <n>`,
/// the network's evaluation from the side to move's view. The network's inputs are the
/// marbles themselves, so there are no separate terms to show.
pub fn report(position: &Position, network: &nnue::Network) -> String {
    format!("eval {}\n", evaluate(position, network))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::{Colour, Layout};

    /// The same game for the other side: the colours swapped and the board reflected in row
    /// e, the symmetry that shows White's perspective.
    fn swapped(position: &Position) -> Position {
        let mirror = sumito_rules::board::Symmetry::from_index(11);
        let [black, white] = Colour::BOTH.map(|c| mirror.bits(position.stones(c)));
        let lost = [position.lost(Colour::White), position.lost(Colour::Black)];
        let side = position.side_to_move().opponent();
        Position::from_parts(white, black, side, lost, position.plies())
    }

    #[test]
    fn the_same_game_for_the_other_side_evaluates_the_same() {
        let network = nnue::Network::embedded();
        for layout in Layout::ALL {
            let mut position = layout.position();
            for ply in 0..40 {
                let eval = evaluate(&position, &network);
                assert_eq!(evaluate(&swapped(&position), &network), eval, "{position}");
                assert_eq!(report(&position, &network), format!("eval {eval}\n"));
                let moves = position.moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves.as_slice()[(ply * 7) % moves.len()]);
            }
        }
    }

    #[test]
    fn a_marble_up_is_good_for_its_side() {
        let network = nnue::Network::embedded();
        let up: Position = "5/6/7/8/3bbb3/3ww3/7/6/5 b 0 1 0".parse().unwrap();
        let level: Position = "5/6/7/8/3bbb3/3ww3/7/6/5 b 0 0 0".parse().unwrap();
        assert!(evaluate(&up, &network) > evaluate(&level, &network));
    }
}
