//! What the runner tells: per-pair results, a progress line after every game (stderr) and the
//! final table (stdout).

use super::stats::{Sprt, Tally, Verdict};
use crate::util::samples::Samples;
use std::time::Duration;
use sumito_games::records::PlayedGame;
use sumito_rules::board::Colour;
use sumito_rules::ending::{Termination, result_token};

/// Results between two engines, seen from the first (`engines.0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairStats {
    /// Indices of the two engines.
    pub engines: (usize, usize),
    /// Wins, draws and losses of the first engine.
    pub tally: Tally,
    /// Plies played in all games.
    pub plies: u64,
    /// Per engine of the pair (first, second): games lost on time or by silence.
    pub time_losses: [u32; 2],
    /// Games lost by an illegal (or unreadable) move.
    pub illegal: [u32; 2],
    /// Games lost by a crash.
    pub crashes: [u32; 2],
    /// Games ended by the points game's game time.
    pub game_time_ends: u32,
}

impl PairStats {
    /// Empty results for the pair.
    pub fn new(first: usize, second: usize) -> PairStats {
        PairStats {
            engines: (first, second),
            tally: Tally::default(),
            plies: 0,
            time_losses: [0; 2],
            illegal: [0; 2],
            crashes: [0; 2],
            game_time_ends: 0,
        }
    }

    /// Counts a game in which the engines `[black, white]` played.
    pub fn add(&mut self, players: [usize; 2], game: &PlayedGame) {
        let first_colour = if players[0] == self.engines.0 {
            Colour::Black
        } else {
            Colour::White
        };
        match game.winner() {
            None => self.tally.draws += 1,
            Some(colour) if colour == first_colour => self.tally.wins += 1,
            Some(_) => self.tally.losses += 1,
        }
        self.plies += game.turns.len() as u64;
        self.game_time_ends += u32::from(game.termination == Termination::GameTime);
        if let Some(culprit) = game.culprit {
            let side = usize::from(culprit != first_colour);
            let counter = match game.termination {
                Termination::TimeForfeit | Termination::NoAnswer => &mut self.time_losses,
                Termination::IllegalMove(_) => &mut self.illegal,
                Termination::Crash => &mut self.crashes,
                _ => return,
            };
            counter[side] += 1;
        }
    }

    /// Mean game length in plies.
    pub fn average_plies(&self) -> f64 {
        let games = self.tally.games();
        if games == 0 {
            0.0
        } else {
            self.plies as f64 / games as f64
        }
    }
}

/// An Elo figure: `+12.3`, `-4.0`, `+inf`.
pub fn format_elo(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding zero turns -0.0 (the Elo of a 50% score) into +0.0.
        format!("{:+.1}", elo + 0.0)
    }
}

/// `Elo +12.3 ± 45.6` for a tally; `Elo -` before any game, and with a word why while every
/// game was won or lost (no finite Elo) or the games cannot yet give an interval.
fn elo_text(tally: &Tally) -> String {
    match (tally.elo(), tally.elo_error()) {
        (Some(elo), _) if elo.is_infinite() => {
            let all = if elo > 0.0 { "won" } else { "lost" };
            format!("Elo - (every game {all} so far)")
        }
        (Some(elo), Some(error)) if error.is_finite() => {
            format!("Elo {} ± {error:.1}", format_elo(elo))
        }
        (Some(elo), _) => format!("Elo {} (no interval yet)", format_elo(elo)),
        _ => "Elo -".to_string(),
    }
}

/// The line written to stderr after each game.
pub fn progress_line(
    done: usize,
    total: usize,
    players: [&str; 2],
    game: &PlayedGame,
    pair: &PairStats,
    pair_names: [&str; 2],
    sprt: Option<&Sprt>,
) -> String {
    let t = &pair.tally;
    let mut line = format!(
        "game {done}/{total}: {} - {} {} ({}) | {} vs {}: W {} D {} L {}, {}",
        players[0],
        players[1],
        result_token(game.winner()),
        game.termination,
        pair_names[0],
        pair_names[1],
        t.wins,
        t.draws,
        t.losses,
        elo_text(t),
    );
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        line += &format!(", LLR {:+.2} ({lower:+.2}, {upper:+.2})", sprt.llr(t));
    }
    line
}

/// The standing of a pair for the overall progress line: `A vs B: Elo +12.3 ± 45.6`, with the
/// LLR when an SPRT runs.
pub fn standing(pair: &PairStats, pair_names: [&str; 2], sprt: Option<&Sprt>) -> String {
    let mut text = format!(
        "{} vs {}: {}",
        pair_names[0],
        pair_names[1],
        elo_text(&pair.tally)
    );
    if let Some(sprt) = sprt {
        text += &format!(", LLR {:+.2}", sprt.llr(&pair.tally));
    }
    text
}

