//! The protocol's commands that the engine answers its own way on a game of three to six
//! players: `go` with per-seat clocks and the N-player searches, `go perft` and `d`. The rest
//! of the loop, `position` and `moves` among it, is one for any number of seats.

use super::{Go, SearchJob, Session, limits, quote, write_perft};
use crate::multi_search::{Algorithm, MultiRequest, search_multi};
use crate::protocol::error::{ErrorCode, ProtocolError};
use std::sync::atomic::{AtomicU64, Ordering};
use sumito_rules::board::render_cells;
use sumito_rules::ending::{Termination, multi_ranks, rank_token};
use sumito_rules::multiplayer::{MultiPosition, multi_perft_divide_until};

impl Session {
    /// `go` on an N-player position: the search chosen by `MultiSearch`; `bestmove pass` for a
    /// seat without a legal move, `(none)` when the game is over.
    pub(super) fn go_multi(
        &mut self,
        position: MultiPosition,
        go: Go,
    ) -> Result<(), ProtocolError> {
        self.engine()?;
        if go.mate.is_some() {
            return Err(ProtocolError::syntax(
                "go mate is for two-player games (use depth in games of three to six players)",
            ));
        }
        let searchmoves = go
            .searchmoves
            .iter()
            .map(|text| {
                let refused = |e: String| {
                    let message = format!("searchmoves {}: {e}", quote(text));
                    ProtocolError::new(ErrorCode::IllegalMove, message)
                };
                match position.parse_move(text) {
                    Ok(Some(mv)) => Ok(mv),
                    Ok(None) => Err(refused("pass is no move to search".into())),
                    Err(e) => Err(refused(e.to_string())),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let limits = limits(
            &go,
            position.side_to_move().index(),
            position.seating().seats(),
        )?;
        // Said first: a finished game's gameover line comes right before its `bestmove`.
        for name in self.two_player_settings()? {
            self.out.line(&format!(
                "info string {name} applies to two-player games only"
            ));
        }
        let none = match position.outcome() {
            Some(outcome) => {
                // As for two players: the result token (the seats' ranks, as records write
                // them), the record's Termination tag, and the outcome in words.
                let termination = Termination::from_multi_reason(outcome.reason);
                self.out.line(&format!(
                    "info string gameover {} [Termination \"{termination}\"] {outcome}",
                    rank_token(&multi_ranks(&position)),
                ));
                "(none)"
            }
            None => "pass",
        };
        let algorithm =
            (self.algorithm).unwrap_or_else(|| Algorithm::for_seating(position.seating()));
        let eval = self.seats_eval.for_seating(position.seating());
        let search: SearchJob = Box::new(move |engine, limits, control, report, answer| {
            let request = MultiRequest {
                algorithm,
                eval,
                searchmoves,
                ..MultiRequest::auto(position.seating(), limits.clone())
            };
            search_multi(engine, &position, &request, control, report, answer);
        });
        // The win/draw/loss model is the two-player game's.
        self.start_search(limits, none, false, search)
    }

    /// The two-player settings not at their defaults, which an N-player search plays without.
    fn two_player_settings(&mut self) -> Result<Vec<&'static str>, ProtocolError> {
        let (skill, limit_strength, show_wdl) = (self.skill, self.limit_strength, self.show_wdl);
        let settings = &self.engine()?.settings;
        let defaults = crate::search::Settings::default();
        let changed = [
            ("MultiPV", settings.multipv != defaults.multipv),
            ("Skill", skill != crate::search::Skill::FULL),
            ("LimitStrength", limit_strength),
            ("Contempt", settings.contempt != defaults.contempt),
            (
                "EvalFile",
                !std::sync::Arc::ptr_eq(&settings.network, &defaults.network),
            ),
            ("ShowWDL", show_wdl),
        ];
        Ok(changed
            .into_iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| name)
            .collect())
    }

    /// `go perft` on an N-player position: as in two-player games, `pass` being a seat's one
    /// move when it has no other.
    pub(super) fn perft_multi(
        &mut self,
        position: MultiPosition,
        depth: u32,
    ) -> Result<(), ProtocolError> {
        self.spawn_job(false, move |_, control, out, finish| {
            let finished = AtomicU64::new(0);
            let counts = multi_perft_divide_until(&position, depth, control.stop_flag(), &|n| {
                finished.fetch_add(n, Ordering::Relaxed);
            });
            write_perft(out, counts, finished.load(Ordering::Relaxed), finish);
        })
    }

    /// `d`: the board with each seat's letter, the position string, the key, every seat's
    /// score, the result if the game is over, and `turn <letter>` last.
    pub(super) fn display_multi(&self, position: MultiPosition) {
        let mut text =
            render_cells(|cell| position.seat_at(cell.bit()).map_or('.', |s| s.letter()));
        text += &format!("fen {position}\n");
        text += &format!("key {:016x}\n", position.hash());
        let scores: Vec<String> = position
            .seating()
            .all()
            .map(|seat| {
                let left = if position.has_left(seat) {
                    " (left)"
                } else {
                    ""
                };
                format!("{}{}{left}", seat.letter(), position.ejected(seat))
            })
            .collect();
        text += &format!("ejected {}\n", scores.join(" "));
        if let Some(outcome) = position.outcome() {
            text += &format!("result {outcome}\n");
        }
        text += &format!("turn {}\n", position.side_to_move().letter());
        self.out.block(&text);
    }
}
