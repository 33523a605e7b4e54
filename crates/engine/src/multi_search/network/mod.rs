//! The learned evaluation of three to six players: a small network over each seat's marbles,
//! seen from one seat, whose output is that seat's expected share of the points.
//!
//! - `inputs`: what the network sees, from the viewer's seat.
//! - `file`: the quantised weights, the output, and the file format.
//! - `accumulator`: the hidden sums a search carries from one position to the next.

mod accumulator;
mod file;
mod inputs;

pub use accumulator::SeatsAccumulators;
pub use file::{HIDDEN, SeatsNetwork, SeatsNetworkError};
pub use inputs::{INPUTS, active};
