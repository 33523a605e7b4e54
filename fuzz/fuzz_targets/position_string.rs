//! Any text as a position string: parsing never panics, and what parses formats and parses
//! back to the same position with a consistent hash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumito::board::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(position) = text.parse::<Position>() {
        let again: Position = position.to_string().parse().expect("a formatted position parses");
        assert_eq!(again, position);
        assert_eq!(position.hash(), position.compute_hash());
        let _ = position.outcome();
    }
});
