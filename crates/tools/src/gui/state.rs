//! The game the server keeps: where it started, every move (each checked by the rules core),
//! the ply the page shows, the scores the engines gave, and how it ended. Every tab and every
//! reload shows this one game.

use super::error::GuiError;
use super::info::EngineScore;
use sumito_engine::search::Reported;
use sumito_games::clock::TimeControl;
use sumito_games::records::{GameInfo, PlayedGame, Record, Start, format_record, replay, today};
use sumito_rules::board::{Colour, Position};
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

/// The game shown in the GUI.
#[derive(Clone, Debug)]
pub struct Game {
    /// Where the game started (a layout or a position string), for records and engines.
    start: Start,
    /// `positions[k]` is the position after `k` moves; `positions[0]` is the start, with the
    /// move limit of a loaded record.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The ply the page shows, `0..=moves.len()`.
    cursor: usize,
    /// The score after each ply from Black's point of view, when an engine gave one (same length as `positions`).
    scores: Vec<Option<EngineScore>>,
    /// `move_scores[k]` is the score the engine that played `moves[k]` gave the line it played,
    /// from its own side (same length as `moves`, so that a move taken back takes its score
    /// along): what a draw offer or a resignation is judged by.
    move_scores: Vec<Option<Reported>>,
    /// What ended the game after the last move, when the rules did not.
    ending: Option<Ending>,
    /// Player names, indexed by [`Colour::index`].
    pub players: [String; 2],
}

impl Game {
    /// A new game from `start`.
    pub fn new(start: Start, players: [String; 2]) -> Game {
        Game {
            start,
            positions: vec![start.position()],
            moves: Vec::new(),
            cursor: 0,
            scores: vec![None],
            move_scores: Vec::new(),
            ending: None,
            players,
        }
    }

    /// The game of a record, every move checked by the rules core, shown from its start so
    /// that it can be stepped through.
    pub fn from_record(record: &Record) -> Result<Game, GuiError> {
        let replayed = replay(record).map_err(GuiError::Replay)?;
        let start = match record.tag("FEN") {
            Some(_) => Start::Fen(replayed.start),
            None => match record.tag("Layout").map(str::parse) {
                Some(Ok(layout)) => Start::Layout(layout),
                _ => Start::Fen(replayed.start),
            },
        };
        let name = |key: &str| record.tag(key).unwrap_or(key).to_string();
        let mut game = Game::new(start, [name("Black"), name("White")]);
        game.positions[0] = replayed.start;
        for mv in replayed.moves {
            game.push(mv);
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
            game.ending = Some(Ending {
                termination: played.termination,
                winner: played.winner,
                culprit: played.culprit,
                adjudication: played.adjudication,
            });
        }
        Ok(game)
    }

    fn push(&mut self, mv: Move) {
        let next = self.end().play(mv);
        self.moves.push(mv);
        self.positions.push(next);
        self.scores.push(None);
        self.move_scores.push(None);
        self.cursor = self.moves.len();
    }

    /// Where the game started.
    pub fn start(&self) -> Start {
        self.start
    }

    /// The position after the last move.
    pub fn end(&self) -> &Position {
        &self.positions[self.moves.len()]
    }

    /// The position the page shows.
    pub fn shown(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves (clamped to the game).
    pub fn position_at(&self, ply: usize) -> &Position {
        &self.positions[ply.min(self.moves.len())]
    }

    /// The shown ply.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every move so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Is the page showing the last position?
    pub fn at_end(&self) -> bool {
        self.cursor == self.moves.len()
    }

    /// Plays `text` (Aba-Pro notation) on the shown position; moves after it are dropped, as
    /// when a player tries another line. The rules core checks it; an error says why not.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GuiError> {
        if self.ending.is_some() && self.at_end() {
            return Err(GuiError::GameOver);
        }
        let mv = self
            .shown()
            .parse_move(text)
            .map_err(|source| GuiError::IllegalMove {
                text: text.trim().to_string(),
                source,
            })?;
        self.truncate(self.cursor);
        self.push(mv);
        Ok(mv)
    }

    /// Plays an engine's answer `text` at the end of the game, checked by the rules core, with
    /// the score the engine gave its line (its own side); the page then shows the new end.
    pub fn play_at_end(&mut self, text: &str, score: Option<Reported>) -> Result<Move, GuiError> {
        if self.is_over() {
            return Err(GuiError::GameOver);
        }
        let mv = self
            .end()
            .parse_move(text)
            .map_err(GuiError::IllegalAnswer)?;
        self.push(mv);
        if let Some(slot) = self.move_scores.last_mut() {
            *slot = score;
        }
        Ok(mv)
    }

