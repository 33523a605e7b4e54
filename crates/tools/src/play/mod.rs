//! `sumito play`: a game against Sumito in the terminal. The command line is in the binary's
//! `cli/play.rs`; this module plays the two-player game, [`multi`] the game of three to six
//! players; [`sumito_games::agreement`] says when Sumito accepts a draw or resigns.

pub mod multi;

use std::io::{BufRead, Write};
use std::time::Instant;
use sumito_engine::search::{Control, Engine, Limits, Reported, SearchResult, TableSizeError};
use sumito_games::agreement::{DrawAnswer, answer_draw_offer, resignation};
use sumito_games::clock::{GameClocks, TimeControl};
use sumito_games::records::{GameInfo, PlayedGame, Start, format_record, today};
use sumito_rules::board::{Colour, Layout, Position, Style, render};
use sumito_rules::ending::Termination;
use sumito_rules::ending::result_text;
use sumito_rules::movegen::Move;

/// Sumito's time control when none is given.
pub const DEFAULT_TC: TimeControl = TimeControl::MoveTime { ms: 1000 };

/// Why a game against Sumito cannot be played on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Sumito's search table cannot be had.
    #[error(transparent)]
    Table(#[from] TableSizeError),
    /// The search gave no move in a position that has moves: a bug, reported rather than
    /// played around.
    #[error("the engine found no move in a game that is not over")]
    NoMove,
}

/// How a game against Sumito is set up.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// Starting layout.
    pub layout: Layout,
    /// The human's colour.
    pub human: Colour,
    /// The time control of both sides; with a clock the human's clock runs too.
    pub tc: TimeControl,
    /// How marbles are drawn.
    pub style: Style,
    /// Search threads.
    pub threads: usize,
    /// Table size in MB.
    pub hash_mb: usize,
    /// Sumito may resign a hopeless game ([`sumito_games::agreement::resignation`]).
    pub sumito_resigns: bool,
}

/// How the game ended, for the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The start position.
    pub start: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The winner; `None` for a draw or an unfinished game.
    pub winner: Option<Colour>,
    /// Why it ended ([`Termination::Abandoned`] for a game left unfinished).
    pub termination: Termination,
}

const HELP: &str = "\
Enter a move in Aba-Pro notation: an inline move is the hindmost marble and the next cell in
the direction of the move (a1b2); a broadside move is the two ends of the group and the cell
where the first end lands (a1a3b2). Commands:
  moves    list your legal moves
  hint     ask Sumito for a move
  undo     take back your last move (and Sumito's reply)
  draw     offer a draw: Sumito accepts when its score has stayed within 0.60 marbles of
           level for its last 4 moves and neither side leads on marbles, and says why not
  resign   give up the game (Sumito wins)
  quit     leave the game unfinished (asks first; recorded as *)
  help     this text";

/// Writes a line; a closed output ends nothing here (the input will end too).
fn say(out: &mut dyn Write, text: &str) {
    let _ = writeln!(out, "{text}");
}

fn clock_text(ms: u64) -> String {
    format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
}

/// What the human's input asks for.
enum Turn {
    /// Play this move.
    Play(Move),
    /// Sumito plays this move, which it scores so.
    Sumito(Move, Reported),
    /// Nothing to play yet (a command was answered): ask again.
    Again,
    /// The game ends here.
    End(Option<Colour>, Termination),
}

/// A game in progress.
struct Game<'c> {
    config: &'c PlayConfig,
    engine: Engine,
    /// Every position from the start, the current one last.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Sumito's score of each of its moves (`None` for the human's), by ply like `moves`.
    scores: Vec<Option<Reported>>,
    /// The clocks at each position, so that taking a move back gives its time back too.
    clocks: Vec<GameClocks>,
}

