//! Three to six players, the game's [`Kind`] and the session's [`SessionKind`]: turns read
//! and played (a move, a pass or a seat leaving), the seats that left and why, and how a
//! loaded record says the game ended. The rest of the game and the session, common to every
//! number of seats, is in [`super::game`] and [`super::session`].

use super::error::GuiError;
use super::game::{GameOf, Kind};
use super::info::EngineScore;
use super::session::{Session, SessionKind, Sitter, capitalised};
use sumito_engine::search::Reported;
use sumito_games::records::{LeftSeat, PlayedGame, Record, replay_multi, seat_tag};
use sumito_rules::board::Seat;
use sumito_rules::ending::{Termination, multi_ranks};
use sumito_rules::movegen::{Move, MoveList};
use sumito_rules::multiplayer::{MultiOutcome, MultiPosition};

pub use sumito_rules::game::Turn;

/// Three to six players, the kind of [`SeatsGame`]: beside each turn why the seat of a
/// `leave` turn left; and how a loaded record says a game ended that the rules did not end
/// (the points game's time ran out): the termination and the ranks.
#[derive(Clone, Debug)]
pub struct Seats;

impl Kind for Seats {
    type Layout = sumito_rules::multiplayer::MultiLayout;
    type Position = MultiPosition;
    type Turn = Turn;
    type Note = Option<Termination>;
    type Ending = (Termination, Vec<u8>);

    fn play(position: &MultiPosition, turn: Turn) -> MultiPosition {
        turn.apply(position)
    }

    fn mover(position: &MultiPosition) -> Seat {
        position.side_to_move()
    }

    fn move_limit(position: &MultiPosition) -> u32 {
        position.move_limit()
    }

    fn over(position: &MultiPosition) -> bool {
        position.outcome().is_some()
    }

    fn legal(position: &MultiPosition) -> Vec<Move> {
        let mut list = MoveList::default();
        position.legal_moves(&mut list);
        list.iter().copied().collect()
    }

    /// A move in Aba-Pro notation, or `pass` for a seat that has no move (`leave` is no move:
    /// a person leaves with the page's button, an engine by its fault).
    fn read(position: &MultiPosition, text: &str) -> Result<Turn, GuiError> {
        let text = text.trim();
        (position.parse_move(text).map(Turn::from)).map_err(|source| GuiError::IllegalSeatMove {
            text: text.to_string(),
            source,
        })
    }

    fn read_answer(position: &MultiPosition, text: &str) -> Result<Turn, GuiError> {
        (position.parse_move(text).map(Turn::from)).map_err(GuiError::IllegalSeatAnswer)
    }

    fn moved(turn: Turn) -> Option<Move> {
        match turn {
            Turn::Move(mv) => Some(mv),
            _ => None,
        }
    }

    fn forced(position: &MultiPosition) -> Option<Turn> {
        let blocked = Seats::legal(position).is_empty() && !Seats::over(position);
        blocked.then_some(Turn::Pass)
    }

    fn engine_note(_: Option<Reported>) -> Option<Termination> {
        None
    }

    fn fault(game: &mut SeatsGame, _: Seat, why: Termination) {
        if !game.is_over() {
            game.cursor = game.turns.len();
            game.push(Turn::Leave, Some(why));
        }
    }

    fn from_record(record: &Record) -> Result<SeatsGame, GuiError> {
        let replayed = replay_multi(record).map_err(GuiError::Replay)?;
        let seating = replayed.start.seating();
        let players = (seating.all())
            .map(|seat| {
                record
                    .tag(seat_tag(seat))
                    .unwrap_or(seat_tag(seat))
                    .to_string()
            })
            .collect();
        // How the record says the game ended, for a game the rules did not end.
        let recorded = PlayedGame::from_replayed(record, &replayed)
            .ok()
            .filter(|played| played.termination != Termination::Abandoned)
            .and_then(|played| Some((played.termination, played.ranks?)));
        let mut game = SeatsGame::new(replayed.origin, players);
        game.positions[0] = replayed.start;
        let mut left = replayed.left.into_iter();
        for turn in replayed.turns {
            let why = (turn == Turn::Leave)
                .then(|| left.next().map(|l| l.why))
                .flatten();
            game.push(turn, why);
        }
        game.cursor = 0;
        if !game.end().is_over() {
            game.ended = recorded;
        }
        Ok(game)
    }

