//! Perft: the number of leaf positions of the move tree to a fixed depth, the standard check of a
//! move generator.

use super::list::MoveList;
use super::mv::Move;
use crate::board::Position;
use rayon::prelude::*;

/// Leaves of the move tree `depth` plies below `position`, counting moves at the last ply
/// without playing them.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        _ => {
            let mut list = MoveList::new();
            position.legal_moves(&mut list);
            list.iter()
                .map(|&mv| perft(&position.play(mv), depth - 1))
                .sum()
        }
    }
}

/// Perft per root move, in generation order, with the root moves shared out over rayon's pool.
/// An empty list when `depth` is 0 or the position has no moves.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = position.moves();
    moves
        .as_slice()
        .par_iter()
        .map(|&mv| (mv, perft(&position.play(mv), depth - 1)))
        .collect()
}

/// Perft with the root moves shared out over rayon's pool.
pub fn perft_parallel(position: &Position, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(position, depth);
    }
    perft_divide(position, depth).iter().map(|(_, n)| n).sum()
}
