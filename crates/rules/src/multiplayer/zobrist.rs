//! Zobrist keys of N-seat positions: one per seat and cell, per seat and ejected count, per seat
//! to move and per seat that has left. Fixed at compile time, like the two-player keys.

use crate::board::{MAX_SEATS, Seat};
use crate::random::splitmix64;

/// Most marbles one seat can have ejected that the keys tell apart (position strings allow no
/// more).
pub const MAX_EJECTED: usize = 63;

struct Keys {
    marble: [[u64; 64]; MAX_SEATS],
    ejected: [[u64; MAX_EJECTED + 1]; MAX_SEATS],
    to_move: [u64; MAX_SEATS],
    left: [u64; MAX_SEATS],
}

const KEYS: Keys = {
    let mut keys = Keys {
        marble: [[0; 64]; MAX_SEATS],
        ejected: [[0; MAX_EJECTED + 1]; MAX_SEATS],
        to_move: [0; MAX_SEATS],
        left: [0; MAX_SEATS],
    };
    // A seed of its own, so that no N-seat key equals a two-player key.
    let mut state = 0x4D55_4C54_4953_4541_u64; // "MULTISEA"
    let mut seat = 0;
    while seat < MAX_SEATS {
        let mut i = 0;
        while i < 64 {
            let (s, key) = splitmix64(state);
            state = s;
            keys.marble[seat][i] = key;
            i += 1;
        }
        // Zero ejected contributes nothing, so a start position hashes its marbles and mover.
        let mut n = 1;
        while n <= MAX_EJECTED {
            let (s, key) = splitmix64(state);
            state = s;
            keys.ejected[seat][n] = key;
            n += 1;
        }
        let (s, key) = splitmix64(state);
        keys.to_move[seat] = key;
        let (s, key) = splitmix64(s);
        keys.left[seat] = key;
        state = s;
        seat += 1;
    }
    keys
};

/// Key of a marble of `seat` on the cell with bit index `index`.
#[inline]
pub fn marble(seat: Seat, index: u8) -> u64 {
    KEYS.marble[seat.index()][index as usize]
}

/// Key of `seat` having ejected `count` marbles (capped at [`MAX_EJECTED`]).
#[inline]
pub fn ejected(seat: Seat, count: u8) -> u64 {
    KEYS.ejected[seat.index()][(count as usize).min(MAX_EJECTED)]
}

/// Key of `seat` being the one to move.
#[inline]
pub fn to_move(seat: Seat) -> u64 {
    KEYS.to_move[seat.index()]
}

/// Key of `seat` having left the game.
#[inline]
pub fn left(seat: Seat) -> u64 {
    KEYS.left[seat.index()]
}