    /// A record of GAMES.md's section "Three to six players" (an unfinished game has the
    /// result `*` and the termination `abandoned`).
    fn played(game: &SeatsGame) -> PlayedGame {
        let (termination, ranks) = match game.result() {
            Some((termination, ranks)) => (termination, Some(ranks)),
            None => (Termination::Abandoned, None),
        };
        PlayedGame::of_seats(game.turns.clone(), game.departures(), termination, ranks)
    }
}

/// A game of three to six players at the table; its scores are each from the view of the
/// seat to move.
pub type SeatsGame = GameOf<Seats>;

impl SeatsGame {
    /// The seats that left and why, in the order of the `leave` turns.
    pub fn departures(&self) -> Vec<LeftSeat> {
        (self.turns.iter().enumerate())
            .filter_map(|(ply, _)| {
                let why = self.notes[ply].clone()?;
                let seat = self.positions[ply].side_to_move();
                Some(LeftSeat { seat, why })
            })
            .collect()
    }

    /// Why `seat` left, if it left by the end of the shown position.
    pub fn why_left(&self, seat: Seat) -> Option<&Termination> {
        (0..self.cursor)
            .find(|&ply| {
                self.turns[ply] == Turn::Leave && self.positions[ply].side_to_move() == seat
            })
            .and_then(|ply| self.notes[ply].as_ref())
    }

    /// The termination and the finishing ranks of a game that is over (by the rules: a seat
    /// or team with six, the last in play, the move limit, no seat able to move; or as its
    /// record says).
    pub fn result(&self) -> Option<(Termination, Vec<u8>)> {
        if let Some(recorded) = &self.ended {
            return Some(recorded.clone());
        }
        let outcome = self.outcome()?;
        Some((
            Termination::from_multi_reason(outcome.reason),
            multi_ranks(self.end()),
        ))
    }

    /// How the rules ended the game, once they did.
    pub fn outcome(&self) -> Option<MultiOutcome> {
        self.end().outcome()
    }
}

impl SessionKind for Seats {
    const PERSON: &'static str = "Person";
    const SEATS_LEAVE: bool = true;

    fn engines_turn(seat: Seat) -> GuiError {
        GuiError::EngineSeatsTurn(capitalised(seat.name()))
    }

    fn kept_score(score: EngineScore, _: Seat) -> EngineScore {
        score
    }

