//! What evaluates an N-player search's positions: a network trained on games of its number of
//! players, or the hand-chosen weights of the seating's kind of game (`SeatsEvalFile`).

use super::eval::{MultiWeights, evaluate};
use super::network::{SeatsAccumulators, SeatsNetwork};
use crate::search::MAX_PLY;
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

/// One search thread's evaluation: the weights, or a network with the sums it carries from
/// one position to the next.
#[derive(Clone)]
pub enum ThreadEval {
    /// The linear evaluation with these weights.
    Hand(MultiWeights),
    /// A network and its sums.
    Network(SeatsAccumulators),
}

impl ThreadEval {
    /// A thread's evaluation by `eval`, for plies up to the search's deepest.
    pub fn new(eval: &MultiEval) -> ThreadEval {
        match eval {
            MultiEval::Hand(weights) => ThreadEval::Hand(*weights),
            MultiEval::Network(network) => {
                ThreadEval::Network(SeatsAccumulators::new(network.clone(), MAX_PLY))
            }
        }
    }

    /// `position`'s worth to `seat`'s team, as [`MultiEval::evaluate`] gives it, for a
    /// position at `ply` of the search.
    #[inline]
    pub fn evaluate(&mut self, position: &MultiPosition, seat: Seat, ply: usize) -> i32 {
        match self {
            ThreadEval::Hand(weights) => evaluate(position, seat, weights),
            ThreadEval::Network(sums) => sums.evaluate(position, seat, ply),
        }
    }
}

/// The engine's choice of N-player evaluation, the `SeatsEvalFile` option.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum SeatsEval {
    /// The networks built in, for the games of the numbers of players they were trained on;
    /// the weights for the others (`SeatsEvalFile` empty).
    #[default]
    BuiltIn,
    /// The hand-chosen weights for every number of players (`SeatsEvalFile` `hand`).
    Hand,
    /// This network for games of its number of players, the built-in ones for the others.
    Network(Arc<SeatsNetwork>),
}

impl SeatsEval {
    /// What evaluates a game of `seating`.
    pub fn for_seating(&self, seating: Seating) -> MultiEval {
        let seats = seating.seats();
        let network = match self {
            SeatsEval::Hand => None,
            SeatsEval::Network(network) if network.players == seats => Some(network.clone()),
            _ => SeatsNetwork::built_in(seats),
        };
        match network {
            Some(network) => MultiEval::Network(network),
            None => MultiEval::Hand(MultiWeights::for_seating(seating)),
        }
    }
}
