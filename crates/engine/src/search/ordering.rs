//! Move ordering: the table move first, then ejections, other pushes, killer moves, the
//! counter-move, and the rest by their history.

use super::score::MAX_PLY;
use sumito_rules::board::Colour;
use sumito_rules::movegen::{MAX_MOVES, Move, MoveList};

/// Ordering score of the table's move, above all others.
pub const TABLE_MOVE: i32 = 1 << 30;
const EJECTION: i32 = 1 << 28;
const PUSH: i32 = 1 << 27;
/// Ordering score of the second killer move; every other quiet move scores below it.
pub const KILLER: i32 = 1 << 26;
/// Ordering score of the counter-move, just below the killers.
const COUNTER: i32 = KILLER - 1;

/// Largest magnitude of a history score; well below [`KILLER`].
const HISTORY_MAX: i32 = 1 << 14;

/// Moves that refuted a sibling, and how often each quiet move caused a cut-off.
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 1],
    /// Indexed by colour, then by the move's bits without the flags (tail, direction, size,
    /// axis): 13 bits.
    history: Box<[[i32; 1 << 13]; 2]>,
    /// The quiet move that last refuted each opponent move, by colour and the refuted move's
    /// bits as for history.
    counters: Box<[[Move; 1 << 13]; 2]>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: [[Move::NONE; 2]; MAX_PLY + 1],
            history: Box::new([[0; 1 << 13]; 2]),
            counters: Box::new([[Move::NONE; 1 << 13]; 2]),
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

    /// The counter-move `side` has for the opponent's move `previous` (none for no move).
    #[inline]
    pub fn counter(&self, side: Colour, previous: Move) -> Move {
        if previous.is_some() {
            self.counters[side.index()][history_index(previous)]
        } else {
            Move::NONE
        }
    }

    /// The ordering score of `mv` at `ply` for `side`, where `counter` refuted the opponent's
    /// last move.
    #[inline]
    fn score(&self, mv: Move, table_move: Move, counter: Move, ply: usize, side: Colour) -> i32 {
        if mv == table_move {
            TABLE_MOVE
        } else if mv.is_eject() {
            EJECTION + mv.size() as i32
        } else if mv.is_push() {
            PUSH + mv.pushed() as i32 * 8 + mv.size() as i32
        } else if mv == self.killers[ply][0] {
            KILLER + 1
        } else if mv == self.killers[ply][1] {
            KILLER
        } else if mv == counter {
            COUNTER
        } else {
            self.history[side.index()][history_index(mv)]
        }
    }

    /// A quiet move caused a cut-off at `ply`, in reply to the opponent's move `previous`; the
    /// quiet moves tried before it did not.
    pub fn reward(
        &mut self,
        mv: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
        side: Colour,
        previous: Move,
    ) {
        if mv.is_push() {
            return;
        }
        if previous.is_some() {
            self.counters[side.index()][history_index(previous)] = mv;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        let history = &mut self.history[side.index()];
        update(&mut history[history_index(mv)], bonus(depth));
        for &other in tried.iter().filter(|m| !m.is_push() && **m != mv) {
            update(&mut history[history_index(other)], -bonus(depth));
        }
    }
}

/// The history bonus of a cut-off at `depth`.
#[inline]
fn bonus(depth: i32) -> i32 {
    (depth * depth).min(HISTORY_MAX / 4)
}

