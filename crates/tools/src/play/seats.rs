//! A game of three to six players at the terminal (`sumito play --players N`), Sumito in every
//! seat but the person's (a person's partner too, in team games). The rules are RULES.md's
//! "Three to six players"; the record is GAMES.md's for N players.
//!
//! A person with no legal move passes without being asked (the rules allow nothing else). A
//! person who resigns leaves the game: the others play on while the rules let them, the move
//! limit (`max_plies`) bounding what is left. There is no undo and no draw offer: with
//! several engine turns between two of the person's, both belong to two-player games.

use super::keyboard::Keyboard;
use super::{
    PlayConfig, PlayError, Step, Table, clock_text, confirms, confirms_quit, looks_like_a_move,
    say, watches,
};
use std::io::Write;
use std::time::Duration;
use sumito_engine::search::{Engine, Info, Limits, Reported};
use sumito_games::analysis::multi::search_position;
use sumito_games::analysis::reported_text;
use sumito_games::clock::GameClocks;
use sumito_games::records::{GameInPlay, PlayedGame};
use sumito_rules::board::{Seat, render_seats};
use sumito_rules::ending::Termination;
use sumito_rules::game::Turn;
use sumito_rules::movegen::{Move, MoveList};
use sumito_rules::multiplayer::MultiLayout;

const HELP: &str = "\
Enter a move in Aba-Pro notation: an inline move is the hindmost marble and the next cell in
the direction of the move (a1b2); a broadside move is the two ends of the group and the cell
where the first end lands (a1a3b2). When you have no legal move you pass without being asked.
Commands:
  moves    list your legal moves
  hint     ask Sumito for a move
  resign   leave the game (asks first): the others play on if the rules let them
  quit     leave the game unfinished (asks first; recorded as *)
  help     this text";

/// A game of three to six players in progress.
pub(super) struct SeatsTable<'c> {
    config: &'c PlayConfig,
    engine: Engine,
    game: GameInPlay,
    clocks: GameClocks,
}

impl<'c> SeatsTable<'c> {
    /// A new game from `layout`.
    pub(super) fn new(config: &'c PlayConfig, layout: MultiLayout, engine: Engine) -> Self {
        let start = layout.position().with_move_limit(config.max_plies);
        SeatsTable {
            config,
            engine,
            game: GameInPlay::new(start, &[]),
            clocks: GameClocks::new(&vec![config.tc; layout.seating().seats()]),
        }
    }

    /// The game so far, left unfinished.
    fn abandoned(&self) -> PlayedGame {
        self.game.clone().finish(Termination::Abandoned)
    }

    /// Who sits in `seat`, for people: `you` or `Sumito`.
    fn who(&self, seat: Seat) -> &'static str {
        if seat == self.config.human {
            "you"
        } else {
            "Sumito"
        }
    }

    /// `black 0 white 2 red 1 (left)`: `value` of every seat, a seat that left marked.
    fn seat_list(&self, value: impl Fn(Seat) -> String) -> String {
        let seating = self.game.position.seating();
        let items: Vec<String> = seating
            .all()
            .map(|seat| {
                let left = if self.game.position.has_left(seat) {
                    " (left)"
                } else {
                    ""
                };
                format!("{} {}{left}", seat.name(), value(seat))
            })
            .collect();
        items.join("  ")
    }

    /// Sumito's search of the current position: its best move (`None` when the seat has none),
    /// and the last report (score from the mover's view, and the line).
    fn search(&mut self, limits: &Limits) -> (Option<Move>, Option<Info>) {
        let mut last = None;
        let result = search_position(
            &mut self.engine,
            &self.game.position,
            limits,
            Vec::new(),
            &mut |info| last = Some(info.clone()),
        );
        (result.best, last)
    }

    /// Answers one line of the person's input.
    fn answer(
        &mut self,
        line: &str,
        list: &MoveList,
        keys: &mut Keyboard,
        out: &mut dyn Write,
    ) -> Step {
        let text = line.to_ascii_lowercase();
        match text.as_str() {
            "" => {}
            "help" => say(out, HELP),
            "moves" => {
                let moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
                say(out, &format!("legal moves: {}", moves.join(" ")));
            }
            "hint" => {
                let hint = self.search(&Limits::movetime(500)).0;
                say(
                    out,
                    &format!("hint: {}", hint.map_or("(none)".into(), |m| m.to_string())),
                );
            }
            "undo" | "draw" => say(
                out,
                &format!("'{text}' is for two-player games; resign leaves this one"),
            ),
            "resign" => {
                if confirms(keys, out, "Resign and leave the game?", false) {
                    if keys.flag_fell() {
                        // Confirmed after the flag fell: the seat leaves on time instead.
                        return Step::Again;
                    }
                    say(out, "You resign and leave the game.");
                    keys.clock_stops();
                    self.game.leave(Termination::Resignation);
                    // The game goes on without the person, who reads no more input: say so,
                    // and let them stop here rather than type into a game that no longer asks.
                    if !watches(&*self, keys, out) {
                        return Step::Over(self.abandoned());
                    }
                }
            }
            "quit" => {
                if confirms_quit(keys, out) {
                    return Step::Over(self.abandoned());
                }
            }
            _ if !looks_like_a_move(&text) && text != "pass" => say(
                out,
                &format!("unknown command '{line}': enter a move such as a1b2, or help"),
            ),
            _ => match self.game.position.parse_move(&text) {
                Ok(mv) => return Step::Play(Turn::from(mv), None),
                Err(e) => say(out, &e.to_string()),
            },
        }
        Step::Again
    }
}

