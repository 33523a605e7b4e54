//! Zobrist keys: a fixed random number for every feature of a position.
//!
//! The keys are generated at compile time by SplitMix64 from a fixed seed, so hashes are the same
//! on every build and machine (useful for the `key` line of `d` and for reproducible tests).

use super::colour::Colour;
use crate::random::splitmix64;

/// Most marbles a side can have lost (all 14).
pub const MAX_LOST: usize = 14;

struct Keys {
    marble: [[u64; 64]; 2],
    lost: [[u64; MAX_LOST + 1]; 2],
    white_to_move: u64,
}

const KEYS: Keys = {
    let mut keys = Keys {
        marble: [[0; 64]; 2],
        lost: [[0; MAX_LOST + 1]; 2],
        white_to_move: 0,
    };
    let mut state = 0x5355_4D49_544F_u64; // "SUMITO"
    let mut colour = 0;
    while colour < 2 {
        let mut i = 0;
        while i < 64 {
            let (s, key) = splitmix64(state);
            state = s;
            keys.marble[colour][i] = key;
            i += 1;
        }
        // Losing no marbles contributes nothing, so a fresh position hashes its marbles only.
        let mut n = 1;
        while n <= MAX_LOST {
            let (s, key) = splitmix64(state);
            state = s;
            keys.lost[colour][n] = key;
            n += 1;
        }
        colour += 1;
    }
    keys.white_to_move = splitmix64(state).1;
    keys
};

/// Key of a marble of `colour` on the cell with bit index `index`.
#[inline]
pub fn marble(colour: Colour, index: u8) -> u64 {
    KEYS.marble[colour.index()][index as usize]
}

/// Key of `colour` having lost `count` marbles.
#[inline]
pub fn lost(colour: Colour, count: u8) -> u64 {
    KEYS.lost[colour.index()][count as usize]
}

/// Key toggled when White is to move.
#[inline]
pub fn white_to_move() -> u64 {
    KEYS.white_to_move
}
