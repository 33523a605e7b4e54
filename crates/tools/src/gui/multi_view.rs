//! The snapshot of a game of three to six players: the parts of [`Snapshot`] the page shares
//! with two-player games (the board by seat colour, the legal moves, the move list, the
//! engine's thinking, the clocks), and under `multi` the seats: name, person or engine, team,
//! marbles ejected, whether it left and why, and the teams.

use super::multi_game::{SeatsGame, Turn};
use super::seats_table::{SeatsTable, Sitter, capitalised, teams};
use super::snapshot::{
    BoardView, ClocksView, EndingView, MoveView, ResultView, ScoreView, SeatView, SeatsView,
    Snapshot, ThinkingView, engines,
};
use super::table::Table;
use std::collections::BTreeMap;
use sumito_rules::board::{Cells, Seat};
use sumito_rules::ending::rank_token;
use sumito_rules::movegen::MoveList;
use sumito_rules::multiplayer::{MultiOutcome, MultiPosition, MultiReason};

fn board(position: &MultiPosition) -> BoardView {
    let mut marbles = BTreeMap::new();
    for seat in position.seating().all() {
        for cell in Cells(position.stones(seat)) {
            marbles.insert(cell.to_string(), seat.name());
        }
    }
    BoardView {
        marbles,
        to_move: position.side_to_move().name(),
        lost: None,
        fen: position.to_string(),
        over: position.outcome().map(|o| outcome_text(&o)),
    }
}

/// `Black and Red win: six marbles ejected`.
pub fn outcome_text(outcome: &MultiOutcome) -> String {
    let names: Vec<String> = (0..6)
        .filter_map(Seat::new)
        .filter(|s| outcome.won(*s))
        .map(|s| capitalised(s.name()))
        .collect();
    let who = match names.as_slice() {
        [one] => format!("{one} wins"),
        [rest @ .., last] => format!("{} and {last} win", rest.join(", ")),
        [] => "nobody wins".to_string(),
    };
    let why = match outcome.reason {
        MultiReason::SixEjected => "six marbles ejected",
        MultiReason::LastInPlay => "the others have left",
        MultiReason::MoveLimit => "most marbles ejected at the move limit",
        MultiReason::NoMoves => "no seat can move, most marbles ejected",
    };
    format!("{who}: {why}")
}

fn seats(table: &Table, multi: &SeatsTable) -> Vec<SeatView> {
    let shown = multi.game.shown();
    let seating = shown.seating();
    let ranks = multi
        .game
        .ending()
        .filter(|_| multi.game.at_end())
        .map(|(_, ranks)| ranks);
    (seating.all())
        .map(|seat| {
            let engine = match multi.sitter(seat) {
                Sitter::Engine(index) => Some(index),
                Sitter::Person => None,
            };
            SeatView {
                number: seat.number(),
                letter: seat.letter().to_ascii_uppercase().to_string(),
                colour: seat.name(),
                name: multi.game.players.get(seat.index()).cloned(),
                sitter: if engine.is_some() { "engine" } else { "person" },
                engine: engine.map(|index| table.engines.name(index)),
                tc: multi.controls.get(seat.index()).map(ToString::to_string),
                team: seating.has_teams().then(|| seating.team(seat)),
                ejected: shown.ejected(seat),
                left: shown.has_left(seat),
                why: multi.game.why_left(seat).map(ToString::to_string),
                won: ranks.as_ref().map(|r| r.get(seat.index()) == Some(&1)),
                rank: ranks.as_ref().and_then(|r| r.get(seat.index()).copied()),
            }
        })
        .collect()
}

fn legal(multi: &SeatsTable) -> Vec<MoveView> {
    if !multi.person_may_move() {
        return Vec::new();
    }
    let mut list = MoveList::default();
    multi.game.shown().legal_moves(&mut list);
    list.iter().map(|&mv| MoveView::of(mv)).collect()
}

fn thinking(table: &Table, game: &SeatsGame) -> Option<ThinkingView> {
    let seat = table.thinking.mover?;
    let searched = game.position_at(table.thinking.ply);
    Some(ThinkingView::of(
        table,
        seat.name(),
        game.cursor(),
        |score| score,
        |text| searched.parse_move(text).ok().flatten(),
    ))
}

fn clocks(multi: &SeatsTable) -> Option<ClocksView> {
    let clocks = multi.clocks.as_ref()?;
    let left = (multi.game.end().seating().all())
        .map(|seat| {
            let mut ms = clocks.left_ms(seat.index());
            if let Some((running, since)) = multi.clock_running
                && running == seat
            {
                let spent = u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX);
                ms = ms.saturating_sub(spent);
            }
            (seat.name(), ms)
        })
        .collect();
    Some(ClocksView {
        left,
        running: multi.clock_running.map(|(seat, _)| seat.name()),
    })
}

/// The result of a finished game: the record's token of finishing ranks (`1-3-2`) and who won
/// and why.
fn result(multi: &SeatsTable) -> Option<ResultView> {
    let (termination, ranks) = multi.game.ending()?;
    let text = match multi.game.result() {
        Some(outcome) => outcome_text(&outcome),
        None => format!("ranks {}: {termination}", rank_token(&ranks)),
    };
    Some(ResultView {
        token: rank_token(&ranks),
        text,
        evidence: None,
    })
}

/// The snapshot of the table's game of three to six players.
pub fn snapshot(table: &Table, multi: &SeatsTable) -> Snapshot {
    let game = &multi.game;
    let (mode, analysing) = match multi.analysis {
        Some(running) => ("analyse", running),
        None if multi.engines_only() => ("watch", false),
        None => ("play", false),
    };
    let cursor = game.cursor();
    let last_move = cursor.checked_sub(1).and_then(|i| match game.turns()[i] {
        Turn::Move(mv) => Some(MoveView::of(mv)),
        _ => None,
    });
    let end = game.end();
    let seating = end.seating();
    let can_leave = multi.analysis.is_none()
        && !game.is_over()
        && multi.sitter(end.side_to_move()) == Sitter::Person;
    let teams = seating.has_teams().then(|| {
        (teams(seating).iter())
            .map(|team| team.iter().map(|s| s.name()).collect())
            .collect()
    });
    Snapshot {
        version: table.version,
        mode,
        human: None,
        analysing,
        multipv: table.multipv,
        skill: table.skill,
        tc: table.tc.to_string(),
        engines: engines(table),
        seats: Vec::new(),
        players: BTreeMap::new(),
        start: game.start().command_words(),
        moves: game.turns().iter().map(ToString::to_string).collect(),
        first_side: game.position_at(0).side_to_move().name(),
        first_number: 1,
        cursor,
        board: board(game.shown()),
        last_move,
        legal: legal(multi),
        result: result(multi),
        thinking: thinking(table, game),
        scores: game.scores().iter().map(|s| ScoreView::of(*s)).collect(),
        material: Vec::new(),
        clocks: clocks(multi),
        ending: EndingView {
            can_offer_draw: false,
            can_resign: can_leave,
            engine_resigns: false,
            engine_says: None,
            adjudication: None,
        },
        message: table.message.clone(),
        multi: Some(SeatsView {
            players: seating.seats(),
            seats: seats(table, multi),
            teams,
            movers: game.movers().iter().map(|s| s.name()).collect(),
            turn: end.side_to_move().name(),
        }),
    }
}