impl Game<'_> {
    fn position(&self) -> Position {
        self.positions[self.positions.len() - 1]
    }

    /// The clocks now.
    fn clocks(&self) -> &GameClocks {
        &self.clocks[self.clocks.len() - 1]
    }

    /// Plays `mv`, which took `elapsed` of the mover's time (`score`: Sumito's, for its moves).
    fn push(&mut self, mv: Move, elapsed: std::time::Duration, score: Option<Reported>) {
        let position = self.position();
        let mut clocks = self.clocks().clone();
        clocks.charge(position.side_to_move().index(), elapsed);
        self.positions.push(position.play(mv));
        self.moves.push(mv);
        self.scores.push(score);
        self.clocks.push(clocks);
    }

    /// Sumito's scores of its moves so far, oldest first.
    fn sumito_scores(&self) -> Vec<Reported> {
        self.scores.iter().flatten().copied().collect()
    }

    fn finish(self, winner: Option<Colour>, termination: Termination) -> Finished {
        Finished {
            start: self.positions[0],
            moves: self.moves,
            winner,
            termination,
        }
    }

    /// The board, the marbles ejected and the clocks.
    fn draw(&self, out: &mut dyn Write) {
        let position = self.position();
        say(out, "");
        say(out, render(&position, self.config.style).trim_end());
        if let Some(&last) = self.moves.last() {
            let mover = self.positions[self.positions.len() - 2].side_to_move();
            let who = if mover == self.config.human {
                "you"
            } else {
                "Sumito"
            };
            say(out, &format!("last move: {last} ({who})"));
        }
        let mut status = format!(
            "ejected: black {} white {}",
            position.lost(Colour::White),
            position.lost(Colour::Black)
        );
        if matches!(self.config.tc, TimeControl::Clock { .. }) {
            status += &format!(
                "   clocks: black {} white {}",
                clock_text(self.clocks().left_ms(Colour::Black.index())),
                clock_text(self.clocks().left_ms(Colour::White.index()))
            );
        }
        say(out, &status);
    }

    /// Reads and answers one line of the human's input.
    fn human_turn(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> Turn {
        let position = self.position();
        let human = self.config.human;
        let _ = write!(out, "{human} to move> ");
        let _ = out.flush();
        let Some(line) = read_line(input) else {
            say(out, "");
            return Turn::End(None, Termination::Abandoned);
        };
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
                        return Turn::End(None, Termination::Agreement);
                    }
                    DrawAnswer::Decline(why) => say(out, &why),
                }
            }
            "resign" => {
                say(out, &format!("You resign: {} wins.", human.opponent()));
                return Turn::End(Some(human.opponent()), Termination::Resignation);
            }
            "quit" => {
                if confirms_quit(input, out) {
                    return Turn::End(None, Termination::Abandoned);
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
                Ok(mv) => return Turn::Play(mv),
                Err(e) => say(out, &format!("'{}' is not legal here: {e}", line.trim())),
            },
        }
        Turn::Again
    }

    /// Takes back the human's last move and Sumito's reply to it, if any, with the time they
    /// took: back to the position before the human's last move. Sumito's opening move, before
    /// any of the human's, is not the human's to take back.
    fn undo(&mut self, out: &mut dyn Write) {
        let human = self.config.human;
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

    /// Sumito's move and its score, or its resignation (when allowed and the game is hopeless).
    fn engine_turn(&mut self, out: &mut dyn Write) -> Result<Turn, PlayError> {
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
            return Ok(Turn::End(Some(self.config.human), Termination::Resignation));
        }
        let text = sumito_games::analysis::score_text(result.score);
        say(out, &format!("Sumito plays {mv} ({text})"));
        Ok(Turn::Sumito(mv, score))
    }
}

/// Whether `text` has the shape of a move in Aba-Pro notation (cells such as `a1`): such a text
/// is judged as a move; any other is an unknown command, not "an illegal move".
fn looks_like_a_move(text: &str) -> bool {
    let cells = text.as_bytes().chunks(2);
    (2..=6).contains(&text.len())
        && text.len().is_multiple_of(2)
        && cells
            .into_iter()
            .all(|cell| matches!(cell, [b'a'..=b'i', b'1'..=b'9']))
}