/// The final table: one row per engine pair. Counts of faults are given as
/// "first engine/second engine".
pub fn table(pairs: &[PairStats], names: &[String], sprt: Option<&Sprt>) -> String {
    let header = ["Pair"]
        .into_iter()
        .chain(TALLY_HEADER)
        .chain(["LLR", "SPRT", "Plies", "Time", "Illegal", "Crash"]);
    let mut rows: Vec<Vec<String>> = vec![header.map(String::from).collect()];
    for pair in pairs {
        let t = &pair.tally;
        let (first, second) = pair.engines;
        let (llr, verdict) = match sprt {
            Some(sprt) => (format!("{:+.2}", sprt.llr(t)), sprt.verdict(t).to_string()),
            None => ("-".into(), "-".into()),
        };
        let both = |counts: [u32; 2]| format!("{}/{}", counts[0], counts[1]);
        let mut row = vec![format!("{} vs {}", names[first], names[second])];
        row.extend(tally_cells(t));
        row.extend([
            llr,
            verdict,
            format!("{:.1}", pair.average_plies()),
            both(pair.time_losses),
            both(pair.illegal),
            both(pair.crashes),
        ]);
        rows.push(row);
    }
    let mut text = aligned(&rows);
    if names.len() >= 3 {
        text += &standings(pairs, names);
    }
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        text += &format!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}, LLR bounds ({lower:+.2}, {upper:+.2})\n",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        );
    }
    let game_time_ends: u32 = pairs.iter().map(|pair| pair.game_time_ends).sum();
    if game_time_ends > 0 {
        let games: u32 = pairs.iter().map(|pair| pair.tally.games()).sum();
        text += &format!(
            "Game time: {game_time_ends} of {games} games ended when the points game's time ran \
             out, won by more marbles ejected or drawn.\n"
        );
    }
    text += "Points are the first engine's tournament points (win 2, draw 1, loss 0) of the \
             most it could have.\n";
    text += "Time, Illegal and Crash count the games each engine of the pair lost that way \
             (first/second); Time includes silence.\n";
    text
}

/// Each engine's results against all the others together, best score first: the standings of
/// a round robin of three or more engines. The Elo is against the field, not an absolute level.
fn standings(pairs: &[PairStats], names: &[String]) -> String {
    let mut totals = vec![Tally::default(); names.len()];
    for pair in pairs {
        let (first, second) = pair.engines;
        for (engine, tally) in [(first, pair.tally), (second, pair.tally.flipped())] {
            let total = &mut totals[engine];
            total.wins += tally.wins;
            total.draws += tally.draws;
            total.losses += tally.losses;
        }
    }
    let mut order: Vec<usize> = (0..names.len()).collect();
    // Best score first; engines without games last, in the order given.
    order.sort_by(|&a, &b| {
        let score = |engine: usize| totals[engine].score().unwrap_or(-1.0);
        score(b).total_cmp(&score(a))
    });
    let header = ["Rank", "Engine"].into_iter().chain(TALLY_HEADER);
    let mut rows: Vec<Vec<String>> = vec![header.map(String::from).collect()];
    for (rank, &engine) in order.iter().enumerate() {
        let t = &totals[engine];
        let mut row = vec![(rank + 1).to_string(), names[engine].clone()];
        row.extend(tally_cells(t));
        rows.push(row);
    }
    format!(
        "\nStandings (each engine against all the others):\n{}",
        aligned(&rows)
    )
}

/// The column names of [`tally_cells`].
const TALLY_HEADER: [&str; 8] = [
    "Games",
    "W",
    "D",
    "L",
    "Score",
    "Points",
    "Elo",
    "95% interval",
];

/// The table cells of a tally: games, W, D, L, score, points, Elo and its 95% interval (`-`
/// where there is no game yet).
fn tally_cells(t: &Tally) -> [String; 8] {
    let none = || "-".to_string();
    [
        t.games().to_string(),
        t.wins.to_string(),
        t.draws.to_string(),
        t.losses.to_string(),
        t.score()
            .map_or_else(none, |s| format!("{:.1}%", 100.0 * s)),
        format!("{}/{}", t.points(), 2 * t.games()),
        t.elo().map_or_else(none, format_elo),
        t.elo_interval().map_or_else(none, |(low, high)| {
            format!("[{}, {}]", format_elo(low), format_elo(high))
        }),
    ]
}

/// Rows as columns: the first left-aligned, the others right-aligned, two blanks apart.
fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            rows.iter()
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(column, (cell, &width))| {
                if column == 0 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        text += cells.join("  ").trim_end();
        text.push('\n');
    }
    text
}

/// Per engine, how punctual its timed answers were: answer time minus the time allowed (the
/// move time or the time left on the clock), before the margin. Empty when nothing was timed.
pub fn lateness(names: &[String], lateness: &[Samples], margin: Duration) -> String {
    let mut text = String::new();
    for (name, samples) in names.iter().zip(lateness) {
        if let Some(spread) = samples.spread() {
            text += &format!("Lateness {name}: {spread}\n");
        }
    }
    if !text.is_empty() {
        text += &format!(
            "Lateness is the answer time minus the move time or the time left; a loss on time \
             takes more than +{} ms.\n",
            margin.as_millis()
        );
    }
    text
}

