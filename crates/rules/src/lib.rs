//! The rules of Abalone for two to six players, apart from any engine: cells, directions and
//! bitboards, positions and their strings, the layouts, moves in Aba-Pro notation, legal move
//! generation, perft, and how a game ends. Another Abalone program can depend on it alone.
//!
//! | module | what it is |
//! |---|---|
//! | [`board`] | cells, directions, bitboards, two-player positions, position strings, layouts, seats |
//! | [`movegen`] | moves, Aba-Pro notation, legal move generation, perft |
//! | [`multiplayer`] | three to six players: layouts, positions and their strings, moves, perft |
//! | [`game`] | one game for two to six seats: starts and positions of either kind, turns |
//! | [`ending`] | how a game ends: terminations, result tokens, ranks and points |
//! | [`random`] | the seeded random numbers of the Zobrist keys and of reproducible games |
//!
//! `board` and `movegen` use each other (a position plays a `Move`); `multiplayer` builds on
//! both, `game` on the two kinds of position, `ending` on their outcomes. `random` uses
//! nothing.
//!
//! ```
//! // Not built as a doctest (6 s of every `cargo test --release`): tests/units.rs runs it.
//! use sumito_rules::board::Position;
//! let start = Position::startpos();
//! assert_eq!(start.count_moves(), 44);
//! let mv = start.parse_move("a1b1").unwrap();
//! assert_eq!(mv.to_string(), "a1b1");
//! ```

pub mod board;
pub mod ending;
pub mod game;
pub mod movegen;
pub mod multiplayer;
pub mod random;
