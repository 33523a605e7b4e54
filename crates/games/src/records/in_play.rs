//! A game of three to six players while it is played: the position, the turns so far and the
//! seats that left, which becomes a [`PlayedGame`] when it ends. The match runner, `sumito
//! play` and their tests keep their games in it.

use super::{LeftSeat, PlayedGame};
use sumito_rules::ending::{Termination, multi_ranks};
use sumito_rules::game::Turn;
use sumito_rules::multiplayer::MultiPosition;

/// A game being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInPlay {
    /// The position after the last turn.
    pub position: MultiPosition,
    /// Every turn from the start (an opening's included).
    pub turns: Vec<Turn>,
    /// The seats that left, in the order of the `leave` turns.
    pub left: Vec<LeftSeat>,
    /// Comments after turns (see [`PlayedGame::comments`]).
    pub comments: Vec<(usize, String)>,
}

impl GameInPlay {
    /// A game from `start` after the `opening` turns (legal ones).
    pub fn new(start: MultiPosition, opening: &[Turn]) -> GameInPlay {
        GameInPlay {
            position: opening.iter().fold(start, |p, turn| turn.apply(&p)),
            turns: opening.to_vec(),
            left: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// Plays `turn`, a legal move or pass of the seat to move.
    pub fn play(&mut self, turn: Turn) {
        self.position = turn.apply(&self.position);
        self.turns.push(turn);
    }

    /// The seat to move leaves the game for `why`.
    pub fn leave(&mut self, why: Termination) {
        let seat = self.position.side_to_move();
        self.left.push(LeftSeat { seat, why });
        self.play(Turn::Leave);
    }

    /// Notes `text` in the record after the turns so far (how late a seat that left on time
    /// was).
    pub fn comment(&mut self, text: String) {
        self.comments.push((self.turns.len(), text));
    }

    /// The game as a record holds it, ended for `termination`: ranked from the final position,
    /// unless it was abandoned.
    pub fn finish(self, termination: Termination) -> PlayedGame {
        let ranks = (termination != Termination::Abandoned).then(|| multi_ranks(&self.position));
        PlayedGame {
            comments: self.comments,
            ..PlayedGame::of_seats(self.turns, self.left, termination, ranks)
        }
    }
}
