//! The state of a search, by who holds it: what all threads of one search share ([`Shared`]),
//! and what each thread keeps for itself ([`ThreadData`]).

use super::control::Control;
use super::ordering::{Heuristics, OrderedMoves};
use super::score::MAX_PLY;
use super::tt::TranspositionTable;
use crate::eval::nnue::{Accumulator, Network};
use std::sync::atomic::AtomicBool;
use sumito_rules::board::{Colour, Position};
use sumito_rules::movegen::Move;

/// What all threads of one search share.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// The stop flag, the ponder state and the clock.
    pub control: &'a Control,
    /// Set by the main thread when it is done, to stop the helpers. (The nodes of all threads
    /// are counted in the control, every [`CHECK_INTERVAL`](super::negamax::CHECK_INTERVAL).)
    pub done: AtomicBool,
    /// The network that evaluates (`EvalFile`).
    pub network: &'a Network,
    /// The score of a draw for each side to move, by colour index (from
    /// [`draw_scores`](super::score::draw_scores)): a draw at the move limit scores it, and so
    /// does a cycle on the search line (STRENGTH.md has the cycle scores tried instead).
    pub draws: [i32; 2],
}

impl Shared<'_> {
    /// The score of a draw for the side to move in `position`.
    #[inline(always)]
    pub(super) fn draw(&self, position: &Position) -> i32 {
        self.draws[position.side_to_move().index()]
    }

    /// The static evaluation of `position` for this search, whose network sums are
    /// `accumulator`.
    #[inline(always)]
    pub(super) fn evaluate(&self, position: &Position, accumulator: &Accumulator) -> i32 {
        accumulator.evaluate(self.network, position.side_to_move())
    }
}

/// Per-thread search state: node counts, move-ordering heuristics, the principal variation and
/// the line of positions for repetition detection.
///
/// The threads' data lie side by side in one `Vec`, and each thread writes its own at every
/// node (`nodes`, `evals`, `played`): aligned to 128 bytes, two threads never write into one
/// cache line, nor into the pair of lines x86 processors fetch together.
#[repr(align(128))]
pub struct ThreadData {
    /// Thread number; 0 is the main thread.
    pub id: usize,
    /// Nodes searched in the current search.
    pub nodes: u64,
    /// Deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// Killers and history.
    pub heuristics: Heuristics,
    /// The moves of the node at each ply.
    pub moves: Vec<OrderedMoves>,
    /// The static evaluation of the node at each ply of the current line.
    pub evals: [i32; MAX_PLY + 1],
    /// The network's hidden sums of the node at each ply of the current line.
    pub accumulators: Vec<Accumulator>,
    /// For the node at each ply whose sums are not up to date yet, its parent (see
    /// `Searcher::make`); `None` where they are.
    pub stale: Vec<Option<Position>>,
    /// The move played at each ply of the current line (`Move::NONE` for a null move).
    pub played: [Move; MAX_PLY + 1],
    /// Triangular principal variation table: `pv[ply]` is the best line from `ply`.
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Keys of the game's positions and the search line, with each one's total of marbles lost.
    line: Vec<(u64, u8)>,
    /// How many keys of `line` fall in each slot (by [`on_line_slot`]): a key alone in its slot
    /// cannot repeat, and most are, so that the repetition check seldom scans the line.
    on_line: Box<[u32; ON_LINE_SLOTS]>,
}

/// Slots of [`ThreadData::on_line`].
const ON_LINE_SLOTS: usize = 1 << 12;

/// The slot of `key` in [`ThreadData::on_line`].
#[inline(always)]
fn on_line_slot(key: u64) -> usize {
    key as usize % ON_LINE_SLOTS
}

impl ThreadData {
    /// Fresh data for thread `id`.
    pub fn new(id: usize) -> ThreadData {
        ThreadData {
            id,
            nodes: 0,
            seldepth: 0,
            heuristics: Heuristics::default(),
            moves: (0..=MAX_PLY).map(|_| OrderedMoves::default()).collect(),
            evals: [0; MAX_PLY + 1],
            accumulators: vec![Accumulator::default(); MAX_PLY + 2],
            stale: vec![None; MAX_PLY + 2],
            played: [Move::NONE; MAX_PLY + 1],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            line: Vec::with_capacity(1024),
            on_line: Box::new([0; ON_LINE_SLOTS]),
        }
    }

    /// Starts a search from the last position of `game` (earlier positions count for
    /// repetitions).
    pub fn start(&mut self, game: &[Position]) {
        self.nodes = 0;
        self.seldepth = 0;
        self.heuristics.clear_killers();
        self.line.clear();
        self.on_line.fill(0);
        for position in game {
            self.push(position);
        }
    }

    /// Enters `position` on the search line.
    #[inline]
    pub fn push(&mut self, position: &Position) {
        self.enter(position.hash(), lost_total(position));
    }

    /// Enters `position`, reached by a null move, on the search line. A pass is not a move of
    /// the game: no repetition is counted across it.
    #[inline]
    pub fn push_null(&mut self, position: &Position) {
        self.enter(position.hash(), AFTER_NULL_MOVE);
    }

