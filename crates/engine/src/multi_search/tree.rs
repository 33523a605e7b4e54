//! The two tree searches of three to six players, over one shared transposition table.
//!
//! - **Paranoid**: every seat of another team is taken to play against the root team, so the
//!   game becomes a two-sided alpha-beta search in which the root team's seats maximise and all
//!   others minimise, in the real turn order.
//! - **Best-Reply Search** (Schadd and Winands, "Best Reply Search for Multiplayer Games", IEEE
//!   TCIAIG 2011): the root team's layers alternate with one layer in which only the strongest
//!   reply of all opponents together is played, as if that opponent moved next; the others
//!   pass. The tree is shallower in real turns but reaches the root team's own next move sooner.
//!   With teams, a layer of the root team likewise takes the best move of any of its seats.
//!
//! Both are principal variation searches with late-move reductions, as the two-player search
//! (`scout`): after the first move a null window at the bound the side to act must beat, late
//! quiet moves a few plies shallower, and a move that beats the bound searched again in full.
//!
//! Scores are from the root team's view throughout (not negamax): a table entry is only good
//! for the root seat and algorithm it was searched for, so both are folded into its key.

use super::algorithm::Algorithm;
use super::busy::Busy;
use super::evaluator::{MultiEval, ThreadEval};
use crate::eval::ejectable;
use crate::search::{
    Bound, Control, MATE, MAX_PLY, Progress, TimeManager, TranspositionTable, reduction, win_in,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sumito_rules::board::{MAX_SEATS, Seat};
use sumito_rules::movegen::{Move, MoveList};
use sumito_rules::multiplayer::MultiPosition;
use sumito_rules::random::splitmix64;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// The least depth at which a thread marks the children it searches and leaves those another
/// thread is under for after its other moves, so that nodes near the horizon, the most and the
/// cheapest, pay nothing for it. (3 was the only value measured; it is not tuned.)
const DEFER_DEPTH: i32 = 3;

/// Keys folded into table keys, one per root seat and algorithm: a score is from its root
/// seat's view and found by its algorithm.
const KEYS: [[u64; 2]; MAX_SEATS] = {
    let mut keys = [[0; 2]; MAX_SEATS];
    let mut state = 0x524F_4F54_5345_4154_u64; // "ROOTSEAT"
    let mut i = 0;
    while i < MAX_SEATS {
        let (s, a) = splitmix64(state);
        let (s, b) = splitmix64(s);
        keys[i] = [a, b];
        state = s;
        i += 1;
    }
    keys
};

/// Folded into the keys of Best-Reply Search's opponent layers, whose positions are those of
/// the root team's next layer.
const OPPONENT_LAYER: u64 = splitmix64(0x4F50_504F_4E45_4E54).1; // "OPPONENT"

/// The window of one node, from the root team's view, with its best score and move so far:
/// the root team's seats raise alpha, the others lower beta.
struct Window {
    alpha: i32,
    beta: i32,
    /// The window the node was searched with, for the bound of its result.
    given: (i32, i32),
    maximise: bool,
    best: i32,
    best_move: Move,
}

impl Window {
    fn new(alpha: i32, beta: i32, maximise: bool) -> Window {
        Window {
            alpha,
            beta,
            given: (alpha, beta),
            maximise,
            best: if maximise { -MATE - 1 } else { MATE + 1 },
            best_move: Move::NONE,
        }
    }

    /// Takes the score of `mv` (of standing pat, with no move); true when the window has
    /// closed: the rest of the moves need no search.
    fn update(&mut self, score: i32, mv: Move) -> bool {
        if self.maximise {
            if score > self.best {
                (self.best, self.best_move) = (score, mv);
            }
            self.alpha = self.alpha.max(score);
        } else {
            if score < self.best {
                (self.best, self.best_move) = (score, mv);
            }
            self.beta = self.beta.min(score);
        }
        self.alpha >= self.beta
    }

    /// What the best score says of the node's true score.
    fn bound(&self) -> Bound {
        Bound::of(self.best, self.given.0, self.given.1)
    }
}

/// Late-move reduction of the `index`-th move at `depth`: none for the first three moves,
/// the table move, pushes and killers (not `quiet`), or near the horizon; the two-player
/// search's table otherwise, leaving at least one ply.
fn late_move_reduction(depth: i32, index: usize, quiet: bool) -> i32 {
    if !quiet || depth < 3 || index < 3 {
        return 0;
    }
    reduction(depth, index).clamp(0, depth - 2)
}

/// One thread's search of one root position.
pub struct Tree<'a> {
    tt: &'a TranspositionTable,
    control: &'a Control,
    /// Set by the main thread when it is done: the helpers stop.
    done: &'a AtomicBool,
    /// The main thread's limits; a helper's are none.
    pub time: TimeManager,
    /// The positions the threads are under, when there are several.
    busy: Option<&'a Busy>,
    main: bool,
    algorithm: Algorithm,
    eval: ThreadEval,
    root: Seat,
    /// The root team's seats, as seat bits.
    root_team: u8,
    key: u64,
    /// Nodes searched by this thread not yet added to the control's count.
    unpublished: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// The search must unwind: stopped, out of time or out of nodes.
    pub stopped: bool,
    /// Whether a stop is heeded: the main thread finishes its first iteration whatever comes,
    /// as the two-player search does, so that its move is searched and reported.
    pub can_stop: bool,
    killers: Box<[[Move; 2]; MAX_PLY + 1]>,
    /// A Best-Reply layer's moves, a buffer per ply, so that no node allocates.
    layers: Vec<Vec<(Seat, Move)>>,
    /// The moves of a node left for later (another thread was under them), a buffer per ply.
    deferred: Vec<Vec<(Seat, Move)>>,
}

