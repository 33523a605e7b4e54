//! Any text as a position string of any number of players: parsing never panics, and what
//! parses formats and parses back to the same position with a consistent hash; an N-seat
//! position's moves all play, each keeping the hash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sumito_rules::movegen::MoveList;
use sumito_rules::game::AnyPosition;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<AnyPosition>() {
        Ok(AnyPosition::Two(position)) => {
            let again: AnyPosition = position
                .to_string()
                .parse()
                .expect("a formatted position parses");
            assert_eq!(again, AnyPosition::Two(position));
            assert_eq!(position.hash(), position.compute_hash());
            let _ = position.outcome();
        }
        Ok(AnyPosition::Multi(position)) => {
            let again: AnyPosition = position
                .to_string()
                .parse()
                .expect("a formatted position parses");
            assert_eq!(again, AnyPosition::Multi(position));
            assert_eq!(position.hash(), position.compute_hash());
            let _ = position.outcome();
            let mut list = MoveList::default();
            position.legal_moves(&mut list);
            for &mv in list.iter() {
                let next = position.play(mv);
                assert_eq!(next.hash(), next.compute_hash());
            }
        }
        Err(_) => {}
    }
});
