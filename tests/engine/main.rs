//! The tests of the engine itself: the bitboard move generator against the coordinate
//! reference (property tests, perft, the rule cases), the search, games against simple movers,
//! and the protocol spoken over stdin and stdout by the real binary (PROTOCOL.md's annex among
//! them). The programs built on it are tested in `tests/integration/`; two binaries, so that
//! both cores compile them at once.
//!
//! One module: `cargo test --release --test engine perft::` (add `-- --ignored` for the deep
//! runs).

#[path = "../common/mod.rs"]
mod common;

mod movegen_reference;
mod perft;
mod protocol;
mod protocol_fuzz;
mod reference_self_check;
mod rules;
mod search;
mod selfplay;
mod skill_anchor;
mod storm;
