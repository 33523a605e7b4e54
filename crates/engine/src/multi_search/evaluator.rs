//! What evaluates an N-player search's positions: the hand-chosen weights of the seating's
//! kind of game, or a network trained on games of its number of players (`SeatsEvalFile`).

use super::eval::{MultiWeights, evaluate};
use super::network::SeatsNetwork;
use std::sync::Arc;
use sumito_rules::board::{Seat, Seating};
use sumito_rules::multiplayer::MultiPosition;

/// The evaluation of one search.
#[derive(Clone, Debug, PartialEq)]
pub enum MultiEval {
    /// The linear evaluation with these weights.
    Hand(MultiWeights),
    /// A network trained for the position's number of players.
    Network(Arc<SeatsNetwork>),
}

impl MultiEval {
    /// `position`'s worth to `seat`'s team, in centi-marbles.
    #[inline]
    pub fn evaluate(&self, position: &MultiPosition, seat: Seat) -> i32 {
        match self {
            MultiEval::Hand(weights) => evaluate(position, seat, weights),
            MultiEval::Network(network) => network.evaluate(position, seat),
        }
    }
}

/// The engine's choice of N-player evaluation, the `SeatsEvalFile` option.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum SeatsEval {
    /// The hand-chosen weights for every number of players (`SeatsEvalFile` empty).
    #[default]
    Hand,
    /// This network for games of its number of players, the weights for the others.
    Network(Arc<SeatsNetwork>),
}

impl SeatsEval {
    /// What evaluates a game of `seating`.
    pub fn for_seating(&self, seating: Seating) -> MultiEval {
        match self {
            SeatsEval::Network(network) if network.players == seating.seats() => {
                MultiEval::Network(network.clone())
            }
            _ => MultiEval::Hand(MultiWeights::for_seating(seating)),
        }
    }
}
