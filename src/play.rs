//! `sumito play`: a game against Sumito in the terminal.

use crate::board::{Colour, Layout, Outcome, Position, Style, render};
use crate::match_runner::game::{PlayedGame, Termination};
use crate::match_runner::openings::Opening;
use crate::match_runner::records::{GameInfo, format_record, today};
use crate::match_runner::time_control::TimeControl;
use crate::movegen::Move;
use crate::protocol::result_text;
use crate::search::{Clocks, Control, Engine, Limits};
use std::io::{BufRead, Write};
use std::time::Instant;

/// How a game against Sumito is set up.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// Starting layout.
    pub layout: Layout,
    /// The human's colour.
    pub human: Colour,
    /// Clock: base time and increment per move, in milliseconds.
    pub clock: Option<(i64, i64)>,
    /// Sumito's fixed time per move, in milliseconds.
    pub movetime: Option<u64>,
    /// Sumito's depth limit (its playing level).
    pub level: Option<u32>,
    /// How marbles are drawn.
    pub style: Style,
    /// Search threads.
    pub threads: usize,
    /// Table size in MB.
    pub hash_mb: usize,
}

/// How the game ended, for the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The start position.
    pub start: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The winner; `None` for a draw.
    pub winner: Option<Colour>,
    /// Why it ended.
    pub termination: Termination,
}

