//! The engine for three to six players: the evaluation of a seat (hand-chosen weights or a
//! learned network), and the searches (paranoid and Best-Reply Search) over
//! [`sumito_rules::multiplayer`]'s positions, sharing the two-player search's table, control
//! and time manager.

mod algorithm;
mod busy;
mod eval;
mod evaluator;
mod network;
mod search;
mod tree;

pub use algorithm::{Algorithm, UnknownAlgorithm};
pub use eval::{MultiWeights, evaluate, report};
pub use evaluator::{MultiEval, SeatsEval};
pub use network::active as seats_inputs;
pub use network::{
    HIDDEN as SEATS_HIDDEN, INPUTS as SEATS_INPUTS, SeatsNetwork, SeatsNetworkError,
};
pub use search::{MultiRequest, search_multi, seats_signature};