impl<'a> Tree<'a> {
    /// A search of `root`'s position by `algorithm`; the main thread keeps `time`. `busy` is
    /// shared by the threads when there are several.
    pub fn new(
        (tt, busy): (&'a TranspositionTable, Option<&'a Busy>),
        control: &'a Control,
        done: &'a AtomicBool,
        root: &MultiPosition,
        (algorithm, eval): (Algorithm, &MultiEval),
        time: Option<TimeManager>,
    ) -> Tree<'a> {
        let seat = root.side_to_move();
        Tree {
            tt,
            control,
            done,
            main: time.is_some(),
            time: time.unwrap_or_else(TimeManager::unlimited),
            busy,
            algorithm,
            eval: ThreadEval::new(eval),
            root: seat,
            root_team: root.seating().team_mask(seat),
            key: KEYS[seat.index()][algorithm as usize],
            unpublished: 0,
            seldepth: 0,
            stopped: false,
            can_stop: time.is_none(),
            killers: Box::new([[Move::NONE; 2]; MAX_PLY + 1]),
            layers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            deferred: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
        }
    }

    /// On the main thread, tells the control which root move iteration `depth` searches now
    /// (`number` from 1), for the progress line of a long search; the table's fill is
    /// sampled only from the first second on, when such lines come.
    pub fn show_progress(&self, depth: u32, currmove: Move, number: usize) {
        if !self.main {
            return;
        }
        let late = self.control.elapsed() >= Duration::from_secs(1);
        self.control.set_progress(Progress {
            depth,
            currmove,
            number: u32::try_from(number).unwrap_or(u32::MAX),
            hashfull: if late { self.tt.hashfull() } else { 0 },
        });
    }

    /// Adds the unpublished nodes to the control's count.
    pub fn publish(&mut self) {
        self.control.add_nodes(self.unpublished);
        self.unpublished = 0;
    }

    /// Counts a node and, every so often, looks whether to stop.
    fn count(&mut self, ply: usize) {
        self.unpublished += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.unpublished >= CHECK_EVERY {
            self.publish();
            let out_of_nodes = self
                .time
                .node_limit()
                .is_some_and(|limit| self.control.nodes() >= limit);
            self.stopped = self.can_stop
                && (self.control.is_stopped()
                    || self.done.load(Ordering::Relaxed)
                    || out_of_nodes
                    || (self.main && self.time.past_hard_deadline(self.control)));
        }
    }

    /// The score of a finished game for the root team: a win, a loss, or 0 for a win shared
    /// with another team.
    fn result(&self, winners: u8, ply: usize) -> i32 {
        match (
            winners & self.root_team != 0,
            winners & !self.root_team != 0,
        ) {
            (true, false) => win_in(ply),
            (true, true) => 0,
            (false, _) => -win_in(ply),
        }
    }

    /// The score of `position` if the game is over there (`blocked`: the seat or layer to act
    /// has no move, so the costlier check of every seat is made).
    fn terminal(&self, position: &MultiPosition, ply: usize, blocked: bool) -> Option<i32> {
        if !blocked && !position.is_over() {
            return None;
        }
        let outcome = position.outcome()?;
        Some(self.result(outcome.winners, ply))
    }

    /// The start of every node: counts it, and gives its score if the search is stopping (0,
    /// unused) or the game is over there.
    fn on_entry(&mut self, position: &MultiPosition, ply: usize) -> Option<i32> {
        self.count(ply);
        if self.stopped {
            return Some(0);
        }
        self.terminal(position, ply, false)
    }

    /// Is `seat` on the root team?
    fn ours(&self, seat: Seat) -> bool {
        self.root_team & seat.bit() != 0
    }

    /// The table's entry for `key`: its move, and its score if it settles this window.
    fn probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (Move, Option<i32>) {
        let Some(entry) = self.tt.probe(key, ply) else {
            return (Move::NONE, None);
        };
        let settles = entry.depth >= depth
            && match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
        (entry.mv, settles.then_some(entry.score))
    }

    /// Puts the table move first and the killers right after the pushes.
    fn order(&self, list: &mut MoveList, tt_move: Move, ply: usize) {
        let moves = list.as_mut_slice();
        let pushes = moves.iter().take_while(|m| m.is_push()).count();
        let mut front = pushes;
        for killer in self.killers[ply] {
            if let Some(at) = moves[front..].iter().position(|&m| m == killer) {
                moves[front..=front + at].rotate_right(1);
                front += 1;
            }
        }
        if let Some(at) = moves.iter().position(|&m| m == tt_move) {
            moves[..=at].rotate_right(1);
        }
    }

    fn remember_killer(&mut self, mv: Move, ply: usize) {
        if !mv.is_push() && self.killers[ply][0] != mv {
            self.killers[ply] = [mv, self.killers[ply][0]];
        }
    }

    /// Paranoid alpha-beta: the root team's seats maximise, every other seat minimises.
    pub fn paranoid(
        &mut self,
        position: &MultiPosition,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(score) = self.on_entry(position, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(position, ply, alpha, beta, None);
        }
        let key = self.table_key(position);
        let (tt_move, settled) = self.probe(key, depth, ply, alpha, beta);
        if let Some(score) = settled {
            return score;
        }
        let mut list = MoveList::default();
        position.legal_moves(&mut list);
        if list.is_empty() {
            if let Some(score) = self.terminal(position, ply, true) {
                return score;
            }
            return self.paranoid(&position.pass(), depth - 1, ply + 1, alpha, beta);
        }
        self.order(&mut list, tt_move, ply);
        let mut window = Window::new(alpha, beta, self.ours(position.side_to_move()));
        let mut closed = false;
        for (index, &mv) in list.iter().enumerate() {
            let child = position.play(mv);
            if index > 0 && self.under_another(self.table_key(&child), depth) {
                self.deferred[ply].push((position.side_to_move(), mv));
                continue;
            }
            closed = self.paranoid_move(&child, mv, index, depth, ply, &mut window);
            if closed {
                break;
            }
        }
        if !self.deferred[ply].is_empty() {
            let later = std::mem::take(&mut self.deferred[ply]);
            let first_later = list.len() - later.len();
            for (i, &(_, mv)) in later.iter().enumerate() {
                if closed {
                    break;
                }
                let child = position.play(mv);
                closed = self.paranoid_move(&child, mv, first_later + i, depth, ply, &mut window);
            }
            self.deferred[ply] = later;
            self.deferred[ply].clear();
        }
        if self.stopped {
            return 0;
        }
        let bound = window.bound();
        self.tt
            .store(key, ply, window.best_move, window.best, 0, depth, bound);
        window.best
    }

    /// Searches `mv`, the `index`-th move of a paranoid node, whose position is `child`, and
    /// takes its score into `window`; true when the node is done: the window closed (the move
    /// becomes a killer) or the search stopped.
    #[inline(always)]
    fn paranoid_move(
        &mut self,
        child: &MultiPosition,
        mv: Move,
        index: usize,
        depth: i32,
        ply: usize,
        window: &mut Window,
    ) -> bool {
        let quiet = !mv.is_push() && !self.killers[ply].contains(&mv);
        let r = late_move_reduction(depth, index, quiet);
        let mark = self.mark(self.table_key(child), depth);
        let score = self.scout(window, index, r, &mut |tree, r, alpha, beta| {
            tree.paranoid(child, depth - 1 - r, ply + 1, alpha, beta)
        });
        self.unmark(mark);
        if self.stopped {
            return true;
        }
        let closed = window.update(score, mv);
        if closed {
            self.remember_killer(mv, ply);
        }
        closed
    }

    /// Is another thread searching the child of table key `key` of a node at `depth`? Always
    /// false on one thread and near the horizon.
    fn under_another(&self, key: u64, depth: i32) -> bool {
        self.busy
            .is_some_and(|busy| depth >= DEFER_DEPTH && busy.is_busy(key))
    }

    /// Marks the child of table key `key` of a node at `depth` as being searched, where the
    /// threads share a busy table and the node is deep enough; the key to unmark.
    fn mark(&self, key: u64, depth: i32) -> Option<u64> {
        let busy = self.busy.filter(|_| depth >= DEFER_DEPTH)?;
        busy.enter(key);
        Some(key)
    }

    fn unmark(&self, mark: Option<u64>) {
        if let (Some(busy), Some(key)) = (self.busy, mark) {
            busy.leave(key);
        }
    }

    /// Principal variation search with late-move reductions: the first move (`index` 0) gets
    /// the node's window, every later one a null window at the bound the side to act must beat,
    /// first `reduction` plies shallower; a move that beats the bound is searched again at full
    /// depth, and with the full window when it does not close it. `search` takes the reduction
    /// and the window.
    fn scout(
        &mut self,
        window: &Window,
        index: usize,
        reduction: i32,
        search: &mut dyn FnMut(&mut Self, i32, i32, i32) -> i32,
    ) -> i32 {
        let (alpha, beta) = (window.alpha, window.beta);
        if index == 0 {
            return search(self, 0, alpha, beta);
        }
        let (low, high) = match window.maximise {
            true => (alpha, alpha + 1),
            false => (beta - 1, beta),
        };
        let beats = |score: i32| match window.maximise {
            true => score > alpha,
            false => score < beta,
        };
        let mut score = search(self, reduction, low, high);
        if reduction > 0 && !self.stopped && beats(score) {
            score = search(self, 0, low, high);
        }
        // A move that closes the window needs no exact score.
        if self.stopped || score <= alpha || score >= beta {
            return score;
        }
        search(self, 0, alpha, beta)
    }

    /// Quiescence search below the horizon: the side to act may stand on the evaluation or
    /// eject a marble, until no ejection is better. In paranoid search (`layer` `None`) the side
    /// is the seat to move; in Best-Reply Search (`Some(ours)`) it is every seat of the layer,
    /// the layers alternating as above.
    fn quiesce(
        &mut self,
        position: &MultiPosition,
        ply: usize,
        alpha: i32,
        beta: i32,
        layer: Option<bool>,
    ) -> i32 {
        if let Some(score) = self.on_entry(position, ply) {
            return score;
        }
        let stand = self.eval.evaluate(position, self.root, ply);
        if ply >= MAX_PLY {
            return stand;
        }
        let maximise = layer.unwrap_or_else(|| self.ours(position.side_to_move()));
        let mut window = Window::new(alpha, beta, maximise);
        if window.update(stand, Move::NONE) {
            return stand;
        }
        let mut list = MoveList::default();
        let occupied = position.occupied();
        for seat in position.seating().all() {
            let acts = match layer {
                None => seat == position.side_to_move(),
                Some(ours) => self.ours(seat) == ours && !position.has_left(seat),
            };
            // The push sets of the whole team find every marble a column of it could eject (a
            // superset of the seat's own ejections): none, and nothing needs generating.
            let team = position.team_stones(seat);
            if !acts || ejectable(team, occupied & !team) == 0 {
                continue;
            }
            list.clear();
            position.moves_of(seat, &mut list);
            for &mv in list.iter().take_while(|mv| mv.is_eject()) {
                let (alpha, beta) = (window.alpha, window.beta);
                let score = match layer {
                    None => self.quiesce(&position.play(mv), ply + 1, alpha, beta, None),
                    Some(ours) => {
                        let child = self.reply(position, seat, mv);
                        self.quiesce(&child, ply + 1, alpha, beta, Some(!ours))
                    }
                };
                if self.stopped {
                    return 0;
                }
                if window.update(score, mv) {
                    return window.best;
                }
            }
        }
        window.best
    }

    /// Best-Reply Search: `ours` layers play the best move of the root team's seats, the
    /// others the best reply of all opponents in play. Positions keep the root seat as the
    /// one to move, so that one key serves each position and layer.
    pub fn best_reply(
        &mut self,
        position: &MultiPosition,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        ours: bool,
    ) -> i32 {
        if let Some(score) = self.on_entry(position, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(position, ply, alpha, beta, Some(ours));
        }
        let key = self.layer_key(position, ours);
        let (tt_move, settled) = self.probe(key, depth, ply, alpha, beta);
        if let Some(score) = settled {
            return score;
        }
        // This ply's buffer, lent out while the children use the deeper ones.
        let mut moves = std::mem::take(&mut self.layers[ply]);
        self.layer_moves(position, ours, tt_move, &mut moves);
        if moves.is_empty() {
            self.layers[ply] = moves;
            if let Some(score) = self.terminal(position, ply, true) {
                return score;
            }
            return self.best_reply(position, depth - 1, ply + 1, alpha, beta, !ours);
        }
        let mut window = Window::new(alpha, beta, ours);
        let mut closed = false;
        for (index, &(seat, mv)) in moves.iter().enumerate() {
            let child = self.reply(position, seat, mv);
            if index > 0 && self.under_another(self.layer_key(&child, !ours), depth) {
                self.deferred[ply].push((seat, mv));
                continue;
            }
            closed = self.reply_move(&child, mv, index, (depth, ply, ours), &mut window);
            if closed {
                break;
            }
        }
        if !self.deferred[ply].is_empty() {
            let later = std::mem::take(&mut self.deferred[ply]);
            let first_later = moves.len() - later.len();
            for (i, &(seat, mv)) in later.iter().enumerate() {
                if closed {
                    break;
                }
                let child = self.reply(position, seat, mv);
                closed =
                    self.reply_move(&child, mv, first_later + i, (depth, ply, ours), &mut window);
            }
            self.deferred[ply] = later;
            self.deferred[ply].clear();
        }
        self.layers[ply] = moves;
        if self.stopped {
            return 0;
        }
        let bound = window.bound();
        self.tt
            .store(key, ply, window.best_move, window.best, 0, depth, bound);
        window.best
    }

    /// The table key of a paranoid node: its position's, the root seat's and algorithm's.
    fn table_key(&self, position: &MultiPosition) -> u64 {
        position.hash() ^ self.key
    }

    /// The table key of a Best-Reply node: a paranoid node's, and whether the layer is the
    /// root team's.
    fn layer_key(&self, position: &MultiPosition, ours: bool) -> u64 {
        self.table_key(position) ^ if ours { 0 } else { OPPONENT_LAYER }
    }

    /// Searches `mv`, the `index`-th move of a Best-Reply node at `(depth, ply)` of layer
    /// `ours`, whose position is `child`, and takes its score into `window`; true when the
    /// node is done: the window closed or the search stopped.
    #[inline(always)]
    fn reply_move(
        &mut self,
        child: &MultiPosition,
        mv: Move,
        index: usize,
        (depth, ply, ours): (i32, usize, bool),
        window: &mut Window,
    ) -> bool {
        let r = late_move_reduction(depth, index, !mv.is_push());
        let mark = self.mark(self.layer_key(child, !ours), depth);
        let score = self.scout(window, index, r, &mut |tree, r, alpha, beta| {
            tree.best_reply(child, depth - 1 - r, ply + 1, alpha, beta, !ours)
        });
        self.unmark(mark);
        self.stopped || window.update(score, mv)
    }

    /// The position after `seat` plays `mv` out of turn, as Best-Reply Search lets it, with the
    /// root seat to move again (Best-Reply positions keep it so; the layer is in the key). The
    /// move stands for a turn of every seat of its layer in play, and the ply count goes on by
    /// as many, so that the move limit comes when it would in the game.
    fn reply(&self, position: &MultiPosition, seat: Seat, mv: Move) -> MultiPosition {
        let layer = position.seats_in_play(self.root, self.ours(seat));
        position
            .with_side_to_move(seat)
            .play(mv)
            .with_plies_added(layer.saturating_sub(1))
            .with_side_to_move(self.root)
    }

    /// The moves of a Best-Reply layer with their seats, into `moves`: the table move first,
    /// then every seat's pushes, then every seat's other moves. A move's seat is its tail's
    /// owner.
    fn layer_moves(
        &self,
        position: &MultiPosition,
        ours: bool,
        tt_move: Move,
        moves: &mut Vec<(Seat, Move)>,
    ) {
        moves.clear();
        let mut list = MoveList::default();
        for seat in position.seating().all() {
            if self.ours(seat) != ours || position.has_left(seat) {
                continue;
            }
            list.clear();
            position.moves_of(seat, &mut list);
            // The seat's pushes go after the seats' before it, ahead of every quiet move.
            let quiet_from = moves.partition_point(|(_, mv)| mv.is_push());
            let pushes = list.iter().filter(|mv| mv.is_push()).map(|&mv| (seat, mv));
            moves.splice(quiet_from..quiet_from, pushes);
            moves.extend(list.iter().filter(|mv| !mv.is_push()).map(|&mv| (seat, mv)));
        }
        if let Some(at) = moves.iter().position(|&(_, mv)| mv == tt_move) {
            moves[..=at].rotate_right(1);
        }
    }

    /// The score of the root move's child `child` searched to `depth`, by this tree's
    /// algorithm.
    pub fn child(&mut self, child: &MultiPosition, depth: i32, alpha: i32, beta: i32) -> i32 {
        match self.algorithm {
            Algorithm::Paranoid => self.paranoid(child, depth, 1, alpha, beta),
            Algorithm::BestReply => {
                let child = child.with_side_to_move(self.root);
                self.best_reply(&child, depth, 1, alpha, beta, false)
            }
        }
    }

    /// The line the table holds after the root move's `child` (paranoid only: Best-Reply
    /// layers are no game's moves).
    pub fn line_after(&self, child: &MultiPosition, length: usize) -> Vec<Move> {
        let mut line = Vec::new();
        if self.algorithm != Algorithm::Paranoid {
            return line;
        }
        let mut position = *child;
        while line.len() < length {
            let Some(entry) = self.tt.probe(self.table_key(&position), 0) else {
                break;
            };
            if !entry.mv.is_some() || !position.is_legal(entry.mv) {
                break;
            }
            line.push(entry.mv);
            position = position.play(entry.mv);
        }
        line
    }
}