impl Table for SeatsTable<'_> {
    fn config(&self) -> &PlayConfig {
        self.config
    }

    /// The opening line: who plays which seat, and the teams in a team game.
    fn introduction(&self) -> String {
        let config = self.config;
        let seating = self.game.position.seating();
        let others: Vec<String> = seating
            .all()
            .filter(|s| *s != config.human)
            .map(|s| s.name().to_string())
            .collect();
        let mut text = format!(
            "You play {}; Sumito plays {}.",
            config.human,
            others.join(", ")
        );
        if seating.has_teams() {
            let teams: Vec<String> = (0..seating.teams())
                .map(|team| {
                    let names: Vec<&str> = seating.team_seats(team).map(Seat::name).collect();
                    names.join("+")
                })
                .collect();
            text += &format!(" Teams: {}.", teams.join(" against "));
        }
        text + " Type help for the commands."
    }

    fn turns(&self) -> usize {
        self.game.turns.len()
    }

    /// The board, every seat's marbles ejected (and clock), and whose turn it is.
    fn draw(&self, out: &mut dyn Write) {
        let position = self.game.position;
        let board = render_seats(|cell| position.seat_at(cell.bit()), self.config.style);
        say(out, "");
        say(out, board.trim_end());
        say(
            out,
            &format!(
                "ejected: {}",
                self.seat_list(|s| position.ejected(s).to_string())
            ),
        );
        if self.config.timed() {
            let clock = |s: Seat| clock_text(self.clocks.left_ms(s.index()));
            say(out, &format!("clocks: {}", self.seat_list(clock)));
        }
        if position.outcome().is_none() {
            let seat = position.side_to_move();
            say(out, &format!("to move: {seat}, {}", self.who(seat)));
        }
    }

    fn over(&self, out: &mut dyn Write) -> Option<PlayedGame> {
        let outcome = self.game.position.outcome()?;
        say(out, &format!("Game over: {outcome}"));
        Some(
            self.game
                .clone()
                .finish(Termination::from_multi_reason(outcome.reason)),
        )
    }

    fn mover(&self) -> Seat {
        self.game.position.side_to_move()
    }

    /// The person's turn: a pass when they have no move, else one line of their input.
    fn human_turn(&mut self, keys: &mut Keyboard, out: &mut dyn Write) -> Step {
        let mut list = MoveList::default();
        self.game.position.legal_moves(&mut list);
        if list.is_empty() {
            say(out, "You have no legal move: you pass.");
            return Step::Play(Turn::Pass, None);
        }
        let seat = self.game.position.side_to_move();
        let line = keys.ask(out, &format!("{} to move> ", seat.name()));
        if keys.flag_fell() {
            // Whatever the person typed (or the end of the input) came after the flag fell.
            return Step::Again;
        }
        let Some(line) = line else {
            say(out, "");
            return Step::Over(self.abandoned());
        };
        self.answer(line.trim(), &list, keys, out)
    }

    /// Sumito's turn in the seat to move.
    fn engine_turn(&mut self, out: &mut dyn Write) -> Result<Step, PlayError> {
        let seat = self.game.position.side_to_move();
        say(out, &format!("Sumito is thinking for {}…", seat.name()));
        let limits = self.clocks.limits(seat.index());
        match self.search(&limits) {
            (Some(mv), info) => {
                let score =
                    info.map_or(String::new(), |i| format!(" ({})", reported_text(i.score)));
                say(
                    out,
                    &format!("Sumito plays {mv} for {}{score}", seat.name()),
                );
                Ok(Step::Play(Turn::Move(mv), None))
            }
            (None, _) => {
                say(
                    out,
                    &format!("Sumito passes for {}: no legal move", seat.name()),
                );
                Ok(Step::Play(Turn::Pass, None))
            }
        }
    }

    fn time_left(&self, seat: Seat) -> u64 {
        self.clocks.left_ms(seat.index())
    }

    fn push(&mut self, turn: Turn, elapsed: Duration, _: Option<Reported>) {
        let seat = self.game.position.side_to_move();
        self.clocks.charge(seat.index(), elapsed);
        self.game.play(turn);
    }

    fn so_far(&self) -> PlayedGame {
        self.abandoned()
    }

    fn out_of_time(&mut self, seat: Seat, out: &mut dyn Write) -> Option<PlayedGame> {
        say(out, &format!("{seat} ran out of time and leaves the game."));
        self.game.leave(Termination::TimeForfeit);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_games::clock::TimeControl;
    use sumito_rules::board::Style;
    use sumito_rules::game::AnyLayout;

    /// A table of the three-player game at `fen`, the person in seat 1.
    fn table<'c>(config: &'c PlayConfig, fen: &str) -> SeatsTable<'c> {
        SeatsTable {
            config,
            engine: Engine::new(1).unwrap(),
            game: GameInPlay::new(fen.parse().unwrap(), &[]),
            clocks: GameClocks::new(&[config.tc; 3]),
        }
    }

    #[test]
    fn a_blocked_person_passes_without_being_asked() {
        let config = PlayConfig {
            layout: AnyLayout::Multi(MultiLayout::ThreePlayer),
            human: Seat::default(),
            tc: TimeControl::Depth { plies: 1 },
            max_plies: 0,
            style: Style::Ascii,
            threads: 1,
            hash_mb: 1,
            sumito_resigns: false,
            live_clock: false,
        };
        // Black's one marble, a1, is walled in by White's a2, b1 and b2, which it cannot push.
        let mut table = table(&config, "r4/6/7/8/9/8/7/ww4/bw3 b 0/0/0 0");
        let mut out = Vec::new();
        let mut input = &b"resign\n"[..];
        let step = table.human_turn(&mut Keyboard::new(&mut input, None), &mut out);
        assert!(matches!(step, Step::Play(Turn::Pass, None)));
        assert_eq!(out, b"You have no legal move: you pass.\n");
    }
}
