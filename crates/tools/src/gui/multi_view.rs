//! The snapshot of a game of three to six players that the page draws: the keys of the
//! two-player snapshot the page shares (the board by seat colour, the legal moves, the move
//! list, the engine's thinking, the clocks), and under `multi` the seats: name, person or
//! engine, team, marbles ejected, whether it left and why, and the teams.

use super::multi_game::{SeatsGame, Turn};
use super::multi_table::{SeatsTable, Sitter, capitalised, teams};
use super::table::Table;
use super::view::{engines_json, move_json, score_json};
use serde_json::{Value, json};
use sumito_rules::board::{Cells, Seat};
use sumito_rules::ending::rank_token;
use sumito_rules::movegen::MoveList;
use sumito_rules::multiplayer::{MultiOutcome, MultiPosition, MultiReason};

fn board_json(position: &MultiPosition) -> Value {
    let mut marbles = serde_json::Map::new();
    for seat in position.seating().all() {
        for cell in Cells(position.stones(seat)) {
            marbles.insert(cell.to_string(), json!(seat.name()));
        }
    }
    json!({
        "marbles": marbles,
        "to_move": position.side_to_move().name(),
        "fen": position.to_string(),
        "over": position.outcome().map(|o| outcome_text(&o)),
    })
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

fn seats_json(table: &Table, multi: &SeatsTable) -> Vec<Value> {
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
            json!({
                "number": seat.number(),
                "letter": seat.letter().to_ascii_uppercase().to_string(),
                "colour": seat.name(),
                "name": multi.game.players.get(seat.index()),
                "sitter": if engine.is_some() { "engine" } else { "person" },
                "engine": engine.map(|index| table.engine_name(index)),
                "tc": multi.controls.get(seat.index()).map(ToString::to_string),
                "team": seating.has_teams().then(|| seating.team(seat)),
                "ejected": shown.ejected(seat),
                "left": shown.has_left(seat),
                "why": multi.game.why_left(seat).map(ToString::to_string),
                "won": ranks.as_ref().map(|r| r.get(seat.index()) == Some(&1)),
                "rank": ranks.as_ref().and_then(|r| r.get(seat.index())),
            })
        })
        .collect()
}

fn legal_json(multi: &SeatsTable) -> Vec<Value> {
    if !multi.person_may_move() {
        return Vec::new();
    }
    let mut list = MoveList::default();
    multi.game.shown().legal_moves(&mut list);
    list.iter().map(|&mv| move_json(mv)).collect()
}

fn thinking_json(table: &Table, game: &SeatsGame) -> Value {
    let thinking = &table.thinking;
    let Some(seat) = thinking.mover else {
        return Value::Null;
    };
    let searched = game.position_at(thinking.ply);
    let first = thinking.lines.first();
    let arrow = (first.and_then(|line| line.pv.first()))
        .filter(|_| thinking.ply == game.cursor())
        .and_then(|text| searched.parse_move(text).ok().flatten())
        .map(move_json);
    let lines: Vec<Value> = (thinking.lines.iter())
        .filter(|line| !line.pv.is_empty())
        .map(|line| {
            json!({ "multipv": line.multipv, "depth": line.depth,
                "score": score_json(line.score), "pv": line.pv })
        })
        .collect();
    let cursor = game.cursor();
    let current =
        thinking.ply == cursor || (thinking.played.is_some() && thinking.ply + 1 == cursor);
    json!({
        "running": table.search.is_some(),
        "side": seat.name(),
        "ply": thinking.ply,
        "played": thinking.played,
        "current": current,
        "depth": first.map_or(0, |l| l.depth),
        "nodes": first.map_or(0, |l| l.nodes),
        "nps": first.map_or(0, |l| l.nps),
        "lines": lines,
        "arrow": arrow,
    })
}

fn clocks_json(multi: &SeatsTable) -> Value {
    let Some(clocks) = &multi.clocks else {
        return Value::Null;
    };
    let mut json = serde_json::Map::new();
    for seat in multi.game.end().seating().all() {
        let mut ms = clocks.left_ms(seat.index());
        if let Some((running, since)) = multi.clock_running
            && running == seat
        {
            ms = ms.saturating_sub(u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX));
        }
        json.insert(seat.name().to_string(), json!(ms));
    }
    let running = multi.clock_running.map(|(seat, _)| seat.name());
    json.insert("running".to_string(), json!(running));
    Value::Object(json)
}

/// The result of a finished game: the record's token of finishing ranks (`1-3-2`) and who won
/// and why.
fn result_json(multi: &SeatsTable) -> Value {
    let Some((termination, ranks)) = multi.game.ending() else {
        return Value::Null;
    };
    let text = match multi.game.result() {
        Some(outcome) => outcome_text(&outcome),
        None => format!("ranks {}: {termination}", rank_token(&ranks)),
    };
    json!({ "token": rank_token(&ranks), "text": text, "evidence": null })
}

/// The snapshot of the table's game of three to six players.
pub fn snapshot(table: &Table, multi: &SeatsTable) -> Value {
    let game = &multi.game;
    let (mode, analysing) = match multi.analysis {
        Some(running) => ("analyse", running),
        None if multi.engines_only() => ("watch", false),
        None => ("play", false),
    };
    let cursor = game.cursor();
    let last = cursor.checked_sub(1).and_then(|i| match game.turns()[i] {
        Turn::Move(mv) => Some(move_json(mv)),
        _ => None,
    });
    let seating = game.end().seating();
    let end = game.end();
    let can_leave = multi.analysis.is_none()
        && !game.is_over()
        && multi.sitter(end.side_to_move()) == Sitter::Person;
    json!({
        "version": table.version,
        "mode": mode,
        "human": null,
        "analysing": analysing,
        "multipv": table.multipv,
        "skill": table.skill,
        "tc": table.tc.to_string(),
        "engines": engines_json(table),
        "seats": [],
        "players": {},
        "start": game.start().command_words(),
        "moves": game.turns().iter().map(ToString::to_string).collect::<Vec<_>>(),
        "first_side": game.position_at(0).side_to_move().name(),
        "first_number": 1,
        "cursor": cursor,
        "board": board_json(game.shown()),
        "last_move": last,
        "legal": legal_json(multi),
        "result": result_json(multi),
        "thinking": thinking_json(table, game),
        "scores": game.scores().iter().map(|s| score_json(*s)).collect::<Vec<_>>(),
        "material": [],
        "clocks": clocks_json(multi),
        "ending": {
            "can_offer_draw": false,
            "can_resign": can_leave,
            "engine_resigns": false,
            "engine_says": null,
            "adjudication": null,
        },
        "message": table.message,
        "multi": {
            "players": seating.seats(),
            "seats": seats_json(table, multi),
            "teams": seating.has_teams().then(|| {
                teams(seating).iter()
                    .map(|team| team.iter().map(|s| s.name()).collect::<Vec<_>>())
                    .collect::<Vec<_>>()
            }),
            "movers": game.movers().iter().map(|s| s.name()).collect::<Vec<_>>(),
            "turn": end.side_to_move().name(),
        },
    })
}
