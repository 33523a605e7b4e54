//! Two players, the game's [`Kind`] and the session's [`SessionKind`]: moves read and played,
//! the engines' scores of their own moves, and how a game ends other than by the rules (a
//! fault, a resignation, a draw agreed, an adjudication), read from and written to records.
//! The rest of the game and the session, common to every number of seats, is in
//! [`super::game`] and [`super::session`].

use super::error::GuiError;
use super::game::{GameOf, Kind};
use super::info::{EngineScore, black_view};
use super::session::{Session, SessionKind};
use sumito_engine::search::Reported;
use sumito_games::agreement::{DrawAnswer, answer_draw_offer, resignation};
use sumito_games::records::{PlayedGame, Record, Start, replay};
use sumito_rules::board::{Colour, Position, Seat};
use sumito_rules::ending::Termination;
use sumito_rules::movegen::Move;

/// How a game ended other than by the rules: an engine's fault, a resignation, a draw agreed,
/// an adjudication, or a termination read from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Why the game ended.
    pub termination: Termination,
    /// The winner; `None` for a draw.
    pub winner: Option<Colour>,
    /// The side at fault (the loser) of a fault termination, for the record.
    pub culprit: Option<Colour>,
    /// For an adjudicated game, the scores that decided it (the record's `Adjudication` tag).
    pub adjudication: Option<String>,
}

impl Ending {
    /// A loss for `culprit` (a crash, a time forfeit, an illegal move, a resignation…).
    pub fn loss(culprit: Colour, termination: Termination) -> Ending {
        Ending {
            termination,
            winner: Some(culprit.opponent()),
            culprit: Some(culprit),
            adjudication: None,
        }
    }

    /// A draw that no one's fault ended (agreed, or adjudicated).
    pub fn draw(termination: Termination) -> Ending {
        Ending {
            termination,
            winner: None,
            culprit: None,
            adjudication: None,
        }
    }
}

/// Two players, the kind of [`Game`]: beside each move the score the engine that played it
/// gave the line it played (its own side), what a draw offer or a resignation is judged by;
/// and the [`Ending`] of a game the rules did not end.
#[derive(Clone, Debug)]
pub struct TwoPlayers;

/// The colour of a two-player game's seat.
pub fn colour_of(seat: Seat) -> Colour {
    Colour::BOTH[seat.index() & 1]
}

impl Kind for TwoPlayers {
    type Layout = sumito_rules::board::Layout;
    type Position = Position;
    type Turn = Move;
    type Note = Option<Reported>;
    type Ending = Ending;

    fn play(position: &Position, mv: Move) -> Position {
        position.play(mv)
    }

    fn mover(position: &Position) -> Seat {
        Seat::from(position.side_to_move())
    }

    fn move_limit(position: &Position) -> u32 {
        position.move_limit()
    }

    fn over(position: &Position) -> bool {
        position.is_over()
    }

    fn legal(position: &Position) -> Vec<Move> {
        position.moves().iter().copied().collect()
    }

    fn read(position: &Position, text: &str) -> Result<Move, GuiError> {
        (position.parse_move(text)).map_err(|source| GuiError::IllegalMove {
            text: text.trim().to_string(),
            source,
        })
    }

    fn read_answer(position: &Position, text: &str) -> Result<Move, GuiError> {
        position.parse_move(text).map_err(GuiError::IllegalAnswer)
    }

    fn moved(mv: Move) -> Option<Move> {
        Some(mv)
    }

    fn forced(_: &Position) -> Option<Move> {
        None
    }

    fn engine_note(score: Option<Reported>) -> Option<Reported> {
        score
    }

    fn fault(game: &mut Game, seat: Seat, why: Termination) {
        game.end_with(Ending::loss(colour_of(seat), why));
    }

