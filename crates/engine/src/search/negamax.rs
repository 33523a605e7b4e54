//! The search proper: negamax alpha-beta with principal variation search, null-move pruning,
//! late-move reductions, and a quiescence search over pushes.

use super::ordering::KILLER;
use super::picker::MovePicker;
use super::score::{
    DRAW, INFINITY, MATE_BOUND, MAX_PLY, is_decisive, loss_in, terminal_score, win_in,
};
use super::thread_data::{Shared, ThreadData};
use super::time::TimeManager;
use super::tt::Bound;
use std::sync::atomic::Ordering;
use sumito_rules::board::{Position, RINGS};
use sumito_rules::movegen::Move;
use sumito_rules::random::splitmix64;

/// Nodes between two looks at the clock and the stop flags.
pub(super) const CHECK_INTERVAL: u64 = 1024;

/// One thread's searcher.
pub struct Searcher<'a, 't> {
    pub shared: &'a Shared<'a>,
    pub td: &'t mut ThreadData,
    /// When to stop: the main thread's limits, or none for a helper.
    pub time: TimeManager,
    /// Set once the search must unwind; every score computed after it is meaningless.
    pub stopped: bool,
    /// The first iteration always completes, so there is always a move to play.
    pub can_stop: bool,
    flushed: u64,
}

/// Where a node stands in the tree; what the parts of its search share.
#[derive(Clone, Copy)]
struct Node {
    /// Plies left to search.
    depth: i32,
    /// Plies from the root.
    ply: usize,
    /// An open window: the node may lie on the principal variation.
    pv: bool,
    /// The static evaluation is above that of two plies before (the same side to move).
    improving: bool,
}

/// What the transposition table says about a node before it is searched.
enum Probe {
    /// A deep enough entry settles the node's score.
    Cut(i32),
    /// Search the node, trying `table_move` first; `eval` is its static evaluation.
    Search { table_move: Move, eval: i32 },
}

/// Reverse futility pruning: deepest node it applies to, and its margin per ply of depth
/// (centi-marbles).
const FUTILITY_DEPTH: i32 = 6;
const FUTILITY_MARGIN: i32 = 50;

/// Late-move pruning: deepest node it applies to.
const MOVE_COUNT_DEPTH: i32 = 5;

/// Late-move pruning: the quiet moves searched at `depth` before the rest are skipped; twice
/// as many while the evaluation improves.
#[inline(always)]
fn move_count_limit(depth: i32, improving: bool) -> usize {
    let base = 2 + (depth * depth) as usize;
    if improving { 2 * base } else { base }
}

/// Late-move reduction in plies for a depth and a move number (the N-player searches take
/// it too).
pub(crate) fn reduction(depth: i32, index: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = [[0u8; 64]; 64];
        for (d, row) in table.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.0) as u8;
            }
        }
        table
    });
    table[(depth as usize).min(63)][index.min(63)] as i32
}

impl<'a, 't> Searcher<'a, 't> {
    /// A searcher for thread data `td` that stops as `time` says.
    pub fn new(
        shared: &'a Shared<'a>,
        td: &'t mut ThreadData,
        time: TimeManager,
    ) -> Searcher<'a, 't> {
        Searcher {
            shared,
            td,
            time,
            stopped: false,
            can_stop: false,
            flushed: 0,
        }
    }

    /// The static evaluation of `position`, the node at `ply`.
    #[inline(always)]
    pub(super) fn evaluate(&mut self, position: &Position, ply: usize) -> i32 {
        self.bring_up_to_date(position, ply);
        self.shared.evaluate(position, &self.td.accumulators[ply])
    }

    /// Notes that the node at `ply + 1` is a child of `parent`, the node at `ply`: the network's
    /// sums of the child are brought up to date only when it is evaluated, or when a node below
    /// it is, so that a child that the table cuts off never pays for them.
    #[inline(always)]
    pub(super) fn make(&mut self, parent: &Position, ply: usize) {
        self.td.stale[ply + 1] = Some(*parent);
    }