/// Has the SPRT decided (for the stop)?
pub fn sprt_decided(sprt: Option<&Sprt>, pair: &PairStats) -> bool {
    sprt.is_some_and(|sprt| sprt.verdict(&pair.tally) != Verdict::Continue)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(
        winner: Option<Colour>,
        termination: Termination,
        culprit: Option<Colour>,
    ) -> PlayedGame {
        PlayedGame {
            culprit,
            ..PlayedGame::two_player(Vec::new(), winner, termination)
        }
    }

    #[test]
    fn results_count_from_the_first_engine_whatever_its_colour() {
        let mut pair = PairStats::new(0, 1);
        pair.add(
            [0, 1],
            &game(Some(Colour::Black), Termination::SixEjected, None),
        );
        pair.add(
            [1, 0],
            &game(
                Some(Colour::Black),
                Termination::TimeForfeit,
                Some(Colour::White),
            ),
        );
        pair.add(
            [1, 0],
            &game(
                Some(Colour::White),
                Termination::IllegalMove("x".into()),
                Some(Colour::Black),
            ),
        );
        pair.add([0, 1], &game(None, Termination::MoveLimit, None));
        let names = vec!["A".to_string(), "B".to_string()];
        assert!(!table(&[pair.clone()], &names, None).contains("Game time"));
        pair.add([1, 0], &game(None, Termination::GameTime, None));
        // Engine 0 won as Black, lost on time as White, won as White, drew twice.
        assert_eq!(
            pair.tally,
            Tally {
                wins: 2,
                draws: 2,
                losses: 1
            }
        );
        assert_eq!(pair.time_losses, [1, 0]);
        assert_eq!(pair.illegal, [0, 1]);
        assert_eq!(pair.game_time_ends, 1);
        let text = table(&[pair], &names, None);
        assert!(text.lines().nth(1).unwrap().starts_with("A vs B"), "{text}");
        assert!(text.contains("Game time: 1 of 5 games ended"), "{text}");
        // Two wins and two draws of five: 60%, 6 points of 10.
        let row: Vec<&str> = text.lines().nth(1).unwrap().split_whitespace().collect();
        assert_eq!(row[7..9], ["60.0%", "6/10"], "{text}");
    }

    #[test]
    fn three_engines_get_standings_best_first() {
        // A beats B twice, B beats C twice, A and C draw twice.
        let mut pairs = vec![
            PairStats::new(0, 1),
            PairStats::new(0, 2),
            PairStats::new(1, 2),
        ];
        let black_wins = game(Some(Colour::Black), Termination::SixEjected, None);
        let draw = game(None, Termination::MoveLimit, None);
        pairs[0].add([0, 1], &black_wins);
        pairs[0].add([0, 1], &black_wins);
        pairs[1].add([0, 2], &draw);
        pairs[1].add([2, 0], &draw);
        pairs[2].add([1, 2], &black_wins);
        pairs[2].add([1, 2], &black_wins);
        let names = vec!["A".to_string(), "B".to_string(), "C".to_string()];
        let text = table(&pairs, &names, None);
        let standings: Vec<Vec<&str>> = text
            .lines()
            .skip_while(|line| !line.starts_with("Standings"))
            .skip(2)
            .take(3)
            .map(|line| line.split_whitespace().collect())
            .collect();
        // A: 2-2-0 (75%), B: 2-0-2 (50%), C: 0-2-2 (25%).
        assert_eq!(
            standings[0][..7],
            ["1", "A", "4", "2", "2", "0", "75.0%"],
            "{text}"
        );
        assert_eq!(
            standings[1][..7],
            ["2", "B", "4", "2", "0", "2", "50.0%"],
            "{text}"
        );
        assert_eq!(
            standings[2][..7],
            ["3", "C", "4", "0", "2", "2", "25.0%"],
            "{text}"
        );
        // Two engines have no standings: the pair row says it all.
        assert!(!table(&pairs[..1], &names[..2], None).contains("Standings"));
    }

    #[test]
    fn elo_figures() {
        assert_eq!(format_elo(12.345), "+12.3");
        assert_eq!(format_elo(-4.0), "-4.0");
        assert_eq!(format_elo(f64::INFINITY), "+inf");
        let tally = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        assert_eq!(elo_text(&tally(0, 0, 0)), "Elo -");
        assert_eq!(elo_text(&tally(1, 0, 0)), "Elo - (every game won so far)");
        assert_eq!(elo_text(&tally(0, 0, 2)), "Elo - (every game lost so far)");
        assert!(elo_text(&tally(3, 2, 1)).contains(" ± "));
        assert!(!elo_text(&tally(0, 1, 0)).contains("inf"));
        assert_eq!(format_elo(-0.0), "+0.0");
    }
}
