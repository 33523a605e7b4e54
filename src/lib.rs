//! Sumito, an Abalone engine.
//!
//! # The map
//! The crate in layers, each using only those below it (the binary's `cli/` stands on top: one
//! file per subcommand, holding its clap arguments and its `run`, and `main.rs` only parses and
//! dispatches).
//!
//! | layer | module | what it is |
//! |---|---|---|
//! | tools | [`tune`] | fits the evaluation's weights to datagen data |
//! | | [`datagen`] | training positions from fast self-play |
//! | | [`match_runner`] | engine-vs-engine matches: schedules, openings, the suite, statistics |
//! | | [`gui`] | the web GUI that plays, watches and analyses through UAP |
//! | | [`play`] | a game against Sumito in the terminal |
//! | | [`compliance`] | checks a UAP engine against PROTOCOL.md, and times its answers |
//! | | [`uap_client`] | drives a UAP engine process from outside |
//! | | [`util`] | progress on stderr, measured durations, Ctrl-C |
//! | games | [`records`] | game records: write, read, replay, verify |
//! | | [`analysis`] | whole games and single positions analysed with the search |
//! | | [`adjudication`] | ending a game early by the engines' scores (`--draw`, `--resign`) |
//! | | [`agreement`] | when Sumito accepts a draw or resigns |
//! | | [`selfplay`] | in-process players, for datagen, timing and tests |
//! | | [`clock`] | game clocks and time controls, for whoever runs a game |
//! | engine | [`protocol`] | the UAP engine loop: commands, options, errors, output |
//! | | [`search`] | iterative deepening PVS on several threads, its time manager, the table |
//! | | [`eval`] | the static evaluation: terms, weights, phase, `Dare` |
//! | | [`multi_search`] | three to six players: evaluation, paranoid and Best-Reply Search |
//! | rules | [`ending`] | how a game ends: terminations, result tokens, ranks and points |
//! | | [`multiplayer`] | three to six players: seats, layouts, positions and their strings, perft |
//! | | [`movegen`] | moves, Aba-Pro notation, legal move generation, perft |
//! | | [`board`] | cells, directions, bitboards, positions, position strings, layouts |
//! | | [`random`] | the seeded random numbers of the Zobrist keys and of reproducible games |
//!
//! Which may use which:
//! - Each layer uses only the layers below it; within the rules, `board` and `movegen` use each
//!   other (a position plays a `Move`).
//! - `eval` uses the rules; `search` uses `eval`; `multi_search` uses `eval`'s push sets and
//!   `search`'s table, control and time manager; `protocol` uses both searches.
//! - `clock` uses `search` (a time control becomes search `Limits`); `records` uses `clock`
//!   (a record writes its time control).
//! - The tools use anything below them and never each other, but `tune` reads `datagen`'s
//!   files; `uap_client` and `util` are theirs, used by several of them.
//!
//! Each module returns its own error type; the binary prints them as `error: <message>`.
//!
//! ```
//! // Not built as a doctest (6 s of every `cargo test --release`): `tests::the_crate_example_holds`.
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

pub mod adjudication;
pub mod agreement;
pub mod analysis;
pub mod board;
pub mod clock;
pub mod compliance;
pub mod datagen;
pub mod ending;
pub mod eval;
pub mod gui;
pub mod match_runner;
pub mod movegen;
pub mod multi_search;
pub mod multiplayer;
pub mod play;
pub mod protocol;
pub mod random;
pub mod records;
pub mod search;
pub mod selfplay;
pub mod tune;
pub mod uap_client;
pub mod util;

#[cfg(test)]
mod tests {
    /// The example at the top of this page.
    #[test]
    fn the_crate_example_holds() {
        let start = crate::board::Position::startpos();
        assert_eq!(start.count_moves(), 44);
        let mv = start.parse_move("a1b1").unwrap();
        assert_eq!(mv.to_string(), "a1b1");
    }
}
