//! Evidence runs for three to six players, ignored in the normal test run (minutes each):
//! Sumito against uniformly random and one-ply greedy players in every seat, and paranoid
//! against Best-Reply Search with the seats rotated. They print tables and assert the win
//! rates the issue asks for.
//!
//! `cargo test --release --test integration multiplayer_evidence:: -- --ignored --nocapture --test-threads 1`

use sumito::movegen::{Move, MoveList};
use sumito::multiplayer::{
    Algorithm, MultiLayout, MultiOutcome, MultiPosition, MultiRequest, evaluate, search_multi,
};
use sumito::search::{Control, Engine, Limits};
use sumito::util::random::Random;

/// A player of one seat.
enum Player {
    /// Sumito's search with these limits.
    Sumito(Box<Engine>, MultiRequest),
    /// A uniformly random legal move.
    Random(Random),
    /// One ply of material: an ejection if it has one, else any move, at random among equals.
    Greedy(Random),
    /// One ply of Sumito's evaluation: the move whose position evaluates best for its own
    /// seat, ties broken at random (a stronger greedy player than the issue asks for).
    EvalGreedy(Random),
}

impl Player {
    fn sumito(limits: Limits, algorithm: Algorithm) -> Player {
        let engine = Engine::new(16).expect("a 16 MB table");
        let request = MultiRequest {
            limits,
            algorithm,
            searchmoves: Vec::new(),
        };
        Player::Sumito(Box::new(engine), request)
    }

    /// The move to play; `None` passes (no legal move).
    fn choose(&mut self, position: &MultiPosition) -> Option<Move> {
        let mut list = MoveList::default();
        position.legal_moves(&mut list);
        if list.is_empty() {
            return None;
        }
        match self {
            Player::Sumito(engine, request) => {
                let control = Control::new();
                control.start(false);
                let result = search_multi(
                    engine,
                    position,
                    request,
                    &control,
                    &mut |_| {},
                    &mut |_| {},
                );
                result.best
            }
            Player::Random(random) => Some(list.as_slice()[random.below(list.len())]),
            Player::Greedy(random) => {
                let ejections = list.iter().take_while(|mv| mv.is_eject()).count();
                let choices = if ejections > 0 { ejections } else { list.len() };
                Some(list.as_slice()[random.below(choices)])
            }
            Player::EvalGreedy(random) => {
                let seat = position.side_to_move();
                let value = |mv: Move| {
                    let next = position.play(mv);
                    match next.outcome() {
                        Some(outcome) if outcome.won(seat) => i32::MAX,
                        _ => evaluate(&next, seat),
                    }
                };
                let best = list.iter().map(|&mv| value(mv)).max()?;
                let ties: Vec<Move> = list
                    .iter()
                    .copied()
                    .filter(|&mv| value(mv) == best)
                    .collect();
                Some(ties[random.below(ties.len())])
            }
        }
    }
}

/// Plays one game: `players[i]` in seat `i + 1`, the first `opening` plies random (from
/// `seed`), the move limit `limit`.
fn play(
    layout: MultiLayout,
    players: &mut [Player],
    opening: u32,
    seed: u64,
    limit: u32,
) -> MultiOutcome {
    let mut position = layout.position().with_move_limit(limit);
    let mut random = Random(seed);
    loop {
        if let Some(outcome) = position.outcome() {
            return outcome;
        }
        let seat = position.side_to_move().index();
        let mv = if position.plies() < opening {
            let mut list = MoveList::default();
            position.legal_moves(&mut list);
            (!list.is_empty()).then(|| list.as_slice()[random.below(list.len())])
        } else {
            players[seat].choose(&position)
        };
        if let Some(mv) = mv {
            assert!(position.is_legal(mv), "{mv} in {position}");
        }
        position = position.play_or_pass(mv);
        if std::env::var("MULTI_VERBOSE").is_ok() && mv.is_some_and(|m| m.is_eject()) {
            eprintln!(
                "  ply {} seat {} ejects: {position}",
                position.plies(),
                seat + 1
            );
        }
    }
}

