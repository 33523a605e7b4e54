//! The unit tests of every library crate, gathered into one test binary: each crate's own
//! test binary would be another link with full LTO (four of them cost about 45 s of CPU in a
//! clean `cargo test --release`), so the crates have `[lib] test = false` and their modules
//! are compiled in here, at this crate's root, where their `crate::` paths find each other.
//! Each crate's modules keep their names; across crates they call the real crates
//! (`sumito_rules::…`), as in the library.
//!
//! One crate's tests: `cargo test --release --test units board::` (a module's name).

// Compiled here for their `#[cfg(test)]` modules: much of each crate's API goes unused, and
// lints that spare a library's public API (its names) would see private items here.
#![allow(dead_code, unused_imports, clippy::enum_variant_names)]

// sumito-rules
#[path = "../crates/rules/src/board/mod.rs"]
mod board;
#[path = "../crates/rules/src/ending/mod.rs"]
mod ending;
#[path = "../crates/rules/src/game/mod.rs"]
mod game;
#[path = "../crates/rules/src/movegen/mod.rs"]
mod movegen;
#[path = "../crates/rules/src/multiplayer/mod.rs"]
mod multiplayer;
#[path = "../crates/rules/src/random.rs"]
mod random;

// sumito-engine
#[path = "../crates/engine/src/eval/mod.rs"]
mod eval;
#[path = "../crates/engine/src/identity.rs"]
mod identity;
#[path = "../crates/engine/src/multi_search/mod.rs"]
mod multi_search;
#[path = "../crates/engine/src/protocol/mod.rs"]
mod protocol;
#[path = "../crates/engine/src/search/mod.rs"]
mod search;

// sumito-games
#[path = "../crates/games/src/adjudication.rs"]
mod adjudication;
#[path = "../crates/games/src/agreement.rs"]
mod agreement;
#[path = "../crates/games/src/analysis/mod.rs"]
mod analysis;
#[path = "../crates/games/src/clock/mod.rs"]
mod clock;
#[path = "../crates/games/src/records/mod.rs"]
mod records;
#[path = "../crates/games/src/selfplay.rs"]
mod selfplay;

// sumito-tools
#[path = "../crates/tools/src/compliance/mod.rs"]
mod compliance;
#[path = "../crates/tools/src/datagen/mod.rs"]
mod datagen;
#[path = "../crates/tools/src/gui/mod.rs"]
mod gui;
#[path = "../crates/tools/src/match_runner/mod.rs"]
mod match_runner;
#[path = "../crates/tools/src/play/mod.rs"]
mod play;
#[path = "../crates/tools/src/say.rs"]
mod say;
// Where `say!` finds it, at the crate's root, as in the library.
use say::note_output;
#[path = "../crates/tools/src/tune/mod.rs"]
mod tune;
#[path = "../crates/tools/src/uap_client/mod.rs"]
mod uap_client;
#[path = "../crates/tools/src/util/mod.rs"]
mod util;

/// The example at the top of sumito-rules' page.
#[test]
fn the_rules_crate_example_holds() {
    let start = sumito_rules::board::Position::startpos();
    assert_eq!(start.count_moves(), 44);
    let mv = start.parse_move("a1b1").unwrap();
    assert_eq!(mv.to_string(), "a1b1");
}