    /// Brings the network's sums of `position`, the node at `ply`, up to date, and those of the
    /// nodes above it that are not.
    #[inline(always)]
    pub(super) fn bring_up_to_date(&mut self, position: &Position, ply: usize) {
        if let Some(parent) = self.td.stale[ply].take() {
            self.bring_up_to_date(&parent, ply - 1);
            let next = self.td.accumulators[ply - 1].update(self.shared.network, &parent, position);
            self.td.accumulators[ply] = next;
        }
        // Every search of the unit tests checks the sums it evaluates with against sums from
        // scratch.
        #[cfg(test)]
        {
            let whole = crate::eval::nnue::Accumulator::new(self.shared.network, position);
            assert!(
                self.td.accumulators[ply] == whole,
                "stale sums at ply {ply}: {position}"
            );
        }
    }

    /// Sets the network's sums of the root, `position`, from scratch.
    pub(super) fn refresh(&mut self, position: &Position) {
        self.td.accumulators[0] =
            crate::eval::nnue::Accumulator::new(self.shared.network, position);
        self.td.stale[0] = None;
    }

    /// Publishes the node count and decides whether to stop.
    #[inline(always)]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let nodes = self.td.nodes;
        if let Some(limit) = self.time.node_limit() {
            let others = self.shared.control.nodes() - self.flushed;
            if self.can_stop && nodes + others >= limit {
                self.stopped = true;
                return true;
            }
        }
        if nodes - self.flushed >= CHECK_INTERVAL {
            self.flush_nodes();
            if self.can_stop {
                let control = self.shared.control;
                if self.time.past_hard_deadline(control) {
                    control.stop();
                }
                self.stopped = control.is_stopped() || self.shared.done.load(Ordering::Relaxed);
            }
        }
        self.stopped
    }

    /// Adds the nodes not yet counted to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared.control.add_nodes(self.td.nodes - self.flushed);
        self.flushed = self.td.nodes;
    }

    /// Negamax search of `position` to `depth` plies within (alpha, beta).
    pub fn search(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let node = Node {
            depth,
            ply,
            pv: beta - alpha > 1,
            improving: false,
        };
        self.td.clear_pv(ply);
        // A search that stopped unwinds without counting more nodes, even where a caller
        // re-searches before looking at the flag.
        if self.stopped {
            return 0;
        }
        if let Some(score) = terminal_score(position, ply, self.shared.draw(position)) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.quiesce(position, alpha, beta, ply, 0);
        }
        self.td.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if ply > 0 {
            if self.td.is_repetition() {
                return DRAW + self.shared.draw(position);
            }
            // No line from here can beat a win already found closer to the root.
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        let key = table_key(position);
        let (table_move, eval) = match self.probe(position, key, node, alpha, beta) {
            Probe::Cut(score) => return score,
            Probe::Search { table_move, eval } => (table_move, eval),
        };
        self.td.evals[ply] = eval;
        let improving = ply >= 2 && eval > self.td.evals[ply - 2];
        let node = Node { improving, ..node };
        if let Some(score) = self.reverse_futility(node, beta, eval) {
            return score;
        }
        if allow_null && let Some(score) = self.null_move(position, node, beta, eval) {
            return score;
        }

        let Some((best_score, best_move)) =
            self.search_moves(position, table_move, node, alpha, beta)
        else {
            return 0;
        };
        if best_score == -INFINITY {
            // Only a finished game (handled above) or a blocked side has no move: a loss.
            return loss_in(ply);
        }

        let bound = Bound::of(best_score, alpha, beta);
        let tt = self.shared.tt;
        tt.store(key, ply, best_move, best_score, eval, depth, bound);
        best_score
    }

    /// Looks the node up in the table: a cut when a deep enough entry settles the score outside
    /// a PV node; else the move to try first and the static evaluation (from the entry when there
    /// is one, to save computing it).
    #[inline(always)]
    fn probe(&mut self, position: &Position, key: u64, node: Node, alpha: i32, beta: i32) -> Probe {
        let Some(entry) = self.shared.tt.probe(key, node.ply) else {
            return Probe::Search {
                table_move: Move::NONE,
                eval: self.evaluate(position, node.ply),
            };
        };
        if !node.pv && entry.depth >= node.depth {
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if cut {
                return Probe::Cut(entry.score);
            }
        }
        Probe::Search {
            table_move: entry.mv,
            eval: entry.eval,
        }
    }

    /// Reverse futility pruning: at low depth outside the principal variation, a static
    /// evaluation that beats beta by a margin per ply is taken as the node's score.
    #[inline(always)]
    fn reverse_futility(&self, node: Node, beta: i32, eval: i32) -> Option<i32> {
        let margin = FUTILITY_MARGIN * (node.depth - node.improving as i32);
        let prune =
            !node.pv && node.depth <= FUTILITY_DEPTH && !is_decisive(beta) && eval - margin >= beta;
        prune.then_some(eval)
    }

    /// Null move: if passing still holds beta, a real move almost surely does too. Returns the
    /// node's score when the pass settles it (0 if the search stopped meanwhile).
    #[inline(always)]
    fn null_move(&mut self, position: &Position, node: Node, beta: i32, eval: i32) -> Option<i32> {
        let depth = node.depth;
        if node.pv || depth < 3 || eval < beta || is_decisive(beta) {
            return None;
        }
        let r = 3 + depth / 4;
        let passed = position.pass();
        self.bring_up_to_date(position, node.ply);
        self.td.accumulators[node.ply + 1] = self.td.accumulators[node.ply];
        self.td.stale[node.ply + 1] = None;
        self.td.played[node.ply] = Move::NONE;
        self.td.push_null(&passed);
        let score = -self.search(
            &passed,
            depth - 1 - r,
            -beta,
            -beta + 1,
            node.ply + 1,
            false,
        );
        self.td.pop();
        if self.stopped {
            return Some(0);
        }
        if score >= beta {
            return Some(if is_decisive(score) { beta } else { score });
        }
        None
    }

    /// Searches the node's moves, in order, the table's move first: the first with the full
    /// window, the others with a null window (reduced when late and quiet) and again with the
    /// full one if they beat alpha. Returns the best score (`-INFINITY` if there is no move)
    /// and the move that raised alpha (`Move::NONE` if none did), or `None` if the search
    /// stopped.
    #[inline(always)]
    fn search_moves(
        &mut self,
        position: &Position,
        table_move: Move,
        node: Node,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, Move)> {
        let (depth, ply) = (node.depth, node.ply);
        let side = position.side_to_move();
        let counter = self.td.heuristics.counter(side, self.td.previous_move(ply));
        let mut picker = MovePicker::new(table_move, counter, ply, side);
        let mut best_score = -INFINITY;
        let mut best_move = Move::NONE;
        let mut tried_quiet = [Move::NONE; 64];
        let mut quiet_count = 0;
        let mut index = 0;
        while let Some((mv, order)) = {
            let td = &mut *self.td;
            picker.next(position, &mut td.moves[ply], &td.heuristics)
        } {
            let quiet = !mv.is_push();
            // Moves come best first, so once one is pruned all the rest would be.
            if quiet && order < KILLER && self.prunes_late_move(node, quiet_count, best_score) {
                break;
            }
            let child = position.play(mv);
            self.shared.tt.prefetch(table_key(&child));
            self.make(position, ply);
            self.td.played[ply] = mv;
            self.td.push(&child);
            let mut score;
            if index == 0 {
                score = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                let r = self.late_move_reduction(node, index, quiet && order < KILLER);
                score = -self.search(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && r > 0 {
                    score = -self.search(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.td.pop();
            if self.stopped {
                return None;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    alpha = score;
                    self.td.update_pv(ply, mv);
                    if score >= beta {
                        let tried = &tried_quiet[..quiet_count];
                        let previous = self.td.previous_move(ply);
                        let heuristics = &mut self.td.heuristics;
                        heuristics.reward(mv, tried, depth, ply, side, previous);
                        break;
                    }
                }
            }
            if quiet && quiet_count < tried_quiet.len() {
                tried_quiet[quiet_count] = mv;
                quiet_count += 1;
            }
            index += 1;
        }
        Some((best_score, best_move))
    }

    /// Late-move pruning: at low depth, once `quiet_count` quiet moves have been searched, the
    /// remaining quiet moves (not killers, the least promising by history) are skipped, unless
    /// every move so far loses.
    #[inline(always)]
    fn prunes_late_move(&self, node: Node, quiet_count: usize, best_score: i32) -> bool {
        let depth = node.depth;
        depth <= MOVE_COUNT_DEPTH
            && best_score > -MATE_BOUND
            && quiet_count >= move_count_limit(depth, node.improving)
    }

    /// Plies by which to reduce the null-window search of move `index` (after the first):
    /// only quiet moves that are not killers, late in the list at enough depth, and one ply
    /// less at a PV node.
    #[inline(always)]
    fn late_move_reduction(&self, node: Node, index: usize, quiet_non_killer: bool) -> i32 {
        let depth = node.depth;
        if depth >= 3 && index >= 3 && quiet_non_killer {
            let not_improving = !node.improving as i32;
            (reduction(depth, index) - node.pv as i32 + not_improving).clamp(0, depth - 2)
        } else {
            0
        }
    }

    /// Searches only pushes until the position is quiet, so that the search never stops in the
    /// middle of an exchange. Ejections are always tried; other pushes only at the first
    /// quiescence ply and only when they drive a marble onto the edge, where it can be ejected.
    pub fn quiesce(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        if self.stopped {
            return 0;
        }
        self.td.nodes += 1;
        self.td.clear_pv(ply);
        self.td.seldepth = self.td.seldepth.max(ply);
        if self.check_stop() {
            return 0;
        }
        if let Some(score) = terminal_score(position, ply, self.shared.draw(position)) {
            return score;
        }
        let stand_pat = self.evaluate(position, ply);
        if stand_pat >= beta || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        // Looked for only now: most quiescence nodes cut off on the evaluation alone.
        let contact = crate::eval::contact(position);
        alpha = alpha.max(stand_pat);
        // The evaluation found every push there is: none, nothing to generate.
        let side = position.side_to_move().index();
        let list = &mut self.td.moves[ply].list;
        match qply {
            0 if contact.ejectable[side] | contact.pushable[side] != 0 => position.push_moves(list),
            _ if contact.ejectable[side] != 0 => position.eject_moves(list),
            _ => return stand_pat,
        }
        let mut best = stand_pat;
        let edge = RINGS[4];
        for index in 0..self.td.moves[ply].list.len() {
            let mv = self.td.moves[ply].list.as_slice()[index];
            let child = position.play(mv);
            // Only pushes that eject or drive a marble onto the edge (at the first ply: below
            // it, only ejections are generated).
            if !mv.is_eject() && child.us() & !position.them() & edge == 0 {
                continue;
            }
            self.make(position, ply);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.td.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
/// Plies before a move limit from which the limit can matter to a search: deeper than any line.
const LIMIT_HORIZON: u32 = 2 * MAX_PLY as u32;

/// The table key of `position`: its hash, and near a move limit the plies left as well. The side
/// ahead wins at the limit, so the same marbles can be a win with one ply left and an even game
/// with fifty, and what was found for one must not be reused for the other.
#[inline(always)]
fn table_key(position: &Position) -> u64 {
    let limit = position.move_limit();
    let left = limit.saturating_sub(position.plies());
    if limit == 0 || left > LIMIT_HORIZON {
        return position.hash();
    }
    position.hash() ^ splitmix64(u64::from(left)).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_key_tells_plies_left_apart_only_near_a_move_limit() {
        let start = Position::startpos();
        let other_ply: Position = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 40"
            .parse()
            .unwrap();
        assert_eq!(
            start.hash(),
            other_ply.hash(),
            "ply counts are not in the hash"
        );
        assert_eq!(table_key(&start), start.hash());
        assert_eq!(table_key(&other_ply), start.hash());
        let (near, nearer) = (start.with_max_plies(50), other_ply.with_max_plies(10));
        assert_ne!(table_key(&near), table_key(&nearer));
        assert_ne!(table_key(&near), start.hash());
        let far = start.with_max_plies(LIMIT_HORIZON + 1);
        assert_eq!(table_key(&far), start.hash(), "a far limit cannot matter");
    }
}