/// Wins alone, shared wins and losses of the seats in `mask`, over games played on two threads.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u32,
    wins: u32,
    shared: u32,
}

impl Tally {
    fn add(&mut self, outcome: &MultiOutcome, mask: u8) {
        self.games += 1;
        if outcome.winners & mask != 0 {
            match outcome.winners & !mask {
                0 => self.wins += 1,
                _ => self.shared += 1,
            }
        }
    }
}

/// Runs `games` games of `make` (which builds the players of game `g`) on two threads and
/// tallies them for the seats in `mask`.
fn run(
    layout: MultiLayout,
    games: u32,
    mask: u8,
    opening: u32,
    make: &(dyn Fn(u32) -> Vec<Player> + Sync),
) -> Tally {
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for game in (worker..games).step_by(2) {
                        let mut players = make(game);
                        let seed = env_or("MULTI_SEED", 1000) as u64 + game as u64;
                        let outcome = play(layout, &mut players, opening, seed, 400);
                        if std::env::var("MULTI_VERBOSE").is_ok() {
                            eprintln!("game {game}: {outcome}");
                        }
                        tally.add(&outcome, mask);
                    }
                    tally
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker"))
            .collect()
    });
    tallies.iter().fold(Tally::default(), |a, b| Tally {
        games: a.games + b.games,
        wins: a.wins + b.wins,
        shared: a.shared + b.shared,
    })
}

