//! Games above the engine: what whoever runs a game needs, whether a match, a game in the
//! terminal or the GUI.
//!
//! | module | what it is |
//! |---|---|
//! | [`records`] | game records: write, read, replay, verify |
//! | [`analysis`] | whole games and single positions analysed with the search |
//! | [`adjudication`] | ending a game early by the engines' scores (`--draw`, `--resign`) |
//! | [`agreement`] | when Sumito accepts a draw or resigns |
//! | [`selfplay`] | in-process players, for datagen, timing and tests |
//! | [`clock`] | game clocks and time controls |
//!
//! `clock` uses the engine's `search` (a time control becomes search `Limits`); `records` uses
//! `clock` (a record writes its time control); `agreement` uses `analysis` (a score's words).
//! Each module returns its own error type.

pub mod adjudication;
pub mod agreement;
pub mod analysis;
pub mod clock;
pub mod records;
pub mod selfplay;