/// Asks the person whether to leave the game unfinished; yes (or the end of the input) says
/// so and answers true.
fn confirms_quit(input: &mut dyn BufRead, out: &mut dyn Write) -> bool {
    let _ = write!(out, "Leave the game unfinished? (y/n) ");
    let _ = out.flush();
    let answer = read_line(input).unwrap_or_else(|| "y".into());
    let quits = answer.trim().eq_ignore_ascii_case("y");
    if quits {
        say(out, "The game is left unfinished.");
    }
    quits
}

/// One line of input, `None` at its end (or when it cannot be read).
fn read_line(input: &mut dyn BufRead) -> Option<String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line),
    }
}

/// Sumito's engine for a game at the terminal, its table of `hash_mb` written now rather than
/// on Sumito's clock at its first move.
fn ready_engine(hash_mb: usize, threads: usize) -> Result<Engine, PlayError> {
    let mut engine = Engine::new(hash_mb)?;
    engine.prepare();
    engine.set_threads(threads);
    Ok(engine)
}

/// Plays one game, reading the human's input from `input` and drawing on `out`.
pub fn play(
    config: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Finished, PlayError> {
    let engine = ready_engine(config.hash_mb, config.threads)?;
    let human = config.human;
    let mut game = Game {
        config,
        engine,
        positions: vec![config.layout.position()],
        moves: Vec::new(),
        scores: Vec::new(),
        clocks: vec![GameClocks::new(&[config.tc; 2])],
    };
    say(
        out,
        &format!(
            "You play {human}; Sumito plays {}. Type help for the commands.",
            human.opponent()
        ),
    );
    // The board is drawn again only when the game has moved (or moved back), not after a
    // listing or a refused input.
    let mut drawn = None;
    loop {
        if drawn != Some(game.positions.len()) {
            game.draw(out);
            drawn = Some(game.positions.len());
        }
        let position = game.position();
        if let Some(outcome) = position.outcome() {
            say(out, &format!("Game over: {}", result_text(&outcome)));
            let termination = Termination::from_outcome(&outcome);
            return Ok(game.finish(outcome.winner(), termination));
        }
        let side = position.side_to_move();
        let started = Instant::now();
        let turn = if side == human {
            game.human_turn(input, out)
        } else {
            game.engine_turn(out)?
        };
        let (mv, score) = match turn {
            Turn::Play(mv) => (mv, None),
            Turn::Sumito(mv, score) => (mv, Some(score)),
            Turn::Again => continue,
            Turn::End(winner, termination) => return Ok(game.finish(winner, termination)),
        };
        let elapsed = started.elapsed();
        let timed = matches!(config.tc, TimeControl::Clock { .. });
        if timed && elapsed.as_millis() > u128::from(game.clocks().left_ms(side.index())) {
            say(
                out,
                &format!("{side} ran out of time: {} wins.", side.opponent()),
            );
            return Ok(game.finish(Some(side.opponent()), Termination::TimeForfeit));
        }
        game.push(mv, elapsed, score);
    }
}

/// The game in the match runner's record format (GAMES.md).
pub fn record(config: &PlayConfig, finished: &Finished) -> String {
    let sumito = format!("Sumito {}", env!("CARGO_PKG_VERSION"));
    let mut players = [sumito.as_str(); 2];
    players[config.human.index()] = "You";
    let game = PlayedGame::two_player(
        finished.moves.clone(),
        finished.winner,
        finished.termination.clone(),
    );
    let info = GameInfo {
        event: "sumito play",
        date: &today(),
        round: 1,
        players: players.to_vec(),
        start: Start::Layout(config.layout).any(),
        opening_plies: 0,
        controls: vec![config.tc; 2],
        max_plies: 0,
        game_time_ms: None,
        game: &game,
    };
    format_record(&info)
}