    /// Enters the position of hash `key` on the line, with its total of marbles lost (or
    /// [`AFTER_NULL_MOVE`]), and counts its key in its slot.
    #[inline(always)]
    fn enter(&mut self, key: u64, lost: u8) {
        self.line.push((key, lost));
        self.on_line[on_line_slot(key)] += 1;
    }

    /// Leaves the last position of the search line.
    #[inline]
    pub fn pop(&mut self) {
        if let Some((key, _)) = self.line.pop() {
            self.on_line[on_line_slot(key)] -= 1;
        }
    }

    /// Has the last position of the line (the current node) occurred before on the line with
    /// the same side to move? Ejections cannot be undone, so the scan stops at the last one,
    /// and at the last null move.
    #[inline]
    pub fn is_repetition(&self) -> bool {
        let Some(&(key, lost)) = self.line.last() else {
            return false;
        };
        // Most nodes share their slot with no other position of the line: no scan.
        if self.on_line[on_line_slot(key)] < 2 {
            return false;
        }
        self.line
            .iter()
            .rev()
            .skip(1)
            .take_while(|&&(_, l)| l == lost)
            .skip(1)
            .step_by(2)
            .any(|&(k, _)| k == key)
    }

    /// The move that led to the node at `ply` (none at the root or after a null move).
    #[inline]
    pub fn previous_move(&self, ply: usize) -> Move {
        ply.checked_sub(1).map_or(Move::NONE, |p| self.played[p])
    }

    /// Clears the principal variation at `ply`.
    #[inline]
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = 0;
    }

    /// `mv` followed by the line found below it becomes the line at `ply`.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let (upper, lower) = self.pv.split_at_mut(ply + 1);
        upper[ply][0] = mv;
        if child_len > 0 {
            upper[ply][1..=child_len].copy_from_slice(&lower[0][..child_len]);
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// The principal variation found at `ply`.
    pub fn pv(&self, ply: usize) -> &[Move] {
        &self.pv[ply][..self.pv_len[ply]]
    }
}

/// Marks the position after a null move on the line, in place of its marbles lost: no real
/// position has that many, so the scan for repetitions stops there.
const AFTER_NULL_MOVE: u8 = u8::MAX;

#[inline]
fn lost_total(position: &Position) -> u8 {
    position.lost(Colour::Black) + position.lost(Colour::White)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_seen_two_plies_back_repeats() {
        let start = Position::startpos();
        let mut line = vec![start];
        for text in ["a1b1", "i5h5", "c1b1", "f5g5"] {
            let next = line
                .last()
                .unwrap()
                .play(line.last().unwrap().parse_move(text).unwrap());
            line.push(next);
        }
        let mut td = ThreadData::new(0);
        td.start(&line[..4]);
        assert!(!td.is_repetition());
        td.push(&line[4]);
        assert!(td.is_repetition(), "back at the start with Black to move");
        td.pop();
        td.start(&line[..2]);
        assert!(!td.is_repetition());
    }

    #[test]
    fn no_repetition_is_counted_across_a_null_move() {
        let start = Position::startpos();
        let passed = start.pass();
        let back = passed.pass();
        assert_eq!(back.hash(), start.hash());
        let mut td = ThreadData::new(0);
        td.start(&[start]);
        td.push(&passed);
        td.push(&back);
        assert!(
            td.is_repetition(),
            "the same line through real moves repeats"
        );
        td.start(&[start]);
        td.push_null(&passed);
        td.push(&back);
        assert!(!td.is_repetition(), "a pass is not a move of the game");
    }

    #[test]
    fn repetitions_are_found_as_the_line_grows_and_leaving_it_uncounts_its_keys() {
        // Each side steps a group out and back, a different group each round: the start comes
        // back every four plies, and from ply 8 on every position is one of the first eight.
        let mut line = vec![Position::startpos()];
        let out_and_back = |line: &mut Vec<Position>, choice: usize| {
            let start = *line.last().unwrap();
            for ply in 0..4 {
                let last = *line.last().unwrap();
                let mv = if ply < 2 {
                    last.moves().as_slice()[choice]
                } else {
                    // The move that puts the mover's marbles back where they were.
                    let home = line[line.len() - 3].us();
                    *last
                        .moves()
                        .iter()
                        .find(|m| last.play(**m).them() == home)
                        .unwrap()
                };
                line.push(last.play(mv));
            }
            assert_eq!(line.last().unwrap().hash(), start.hash());
        };
        for round in 0..10 {
            out_and_back(&mut line, round % 2);
        }
        let mut td = ThreadData::new(0);
        td.start(&line[..1]);
        for (ply, position) in line.iter().enumerate().skip(1) {
            td.push(position);
            assert_eq!(td.is_repetition(), ply == 4 || ply >= 8, "ply {ply}");
        }
        for _ in 1..line.len() {
            td.pop();
        }
        assert_eq!(
            td.on_line.iter().sum::<u32>(),
            1,
            "only the start is left counted"
        );
        assert!(!td.is_repetition());
    }
}
