//! The snapshot of a two-player game: the shown board, the legal moves with the cells a click
//! selects and targets, the move list, the result, the engines' thinking, the clocks and the
//! scores for the eval graph ([`Snapshot`]). A game of more players is `multi_view`'s.

use super::info::black_view;
use super::seats_table::capitalised;
use super::snapshot::{
    AdjudicationView, BoardView, ClocksView, EndingView, EngineSeatView, MoveView, ResultView,
    ScoreView, Snapshot, ThinkingView, engines,
};
use super::state::Game;
use super::table::{Mode, Table};
use std::collections::BTreeMap;
use sumito_rules::board::{Cells, Colour, Position, Seat};
use sumito_rules::ending::result_text;

/// A colour as the page names it: its seat's colour name (`black`, `white`).
fn colour_name(colour: Colour) -> &'static str {
    Seat::from(colour).name()
}

fn board(position: &Position) -> BoardView {
    let mut marbles = BTreeMap::new();
    for colour in Colour::BOTH {
        for cell in Cells(position.stones(colour)) {
            marbles.insert(cell.to_string(), colour_name(colour));
        }
    }
    let lost = Colour::BOTH.map(|colour| (colour_name(colour), position.lost(colour)));
    BoardView {
        marbles,
        to_move: colour_name(position.side_to_move()),
        lost: Some(BTreeMap::from(lost)),
        fen: position.to_string(),
        over: position.outcome().map(|o| result_text(&o)),
    }
}

/// The result line of a finished game: `1-0`, and why; an adjudicated game's `evidence`, the
/// scores that decided it.
fn result(table: &Table) -> Option<ResultView> {
    let (winner, termination) = table.game.result()?;
    let text = match winner {
        Some(colour) => format!("{} wins: {termination}", capitalised(colour_name(colour))),
        None => format!("draw: {termination}"),
    };
    Some(ResultView {
        token: sumito_rules::ending::result_token(winner).to_string(),
        text,
        evidence: table.game.ending().and_then(|e| e.adjudication.clone()),
    })
}

/// How the game may end besides the rules: whether the person may offer a draw and resign
/// (only in a game against the engine while it is under way), whether the engine may resign,
/// what the engine said (its answer to a draw offer, or why it resigned) and a watched game's
/// adjudication rules.
fn ending(table: &Table) -> EndingView {
    let open = matches!(table.mode, Mode::Play { .. }) && !table.game.is_over();
    let rules = &table.adjudication;
    let adjudication = (table.mode == Mode::Watch
        && (rules.draw.is_some() || rules.resign.is_some()))
    .then(|| AdjudicationView {
        draw: rules.draw.map(|r| r.to_string()),
        resign: rules.resign.map(|r| r.to_string()),
    });
    EndingView {
        can_offer_draw: open,
        can_resign: open,
        engine_resigns: table.engine_resigns,
        engine_says: table.engine_says.clone(),
        adjudication,
    }
}

/// The moves a click on the page may play: none while the engines play or when it is the
/// engine's turn.
fn legal(table: &Table) -> Vec<MoveView> {
    let shown = table.game.shown();
    let allowed = match table.mode {
        Mode::Watch => false,
        Mode::Play { human } => shown.side_to_move() == human,
        Mode::Analyse { .. } => true,
    };
    if !allowed || (table.game.at_end() && table.game.is_over()) {
        return Vec::new();
    }
    shown.moves().iter().map(|&mv| MoveView::of(mv)).collect()
}

fn thinking(table: &Table) -> Option<ThinkingView> {
    let side = table.thinking.side?;
    let searched = table.game.position_at(table.thinking.ply);
    Some(ThinkingView::of(
        table,
        colour_name(side),
        table.game.cursor(),
        |score| black_view(score, side),
        |text| searched.parse_move(text).ok(),
    ))
}

fn clocks(table: &Table) -> Option<ClocksView> {
    let clocks = table.clocks.as_ref()?;
    let left = |colour: Colour| {
        let mut ms = clocks.left_ms(colour.index());
        if let Some((running, since)) = table.clock_running
            && running == colour
        {
            let spent = u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX);
            ms = ms.saturating_sub(spent);
        }
        (colour_name(colour), ms)
    };
    Some(ClocksView {
        left: BTreeMap::from(Colour::BOTH.map(left)),
        running: table.clock_running.map(|(colour, _)| colour_name(colour)),
    })
}

fn seats(table: &Table) -> Vec<EngineSeatView> {
    (0..2)
        .map(|seat| {
            let state = table.engines.slots[seat].as_ref();
            EngineSeatView {
                engine: table.choice[seat],
                ready: state.is_some_and(|s| s.options.is_some()),
                skill: state.map(|s| s.has_option("Skill")),
                failed: state.and_then(|s| s.failed.clone()),
            }
        })
        .collect()
}

/// The material after every ply, known without an engine: the marbles White has lost less
/// those Black has lost (Black's view, like the scores).
fn material(game: &Game) -> Vec<i32> {
    (0..=game.turns().len())
        .map(|ply| {
            let position = game.position_at(ply);
            i32::from(position.lost(Colour::White)) - i32::from(position.lost(Colour::Black))
        })
        .collect()
}

/// The snapshot of the table: of its two-player game, or of its game of more players.
pub fn snapshot(table: &Table) -> Snapshot {
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
    let players =
        Colour::BOTH.map(|colour| (colour_name(colour), game.players[colour.index()].clone()));
    Snapshot {
        version: table.version,
        mode,
        human,
        analysing,
        multipv: table.multipv,
        skill: table.skill,
        tc: table.tc.to_string(),
        engines: engines(table),
        seats: seats(table),
        players: BTreeMap::from(players),
        start: game.start().command_words(),
        moves: game.turns().iter().map(|m| m.to_string()).collect(),
        first_side: colour_name(game.position_at(0).side_to_move()),
        first_number: game.position_at(0).plies() / 2 + 1,
        cursor,
        board: board(game.shown()),
        last_move: cursor.checked_sub(1).map(|i| MoveView::of(game.turns()[i])),
        legal: legal(table),
        result: result(table),
        thinking: thinking(table),
        scores: game.scores().iter().map(|s| ScoreView::of(*s)).collect(),
        material: material(game),
        clocks: clocks(table),
        ending: ending(table),
        message: table.message.clone(),
        multi: None,
    }
}