const HELP: &str = "\
Enter a move in Aba-Pro notation: an inline move is the hindmost marble and the next cell in
the direction of the move (a1b2); a broadside move is the two ends of the group and the cell
where the first end lands (a1a3b2). Commands:
  moves    list your legal moves
  hint     ask Sumito for a move
  undo     take back your last move (and Sumito's reply)
  resign   give up the game
  help     this text";

/// Writes a line; a closed output ends nothing here (the input will end too).
fn say(out: &mut dyn Write, text: &str) {
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    format!("{}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10)
}

/// Plays one game, reading the human's input from `input` and drawing on `out`.
pub fn play(
    config: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Finished, String> {
    let mut engine = Engine::new(config.hash_mb).map_err(|e| e.to_string())?;
    engine.set_threads(config.threads);
    let start = config.layout.position();
    let mut game = vec![start];
    let mut moves: Vec<Move> = Vec::new();
    let mut clocks = config.clock.map(|(base, _)| [base, base]);
    let increment = config.clock.map_or(0, |(_, inc)| inc);
    let human = config.human;
    say(
        out,
        &format!(
            "You play {human}; Sumito plays {}. Type help for the commands.",
            human.opponent()
        ),
    );
    loop {
        let position = game[game.len() - 1];
        say(out, "");
        say(out, render(&position, config.style).trim_end());
        let mut status = format!(
            "ejected: black {} white {}",
            position.lost(Colour::White),
            position.lost(Colour::Black)
        );
        if let Some(clocks) = clocks {
            status += &format!(
                "   clocks: black {} white {}",
                clock_text(clocks[0]),
                clock_text(clocks[1])
            );
        }
        say(out, &status);
        if let Some(outcome) = position.outcome() {
            say(out, &format!("Game over: {}", result_text(&outcome)));
            let winner = match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw => None,
            };
            let termination = Termination::from_outcome(&outcome);
            return Ok(Finished {
                start,
                moves,
                winner,
                termination,
            });
        }
        let side = position.side_to_move();
        let started = Instant::now();
        let mv = if side == human {
            let _ = write!(out, "{side} to move> ");
            let _ = out.flush();
            let mut line = String::new();
            let read = input.read_line(&mut line).map_err(|e| e.to_string())?;
            if read == 0 {
                say(out, "");
                let winner = Some(human.opponent());
                return Ok(Finished {
                    start,
                    moves,
                    winner,
                    termination: Termination::Abandoned,
                });
            }
            let text = line.trim().to_ascii_lowercase();
            match text.as_str() {
                "" => continue,
                "help" => {
                    say(out, HELP);
                    continue;
                }
                "moves" => {
                    let list: Vec<String> =
                        position.moves().iter().map(|m| m.to_string()).collect();
                    say(out, &format!("legal moves: {}", list.join(" ")));
                    continue;
                }
                "hint" => {
                    let result = engine.search(
                        &game,
                        &Limits::movetime(500),
                        &[],
                        &Control::new(),
                        &mut |_| {},
                    );
                    let hint = result.best.map_or("(none)".to_string(), |m| m.to_string());
                    say(out, &format!("hint: {hint}"));
                    continue;
                }
                "undo" => {
                    // Back to the last position where it was the human's turn, one move earlier.
                    let mut undone = 0;
                    while game.len() > 1
                        && (undone == 0 || game[game.len() - 1].side_to_move() != human)
                    {
                        game.pop();
                        moves.pop();
                        undone += 1;
                    }
                    if undone == 0 {
                        say(out, "nothing to undo");
                    } else {
                        say(out, &format!("took back {undone} move(s)"));
                    }
                    continue;
                }
                "resign" | "quit" => {
                    say(out, &format!("You resign: {} wins.", human.opponent()));
                    let winner = Some(human.opponent());
                    return Ok(Finished {
                        start,
                        moves,
                        winner,
                        termination: Termination::Resignation,
                    });
                }
                _ => match position.parse_move(&text) {
                    Ok(mv) => mv,
                    Err(e) => {
                        say(out, &format!("'{}' is not legal here: {e}", line.trim()));
                        continue;
                    }
                },
            }
        } else {
            say(out, "Sumito is thinking…");
            let limits = engine_limits(config, clocks, increment);
            let result = engine.search(&game, &limits, &[], &Control::new(), &mut |_| {});
            let Some(mv) = result.best else {
                return Err("the engine found no move in a game that is not over".into());
            };
            say(
                out,
                &format!(
                    "Sumito plays {mv} ({})",
                    crate::analysis::score_text(result.score)
                ),
            );
            mv
        };
        if let Some(clocks) = clocks.as_mut() {
            let left = &mut clocks[side.index()];
            *left -= started.elapsed().as_millis() as i64;
            if *left < 0 {
                say(
                    out,
                    &format!("{side} ran out of time: {} wins.", side.opponent()),
                );
                let winner = Some(side.opponent());
                return Ok(Finished {
                    start,
                    moves,
                    winner,
                    termination: Termination::TimeForfeit,
                });
            }
            *left += increment;
        }
        game.push(position.play(mv));
        moves.push(mv);
    }
}

/// Sumito's limits: the clocks, a fixed move time, a depth (level); one second by default.
fn engine_limits(config: &PlayConfig, clocks: Option<[i64; 2]>, increment: i64) -> Limits {
    let mut limits = Limits {
        depth: config.level,
        movetime: config.movetime,
        ..Limits::default()
    };
    if let Some(time) = clocks {
        limits.clocks = Some(Clocks {
            time,
            increment: [increment; 2],
            moves_to_go: None,
        });
    }
    if limits.depth.is_none() && limits.movetime.is_none() && limits.clocks.is_none() {
        limits.movetime = Some(1000);
    }
    limits
}

/// The game in the match runner's record format (GAMES.md).
pub fn record(config: &PlayConfig, finished: &Finished) -> String {
    let control = match (config.clock, config.movetime, config.level) {
        (Some((base, increment)), _, _) => TimeControl::Clock {
            base_ms: base.max(0) as u64,
            increment_ms: increment.max(0) as u64,
            moves: None,
        },
        (None, Some(ms), _) => TimeControl::MoveTime { ms },
        (None, None, Some(plies)) => TimeControl::Depth { plies },
        (None, None, None) => TimeControl::MoveTime { ms: 1000 },
    };
    let sumito = format!("Sumito {}", env!("CARGO_PKG_VERSION"));
    let mut players = [sumito.as_str(); 2];
    players[config.human.index()] = "You";
    let opening = Opening::layout(config.layout);
    let game = PlayedGame {
        moves: finished.moves.clone(),
        winner: finished.winner,
        termination: finished.termination.clone(),
        culprit: None,
    };
    let info = GameInfo {
        event: "sumito play",
        date: &today(),
        round: 1,
        players,
        opening: &opening,
        controls: [control; 2],
        max_plies: 0,
        game: &game,
    };
    format_record(&info)
}
