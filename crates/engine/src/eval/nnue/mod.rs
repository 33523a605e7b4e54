//! The learned evaluation: a small network over the marbles on each cell, seen from each side,
//! whose hidden layer is kept up to date move by move (an NNUE, as in chess and shogi engines).
//!
//! - `features`: the inputs, from each side's perspective.
//! - `network`: the quantised weights, the output, and the file format.
//! - `accumulator`: the hidden sums of a position, updated from its parent's.
//! - `aligned`: a value on a cache line's start, as the weights and sums are kept.

mod accumulator;
mod aligned;
mod features;
mod network;

pub use accumulator::Accumulator;
pub use features::{INPUTS, active, lost as lost_input, marble as marble_input};
pub use network::{Activation, HIDDEN, Network, NetworkError, QA, QB};
pub(crate) use network::{Reader, centi_marbles, fnv1a};
