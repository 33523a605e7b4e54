//! The snapshot of the session at the table ([`Snapshot`]): the shown board, the legal moves
//! with the cells a click selects and targets, the move list, the result, the engines'
//! thinking, the clocks and the scores for the eval graph, for any number of seats. What a
//! kind of game shows of its own (a two-player game's players, engine slots, material and
//! draw offers; a larger game's seats and teams) is its [`KindView`].

use super::game::Kind;
use super::seats::Seats;
use super::session::{Session, SessionKind, Sitter, capitalised};
use super::snapshot::{
    AdjudicationView, BoardView, ClocksView, EndingView, EngineSeatView, MoveView, ResultView,
    ScoreView, SeatView, SeatsView, Snapshot, ThinkingView, engines, unique_targets,
};
use super::table::{Table, each_kind};
use super::two_players::TwoPlayers;
use std::collections::BTreeMap;
use sumito_games::clock::whole_ms;
use sumito_rules::board::{Cells, Colour, Position, Seat};
use sumito_rules::ending::{rank_token, result_text};
use sumito_rules::multiplayer::{MultiOutcome, MultiPosition, MultiReason};

/// What a kind of game shows of its own.
pub trait KindView: SessionKind {
    /// The board of `position`.
    fn board(position: &Self::Position) -> BoardView;

    /// The result line of a finished game.
    fn result(session: &Session<Self>) -> Option<ResultView>;

    /// Fills in what only this kind shows.
    fn fill(snapshot: &mut Snapshot, session: &Session<Self>, table: &Table);
}

/// The snapshot of the table.
pub fn snapshot(table: &Table) -> Snapshot {
    each_kind!(&table.session, session => snapshot_of(session, table))
}

fn snapshot_of<K: KindView>(session: &Session<K>, table: &Table) -> Snapshot {
    let game = &session.game;
    let (mode, analysing) = match session.analysis {
        Some(running) => ("analyse", running),
        None if session.engines_only() => ("watch", false),
        None => ("play", false),
    };
    let cursor = game.cursor();
    let last_move = (cursor.checked_sub(1)).and_then(|i| K::moved(game.turns()[i]));
    let legal = match session.person_may_move() {
        true => K::legal(game.shown()),
        false => Vec::new(),
    };
    let mut snapshot = Snapshot {
        version: table.version,
        server: table.server.clone(),
        mode,
        human: None,
        analysing,
        can_resume: session.resumable && session.analysis.is_some() && !game.is_over(),
        multipv: session.multipv,
        skill: session.skill,
        tc: session.tc.to_string(),
        engines: engines(table),
        seats: Vec::new(),
        players: BTreeMap::new(),
        start: game.start().command_words(),
        moves: game.turns().iter().map(ToString::to_string).collect(),
        first_side: K::mover(game.position_at(0)).name(),
        first_number: 1,
        cursor,
        board: K::board(game.shown()),
        last_move: last_move.map(MoveView::of),
        legal: {
            let mut legal: Vec<MoveView> = legal.into_iter().map(MoveView::of).collect();
            unique_targets(&mut legal);
            legal
        },
        result: K::result(session),
        thinking: thinking(session),
        scores: game.scores().iter().map(|s| ScoreView::of(*s)).collect(),
        material: Vec::new(),
        clocks: clocks(session),
        ending: EndingView {
            can_offer_draw: false,
            can_resign: K::resigning(session).is_ok(),
            engine_resigns: false,
            engine_says: None,
            adjudication: None,
        },
        message: session.message.clone(),
        multi: None,
    };
    K::fill(&mut snapshot, session, table);
    snapshot
}

fn thinking<K: SessionKind>(session: &Session<K>) -> Option<ThinkingView> {
    let seat = session.thinking.mover?;
    let searched = session.game.position_at(session.thinking.ply);
    Some(ThinkingView::of(
        session,
        seat.name(),
        session.game.cursor(),
        |score| K::kept_score(score, seat),
        |text| K::read_answer(searched, text).ok().and_then(K::moved),
    ))
}

fn clocks<K: Kind>(session: &Session<K>) -> Option<ClocksView> {
    let clocks = session.clocks.as_ref()?;
    let left = (0..session.sitters.len())
        .filter_map(Seat::new)
        .map(|seat| {
            let mut ms = clocks.left_ms(seat.index());
            if let Some((running, since)) = session.clock_running
                && running == seat
            {
                ms = ms.saturating_sub(whole_ms(since.elapsed()));
            }
            (seat.name(), ms)
        })
        .collect();
    Some(ClocksView {
        left,
        running: session.clock_running.map(|(seat, _)| seat.name()),
    })
}

impl KindView for TwoPlayers {
    fn board(position: &Position) -> BoardView {
        let mut marbles = BTreeMap::new();
        for colour in Colour::BOTH {
            for cell in Cells(position.stones(colour)) {
                marbles.insert(cell.to_string(), Seat::from(colour).name());
            }
        }
        let lost = Colour::BOTH.map(|colour| (Seat::from(colour).name(), position.lost(colour)));
        BoardView {
            marbles,
            to_move: Seat::from(position.side_to_move()).name(),
            lost: Some(BTreeMap::from(lost)),
            fen: position.to_string(),
            over: position.outcome().map(|o| result_text(&o)),
        }
    }

