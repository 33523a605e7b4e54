//! Iterative deepening with aspiration windows around the root search. Every search thread
//! runs it; only the main thread (id 0) reports and decides when to stop between iterations.

use super::control::Progress;
use super::negamax::Searcher;
use super::score::{INFINITY, MATE, MAX_DEPTH, is_decisive};
use super::time::TimeManager;
use std::sync::atomic::Ordering;
use sumito_rules::board::Position;
use sumito_rules::movegen::Move;

/// New best moves found inside an iteration are reported only after this long, so that short
/// searches do not flood the output.
const PV_CHANGE_REPORT_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// A root move with what the last iteration found for it.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its score in the current iteration (`-INFINITY` if it failed low).
    pub score: i32,
    /// Its score in the last completed iteration.
    pub previous: i32,
    /// The line starting with the move.
    pub pv: Vec<Move>,
}

impl RootMove {
    /// A root move not searched yet.
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITY,
            previous: -INFINITY,
            pv: vec![mv],
        }
    }

    /// Its score in the current iteration, or the last completed one's when the current
    /// iteration has none for it.
    pub fn last_score(&self) -> i32 {
        if self.score > -INFINITY {
            self.score
        } else {
            self.previous
        }
    }
}

/// What the main thread hands to the reporter after each iteration (and on a new best move).
pub struct Iteration<'r> {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: usize,
    /// The root moves, the first `lines` in order of merit.
    pub moves: &'r [RootMove],
    /// How many lines are meaningful.
    pub lines: usize,
    /// Set when the first line's score is only a bound: an aspiration window failed, and the
    /// iteration searches the line again in a wider one.
    pub bound: Option<ScoreBound>,
}

/// Which side of the true score a reported score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// How a thread's iterative deepening is set up.
pub struct Plan {
    /// Deepest iteration.
    pub max_depth: u32,
    /// Lines to search (MultiPV).
    pub lines: usize,
    /// When to stop: the search's limits for the main thread, none for a helper.
    pub time: TimeManager,
}

impl<'a, 't> Searcher<'a, 't> {
    /// Iterative deepening from `root` over `moves`; returns the depth last completed. Only the
    /// main thread (id 0) reports and asks its time manager between iterations; helpers start at
    /// varied depths so that the threads do not all search the same tree in step.
    pub fn iterate(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        plan: &Plan,
        report: &mut dyn FnMut(&Iteration),
    ) -> u32 {
        let main = self.td.id == 0;
        let lines = plan.lines.clamp(1, moves.len().max(1));
        let first = if main { 1 } else { 1 + (self.td.id as u32 % 3) };
        let mut completed = 0;
        for depth in first..=plan.max_depth.min(MAX_DEPTH) {
            self.td.seldepth = 0;
            for line in 0..lines {
                self.aspiration(root, moves, line, depth as i32, lines == 1, report);
                if self.stopped {
                    break;
                }
                // A later line can score above an earlier one (the table and the prunings
                // saw other trees): the lines found so far stay best first, stable for ties.
                moves[..=line].sort_by_key(|m| std::cmp::Reverse(m.score));
            }
            if self.stopped {
                break;
            }
            completed = depth;
            self.can_stop = true;
            for m in moves.iter_mut() {
                m.previous = m.score;
            }
            if main {
                self.flush_nodes();
                report(&Iteration {
                    depth,
                    seldepth: self.td.seldepth,
                    moves,
                    lines,
                    bound: None,
                });
                let control = self.shared.control;
                if self
                    .time
                    .stop_after_iteration(control, moves[0].mv, moves[0].score)
                {
                    break;
                }
                // A proven result cannot change with more depth.
                let best = moves[0].score;
                if is_decisive(best) && (MATE - best.abs()) < depth as i32 && lines == 1 {
                    break;
                }
            }
            if self.shared.done.load(Ordering::Relaxed) || self.shared.control.is_stopped() {
                break;
            }
        }
        self.flush_nodes();
        completed
    }

