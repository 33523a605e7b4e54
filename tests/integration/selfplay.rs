//! The searcher must beat a random mover and a one-ply greedy mover in every game.

use sumito_engine::search::{Engine, Limits};
use sumito_games::selfplay::{
    GreedyMover, Mover, RandomMover, SearchMover, play_game, random_opening,
};
use sumito_rules::board::{Colour, Layout};
use sumito_rules::random::Random;

/// The searcher at a fixed effort of 20,000 nodes a move (one thread, so the games are
/// reproducible). A fixed nominal depth would not do: late-move pruning makes a shallow
/// depth-limited search narrow on purpose, trading width for the depth it reaches in the time.
fn searcher() -> SearchMover {
    SearchMover {
        engine: Engine::new(4).unwrap(),
        limits: Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
    }
}

/// Plays `games` games, the searcher taking each colour in turn from varied openings; returns
/// the games it did not win.
fn losses_and_draws(opponent: &mut dyn Mover, games: u64) -> Vec<String> {
    let mut searcher = searcher();
    let mut not_won = Vec::new();
    for game in 0..games {
        let layout = Layout::ALL[(game / 2 % 3) as usize];
        let start = random_opening(layout.position(), 2, game / 2);
        let searcher_colour = if game % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        let result = match searcher_colour {
            Colour::Black => play_game(&mut searcher, opponent, start, 300),
            Colour::White => play_game(opponent, &mut searcher, start, 300),
        };
        // Only a win on the board counts: a forfeit by the opponent would prove nothing.
        let won = result.winner == Some(searcher_colour) && result.outcome.is_some();
        if !won {
            not_won.push(format!("game {game} from {start}: {:?}", result.outcome));
        }
    }
    not_won
}

#[test]
fn the_searcher_beats_a_random_mover_every_game() {
    let mut random = RandomMover(Random(7));
    assert_eq!(losses_and_draws(&mut random, 20), Vec::<String>::new());
}

#[test]
fn the_searcher_beats_a_greedy_mover_every_game() {
    assert_eq!(losses_and_draws(&mut GreedyMover, 20), Vec::<String>::new());
}