    /// `1-0`, and why; an adjudicated game's evidence, the scores that decided it.
    fn result(session: &Session<TwoPlayers>) -> Option<ResultView> {
        let (winner, termination) = session.game.result()?;
        let text = match winner {
            Some(colour) => format!("{} wins: {termination}", capitalised(&colour.to_string())),
            None => format!("draw: {termination}"),
        };
        Some(ResultView {
            token: sumito_rules::ending::result_token(winner).to_string(),
            text,
            evidence: (session.game.ending()).and_then(|e| e.adjudication.clone()),
        })
    }

    /// The person's colour, the two engine slots, the players by colour, the move number of
    /// the first move, the material after every ply, and how the game may end besides the
    /// rules: a draw offer and a resignation (only in a game against the engine while it is
    /// under way), the engine's resignation and words, a watched game's adjudication rules.
    fn fill(snapshot: &mut Snapshot, session: &Session<TwoPlayers>, table: &Table) {
        let game = &session.game;
        snapshot.human = session.person().map(Seat::name);
        snapshot.seats = (0..2)
            .map(|slot| {
                let state = table.engines.slots[slot].as_ref();
                EngineSeatView {
                    engine: session.choice[slot] + 1,
                    ready: state.is_some_and(|s| s.options.is_some()),
                    skill: state.map(|s| s.has_option("Skill")),
                    failed: state.and_then(|s| s.failed.clone()),
                }
            })
            .collect();
        snapshot.players = (Colour::BOTH.iter())
            .map(|&colour| {
                (
                    Seat::from(colour).name(),
                    game.players[colour.index()].clone(),
                )
            })
            .collect();
        snapshot.first_number = game.position_at(0).plies() / 2 + 1;
        snapshot.material = (0..=game.turns().len())
            .map(|ply| {
                let position = game.position_at(ply);
                i32::from(position.lost(Colour::White)) - i32::from(position.lost(Colour::Black))
            })
            .collect();
        let open = session.person().is_some() && !game.is_over();
        let rules = &session.adjudication;
        let watched = session.analysis.is_none() && session.engines_only();
        let adjudication =
            (watched && (rules.draw.is_some() || rules.resign.is_some())).then(|| {
                AdjudicationView {
                    draw: rules.draw.map(|r| r.to_string()),
                    resign: rules.resign.map(|r| r.to_string()),
                }
            });
        snapshot.ending = EndingView {
            can_offer_draw: open,
            can_resign: open,
            engine_resigns: session.engine_resigns,
            engine_says: session.engine_says.clone(),
            adjudication,
        };
    }
}

impl KindView for Seats {
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

    /// The record's token of finishing ranks (`1-3-2`) and who won and why.
    fn result(session: &Session<Seats>) -> Option<ResultView> {
        let (termination, ranks) = session.game.result()?;
        let text = match session.game.outcome() {
            Some(outcome) => outcome_text(&outcome),
            None => format!("ranks {}: {termination}", rank_token(&ranks)),
        };
        Some(ResultView {
            token: rank_token(&ranks),
            text,
            evidence: None,
        })
    }

    /// The seats (name, person or engine, team, marbles ejected, whether it left and why,
    /// rank), the teams, who moved at each ply and whose turn it is.
    fn fill(snapshot: &mut Snapshot, session: &Session<Seats>, table: &Table) {
        let game = &session.game;
        let end = game.end();
        let seating = end.seating();
        let teams = seating.has_teams().then(|| {
            (0..seating.teams())
                .map(|team| seating.team_seats(team).map(Seat::name).collect())
                .collect()
        });
        snapshot.multi = Some(SeatsView {
            players: seating.seats(),
            seats: seat_views(session, table),
            teams,
            movers: game.movers().iter().map(|s| s.name()).collect(),
            turn: end.side_to_move().name(),
        });
    }
}

fn seat_views(session: &Session<Seats>, table: &Table) -> Vec<SeatView> {
    let game = &session.game;
    let shown = game.shown();
    let seating = shown.seating();
    let ranks = (game.result())
        .filter(|_| game.at_end())
        .map(|(_, ranks)| ranks);
    (seating.all())
        .map(|seat| {
            let engine = match session.sitter(seat) {
                Sitter::Engine(index) => Some(index),
                Sitter::Person => None,
            };
            SeatView {
                number: seat.number(),
                letter: seat.letter().to_ascii_uppercase().to_string(),
                colour: seat.name(),
                name: game.players.get(seat.index()).cloned(),
                sitter: if engine.is_some() { "engine" } else { "person" },
                engine: engine.map(|index| table.engines.name(index)),
                tc: session.controls.get(seat.index()).map(ToString::to_string),
                team: seating.has_teams().then(|| seating.team(seat)),
                ejected: shown.ejected(seat),
                left: shown.has_left(seat),
                why: game.why_left(seat).map(ToString::to_string),
                won: ranks.as_ref().map(|r| r.get(seat.index()) == Some(&1)),
                rank: ranks.as_ref().and_then(|r| r.get(seat.index()).copied()),
            }
        })
        .collect()
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
