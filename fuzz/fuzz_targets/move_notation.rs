//! Any text as a move in the three layouts and a midgame position: parsing never panics, and
//! an accepted move is legal and formats back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumito_rules::board::{Layout, Position};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let midgame: Position = "www1b/w2bb1/bw2bbb/b1www1b1/3b5/2bww3/2bw3/4w1/1bww1 b 1 0 38"
        .parse()
        .expect("a valid position");
    let positions = Layout::ALL.map(Layout::position);
    for position in positions.iter().chain(std::iter::once(&midgame)) {
        if let Ok(mv) = position.parse_move(&text) {
            assert!(position.moves().contains(mv));
            assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
        }
    }
});
