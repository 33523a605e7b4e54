//! Writing records of three to six players (GAMES.md, "Three to six players").

use super::{MultiGame, MultiStart};
use crate::clock::{TimeControl, ms_to_seconds};
use crate::records::write::{escape, wrap_movetext};
use sumito_rules::board::{MAX_SEATS, Seat};
use sumito_rules::ending::multi_ranks;

/// The tag of each seat's player: its colour's name, capitalised.
const SEAT_TAGS: [&str; MAX_SEATS] = ["Black", "White", "Red", "Green", "Yellow", "Blue"];

/// The tag that names `seat`'s player: `Black`, `White`, `Red`, `Green`, `Yellow`, `Blue`.
pub fn seat_tag(seat: Seat) -> &'static str {
    SEAT_TAGS[seat.index()]
}

/// Everything a record says about one game of three to six players.
#[derive(Clone, Debug)]
pub struct MultiGameInfo<'a> {
    pub event: &'a str,
    pub date: &'a str,
    /// The game's number in the match, from 1.
    pub round: u64,
    /// The players' names, in seat order.
    pub players: Vec<&'a str>,
    /// Where the record starts.
    pub start: MultiStart,
    /// How many of the game's first turns were the opening's, not the players'.
    pub opening_plies: usize,
    /// Time controls, in seat order.
    pub controls: Vec<TimeControl>,
    pub max_plies: u32,
    /// The points game's total thinking time (`--game-time`), in ms.
    pub game_time_ms: Option<u64>,
    pub game: &'a MultiGame,
}

/// The record of a game of three to six players, ending with a blank line.
pub fn format_multi_record(info: &MultiGameInfo) -> String {
    let game = info.game;
    let start = info.start.position();
    let end = game.turns.iter().fold(start, |p, turn| turn.apply(&p));
    let seating = start.seating();
    let result = game.result();
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), info.event.to_string()),
        ("Date".into(), info.date.to_string()),
        ("Round".into(), info.round.to_string()),
    ];
    match info.start {
        MultiStart::Layout(layout) => tags.push(("Layout".into(), layout.name().to_string())),
        MultiStart::Fen(position) => tags.push(("FEN".into(), position.to_string())),
    }
    for seat in seating.all() {
        let name = info.players.get(seat.index()).copied().unwrap_or("?");
        tags.push((seat_tag(seat).into(), name.to_string()));
    }
    if seating.has_teams() {
        tags.push(("Teams".into(), teams_text(start.seating())));
    }
    let ejected: Vec<String> = seating.all().map(|s| end.ejected(s).to_string()).collect();
    tags.push(("Ejected".into(), ejected.join("/")));
    if !game.left.is_empty() {
        let left: Vec<String> = game
            .left
            .iter()
            .map(|left| format!("{}: {}", left.seat.name(), left.why))
            .collect();
        tags.push(("Left".into(), left.join("; ")));
    }
    tags.push(("Result".into(), result.clone()));
    tags.push(("OpeningPlies".into(), info.opening_plies.to_string()));
    tags.push(("TimeControl".into(), controls_text(&info.controls, start)));
    tags.push(("MaxPlies".into(), info.max_plies.to_string()));
    if let Some(ms) = info.game_time_ms {
        tags.push(("GameTime".into(), ms_to_seconds(ms)));
    }
    tags.push(("Termination".into(), game.termination.to_string()));
    tags.push(("PlyCount".into(), game.turns.len().to_string()));
    debug_assert!(game.ranks.is_none() || game.ranks == Some(multi_ranks(&end)));
    let mut text = String::new();
    for (key, value) in tags {
        text += &format!("[{key} \"{}\"]\n", escape(&value));
    }
    text.push('\n');
    text += &wrap_movetext(movetext_tokens(info.start, game, &result));
    text.push('\n');
    text
}

/// The teams as the `Teams` tag writes them: `A black red, B white green`.
pub(super) fn teams_text(seating: sumito_rules::board::Seating) -> String {
    let teams: Vec<String> = (0..seating.teams())
        .map(|team| {
            let seats: Vec<&str> = seating.team_seats(team).map(Seat::name).collect();
            format!("{} {}", (b'A' + team as u8) as char, seats.join(" "))
        })
        .collect();
    teams.join(", ")
}

/// The `TimeControl` tag: the one control every seat plays with, or each seat's in turn
/// (`movetime=40 (black), depth=3 (white), …`).
fn controls_text(
    controls: &[TimeControl],
    start: sumito_rules::multiplayer::MultiPosition,
) -> String {
    match controls.split_first() {
        Some((first, rest)) if rest.iter().all(|tc| tc == first) => first.to_string(),
        _ => {
            let each: Vec<String> = start
                .seating()
                .all()
                .zip(controls)
                .map(|(seat, tc)| format!("{tc} ({})", seat.name()))
                .collect();
            each.join(", ")
        }
    }
}

/// The movetext's tokens: a number before each round of turns (a new round starts when the
/// turn comes to a seat numbered no higher than the previous mover's), the turns, the result.
fn movetext_tokens(start: MultiStart, game: &MultiGame, result: &str) -> Vec<String> {
    let mut tokens = Vec::with_capacity(game.turns.len() + 1);
    let mut position = start.position();
    let (mut number, mut previous) = (0, None);
    for turn in &game.turns {
        let mover = position.side_to_move();
        if previous.is_none_or(|p: Seat| mover <= p) {
            number += 1;
            tokens.push(format!("{number}. {turn}"));
        } else {
            tokens.push(turn.to_string());
        }
        previous = Some(mover);
        position = turn.apply(&position);
    }
    tokens.push(result.to_string());
    tokens
}
