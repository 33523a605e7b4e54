//! The two-player game at the terminal: take-backs, draw offers, and a game that ends when a
//! side resigns or runs out of time.

use super::keyboard::Keyboard;
use super::{
    PlayConfig, PlayError, Step, Table, clock_text, confirms, confirms_quit, looks_like_a_move, say,
};
use std::io::Write;
use std::time::Duration;
use sumito_engine::search::{Control, Engine, Limits, Reported, SearchResult};
use sumito_games::agreement::{DrawAnswer, answer_draw_offer, resignation};
use sumito_games::clock::GameClocks;
use sumito_games::records::PlayedGame;
use sumito_rules::board::{Colour, Layout, Position, Seat, render};
use sumito_rules::ending::{Termination, result_text};
use sumito_rules::game::Turn;
use sumito_rules::movegen::Move;

const HELP: &str = "\
Enter a move in Aba-Pro notation: an inline move is the hindmost marble and the next cell in
the direction of the move (a1b2); a broadside move is the two ends of the group and the cell
where the first end lands (a1a3b2). Commands:
  moves    list your legal moves
  hint     ask Sumito for a move
  undo     take back your last move (and Sumito's reply)
  draw     offer a draw: Sumito accepts when its score has stayed within 0.60 marbles of
           level for its last 4 moves and it does not lead on marbles, and says why not
  resign   give up the game (asks first; Sumito wins)
  quit     leave the game unfinished (asks first; recorded as *)
  help     this text";

/// A two-player game in progress.
pub(super) struct TwoPlayerTable<'c> {
    config: &'c PlayConfig,
    /// The person's colour.
    human: Colour,
    engine: Engine,
    /// Every position from the start, the current one last.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Sumito's score of each of its moves (`None` for the person's), by ply like `moves`.
    scores: Vec<Option<Reported>>,
    /// The clocks at each position, so that taking a move back gives its time back too.
    clocks: Vec<GameClocks>,
}

impl<'c> TwoPlayerTable<'c> {
    /// A new game from `layout`.
    pub(super) fn new(config: &'c PlayConfig, layout: Layout, engine: Engine) -> Self {
        TwoPlayerTable {
            config,
            human: Colour::BOTH[config.human.index().min(1)],
            engine,
            positions: vec![layout.position().with_move_limit(config.max_plies)],
            moves: Vec::new(),
            scores: Vec::new(),
            clocks: vec![GameClocks::new(&[config.tc; 2])],
        }
    }

    fn position(&self) -> Position {
        self.positions[self.positions.len() - 1]
    }

    /// The clocks now.
    fn clocks(&self) -> &GameClocks {
        &self.clocks[self.clocks.len() - 1]
    }

    /// Sumito's scores of its moves so far, oldest first.
    fn sumito_scores(&self) -> Vec<Reported> {
        self.scores.iter().flatten().copied().collect()
    }

    /// The game so far, ended for `termination`, won by `winner`.
    fn finish(&self, winner: Option<Colour>, termination: Termination) -> PlayedGame {
        PlayedGame::two_player(self.moves.clone(), winner, termination)
    }

    /// Answers one line of the person's input.
    fn answer(&mut self, line: &str, keys: &mut Keyboard, out: &mut dyn Write) -> Step {
        let position = self.position();
        let human = self.human;
        let text = line.trim().to_ascii_lowercase();
        match text.as_str() {
            "" => {}
            "help" => say(out, HELP),
            "moves" => {
                let list: Vec<String> = position.moves().iter().map(|m| m.to_string()).collect();
                say(out, &format!("legal moves: {}", list.join(" ")));
            }
            "hint" => {
                let limits = Limits::movetime(500);
                let result = self.search(&limits).best;
                let hint = result.map_or("(none)".to_string(), |m| m.to_string());
                say(out, &format!("hint: {hint}"));
            }
            "undo" => self.undo(out),
            "draw" => {
                let scores = self.sumito_scores();
                match answer_draw_offer(&scores, &position, human.opponent()) {
                    DrawAnswer::Accept(why) => {
                        say(out, &format!("{why} The game is drawn."));
                        return Step::Over(self.finish(None, Termination::Agreement));
                    }
                    DrawAnswer::Decline(why) => say(out, &why),
                }
            }
            "resign" => {
                if confirms(keys, out, "Resign the game?", false) {
                    say(out, &format!("You resign: {} wins.", human.opponent()));
                    let winner = Some(human.opponent());
                    return Step::Over(self.finish(winner, Termination::Resignation));
                }
            }
            "quit" => {
                if confirms_quit(keys, out) {
                    return Step::Over(self.finish(None, Termination::Abandoned));
                }
            }
            _ if !looks_like_a_move(&text) => say(
                out,
                &format!(
                    "unknown command '{}': enter a move such as a1b2, or help",
                    line.trim()
                ),
            ),
            _ => match position.parse_move(&text) {
                Ok(mv) => return Step::Play(Turn::Move(mv), None),
                Err(e) => say(out, &format!("'{}' is not legal here: {e}", line.trim())),
            },
        }
        Step::Again
    }