    /// The scores `side`'s engine gave the moves it played in this game, oldest first (moves
    /// without one are skipped, as `sumito play` does).
    pub fn engine_scores(&self, side: Colour) -> Vec<Reported> {
        (self.move_scores.iter().enumerate())
            .filter(|&(ply, _)| self.positions[ply].side_to_move() == side)
            .filter_map(|(_, score)| *score)
            .collect()
    }

    /// Drops every move after `ply`, with their scores, and shows the new end (and forgets how
    /// the game ended: it goes on from there).
    pub fn truncate(&mut self, ply: usize) {
        let ply = ply.min(self.moves.len());
        self.moves.truncate(ply);
        self.positions.truncate(ply + 1);
        self.scores.truncate(ply + 1);
        self.move_scores.truncate(ply);
        self.cursor = ply;
        self.ending = None;
    }

    /// Shows the position after `ply` moves; false if there is no such ply.
    pub fn goto(&mut self, ply: usize) -> bool {
        if ply > self.moves.len() {
            return false;
        }
        self.cursor = ply;
        true
    }

    /// Ends the game after the last move as `ending` says.
    pub fn end_with(&mut self, ending: Ending) {
        self.ending = Some(ending);
    }

    /// What ended the game, if the rules did not.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Is the game over, by the rules or otherwise?
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.end().is_over()
    }

    /// The winner (`None` for a draw) and the termination, once the game is over.
    pub fn result(&self) -> Option<(Option<Colour>, Termination)> {
        if let Some(ending) = &self.ending {
            return Some((ending.winner, ending.termination.clone()));
        }
        let outcome = self.end().outcome()?;
        Some((outcome.winner(), Termination::from_outcome(&outcome)))
    }

    /// Records the score of the position after `ply` moves.
    pub fn set_score(&mut self, ply: usize, score: EngineScore) {
        if let Some(slot) = self.scores.get_mut(ply) {
            *slot = Some(score);
        }
    }

    /// The score after every ply, where known.
    pub fn scores(&self) -> &[Option<EngineScore>] {
        &self.scores
    }

    /// The `position` command for the engine at `ply`: the start and the moves up to it, so
    /// that the engine sees the repetitions of the game.
    pub fn position_command(&self, ply: usize) -> String {
        let mut command = format!("position {}", self.start.command_words());
        let ply = ply.min(self.moves.len());
        if ply > 0 {
            command += " moves";
            for mv in &self.moves[..ply] {
                command += &format!(" {mv}");
            }
        }
        command
    }

    /// The game as a record in the format of GAMES.md (an unfinished game has the result `*`).
    pub fn record(&self, tc: TimeControl) -> String {
        let (winner, termination) = self.result().unwrap_or((None, Termination::Abandoned));
        let game = PlayedGame {
            moves: self.moves.clone(),
            winner,
            culprit: self.ending.as_ref().and_then(|e| e.culprit),
            adjudication: self.ending.as_ref().and_then(|e| e.adjudication.clone()),
            termination,
        };
        let start = self.positions[0];
        // The record's MaxPlies is the limit itself, on the ply count (GAMES.md).
        let max_plies = start.move_limit();
        format_record(&GameInfo {
            event: "Sumito GUI",
            date: &today(),
            round: 1,
            players: [&self.players[0], &self.players[1]],
            start: self.start,
            opening_plies: 0,
            controls: [tc, tc],
            max_plies,
            game_time_ms: None,
            game: &game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_games::records::parse_records;
    use sumito_rules::board::Layout;

    fn game() -> Game {
        Game::new(
            Start::Layout(Layout::Standard),
            ["me".into(), "Sumito".into()],
        )
    }

    #[test]
    fn moves_are_checked_and_a_new_move_replaces_the_rest() {
        let mut game = game();
        assert!(game.play_text("a1b1").is_ok());
        assert!(game.play_text("i5h5").is_ok());
        let error = game.play_text("e5e6");
        assert!(error.is_err_and(|e| e.to_string().contains("e5")));
        assert_eq!(game.moves().len(), 2);
        assert!(game.goto(1));
        assert!(!game.goto(3));
        assert!(game.play_text("i9h9").is_ok());
        assert_eq!(game.moves().len(), 2);
        assert_eq!(game.moves()[1].to_string(), "i9h9");
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
        let text = game.record(TimeControl::MoveTime { ms: 100 });
        assert!(text.contains("[Result \"*\"]"));
        let records = parse_records(&text).expect("the record parses");
        let again = Game::from_record(&records[0]).expect("the record replays");
        assert_eq!(again.moves(), game.moves());
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
            let text = game.record(TimeControl::MoveTime { ms: 100 });
            let records = parse_records(&text).expect("the record parses");
            assert!(
                sumito_games::records::verify_record(&records[0]).is_ok(),
                "{text}"
            );
            let again = Game::from_record(&records[0]).expect("the record replays");
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
            Game::from_record(&records[0])
                .expect_err("refused")
                .to_string(),
            replay(&records[0]).expect_err("refused").to_string()
        );
    }
}
