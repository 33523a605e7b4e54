//! One search of an N-player position: iterative deepening on the main thread, Lazy SMP helper
//! threads beside it sharing the engine's table, and the reports to the protocol.

use super::algorithm::Algorithm;
use super::eval::MultiWeights;
use super::tree::Tree;
use crate::search::{
    Control, Engine, Info, Limits, MATE, MAX_DEPTH, Reported, SearchResult, TimeManager,
    is_decisive,
};
use std::sync::atomic::{AtomicBool, Ordering};
use sumito_rules::movegen::{Move, MoveList};
use sumito_rules::multiplayer::MultiPosition;

/// What to search for: the limits, the algorithm, and the root moves to look at (all when
/// empty).
#[derive(Clone, Debug)]
pub struct MultiRequest {
    /// Depth, nodes, time.
    pub limits: Limits,
    /// Paranoid or Best-Reply Search.
    pub algorithm: Algorithm,
    /// The evaluation's weights.
    pub weights: MultiWeights,
    /// `go searchmoves`.
    pub searchmoves: Vec<Move>,
}

/// Searches `root` as `request` says, on the engine's threads and table. `report` gets a line
/// after each of the main thread's iterations; `answer` gets the result as soon as the main
/// thread has it.
pub fn search_multi(
    engine: &mut Engine,
    root: &MultiPosition,
    request: &MultiRequest,
    control: &Control,
    report: &mut dyn FnMut(&Info),
    answer: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let (limits, algorithm) = (&request.limits, request.algorithm);
    let how = (algorithm, request.weights);
    let searchmoves = &request.searchmoves;
    let mut list = MoveList::default();
    root.legal_moves(&mut list);
    let moves: Vec<Move> = list
        .iter()
        .copied()
        .filter(|mv| searchmoves.is_empty() || searchmoves.contains(mv))
        .collect();
    if moves.is_empty() {
        let result = SearchResult::none();
        answer(&result);
        return result;
    }
    let threads = engine.threads();
    let overhead = engine.settings.move_overhead_ms;
    let tt = engine.table();
    tt.new_search();
    control.begin_count();
    let done = AtomicBool::new(false);
    let max_depth = limits.depth.unwrap_or(u32::MAX).min(MAX_DEPTH);
    let time = TimeManager::new(limits, root.side_to_move().index(), overhead);
    std::thread::scope(|scope| {
        for helper in 1..threads {
            let (moves, done) = (&moves, &done);
            let spawned = std::thread::Builder::new()
                .name(format!("multi-helper-{helper}"))
                .spawn_scoped(scope, move || {
                    let mut tree = Tree::new(tt, control, done, root, how, None);
                    iterate(&mut tree, root, moves, max_depth, helper, &mut |_, _| false);
                    tree.publish();
                });
            if let Err(e) = spawned {
                log::warn!("no helper thread {helper}: {e}");
            }
        }
        let mut tree = Tree::new(tt, control, &done, root, how, Some(time));
        // A round of turns: the seats still in play.
        let seats = root.seating().all().filter(|s| !root.has_left(*s)).count();
        let mut on_iteration = |tree: &mut Tree, iteration: &Iteration| {
            tree.publish();
            let nodes = control.nodes();
            let elapsed = control.elapsed();
            let mut pv = vec![iteration.best];
            pv.extend(tree.line_after(&root.play(iteration.best), iteration.depth as usize));
            report(&Info {
                depth: iteration.depth,
                seldepth: tree.seldepth,
                multipv: 1,
                score: reported(iteration.score, algorithm, seats),
                bound: None,
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
                time: elapsed,
                hashfull: tt.hashfull(),
                pv,
            });
            tree.time
                .stop_after_iteration(control, iteration.best, iteration.score)
                || is_decisive(iteration.score)
        };
        let last = iterate(&mut tree, root, &moves, max_depth, 0, &mut on_iteration);
        tree.publish();
        done.store(true, Ordering::Relaxed);
        let result = SearchResult {
            best: Some(last.best),
            ponder: None,
            score: last.score,
            depth: last.depth,
            nodes: control.nodes(),
            pv: vec![last.best],
            lines: vec![(last.best, last.score)],
        };
        answer(&result);
        result
    })
}

/// A finished iteration of the root.
#[derive(Clone, Copy, Debug)]
struct Iteration {
    depth: u32,
    best: Move,
    score: i32,
}

/// Iterative deepening of one thread: `helper` 0 is the main thread; odd helpers search one
/// ply deeper than the main thread and start from another root move, so that the threads
/// spread over the tree (Lazy SMP). `after` is told of each finished iteration and says
/// whether to stop.
fn iterate(
    tree: &mut Tree,
    root: &MultiPosition,
    moves: &[Move],
    max_depth: u32,
    helper: usize,
    after: &mut dyn FnMut(&mut Tree, &Iteration) -> bool,
) -> Iteration {
    let mut order = moves.to_vec();
    let count = order.len();
    order.rotate_left(helper % count);
    let mut last = Iteration {
        depth: 0,
        best: order[0],
        score: 0,
    };
    let skip = (helper % 2) as u32;
    let mut depth = 1 + skip;
    while depth <= max_depth {
        let found = search_root(tree, root, &mut order, depth);
        if let Some((best, score)) = found {
            // A stopped iteration's best beat the last one's move, searched first: keep it,
            // but not its depth, and report it, so that the move played is the last line
            // shown.
            let changed = best != last.best;
            let done = if tree.stopped { last.depth } else { depth };
            last = Iteration {
                depth: done,
                best,
                score,
            };
            if tree.stopped && changed && done > 0 {
                after(tree, &last);
            }
        }
        if tree.stopped || after(tree, &last) {
            break;
        }
        depth += 1;
    }
    last
}

/// One iteration at the root: every move searched with the window the best so far leaves,
/// the best moved to the front for the next. `None` when the search was stopped before the
/// first move was done; a stopped iteration gives the best of the moves it finished.
fn search_root(
    tree: &mut Tree,
    root: &MultiPosition,
    order: &mut [Move],
    depth: u32,
) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    for index in 0..order.len() {
        let mv = order[index];
        tree.show_progress(depth, mv, index + 1);
        let alpha = best.map_or(-MATE - 1, |(_, score)| score);
        let score = tree.child(&root.play(mv), depth as i32 - 1, alpha, MATE + 1);
        if tree.stopped {
            break;
        }
        if best.is_none_or(|(_, old)| score > old) {
            best = Some((mv, score));
            order[..=index].rotate_right(1);
        }
    }
    best
}

/// The score as the protocol reports it: centi-marbles, or `mate n` for a win in `n` of the
/// mover's own moves (a paranoid ply is one seat's turn, a Best-Reply layer half a round).
fn reported(score: i32, algorithm: Algorithm, seats: usize) -> Reported {
    if !is_decisive(score) {
        return Reported::Centi(score);
    }
    let plies = (MATE - score.abs()).max(1) as usize;
    let round = match algorithm {
        Algorithm::Paranoid => seats,
        Algorithm::BestReply => 2,
    };
    let moves = ((plies - 1) / round + 1) as i32;
    Reported::Mate(if score > 0 { moves } else { -moves })
}