    fn from_record(record: &Record) -> Result<Game, GuiError> {
        let replayed = replay(record).map_err(GuiError::Replay)?;
        let start = match record.tag("FEN") {
            Some(_) => Start::Fen(replayed.start),
            None => match record.tag("Layout").map(str::parse) {
                Some(Ok(layout)) => Start::Layout(layout),
                _ => Start::Fen(replayed.start),
            },
        };
        let name = |key: &str| record.tag(key).unwrap_or(key).to_string();
        let mut game = Game::new(start, vec![name("Black"), name("White")]);
        game.positions[0] = replayed.start;
        for mv in replayed.moves {
            game.push(mv, None);
        }
        game.cursor = 0;
        // A game the rules did not end ends as the record says: every termination of GAMES.md
        // reads back, with its winner from the result and an adjudication's scores.
        if !replayed.end.is_over()
            && let Ok(played) = PlayedGame::from_record(record)
            && !matches!(
                played.termination,
                Termination::SixEjected
                    | Termination::MoveLimit
                    | Termination::NoLegalMove
                    | Termination::Abandoned
            )
        {
            game.ended = Some(Ending {
                winner: played.winner(),
                termination: played.termination,
                culprit: played.culprit,
                adjudication: played.adjudication,
            });
        }
        Ok(game)
    }

    fn played(game: &Game) -> PlayedGame {
        let (winner, termination) = game.result().unwrap_or((None, Termination::Abandoned));
        PlayedGame {
            culprit: game.ended.as_ref().and_then(|e| e.culprit),
            adjudication: game.ended.as_ref().and_then(|e| e.adjudication.clone()),
            ..PlayedGame::two_player(game.turns.clone(), winner, termination)
        }
    }
}

/// The two-player game shown in the GUI; the players are named Black's first.
pub type Game = GameOf<TwoPlayers>;

impl Game {
    /// The scores `side`'s engine gave the moves it played in this game, oldest first (moves
    /// without one are skipped, as `sumito play` does).
    pub fn engine_scores(&self, side: Colour) -> Vec<Reported> {
        (self.notes.iter().enumerate())
            .filter(|&(ply, _)| self.positions[ply].side_to_move() == side)
            .filter_map(|(_, score)| *score)
            .collect()
    }

    /// The winner (`None` for a draw) and the termination, once the game is over.
    pub fn result(&self) -> Option<(Option<Colour>, Termination)> {
        if let Some(ending) = &self.ended {
            return Some((ending.winner, ending.termination.clone()));
        }
        let outcome = self.end().outcome()?;
        Some((outcome.winner(), Termination::from_outcome(&outcome)))
    }
}

impl SessionKind for TwoPlayers {
    const PERSON: &'static str = "Human";
    const SEATS_LEAVE: bool = false;

    fn engines_turn(_: Seat) -> GuiError {
        GuiError::EnginesTurn
    }

    fn kept_score(score: EngineScore, mover: Seat) -> EngineScore {
        black_view(score, colour_of(mover))
    }

    /// The person resigns whoever's turn it is, in a game against the engine not yet over.
    fn resigning(session: &Session<TwoPlayers>) -> Result<Seat, GuiError> {
        persons_seat(session, "resign")
    }

    /// The engine's side answers as Sumito does ([`answer_draw_offer`]), by its own scores of
    /// its moves in this game and the position at the end of the game; accepted, the game is
    /// drawn by agreement.
    fn draw_offer(session: &Session<TwoPlayers>) -> Result<(String, Option<Ending>), GuiError> {
        let human = colour_of(persons_seat(session, "offer a draw")?);
        let engine = human.opponent();
        let scores = session.game.engine_scores(engine);
        Ok(
            match answer_draw_offer(&scores, session.game.end(), engine) {
                DrawAnswer::Accept(why) => (why, Some(Ending::draw(Termination::Agreement))),
                DrawAnswer::Decline(why) => (why, None),
            },
        )
    }

