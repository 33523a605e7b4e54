//! Games played inside one process between simple movers and the searcher: for the strength
//! checks in the tests and for measuring search features on and off, where starting engine
//! processes would only add noise. Matches between engine processes are the match runner's.

use sumito_engine::eval::{evaluate, nnue::Network};
use sumito_engine::search::{Control, Engine, Limits};
use sumito_rules::board::{Colour, Outcome, Position};
use sumito_rules::movegen::Move;
use sumito_rules::random::Random;

/// Something that picks moves.
pub trait Mover {
    /// A move for the last position of `game`, which has legal moves.
    fn choose(&mut self, game: &[Position]) -> Move;
    /// Called before each game.
    fn new_game(&mut self) {}
}

/// Plays uniformly at random (a fixed seed, so games can be replayed).
pub struct RandomMover(pub Random);

impl Mover for RandomMover {
    fn choose(&mut self, game: &[Position]) -> Move {
        let moves = game[game.len() - 1].moves();
        moves.as_slice()[self.0.below(moves.len())]
    }
}

/// Plays the move whose resulting position the built-in network evaluates best, one ply deep.
pub struct GreedyMover;

impl Mover for GreedyMover {
    fn choose(&mut self, game: &[Position]) -> Move {
        let position = game[game.len() - 1];
        let moves = position.moves();
        let network = Network::embedded();
        let worth = |mv: &&Move| -evaluate(&position.play(**mv), &network);
        *moves.iter().max_by_key(worth).unwrap_or(&Move::NONE)
    }
}

/// The searcher with fixed limits.
pub struct SearchMover {
    /// The engine (its settings decide the features used).
    pub engine: Engine,
    /// Limits of every search.
    pub limits: Limits,
}

impl Mover for SearchMover {
    fn choose(&mut self, game: &[Position]) -> Move {
        let control = Control::new();
        let result = self
            .engine
            .search(game, &self.limits, &[], &control, &mut |_| {});
        result.best.unwrap_or(Move::NONE)
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
    /// The result on the board, `None` when a mover forfeited with an illegal move.
    pub outcome: Option<Outcome>,
    /// Plies played.
    pub plies: u32,
}

/// Plays one game from `start` until it ends; the move limit (`max_plies`, counted from the
/// start position's ply count) decides by marbles ejected, as in the rules.
pub fn play_game(
    black: &mut dyn Mover,
    white: &mut dyn Mover,
    start: Position,
    max_plies: u32,
) -> GameResult {
    black.new_game();
    white.new_game();
    let start = start.with_max_plies(max_plies);
    let mut game = vec![start];
    loop {
        let position = game[game.len() - 1];
        let plies = position.plies() - start.plies();
        if let Some(outcome) = position.outcome() {
            let winner = outcome.winner();
            return GameResult {
                winner,
                outcome: Some(outcome),
                plies,
            };
        }
        let mover: &mut dyn Mover = match position.side_to_move() {
            Colour::Black => &mut *black,
            Colour::White => &mut *white,
        };
        let mv = mover.choose(&game);
        // A mover that returns nonsense loses on the spot.
        if !position.is_legal(mv) {
            let winner = Some(position.side_to_move().opponent());
            return GameResult {
                winner,
                outcome: None,
                plies,
            };
        }
        game.push(position.play(mv));
    }
}

/// A start position `plies` random moves away from `start`, for varied games.
pub fn random_opening(start: Position, plies: u32, seed: u64) -> Position {
    let mut random = RandomMover(Random(seed));
    let mut position = start;
    for _ in 0..plies {
        if position.is_over() {
            break;
        }
        position = position.play(random.choose(&[position]));
    }
    position
}

/// `plies` random moves from `start` drawn from `random`, none of which ejects a marble (fewer
/// when no such move is left), so that the game starts varied and level.
pub fn random_quiet_opening(start: Position, plies: u32, random: &mut Random) -> Position {
    let mut position = start;
    for _ in 0..plies {
        let quiet: Vec<Move> = position
            .moves()
            .iter()
            .copied()
            .filter(|mv| !mv.is_eject())
            .collect();
        if quiet.is_empty() || position.is_over() {
            break;
        }
        position = position.play(quiet[random.below(quiet.len())]);
    }
    position
}
