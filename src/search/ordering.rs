//! Move ordering: the table move first, then ejections, other pushes, killer moves, and the
//! rest by their history.

use super::score::MAX_PLY;
use crate::board::Colour;
use crate::movegen::{MAX_MOVES, Move, MoveList};

const TABLE_MOVE: i32 = 1 << 30;
const EJECTION: i32 = 1 << 28;
const PUSH: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;

/// Largest magnitude of a history score; well below [`KILLER`].
const HISTORY_MAX: i32 = 1 << 14;

/// Moves that refuted a sibling, and how often each quiet move caused a cut-off.
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 1],
    /// Indexed by colour, then by the move's bits without the flags (tail, direction, size,
    /// axis): 13 bits.
    history: Box<[[i32; 1 << 13]; 2]>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: [[Move::NONE; 2]; MAX_PLY + 1],
            history: Box::new([[0; 1 << 13]; 2]),
        }
    }
}

#[inline]
fn history_index(mv: Move) -> usize {
    (mv.to_bits() & 0x1FFF) as usize
}

impl Heuristics {
    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// Forgets the killers, which belong to the plies of one search.
    pub fn clear_killers(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 1];
    }

    /// Scores every move of `list` for ordering.
    pub fn score(
        &self,
        list: &MoveList,
        scores: &mut [i32; MAX_MOVES],
        table_move: Move,
        ply: usize,
        side: Colour,
    ) {
        let killers = self.killers[ply];
        let history = &self.history[side.index()];
        for (score, &mv) in scores.iter_mut().zip(list.iter()) {
            *score = if mv == table_move {
                TABLE_MOVE
            } else if mv.is_eject() {
                EJECTION + mv.size() as i32
            } else if mv.is_push() {
                PUSH + mv.pushed() as i32 * 8 + mv.size() as i32
            } else if mv == killers[0] {
                KILLER + 1
            } else if mv == killers[1] {
                KILLER
            } else {
                history[history_index(mv)]
            };
        }
    }

    /// A quiet move caused a cut-off at `ply`; the quiet moves tried before it did not.
    pub fn reward(&mut self, mv: Move, tried: &[Move], depth: i32, ply: usize, side: Colour) {
        if mv.is_push() {
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let history = &mut self.history[side.index()];
        update(&mut history[history_index(mv)], bonus);
        for &other in tried.iter().filter(|m| !m.is_push() && **m != mv) {
            update(&mut history[history_index(other)], -bonus);
        }
    }
}

/// Moves the entry towards the bound by `bonus`, less as it nears the bound, so it stays in
/// range and recent results weigh more.
#[inline]
fn update(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

/// Swaps the best-scored move among `index..` into `index` and returns it (one step of a
/// selection sort, so the list is only sorted as far as the search looks).
#[inline]
pub fn pick(list: &mut MoveList, scores: &mut [i32; MAX_MOVES], index: usize) -> Move {
    let moves = list.as_mut_slice();
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn table_move_then_ejections_then_pushes_then_killers() {
        // Black can eject at e9, push at e1..e4 row... built from a small position.
        let position: Position = "5/6/7/8/1bbw2bbw/8/7/6/5 b 0 0 0".parse().unwrap();
        let mut list = position.moves();
        let mut heuristics = Heuristics::default();
        let quiet: Vec<Move> = list.iter().copied().filter(|m| !m.is_push()).collect();
        let (table_move, killer) = (quiet[5], quiet[9]);
        heuristics.reward(killer, &[], 4, 3, Colour::Black);
        let mut scores = [0; MAX_MOVES];
        heuristics.score(&list, &mut scores, table_move, 3, Colour::Black);
        let order: Vec<Move> = (0..list.len())
            .map(|i| pick(&mut list, &mut scores, i))
            .collect();
        assert_eq!(order[0], table_move);
        assert!(order[1].is_eject());
        assert!(order[2].is_push() && !order[2].is_eject());
        assert_eq!(order[3], killer);
        let mut sorted = order.clone();
        sorted.sort_by_key(|m| m.to_bits());
        let mut all: Vec<Move> = position.moves().iter().copied().collect();
        all.sort_by_key(|m| m.to_bits());
        assert_eq!(sorted, all, "picking reorders without losing moves");
    }

    #[test]
    fn history_stays_in_range() {
        let mut entry = 0;
        for _ in 0..10_000 {
            update(&mut entry, HISTORY_MAX / 4);
        }
        assert!(entry > 0 && entry <= HISTORY_MAX);
    }
}
