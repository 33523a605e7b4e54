//! The learned evaluation of three to six players: a small network over each seat's marbles,
//! seen from one seat, whose output is that seat's expected share of the points.
//!
//! - `inputs`: what the network sees, from the viewer's seat.
//! - `file`: the quantised weights, the output, and the file format.
//!
//! It is computed whole at every evaluation: 11 to 18 marbles a seat make a few dozen inputs,
//! and an N-player search evaluates far fewer positions a second than it generates moves.

mod file;
mod inputs;

pub use file::{HIDDEN, SeatsNetwork, SeatsNetworkError};
pub use inputs::{INPUTS, active};