    /// In a game against the person who allowed it, the engine of `seat` resigns instead of
    /// playing a move it scored `score` when its scores so far make the game hopeless
    /// ([`resignation`], as `sumito play --sumito-resigns` does). A move without a score is
    /// never a reason to resign.
    fn resigns(
        session: &Session<TwoPlayers>,
        seat: Seat,
        score: Option<Reported>,
    ) -> Option<String> {
        let engines_side = session.person().is_some_and(|person| person != seat);
        let score = score.filter(|_| session.engine_resigns && engines_side)?;
        let mut scores = session.game.engine_scores(colour_of(seat));
        scores.push(score);
        resignation(&scores)
    }

    /// In a watched game, hands the adjudicator the move `seat` just played from `before`
    /// with the engine's score, and ends the game if its rules say so (GAMES.md,
    /// "Adjudication"); a game the rules ended is not adjudicated.
    fn adjudicate(
        session: &mut Session<TwoPlayers>,
        seat: Seat,
        before: &Position,
    ) -> Option<Ending> {
        let after = *session.game.end();
        if !session.engines_only() || session.analysis.is_some() || after.is_over() {
            return None;
        }
        let score = session.thinking.first_exact;
        let side = colour_of(seat);
        let ruling = session
            .adjudicator
            .after_move(side, score, before, &after)?;
        let ending = match ruling.winner {
            None => Ending::draw(Termination::AdjudicatedDraw),
            Some(winner) => Ending::loss(winner.opponent(), Termination::AdjudicatedLoss),
        };
        Some(Ending {
            adjudication: Some(ruling.evidence),
            ..ending
        })
    }
}