    /// Takes back the person's last move and Sumito's reply to it, if any, with the time they
    /// took: back to the position before the person's last move. Sumito's opening move, before
    /// any of the person's, is not the person's to take back.
    fn undo(&mut self, out: &mut dyn Write) {
        let human = self.human;
        let last = (0..self.moves.len())
            .rev()
            .find(|&ply| self.positions[ply].side_to_move() == human);
        let Some(last) = last else {
            say(out, "nothing to undo");
            return;
        };
        let undone = self.moves.len() - last;
        self.positions.truncate(last + 1);
        self.moves.truncate(last);
        self.scores.truncate(last);
        self.clocks.truncate(last + 1);
        say(out, &format!("took back {undone} move(s)"));
    }

    /// Sumito's search of the current position within `limits`.
    fn search(&mut self, limits: &Limits) -> SearchResult {
        let control = Control::new();
        self.engine
            .search(&self.positions, limits, &[], &control, &mut |_| {})
    }
}

impl Table for TwoPlayerTable<'_> {
    fn config(&self) -> &PlayConfig {
        self.config
    }

    fn introduction(&self) -> String {
        let human = self.human;
        format!(
            "You play {human}; Sumito plays {}. Type help for the commands.",
            human.opponent()
        )
    }

    fn turns(&self) -> usize {
        self.moves.len()
    }

    /// The board, the marbles ejected and the clocks.
    fn draw(&self, out: &mut dyn Write) {
        let position = self.position();
        say(out, "");
        say(out, render(&position, self.config.style).trim_end());
        if let Some(&last) = self.moves.last() {
            let mover = self.positions[self.positions.len() - 2].side_to_move();
            let who = if mover == self.human { "you" } else { "Sumito" };
            say(out, &format!("last move: {last} ({who})"));
        }
        let mut status = format!(
            "ejected: black {} white {}",
            position.lost(Colour::White),
            position.lost(Colour::Black)
        );
        if self.config.timed() {
            status += &format!(
                "   clocks: black {} white {}",
                clock_text(self.clocks().left_ms(Colour::Black.index())),
                clock_text(self.clocks().left_ms(Colour::White.index()))
            );
        }
        say(out, &status);
    }

    fn over(&self, out: &mut dyn Write) -> Option<PlayedGame> {
        let outcome = self.position().outcome()?;
        say(out, &format!("Game over: {}", result_text(&outcome)));
        let termination = Termination::from_outcome(&outcome);
        Some(self.finish(outcome.winner(), termination))
    }

    fn mover(&self) -> Seat {
        Seat::from(self.position().side_to_move())
    }

    fn human_turn(&mut self, keys: &mut Keyboard, out: &mut dyn Write) -> Step {
        let line = keys.ask(out, &format!("{} to move> ", self.human));
        if keys.flag_fell() {
            // Whatever the person typed (or the end of the input) came after the flag fell.
            return Step::Again;
        }
        let Some(line) = line else {
            say(out, "");
            return Step::Over(self.finish(None, Termination::Abandoned));
        };
        self.answer(&line, keys, out)
    }

    /// Sumito's move and its score, or its resignation (when allowed and the game is hopeless).
    fn engine_turn(&mut self, out: &mut dyn Write) -> Result<Step, PlayError> {
        say(out, "Sumito is thinking…");
        let limits = self.clocks().limits(self.position().side_to_move().index());
        let result = self.search(&limits);
        let mv = result.best.ok_or(PlayError::NoMove)?;
        let score = Reported::from_score(result.score);
        let mut scores = self.sumito_scores();
        scores.push(score);
        if self.config.sumito_resigns
            && let Some(why) = resignation(&scores)
        {
            say(out, &format!("{why} You win."));
            let game = self.finish(Some(self.human), Termination::Resignation);
            return Ok(Step::Over(game));
        }
        let text = sumito_games::analysis::score_text(result.score);
        say(out, &format!("Sumito plays {mv} ({text})"));
        Ok(Step::Play(Turn::Move(mv), Some(score)))
    }

    fn time_left(&self, seat: Seat) -> u64 {
        self.clocks().left_ms(seat.index())
    }

    /// Plays `turn`, which took `elapsed` of the mover's time (`score`: Sumito's, for its
    /// moves).
    fn push(&mut self, turn: Turn, elapsed: Duration, score: Option<Reported>) {
        let Turn::Move(mv) = turn else {
            return;
        };
        let position = self.position();
        let mut clocks = self.clocks().clone();
        clocks.charge(position.side_to_move().index(), elapsed);
        self.positions.push(position.play(mv));
        self.moves.push(mv);
        self.scores.push(score);
        self.clocks.push(clocks);
    }

    fn so_far(&self) -> PlayedGame {
        self.finish(None, Termination::Abandoned)
    }

    fn out_of_time(&mut self, _: Seat, out: &mut dyn Write) -> Option<PlayedGame> {
        let side = self.position().side_to_move();
        say(
            out,
            &format!("{side} ran out of time: {} wins.", side.opponent()),
        );
        Some(self.finish(Some(side.opponent()), Termination::TimeForfeit))
    }
}
