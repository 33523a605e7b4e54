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
//! Scores are from the root team's view throughout (not negamax): a table entry is only good
//! for the root seat and algorithm it was searched for, so both are folded into its key.

use super::eval::evaluate;
use super::position::MultiPosition;
use crate::board::{MAX_SEATS, Seat, Seating};
use crate::movegen::{Move, MoveList};
use crate::search::{Bound, Control, MATE, MATE_BOUND, TimeManager, TranspositionTable};
use crate::util::random::splitmix64;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest ply a search reaches.
pub const MAX_PLY: usize = 100;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// Which search plays N-player positions (the `MultiSearch` option).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Paranoid search: every opponent against the root team.
    Paranoid,
    /// Best-Reply Search: only the strongest opponent reply at each opponent layer.
    BestReply,
}

impl Algorithm {
    /// Both, in the order of their names in the protocol.
    pub const ALL: [Algorithm; 2] = [Algorithm::Paranoid, Algorithm::BestReply];

    /// The stronger search for a seating, as measured (STRENGTH.md, "Three to six players"):
    /// Best-Reply Search when every player plays for himself, paranoid search in team games,
    /// where the opponents do play together.
    pub const fn for_seating(seating: Seating) -> Algorithm {
        match seating.has_teams() {
            true => Algorithm::Paranoid,
            false => Algorithm::BestReply,
        }
    }

    /// The option value: `paranoid` or `brs`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Paranoid => "paranoid",
            Algorithm::BestReply => "brs",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name is neither `paranoid` nor `brs`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown multi-player search '{0}' (expected paranoid or brs)")]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownAlgorithm(s.to_string()))
    }
}

/// Keys folded into table keys: one per root seat and algorithm, and one for Best-Reply
/// Search's opponent layers (whose position is the same as the next layer of the root team's).
const KEYS: [[u64; 2]; MAX_SEATS + 1] = {
    let mut keys = [[0; 2]; MAX_SEATS + 1];
    let mut state = 0x524F_4F54_5345_4154_u64; // "ROOTSEAT"
    let mut i = 0;
    while i <= MAX_SEATS {
        let (s, a) = splitmix64(state);
        let (s, b) = splitmix64(s);
        keys[i] = [a, b];
        state = s;
        i += 1;
    }
    keys
};

/// The win score `ply` plies from the root: sooner is better.
pub const fn win_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// One thread's search of one root position.
pub struct Tree<'a> {
    tt: &'a TranspositionTable,
    control: &'a Control,
    /// Set by the main thread when it is done: the helpers stop.
    done: &'a AtomicBool,
    /// The main thread's limits; a helper's are none.
    pub time: TimeManager,
    main: bool,
    algorithm: Algorithm,
    root: Seat,
    /// The root team's seats, as seat bits.
    root_team: u8,
    key: u64,
    /// Nodes searched by this thread, and those not yet added to the control's count.
    pub nodes: u64,
    unpublished: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// The search must unwind: stopped, out of time or out of nodes.
    pub stopped: bool,
    killers: Box<[[Move; 2]; MAX_PLY + 1]>,
}