    /// The person whose turn it is leaves the game: it goes on without the seat, or ends if
    /// one player or team is left.
    fn resigning(session: &Session<Seats>) -> Result<Seat, GuiError> {
        if session.game.is_over() {
            return Err(GuiError::GameOver);
        }
        let seat = session.game.end().side_to_move();
        if session.analysis.is_some() || session.sitter(seat) != Sitter::Person {
            return Err(GuiError::NoPersonToLeave);
        }
        Ok(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_games::clock::TimeControl;
    use sumito_games::records::MultiStart;
    use sumito_rules::multiplayer::{MultiLayout, MultiReason};

    impl SeatsGame {
        fn leave_at_end(&mut self, why: Termination) -> Result<(), GuiError> {
            if self.is_over() {
                return Err(GuiError::GameOver);
            }
            Seats::fault(self, self.end().side_to_move(), why);
            Ok(())
        }

        fn play_at_end(&mut self, text: &str) -> Result<Turn, GuiError> {
            if self.is_over() {
                return Err(GuiError::GameOver);
            }
            let turn = Seats::read_answer(self.end(), text)?;
            self.push(turn, None);
            Ok(turn)
        }

        fn blocked_at_end(&self) -> bool {
            Seats::forced(self.end()).is_some()
        }
    }

    fn three() -> SeatsGame {
        let players = vec!["a".into(), "b".into(), "c".into()];
        SeatsGame::new(MultiStart::Layout(MultiLayout::ThreePlayer), players)
    }

    #[test]
    fn turns_are_checked_and_written_as_the_protocol_reads_them() {
        let mut game = three();
        assert_eq!(game.play_text("a1b1").expect("seat 1"), game.turns()[0]);
        let refused = game
            .play_text("a2b2")
            .expect_err("seat 2 to move")
            .to_string();
        assert!(
            refused.starts_with("'a2b2' is not legal here: "),
            "{refused}"
        );
        let pass = game
            .play_text("pass")
            .expect_err("seat 2 can move")
            .to_string();
        assert_eq!(
            pass,
            "'pass' is not legal here: seat 2 (white) has a legal move, so it may not pass"
        );
        game.play_text("e9e8").expect("seat 2");
        game.leave_at_end(Termination::Resignation)
            .expect("seat 3 leaves");
        assert_eq!(
            game.position_command(3),
            "position layout three-player moves a1b1 e9e8 leave"
        );
        let third = Seat::new(2).expect("seat 3");
        assert!(game.end().has_left(third));
        let left = LeftSeat {
            seat: third,
            why: Termination::Resignation,
        };
        assert_eq!(game.departures(), [left]);
        assert_eq!(game.why_left(third), Some(&Termination::Resignation));
        // Seat 3's turns are skipped: seat 1 moves next.
        assert_eq!(game.end().side_to_move().index(), 0);
        assert_eq!(game.movers().len(), 3);
        // Stepping back before the leave shows seat 3 in play again.
        assert!(game.goto(2));
        assert_eq!(game.why_left(third), None);
        // A move on an earlier position drops the turns after it.
        game.play_text("d1d2").expect("seat 3 moves instead");
        assert_eq!(game.turns().len(), 3);
        assert!(game.departures().is_empty());
    }

    #[test]
    fn a_game_ends_when_the_others_have_left() {
        let mut game = three();
        game.leave_at_end(Termination::TimeForfeit).expect("seat 1");
        game.leave_at_end(Termination::Crash).expect("seat 2");
        let outcome = game.outcome().expect("over");
        assert_eq!(outcome.reason, MultiReason::LastInPlay);
        assert!(outcome.won(Seat::new(2).expect("seat 3")));
        assert!(matches!(game.play_text("a1b1"), Err(GuiError::GameOver)));
        assert!(matches!(game.play_at_end("a1b1"), Err(GuiError::GameOver)));
        assert!(game.leave_at_end(Termination::Crash).is_err());
        assert!(!game.blocked_at_end());
    }

    #[test]
    fn a_blocked_seat_passes() {
        // Seat 2 (white) has one marble, at a1, walled in by seat 1's at a2, b1 and b2.
        let fen = "r4/6/7/8/9/8/7/bb4/wb3 w 0/0/0 0";
        let position: MultiPosition = fen.parse().expect("a position");
        let mut game = SeatsGame::new(MultiStart::Fen(position), vec![String::new(); 3]);
        assert!(game.blocked_at_end());
        game.play_text("pass").expect("a pass");
        assert_eq!(game.turns(), [Turn::Pass]);
        assert_eq!(game.end().side_to_move().index(), 2);
        assert!(!game.blocked_at_end());
    }

    #[test]
    fn a_game_saved_reads_back_the_same() {
        use sumito_games::records::{is_multi_record, verify_multi_record};
        let players = vec![
            "You".into(),
            "Sumito".into(),
            "Other \"one\"".into(),
            "Four".into(),
        ];
        let start = MultiStart::Layout(MultiLayout::FourPlayer);
        let mut game = SeatsGame::new(start, players);
        game.play_text("a2b2").expect("black");
        game.leave_at_end(Termination::TimeForfeit)
            .expect("white leaves");
        game.play_text("i5h5").expect("red");
        game.leave_at_end(Termination::IllegalMove("z9".into()))
            .expect("green leaves");
        // Team white and green has no seat in play: black and red win.
        assert!(game.is_over());
        let tc = TimeControl::MoveTime { ms: 200 };
        let text = game.record(&[tc; 4]);
        let records = sumito_games::records::parse_records(&text).expect("the record parses");
        assert!(is_multi_record(&records[0]), "{text}");
        assert_eq!(verify_multi_record(&records[0]).ok(), Some(4), "{text}");
        assert!(text.contains("[Result \"1-2-1-2\"]"), "{text}");
        let mut again = Seats::from_record(&records[0]).expect("it replays");
        assert_eq!(again.turns(), game.turns());
        assert_eq!(again.players, game.players);
        assert_eq!(again.cursor(), 0);
        assert!(again.goto(4));
        assert_eq!(again.departures(), game.departures());
        assert_eq!(again.result(), game.result());
        assert_eq!(again.record(&[tc; 4]), text);
        // An unfinished game is saved as abandoned, with the result `*`.
        let mut unfinished = three();
        unfinished.play_text("a1b1").expect("black");
        let text = unfinished.record(&[tc; 3]);
        assert!(
            text.contains("[Result \"*\"]") && text.contains("abandoned"),
            "{text}"
        );
        let records = sumito_games::records::parse_records(&text).expect("the record parses");
        let again = Seats::from_record(&records[0]).expect("it replays");
        assert!(!again.is_over());
        assert_eq!(again.turns(), unfinished.turns());
    }
}
