//! Sumito's tools, each behind a subcommand of the binary: matches, the GUI, a game in the
//! terminal, the protocol checker, training data and training.
//!
//! | module | what it is |
//! |---|---|
//! | [`match_runner`] | engine-vs-engine matches: schedules, openings, the suite, statistics |
//! | [`gui`] | the web GUI that plays, watches and analyses through UAP |
//! | [`play`] | a game against Sumito in the terminal |
//! | [`compliance`] | checks a UAP engine against PROTOCOL.md, and times its answers |
//! | [`datagen`] | training positions from fast self-play |
//! | [`tune`] | fits the evaluation's weights and trains its network on datagen data |
//! | [`uap_client`] | drives a UAP engine process from outside |
//! | [`util`] | progress on stderr, measured durations, Ctrl-C |
//!
//! The tools never use each other, but `tune` reads `datagen`'s files; `uap_client` and `util`
//! serve several of them and use nothing of this crate. Each module returns its own error type;
//! the binary prints them as `error: <message>`.

mod say;
pub use say::{note_output, output_failed};

pub mod compliance;
pub mod datagen;
pub mod gui;
pub mod match_runner;
pub mod play;
pub mod tune;
pub mod uap_client;
pub mod util;