impl<'a> Tree<'a> {
    /// A search of `root`'s position by `algorithm`; the main thread keeps `time`.
    pub fn new(
        tt: &'a TranspositionTable,
        control: &'a Control,
        done: &'a AtomicBool,
        root: &MultiPosition,
        algorithm: Algorithm,
        time: Option<TimeManager>,
    ) -> Tree<'a> {
        let seat = root.side_to_move();
        Tree {
            tt,
            control,
            done,
            main: time.is_some(),
            time: time.unwrap_or_else(TimeManager::unlimited),
            algorithm,
            root: seat,
            root_team: root.seating().team_mask(seat),
            key: KEYS[seat.index()][algorithm as usize],
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            stopped: false,
            killers: Box::new([[Move::NONE; 2]; MAX_PLY + 1]),
        }
    }

    /// Adds the unpublished nodes to the control's count.
    pub fn publish(&mut self) {
        self.control.add_nodes(self.unpublished);
        self.unpublished = 0;
    }

    /// Counts a node and, every so often, looks whether to stop.
    fn count(&mut self, ply: usize) {
        self.nodes += 1;
        self.unpublished += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.unpublished >= CHECK_EVERY {
            self.publish();
            let out_of_nodes = self
                .time
                .node_limit()
                .is_some_and(|limit| self.control.nodes() >= limit);
            self.stopped = self.control.is_stopped()
                || self.done.load(Ordering::Relaxed)
                || out_of_nodes
                || (self.main && self.time.past_hard_deadline(self.control));
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
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.count(ply);
        if self.stopped {
            return 0;
        }
        if let Some(score) = self.terminal(position, ply, false) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(position, ply, alpha, beta, None);
        }
        let key = position.hash() ^ self.key;
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
        let maximise = self.ours(position.side_to_move());
        let (old_alpha, old_beta) = (alpha, beta);
        let mut best = if maximise { -MATE - 1 } else { MATE + 1 };
        let mut best_move = Move::NONE;
        for &mv in list.iter() {
            let score = self.paranoid(&position.play(mv), depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                return 0;
            }
            if (maximise && score > best) || (!maximise && score < best) {
                best = score;
                best_move = mv;
            }
            if maximise {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                self.remember_killer(mv, ply);
                break;
            }
        }
        let bound = Bound::of(best, old_alpha, old_beta);
        self.tt.store(key, ply, best_move, best, 0, depth, bound);
        best
    }

    /// Quiescence search below the horizon: the side to act may stand on the evaluation or
    /// eject a marble, until no ejection is better. In paranoid search (`layer` `None`) the side
    /// is the seat to move; in Best-Reply Search (`Some(ours)`) it is every seat of the layer,
    /// the layers alternating as above.
    fn quiesce(
        &mut self,
        position: &MultiPosition,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        layer: Option<bool>,
    ) -> i32 {
        self.count(ply);
        if self.stopped {
            return 0;
        }
        if let Some(score) = self.terminal(position, ply, false) {
            return score;
        }
        let stand = evaluate(position, self.root);
        if ply >= MAX_PLY {
            return stand;
        }
        let maximise = layer.unwrap_or_else(|| self.ours(position.side_to_move()));
        if (maximise && stand >= beta) || (!maximise && stand <= alpha) {
            return stand;
        }
        if maximise {
            alpha = alpha.max(stand);
        } else {
            beta = beta.min(stand);
        }
        let mut best = stand;
        let mut list = MoveList::default();
        let seats: Vec<Seat> = match layer {
            None => vec![position.side_to_move()],
            Some(ours) => position
                .seating()
                .all()
                .filter(|s| self.ours(*s) == ours && !position.has_left(*s))
                .collect(),
        };
        for seat in seats {
            list.clear();
            position.moves_of(seat, &mut list);
            for &mv in list.iter().take_while(|mv| mv.is_eject()) {
                let score = match layer {
                    None => self.quiesce(&position.play(mv), ply + 1, alpha, beta, None),
                    Some(ours) => {
                        let child = position
                            .with_side_to_move(seat)
                            .play(mv)
                            .with_side_to_move(self.root);
                        self.quiesce(&child, ply + 1, alpha, beta, Some(!ours))
                    }
                };
                if self.stopped {
                    return 0;
                }
                if maximise {
                    best = best.max(score);
                    alpha = alpha.max(best);
                } else {
                    best = best.min(score);
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    return best;
                }
            }
        }
        best
    }

    /// Best-Reply Search: `ours` layers play the best move of the root team's seats, the
    /// others the best reply of all opponents in play. Positions keep the root seat as the
    /// one to move, so that one key serves each position and layer.
    pub fn best_reply(
        &mut self,
        position: &MultiPosition,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        ours: bool,
    ) -> i32 {
        self.count(ply);
        if self.stopped {
            return 0;
        }
        if let Some(score) = self.terminal(position, ply, false) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(position, ply, alpha, beta, Some(ours));
        }
        let key = position.hash() ^ self.key ^ if ours { 0 } else { KEYS[MAX_SEATS][0] };
        let (tt_move, settled) = self.probe(key, depth, ply, alpha, beta);
        if let Some(score) = settled {
            return score;
        }
        let moves = self.layer_moves(position, ours, tt_move);
        if moves.is_empty() {
            if let Some(score) = self.terminal(position, ply, true) {
                return score;
            }
            return self.best_reply(position, depth - 1, ply + 1, alpha, beta, !ours);
        }
        let (old_alpha, old_beta) = (alpha, beta);
        let mut best = if ours { -MATE - 1 } else { MATE + 1 };
        let mut best_move = Move::NONE;
        for (seat, mv) in moves {
            let child = position
                .with_side_to_move(seat)
                .play(mv)
                .with_side_to_move(self.root);
            let score = self.best_reply(&child, depth - 1, ply + 1, alpha, beta, !ours);
            if self.stopped {
                return 0;
            }
            if (ours && score > best) || (!ours && score < best) {
                best = score;
                best_move = mv;
            }
            if ours {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                self.remember_killer(mv, ply);
                break;
            }
        }
        let bound = Bound::of(best, old_alpha, old_beta);
        self.tt.store(key, ply, best_move, best, 0, depth, bound);
        best
    }

    /// The moves of a Best-Reply layer with their seats: the table move first, then every
    /// seat's pushes, then every seat's other moves. A move's seat is its tail's owner.
    fn layer_moves(
        &self,
        position: &MultiPosition,
        ours: bool,
        tt_move: Move,
    ) -> Vec<(Seat, Move)> {
        let mut moves = Vec::with_capacity(128);
        let mut quiet = Vec::with_capacity(128);
        let mut list = MoveList::default();
        for seat in position.seating().all() {
            if self.ours(seat) != ours || position.has_left(seat) {
                continue;
            }
            list.clear();
            position.moves_of(seat, &mut list);
            for &mv in list.iter() {
                match mv.is_push() {
                    true => moves.push((seat, mv)),
                    false => quiet.push((seat, mv)),
                }
            }
        }
        moves.append(&mut quiet);
        if let Some(at) = moves.iter().position(|&(_, mv)| mv == tt_move) {
            moves[..=at].rotate_right(1);
        }
        moves
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
            let Some(entry) = self.tt.probe(position.hash() ^ self.key, 0) else {
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

/// Is `score` a win or loss found by the search?
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}
