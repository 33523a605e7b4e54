//! The snapshot of the table that every page draws: the shown board, the legal moves with the
//! cells a click selects and targets, the move list, the result, the engines' thinking, the
//! clocks and the scores for the eval graph. The page computes no rule itself.

use super::info::{EngineScore, black_view};
use super::state::Game;
use super::table::{Mode, Table};
use serde_json::{Value, json};
use sumito_engine::search::{MAX_SKILL, Skill};
use sumito_rules::board::{Cells, Colour, Position, neighbour};
use sumito_rules::ending::result_text;
use sumito_rules::movegen::Move;

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "black",
        Colour::White => "white",
    }
}

fn cells(bits: u64) -> Vec<String> {
    Cells(bits).map(|c| c.to_string()).collect()
}

/// The cells the group lands on, and the one cell a click on which plays the move: the cell
/// in front of an inline group, or where the first-named end of a broadside lands.
fn landing(mv: Move) -> (Vec<String>, String) {
    let d = mv.direction();
    let lands: Vec<String> = Cells(mv.group())
        .filter_map(|c| neighbour(c, d))
        .map(|c| c.to_string())
        .collect();
    let target = match mv.broadside_axis() {
        Some(_) => neighbour(mv.tail(), d),
        None => neighbour(mv.head(), d),
    };
    let target = target.map_or_else(|| mv.head().to_string(), |c| c.to_string());
    (lands, target)
}

pub(super) fn move_json(mv: Move) -> Value {
    let (lands, target) = landing(mv);
    json!({ "m": mv.to_string(), "g": cells(mv.group()), "t": target, "l": lands })
}

fn board_json(position: &Position) -> Value {
    let mut marbles = serde_json::Map::new();
    for colour in Colour::BOTH {
        for cell in Cells(position.stones(colour)) {
            marbles.insert(cell.to_string(), json!(colour_name(colour)));
        }
    }
    json!({
        "marbles": marbles,
        "to_move": colour_name(position.side_to_move()),
        "lost": { "black": position.lost(Colour::Black), "white": position.lost(Colour::White) },
        "fen": position.to_string(),
        "over": position.outcome().map(|o| result_text(&o)),
    })
}

pub(super) fn score_json(score: Option<EngineScore>) -> Value {
    match score {
        Some(EngineScore::Cp(cp)) => json!({ "cp": cp, "text": EngineScore::Cp(cp).text() }),
        Some(EngineScore::Mate(n)) => json!({ "mate": n, "text": EngineScore::Mate(n).text() }),
        None => Value::Null,
    }
}

/// The result line of a finished game: `1-0`, and why; an adjudicated game's `evidence`, the
/// scores that decided it.
fn result_json(table: &Table) -> Value {
    let Some((winner, termination)) = table.game.result() else {
        return Value::Null;
    };
    let token = sumito_rules::ending::result_token(winner);
    let text = match winner {
        Some(colour) => format!("{} wins: {termination}", capitalised(colour)),
        None => format!("draw: {termination}"),
    };
    let evidence = table.game.ending().and_then(|e| e.adjudication.clone());
    json!({ "token": token, "text": text, "evidence": evidence })
}

/// How the game may end besides the rules: whether the person may offer a draw and resign
/// (only in a game against the engine while it is under way), whether the engine may resign,
/// what the engine said (its answer to a draw offer, or why it resigned) and a watched game's
/// adjudication rules.
fn ending_json(table: &Table) -> Value {
    let open = matches!(table.mode, Mode::Play { .. }) && !table.game.is_over();
    let rules = &table.adjudication;
    let adjudication = (table.mode == Mode::Watch
        && (rules.draw.is_some() || rules.resign.is_some()))
    .then(|| {
        json!({
            "draw": rules.draw.map(|r| r.to_string()),
            "resign": rules.resign.map(|r| r.to_string()),
        })
    });
    json!({
        "can_offer_draw": open,
        "can_resign": open,
        "engine_resigns": table.engine_resigns,
        "engine_says": table.engine_says,
        "adjudication": adjudication,
    })
}