    /// Searches line `line` of the root at `depth` in a window around its previous score,
    /// widening it until the score falls inside.
    fn aspiration(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        line: usize,
        depth: i32,
        report_changes: bool,
        report: &mut dyn FnMut(&Iteration),
    ) {
        let previous = moves[line].previous;
        let mut window = 30;
        let (mut alpha, mut beta) = if depth >= 4 && !is_decisive(previous) && previous > -INFINITY
        {
            (previous - window, previous + window)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root(
                root,
                &mut moves[line..],
                depth,
                (alpha, beta),
                report_changes,
                report,
            );
            if self.stopped {
                return;
            }
            let failed = if score <= alpha && alpha > -INFINITY {
                Some(ScoreBound::Upper)
            } else if score >= beta && beta < INFINITY {
                Some(ScoreBound::Lower)
            } else {
                None
            };
            // After the first second, a GUI is told of the fail before the long re-search.
            if let Some(bound) = failed
                && report_changes
                && self.td.id == 0
                && self.shared.control.elapsed() >= PV_CHANGE_REPORT_AFTER
            {
                self.flush_nodes();
                let mut line_move = moves[line].clone();
                line_move.score = score;
                report(&Iteration {
                    depth: depth as u32,
                    seldepth: self.td.seldepth,
                    moves: std::slice::from_ref(&line_move),
                    lines: 1,
                    bound: Some(bound),
                });
            }
            match failed {
                Some(ScoreBound::Upper) => {
                    beta = (alpha + beta) / 2;
                    alpha = (alpha - window).max(-INFINITY);
                }
                Some(ScoreBound::Lower) => beta = (beta + window).min(INFINITY),
                None => return,
            }
            window *= 2;
            if window > 500 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// One root search over `moves` (best first); sorts them by the new scores.
    /// With `report_changes`, the main thread reports a new best move found after the first
    /// second, before the iteration ends.
    fn root(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        depth: i32,
        (mut alpha, beta): (i32, i32),
        report_changes: bool,
        report: &mut dyn FnMut(&Iteration),
    ) -> i32 {
        let mut best = -INFINITY;
        let mut best_index = 0;
        self.refresh(root);
        self.td.evals[0] = self.evaluate(root, 0);
        let main = self.td.id == 0;
        for index in 0..moves.len() {
            let mv = moves[index].mv;
            if main {
                // Sampling the table is left to the moves begun after the first second, when
                // the progress line is written at all.
                let late = self.shared.control.elapsed() >= PV_CHANGE_REPORT_AFTER;
                self.shared.control.set_progress(Progress {
                    depth: depth as u32,
                    currmove: mv,
                    number: index as u32 + 1,
                    hashfull: if late { self.shared.tt.hashfull() } else { 0 },
                });
            }
            let child = root.play(mv);
            self.make(root, 0);
            self.td.played[0] = mv;
            self.td.push(&child);
            let mut score;
            if index == 0 {
                score = -self.search(&child, depth - 1, -beta, -alpha, 1, true);
            } else {
                score = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta {
                    score = -self.search(&child, depth - 1, -beta, -alpha, 1, true);
                }
            }
            self.td.pop();
            if self.stopped {
                // Only a move that beat the fully searched first move is worth keeping from an
                // unfinished iteration; the order otherwise stays that of the last one.
                if index > 0 && best_index > 0 {
                    moves[..=best_index].rotate_right(1);
                }
                return best;
            }
            let root_move = &mut moves[index];
            if score > alpha || index == 0 {
                root_move.score = score;
                root_move.pv.clear();
                root_move.pv.push(mv);
                root_move.pv.extend_from_slice(self.td.pv(1));
            } else {
                root_move.score = -INFINITY;
            }
            if score > best {
                best = score;
                best_index = index;
                if main
                    && report_changes
                    && index > 0
                    && score > alpha
                    && score < beta
                    && self.shared.control.elapsed() >= PV_CHANGE_REPORT_AFTER
                {
                    self.flush_nodes();
                    let moves = std::slice::from_ref(&moves[index]);
                    report(&Iteration {
                        depth: depth as u32,
                        seldepth: self.td.seldepth,
                        moves,
                        lines: 1,
                        bound: None,
                    });
                }
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        // Stable: equal scores keep the previous order.
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        best
    }
}