/// A number from the environment, `default` without one.
fn env_or(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Sumito at depth 3 (its default search for the layout) against uniformly random and one-ply greedy
/// players (an ejection when there is one), in every seat of three-player games and in either
/// team of four-player games (its partner Sumito too): at least 95% of at least 30 games each.
/// Also reported, without a bar: against one-ply players of Sumito's own evaluation.
#[test]
#[ignore = "evidence: minutes"]
fn sumito_beats_random_and_greedy_players_in_every_seat() {
    let games = env_or("MULTI_GAMES", 30);
    let depth = env_or("MULTI_DEPTH", 3);
    // MULTI_SEARCH chooses one search for every game; by default each layout's (`auto`).
    let chosen: Option<Algorithm> = std::env::var("MULTI_SEARCH")
        .ok()
        .and_then(|a| a.parse().ok());
    let opponents =
        std::env::var("MULTI_OPPONENTS").unwrap_or_else(|_| "random greedy evalgreedy".into());
    let name = chosen.map_or("auto".to_string(), |a| a.to_string());
    println!("Sumito: {name} at depth {depth}");
    println!("| layout | opponents | Sumito's seats | games | Sumito wins | shared | others win |");
    println!("|---|---|---|---|---|---|---|");
    for opponent in opponents.split_whitespace() {
        let other = |game: u32| match opponent {
            "random" => Player::Random(Random(7 + game as u64)),
            "greedy" => Player::Greedy(Random(7 + game as u64)),
            _ => Player::EvalGreedy(Random(7 + game as u64)),
        };
        let cases: Vec<(MultiLayout, Vec<usize>)> = vec![
            (MultiLayout::ThreePlayer, vec![0]),
            (MultiLayout::ThreePlayer, vec![1]),
            (MultiLayout::ThreePlayer, vec![2]),
            (MultiLayout::FourPlayer, vec![0, 2]),
            (MultiLayout::FourPlayer, vec![1, 3]),
            (MultiLayout::FivePlayer, vec![0]),
            (MultiLayout::FivePlayer, vec![2]),
            (MultiLayout::FivePlayer, vec![4]),
            (MultiLayout::SixPlayer, vec![0, 3]),
            (MultiLayout::SixPlayer, vec![1, 4]),
        ];
        for (layout, ours) in cases {
            let seats = layout.seating().seats();
            let mask = ours.iter().fold(0u8, |m, &s| m | 1 << s);
            let make = |game: u32| -> Vec<Player> {
                (0..seats)
                    .map(|seat| match ours.contains(&seat) {
                        true => {
                            let algorithm =
                                chosen.unwrap_or(Algorithm::for_seating(layout.seating()));
                            Player::sumito(Limits::depth(depth), algorithm)
                        }
                        false => other(game * 8 + seat as u32),
                    })
                    .collect()
            };
            let tally = run(layout, games, mask, 0, &make);
            let names: Vec<String> = ours.iter().map(|s| (s + 1).to_string()).collect();
            let others = tally.games - tally.wins - tally.shared;
            println!(
                "| {layout} | {opponent} | {} | {} | {} | {} | {others} |",
                names.join(" and "),
                tally.games,
                tally.wins,
                tally.shared
            );
            // The bar is for the random and the material-greedy players.
            if opponent != "evalgreedy" {
                let message = format!("{layout} {opponent} {ours:?}: {tally:?}");
                assert!(tally.wins * 100 >= 95 * tally.games, "{message}");
            }
        }
    }
}

/// Paranoid against Best-Reply Search at a fixed time a move, one thread each: in
/// three-player games every seating of two of one and one of the other, rotated; in
/// four-player games each algorithm in either team. The first plies are random, one per seat,
/// so that the games differ. Prints the tally of each algorithm; asserts nothing but that the
/// games were played (the choice of the default is STRENGTH.md's).
#[test]
#[ignore = "evidence: about ten minutes"]
fn paranoid_against_best_reply_search() {
    let movetime = std::env::var("MULTI_MOVETIME")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(40);
    let rounds: u32 = std::env::var("MULTI_ROUNDS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(10);
    let limits = Limits::movetime(movetime);
    println!("movetime {movetime} ms, {rounds} games per seating");
    println!("| layout | seating (seat 1, 2, ...) | games | paranoid wins | BRS wins | shared |");
    println!("|---|---|---|---|---|---|");
    let (p, b) = (Algorithm::Paranoid, Algorithm::BestReply);
    let seatings: Vec<(MultiLayout, Vec<Algorithm>)> = vec![
        (MultiLayout::ThreePlayer, vec![p, p, b]),
        (MultiLayout::ThreePlayer, vec![p, b, p]),
        (MultiLayout::ThreePlayer, vec![b, p, p]),
        (MultiLayout::ThreePlayer, vec![b, b, p]),
        (MultiLayout::ThreePlayer, vec![b, p, b]),
        (MultiLayout::ThreePlayer, vec![p, b, b]),
        (MultiLayout::FourPlayer, vec![p, b, p, b]),
        (MultiLayout::FourPlayer, vec![b, p, b, p]),
    ];
    for (layout, seating) in seatings {
        let mask_of = |algorithm: Algorithm| {
            (0..seating.len())
                .filter(|&s| seating[s] == algorithm)
                .fold(0u8, |m, s| m | 1 << s)
        };
        let make = |_: u32| -> Vec<Player> {
            seating
                .iter()
                .map(|&a| Player::sumito(limits.clone(), a))
                .collect()
        };
        // One run tallied for paranoid's seats; BRS's wins are the games paranoid's seats
        // neither won nor shared, less those won by nobody of either (impossible: every seat
        // is one of the two), so they are counted from the same games.
        let tally = run(
            layout,
            rounds,
            mask_of(p),
            layout.seating().seats() as u32,
            &make,
        );
        let brs = tally.games - tally.wins - tally.shared;
        let names: Vec<&str> = seating.iter().map(|a| a.name()).collect();
        println!(
            "| {layout} | {} | {} | {} | {brs} | {} |",
            names.join(" "),
            tally.games,
            tally.wins,
            tally.shared
        );
        assert_eq!(tally.games, rounds);
    }
}
