//! Perft: the number of leaf positions of the move tree to a fixed depth, the standard check of a
//! move generator.

use super::list::MoveList;
use super::mv::Move;
use crate::board::Position;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// [`perft`] that gives up, with `None`, once `stop` is set: it is read at every node above
/// the last two plies, a few hundred times a second at least.
pub fn perft_until(position: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(position, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut list = MoveList::new();
    position.legal_moves(&mut list);
    let mut total = 0;
    for &mv in list.iter() {
        total += perft_until(&position.play(mv), depth - 1, stop)?;
    }
    Some(total)
}

/// Perft per root move, in generation order, with the root moves shared out over rayon's pool.
/// An empty list when `depth` is 0 or the position has no moves.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let never = AtomicBool::new(false);
    perft_divide_until(position, depth, &never, &|_, _| {}).unwrap_or_default()
}

/// [`perft_divide`] that gives up once `stop` is set, and calls `done` with each root move's
/// count as it finishes (in any order), for progress reports.
pub fn perft_divide_until(
    position: &Position,
    depth: u32,
    stop: &AtomicBool,
    done: &(dyn Fn(Move, u64) + Sync),
) -> Option<Vec<(Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let moves = position.moves();
    moves
        .as_slice()
        .par_iter()
        .map(|&mv| {
            let count = perft_until(&position.play(mv), depth - 1, stop)?;
            done(mv, count);
            Some((mv, count))
        })
        .collect()
}

/// Perft with the root moves shared out over rayon's pool.
pub fn perft_parallel(position: &Position, depth: u32) -> u64 {
    if depth <= 2 {
        return perft(position, depth);
    }
    perft_divide(position, depth).iter().map(|(_, n)| n).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layout;

    #[test]
    fn a_stoppable_perft_counts_the_same_until_stopped() {
        let position = Layout::BelgianDaisy.position();
        let running = AtomicBool::new(false);
        for depth in 0..=3 {
            assert_eq!(
                perft_until(&position, depth, &running),
                Some(perft(&position, depth))
            );
        }
        let seen = std::sync::Mutex::new(Vec::new());
        let divided = perft_divide_until(&position, 3, &running, &|mv, n| {
            seen.lock().unwrap().push((mv, n))
        });
        let divided = divided.unwrap();
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|&(mv, _)| mv.to_string());
        let mut sorted = divided.clone();
        sorted.sort_by_key(|&(mv, _)| mv.to_string());
        assert_eq!(seen, sorted);
        let stopped = AtomicBool::new(true);
        assert_eq!(perft_until(&position, 3, &stopped), None);
        assert_eq!(perft_divide_until(&position, 4, &stopped, &|_, _| {}), None);
    }
}
