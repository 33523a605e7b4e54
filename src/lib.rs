//! Sumito, an Abalone engine.
//!
//! The rules core lives in [`board`] (cells, bitboards, positions, position strings, layouts)
//! and [`movegen`] (moves, Aba-Pro notation, legal move generation, perft).
//!
//! ```
//! use sumito::board::Position;
//! let start = Position::startpos();
//! assert_eq!(start.count_moves(), 44);
//! let mv = start.parse_move("a1b1").unwrap();
//! assert_eq!(mv.to_string(), "a1b1");
//! ```

/// `println!` that ignores a closed stdout (`sumito bench | head`) instead of panicking.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

pub mod analysis;
pub mod board;
pub mod clock;
pub mod compliance;
pub mod datagen;
pub mod eval;
pub mod gui;
pub mod match_runner;
pub mod movegen;
pub mod play;
pub mod protocol;
pub mod records;
pub mod search;
pub mod selfplay;
pub mod tune;
pub mod uap_client;
pub mod util;