/// Moves the entry towards the bound by `bonus`, less as it nears the bound, so it stays in
/// range and recent results weigh more.
#[inline]
fn update(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

/// Picks in order after this many moves: by then the node is probably one where every move is
/// searched, and one sort is cheaper than repeated scans. Late-move pruning stops most quiet
/// stages near the leaves within a few picks, so scanning a little longer pays: callgrind
/// `bench --depth 7` (the same tree for every value) 760.7M instructions at 3, 744.8M at 5,
/// 745.6M at 8, 751.6M at 12, 767.6M with no sort at all.
const SELECTION_PICKS: usize = 8;

/// The bits of a key that hold its place in [`OrderedMoves::keys`] (below 512 > [`MAX_MOVES`]).
const SLOT: u64 = (1 << MOVE_SHIFT) - 1;
/// Where the move's 16 bits start in a key.
const MOVE_SHIFT: u32 = 9;
/// Where the biased 32-bit score starts in a key.
const SCORE_SHIFT: u32 = MOVE_SHIFT + 16;
const _: () = assert!(
    MAX_MOVES <= SLOT as usize + 1,
    "a place must fit in the slot bits"
);

/// A node's moves with their ordering scores, handed out best first. Each thread keeps one per
/// ply, so nodes neither allocate nor clear these arrays.
pub struct OrderedMoves {
    /// The moves as generated.
    pub list: MoveList,
    /// Score (biased to be unsigned) in the high bits, then the move's bits, then the key's place
    /// in this array: sorting the keys sorts the moves, ties broken by the move bits so that the
    /// order is reproducible, and the largest key tells where it is.
    keys: [u64; MAX_MOVES],
}

impl Default for OrderedMoves {
    fn default() -> OrderedMoves {
        OrderedMoves {
            list: MoveList::new(),
            keys: [0; MAX_MOVES],
        }
    }
}

impl OrderedMoves {
    /// Scores the moves of `self.list` for picking; `counter` refuted the opponent's last move.
    pub fn score(
        &mut self,
        heuristics: &Heuristics,
        table_move: Move,
        counter: Move,
        ply: usize,
        side: Colour,
    ) {
        let moves = self.list.iter().enumerate();
        let [first, second] = heuristics.killers[ply];
        let history = &heuristics.history[side.index()];
        for (key, (slot, &mv)) in self.keys.iter_mut().zip(moves) {
            // Most moves are quiet and none of the four above the history: one test, without a
            // branch for each of the five, sends them to their history.
            let special = mv.is_push() | (mv == table_move) | (mv == first) | (mv == second);
            let score = match special | (mv == counter) {
                true => heuristics.score(mv, table_move, counter, ply, side),
                false => history[history_index(mv)],
            };
            let biased = (score as i64 - i32::MIN as i64) as u64;
            *key = biased << SCORE_SHIFT | (mv.to_bits() as u64) << MOVE_SHIFT | slot as u64;
        }
    }

    /// The move at `index` in order of score, and its score. Call with 0, 1, 2, … in turn.
    #[inline]
    pub fn pick(&mut self, index: usize) -> (Move, i32) {
        let keys = &mut self.keys[..self.list.len()];
        if index < SELECTION_PICKS {
            // The largest key holds its own place: one pass without a branch on the keys, which
            // the compiler writes as vector code (a scan that keeps the best index mispredicts).
            let best = keys[index..].iter().fold(0, |best, &key| best.max(key));
            let at = (best & SLOT) as usize;
            keys.swap(index, at);
            // The key moved to `at` learns its new place.
            keys[at] = keys[at] & !SLOT | at as u64;
        } else if index == SELECTION_PICKS {
            keys[index..].sort_unstable_by(|a, b| b.cmp(a));
        }
        let key = keys[index];
        let score = ((key >> SCORE_SHIFT) as i64 + i32::MIN as i64) as i32;
        (Move::from_bits((key >> MOVE_SHIFT) as u16), score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Position;

    #[test]
    fn table_move_then_ejections_then_pushes_then_killers_then_counter_then_history() {
        // Black can eject at e9 (e7e8) and push at e4 (e2e3).
        let position: Position = "5/6/7/8/1bbw2bbw/8/7/6/5 b 0 0 0".parse().unwrap();
        let mut ordered = OrderedMoves::default();
        position.legal_moves(&mut ordered.list);
        let mut heuristics = Heuristics::default();
        let quiet: Vec<Move> = ordered
            .list
            .iter()
            .copied()
            .filter(|m| !m.is_push())
            .collect();
        let (table_move, killer) = (quiet[5], quiet[9]);
        let previous = quiet[0];
        heuristics.reward(killer, &[], 4, 3, Colour::Black, Move::NONE);
        // A cut-off by quiet[1] at another ply: history only.
        heuristics.reward(quiet[1], &quiet[2..5], 6, 9, Colour::Black, Move::NONE);
        // A shallow cut-off by quiet[7] in reply to `previous`: less history, but the counter.
        let countering = quiet[7];
        heuristics.reward(countering, &[], 2, 20, Colour::Black, previous);
        assert_eq!(heuristics.counter(Colour::Black, previous), countering);
        assert_eq!(heuristics.counter(Colour::White, previous), Move::NONE);
        assert_eq!(heuristics.counter(Colour::Black, Move::NONE), Move::NONE);
        let counter = heuristics.counter(Colour::Black, previous);
        ordered.score(&heuristics, table_move, counter, 3, Colour::Black);
        let picks: Vec<(Move, i32)> = (0..ordered.list.len()).map(|i| ordered.pick(i)).collect();
        assert!(
            picks.windows(2).all(|w| w[0].1 >= w[1].1),
            "scores never rise"
        );
        let order: Vec<Move> = picks.iter().map(|p| p.0).collect();
        assert_eq!(order[0], table_move);
        assert!(order[1].is_eject());
        assert!(order[2].is_push() && !order[2].is_eject());
        assert_eq!(order[3], killer);
        assert_eq!(order[4], countering, "the counter-move after the killers");
        assert_eq!(order[5], quiet[1], "history first among the rest");
        assert_eq!(
            picks[5].1,
            heuristics.score(quiet[1], table_move, counter, 3, Colour::Black)
        );
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
