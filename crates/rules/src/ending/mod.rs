//! How a game ends, in the words the records and the protocol share (GAMES.md): why it ended
//! ([`Termination`]), the result token of two players, and for three to six players the
//! finishing ranks, the token that writes them and the points they give.

mod ranking;
mod result;
mod termination;

pub use ranking::{multi_points, multi_ranks, parse_rank_token, rank_token};
pub use result::{result_text, result_token};
pub use termination::{Termination, UnknownTermination};
