//! Counting the move tree of N-seat positions: the check of the move generator against the
//! reference of the tests, and `sumito perft --layout three-player N`.

use super::position::MultiPosition;
use crate::movegen::{Move, MoveList};
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaves `depth` plies below `position`. A seat with no legal move passes, and the pass counts
/// as its one move; a finished game (also when no seat in play can move) has none.
pub fn multi_perft(position: &MultiPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    let mut list = MoveList::default();
    position.legal_moves(&mut list);
    if list.is_empty() {
        return match position.outcome() {
            // No seat in play can move: the game is over.
            Some(_) => 0,
            None => multi_perft(&position.pass(), depth - 1),
        };
    }
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&mv| multi_perft(&position.play(mv), depth - 1))
        .sum()
}

/// [`multi_perft`] that gives up (`None`) once `stop` is set: the protocol's `go perft`, which
/// `stop` ends.
pub fn multi_perft_until(position: &MultiPosition, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= 2 {
        return Some(multi_perft(position, depth));
    }
    multi_root_moves(position)
        .into_iter()
        .map(|mv| multi_perft_until(&position.play_or_pass(mv), depth - 1, stop))
        .sum()
}

/// The moves at the root of a perft: the legal moves, or one pass (`None`) for a seat that
/// has none, or nothing when the game is over.
pub fn multi_root_moves(position: &MultiPosition) -> Vec<Option<Move>> {
    if position.is_over() {
        return Vec::new();
    }
    let mut list = MoveList::default();
    position.legal_moves(&mut list);
    match (list.is_empty(), position.outcome()) {
        (false, _) => list.iter().map(|&mv| Some(mv)).collect(),
        (true, None) => vec![None],
        (true, Some(_)) => Vec::new(),
    }
}

/// The notation of a root move: `pass` for the pass.
pub fn move_text(mv: Option<Move>) -> String {
    mv.map_or_else(|| "pass".to_string(), |mv| mv.to_string())
}

/// [`multi_perft`] split by root move, the root moves shared out over rayon's pool: each move's
/// notation and its count, in generation order. Gives up (`None`) once `stop` is set; calls
/// `done` with each root move's count as it finishes (in any order), for progress reports.
pub fn multi_perft_divide_until(
    position: &MultiPosition,
    depth: u32,
    stop: &AtomicBool,
    done: &(dyn Fn(u64) + Sync),
) -> Option<Vec<(String, u64)>> {
    use rayon::prelude::*;
    if depth == 0 {
        return Some(Vec::new());
    }
    multi_root_moves(position)
        .par_iter()
        .map(|&mv| {
            let count = multi_perft_until(&position.play_or_pass(mv), depth - 1, stop)?;
            done(count);
            Some((move_text(mv), count))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::multiplayer::MultiLayout;

    /// Every position of the first plies: the incremental hash equals the hash from scratch,
    /// the position string reads back to the same position, and marbles are neither made nor
    /// lost except by ejections, which the mover scores.
    #[test]
    fn moves_keep_hash_string_and_marbles() {
        fn walk(position: &MultiPosition, depth: u32) {
            assert_eq!(position.hash(), position.compute_hash(), "{position}");
            let text = position.to_string();
            assert_eq!(
                text.parse::<MultiPosition>().as_ref(),
                Ok(position),
                "{text}"
            );
            if depth == 0 {
                return;
            }
            let mut list = MoveList::default();
            position.legal_moves(&mut list);
            let mover = position.side_to_move();
            for &mv in list.iter() {
                let next = position.play(mv);
                let gained = next.ejected(mover) - position.ejected(mover);
                let lost = position.occupied().count_ones() - next.occupied().count_ones();
                assert_eq!(gained as u32, lost, "{position} {mv}");
                assert_eq!(gained == 1, mv.is_eject(), "{position} {mv}");
                walk(&next, depth - 1);
            }
        }
        for layout in MultiLayout::ALL {
            walk(&layout.position(), 2);
        }
    }
}