fn capitalised(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

/// The moves a click on the page may play: none while the engines play or when it is the
/// engine's turn.
fn legal_json(table: &Table) -> Vec<Value> {
    let shown = table.game.shown();
    let allowed = match table.mode {
        Mode::Watch => false,
        Mode::Play { human } => shown.side_to_move() == human,
        Mode::Analyse { .. } => true,
    };
    if !allowed || (table.game.at_end() && table.game.is_over()) {
        return Vec::new();
    }
    shown.moves().iter().map(|&mv| move_json(mv)).collect()
}

fn thinking_json(table: &Table) -> Value {
    let thinking = &table.thinking;
    let Some(side) = thinking.side else {
        return Value::Null;
    };
    let searched = table.game.position_at(thinking.ply);
    let first = thinking.lines.first();
    // The arrow only makes sense on the position the page shows.
    let arrow = first
        .and_then(|line| line.pv.first())
        .filter(|_| thinking.ply == table.game.cursor())
        .and_then(|text| searched.parse_move(text).ok())
        .map(move_json);
    let lines: Vec<Value> = thinking
        .lines
        .iter()
        .filter(|line| !line.pv.is_empty())
        .map(|line| {
            json!({
                "multipv": line.multipv,
                "depth": line.depth,
                "score": score_json(line.score.map(|s| black_view(s, side))),
                "pv": line.pv,
            })
        })
        .collect();
    // The lines are of the shown position, or (once their move is played) of the one before
    // it; of any other, the page does not show them.
    let cursor = table.game.cursor();
    let current =
        thinking.ply == cursor || (thinking.played.is_some() && thinking.ply + 1 == cursor);
    json!({
        "running": table.search.is_some(),
        "side": colour_name(side),
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

fn clocks_json(table: &Table) -> Value {
    let Some(clocks) = &table.clocks else {
        return Value::Null;
    };
    let left = |colour: Colour| {
        let mut ms = clocks.left_ms(colour.index());
        if let Some((running, since)) = table.clock_running
            && running == colour
        {
            let spent = u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX);
            ms = ms.saturating_sub(spent);
        }
        ms
    };
    json!({
        "black": left(Colour::Black),
        "white": left(Colour::White),
        "running": table.clock_running.map(|(colour, _)| colour_name(colour)),
    })
}

fn seats_json(table: &Table) -> Vec<Value> {
    (0..2)
        .map(|seat| {
            let state = table.seats[seat].as_ref();
            json!({
                "engine": table.choice[seat],
                "ready": state.is_some_and(|s| s.options.is_some()),
                "skill": state.map(|s| s.has_option("Skill")),
                "failed": state.and_then(|s| s.failed.clone()),
            })
        })
        .collect()
}

/// The engines the page may choose: names, whether each has a `Skill` option (`null` until it
/// has started), why it did not start, if it did not, and for this build's own engine the
/// measured Elo of each level over level 1 (`levels_elo`, level 1 first).
pub(super) fn engines_json(table: &Table) -> Vec<Value> {
    let skill = |options: &Option<Vec<String>>| {
        options
            .as_ref()
            .map(|names| names.iter().any(|n| n.eq_ignore_ascii_case("Skill")))
    };
    // The measured Elo of each level, for this build's own engine only.
    let this_build = format!("Sumito {}", env!("CARGO_PKG_VERSION"));
    let ladder: Vec<i32> = (1..=MAX_SKILL)
        .map(|level| Skill::new(level).elo())
        .collect();
    (0..table.engine_names.len())
        .zip(&table.engine_options)
        .zip(&table.engine_failures)
        .map(|((index, options), failed)| {
            let levels_elo = (table.engine_names[index] == this_build).then_some(&ladder);
            json!({
                "name": table.engine_name(index),
                "skill": skill(options),
                "failed": failed,
                "levels_elo": levels_elo,
            })
        })
        .collect()
}

/// The material after every ply, known without an engine: the marbles White has lost less
/// those Black has lost (Black's view, like the scores).
fn material(game: &Game) -> Vec<i32> {
    (0..=game.moves().len())
        .map(|ply| {
            let position = game.position_at(ply);
            i32::from(position.lost(Colour::White)) - i32::from(position.lost(Colour::Black))
        })
        .collect()
}

/// The whole snapshot.
pub fn snapshot(table: &Table) -> Value {
    if let Some(multi) = &table.multi {
        return super::multi_view::snapshot(table, multi);
    }
    let game = &table.game;
    let (mode, human, analysing) = match table.mode {
        Mode::Play { human } => ("play", Some(colour_name(human)), false),
        Mode::Watch => ("watch", None, false),
        Mode::Analyse { running } => ("analyse", None, running),
    };
    let cursor = game.cursor();
    let last = cursor.checked_sub(1).map(|i| move_json(game.moves()[i]));
    json!({
        "version": table.version,
        "mode": mode,
        "human": human,
        "analysing": analysing,
        "multipv": table.multipv,
        "skill": table.skill,
        "tc": table.tc.to_string(),
        "engines": engines_json(table),
        "seats": seats_json(table),
        "players": { "black": game.players[0], "white": game.players[1] },
        "start": game.start().command_words(),
        "moves": game.moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "first_side": colour_name(game.position_at(0).side_to_move()),
        "first_number": game.position_at(0).plies() / 2 + 1,
        "cursor": cursor,
        "board": board_json(game.shown()),
        "last_move": last,
        "legal": legal_json(table),
        "result": result_json(table),
        "thinking": thinking_json(table),
        "scores": game.scores().iter().map(|s| score_json(*s)).collect::<Vec<_>>(),
        "material": material(game),
        "clocks": clocks_json(table),
        "ending": ending_json(table),
        "message": table.message,
    })
}