/// The person's seat, if the session is the person's game against the engine and not over: a
/// draw offer or a resignation is refused otherwise (`what` says which).
fn persons_seat(session: &Session<TwoPlayers>, what: &'static str) -> Result<Seat, GuiError> {
    let Some(seat) = session.person() else {
        return Err(GuiError::NotYourGame(what));
    };
    if session.game.is_over() {
        return Err(GuiError::GameOver);
    }
    Ok(seat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_games::clock::TimeControl;
    use sumito_games::records::parse_records;
    use sumito_rules::board::Layout;

    impl Game {
        /// Plays an engine's answer at the end of the game with its score, as the session does.
        fn play_at_end(&mut self, text: &str, score: Option<Reported>) -> Result<Move, GuiError> {
            if self.is_over() {
                return Err(GuiError::GameOver);
            }
            let mv = TwoPlayers::read_answer(self.end(), text)?;
            self.push(mv, score);
            Ok(mv)
        }

        fn record_at(&self, tc: TimeControl) -> String {
            self.record(&[tc, tc])
        }
    }

    fn game() -> Game {
        Game::new(
            Start::Layout(Layout::Standard),
            vec!["me".into(), "Sumito".into()],
        )
    }

    #[test]
    fn moves_are_checked_and_a_new_move_replaces_the_rest() {
        let mut game = game();
        assert!(game.play_text("a1b1").is_ok());
        assert!(game.play_text("i5h5").is_ok());
        let error = game.play_text("e5e6");
        assert!(error.is_err_and(|e| e.to_string().contains("e5")));
        assert_eq!(game.turns().len(), 2);
        assert!(game.goto(1));
        assert!(!game.goto(3));
        assert!(game.play_text("i9h9").is_ok());
        assert_eq!(game.turns().len(), 2);
        assert_eq!(game.turns()[1].to_string(), "i9h9");
        assert!(game.at_end());
    }

    #[test]
    fn the_position_command_names_the_start_and_the_moves() {
        let mut game = game();
        assert_eq!(game.position_command(0), "position layout standard");
        assert!(game.play_text("a1b1").is_ok());
        assert_eq!(
            game.position_command(1),
            "position layout standard moves a1b1"
        );
    }

    #[test]
    fn a_written_record_reads_back_as_the_same_game() {
        let mut game = game();
        for text in ["a1b1", "i5h5", "a2b2"] {
            assert!(game.play_text(text).is_ok());
        }
        let text = game.record_at(TimeControl::MoveTime { ms: 100 });
        assert!(text.contains("[Result \"*\"]"));
        let records = parse_records(&text).expect("the record parses");
        let again = TwoPlayers::from_record(&records[0]).expect("the record replays");
        assert_eq!(again.turns(), game.turns());
        assert_eq!(again.cursor(), 0);
    }

    #[test]
    fn a_fault_ends_the_game_for_the_other_side() {
        let mut game = game();
        game.end_with(Ending::loss(Colour::Black, Termination::Crash));
        assert!(game.is_over());
        assert_eq!(
            game.result(),
            Some((Some(Colour::White), Termination::Crash))
        );
        assert!(game.play_text("a1b1").is_err());
        game.truncate(0);
        assert!(!game.is_over());
    }

    #[test]
    fn a_move_taken_back_takes_its_score_along() {
        let mut game = game();
        assert!(game.play_text("a1b1").is_ok());
        assert!(game.play_at_end("i5h5", Some(Reported::Centi(20))).is_ok());
        assert!(game.play_text("a2b2").is_ok());
        assert!(game.play_at_end("i6h6", Some(Reported::Mate(-3))).is_ok());
        let white = game.engine_scores(Colour::White);
        assert_eq!(white, [Reported::Centi(20), Reported::Mate(-3)]);
        assert!(game.engine_scores(Colour::Black).is_empty());
        game.truncate(2);
        assert_eq!(game.engine_scores(Colour::White), [Reported::Centi(20)]);
        // A new line from an earlier ply drops the scores after it too.
        assert!(game.goto(1));
        assert!(game.play_text("i9h9").is_ok());
        assert!(game.engine_scores(Colour::White).is_empty());
    }

    #[test]
    fn every_ending_reads_back_from_the_record_the_gui_writes() {
        let adjudicated = Ending {
            adjudication: Some("black +0 +0; white +0 +0".into()),
            ..Ending::draw(Termination::AdjudicatedDraw)
        };
        let lost = Ending {
            adjudication: Some("white -500 -500".into()),
            ..Ending::loss(Colour::White, Termination::AdjudicatedLoss)
        };
        for ending in [
            Ending::loss(Colour::Black, Termination::Resignation),
            Ending::loss(Colour::White, Termination::Resignation),
            Ending::draw(Termination::Agreement),
            adjudicated,
            lost,
        ] {
            let mut game = game();
            for text in ["a1b1", "i5h5", "a2b2"] {
                assert!(game.play_text(text).is_ok());
            }
            game.end_with(ending.clone());
            let text = game.record_at(TimeControl::MoveTime { ms: 100 });
            let records = parse_records(&text).expect("the record parses");
            assert!(
                sumito_games::records::verify_record(&records[0]).is_ok(),
                "{text}"
            );
            let again = TwoPlayers::from_record(&records[0]).expect("the record replays");
            assert_eq!(again.ending(), Some(&ending), "{text}");
            assert_eq!(again.result(), game.result());
        }
    }

    #[test]
    fn refused_moves_say_why_word_for_word() {
        let refusal = |result: Result<Move, GuiError>| result.expect_err("refused").to_string();
        let mut game = game();
        assert_eq!(
            refusal(game.play_text(" e5e6 ")),
            "'e5e6' is not legal here: e5 does not hold a marble of the side to move"
        );
        assert_eq!(
            refusal(game.play_at_end("zz", None)),
            "'zz' is not a move: expected two cells (inline, e.g. a1b2) or three (broadside, e.g. a1a2b2)"
        );
        game.end_with(Ending::loss(Colour::Black, Termination::Crash));
        assert_eq!(refusal(game.play_text("a1b1")), "the game is over");
        assert_eq!(refusal(game.play_at_end("a1b1", None)), "the game is over");
        let records =
            parse_records("[Event \"x\"]\n[Layout \"standard\"]\n\n1. a1a2 *\n").expect("a record");
        // The message is the replay's, word for word.
        assert_eq!(
            TwoPlayers::from_record(&records[0])
                .expect_err("refused")
                .to_string(),
            replay(&records[0]).expect_err("refused").to_string()
        );
    }
}
