//! The table of an N-player match, per engine: games, wins, shared wins, mean points and mean
//! finishing rank, each with its 95% interval, and the seats its engine lost by a fault. The
//! live match and `--merge` fill it the same way.

use std::fmt::Write;
use sumito_games::records::PlayedGame;
use sumito_rules::board::Seating;
use sumito_rules::ending::Termination;
use sumito_rules::ending::multi_points;

/// z of a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// Running sums of a quantity: its mean and the half-width of the mean's 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    count: u64,
    sum: f64,
    squares: f64,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, value: f64) {
        self.count += 1;
        self.sum += value;
        self.squares += value * value;
    }

    /// The mean (0 without values).
    pub fn mean(&self) -> f64 {
        match self.count {
            0 => 0.0,
            n => self.sum / n as f64,
        }
    }

    /// Half the width of the normal 95% interval of the mean: 1.96 times the standard error,
    /// from the sample variance (0 with fewer than two values).
    pub fn half_width(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        let variance = ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        Z95 * (variance / n).sqrt()
    }
}

/// One engine's results.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineTally {
    pub games: u64,
    /// 1 for a win alone, 0 else: its mean is the win rate.
    pub wins: Moments,
    /// 1 for a win shared with other players or teams.
    pub shared: Moments,
    pub points: Moments,
    pub ranks: Moments,
    /// Seats lost by `time forfeit`, `illegal move`, `crash` or `no answer`.
    pub time: u64,
    pub illegal: u64,
    pub crash: u64,
}

/// The results of every engine of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiTally {
    pub names: Vec<String>,
    pub engines: Vec<EngineTally>,
    /// The most points a game gives one seat: 2 for each opponent.
    pub best_points: u32,
}

impl MultiTally {
    /// An empty table for these engines at `seating`'s table.
    pub fn new(names: Vec<String>, seating: Seating) -> MultiTally {
        let opponents = seating.seats() - seating.seats() / seating.teams();
        MultiTally {
            engines: vec![EngineTally::default(); names.len()],
            names,
            best_points: 2 * opponents as u32,
        }
    }

    /// Adds a finished game, `seats[s]` being the engine of seat `s` (an engine in two seats
    /// of one team counts once). A game without ranks (abandoned) is not counted.
    pub fn add(&mut self, seats: &[usize], game: &PlayedGame, seating: Seating) {
        let Some(ranks) = &game.ranks else {
            return;
        };
        let points = multi_points(ranks, seating);
        // The teams that share rank 1.
        let winners = seating
            .all()
            .filter(|seat| ranks[seat.index()] == 1)
            .fold(0u32, |teams, seat| teams | 1 << seating.team(seat))
            .count_ones();
        let mut counted = Vec::new();
        for seat in seating.all() {
            let engine = seats[seat.index()];
            if counted.contains(&engine) {
                continue;
            }
            counted.push(engine);
            let tally = &mut self.engines[engine];
            let rank = ranks[seat.index()];
            tally.games += 1;
            tally
                .wins
                .add(f64::from(u8::from(rank == 1 && winners == 1)));
            tally
                .shared
                .add(f64::from(u8::from(rank == 1 && winners > 1)));
            tally.points.add(f64::from(points[seat.index()]));
            tally.ranks.add(f64::from(rank));
        }
        for left in &game.left {
            let tally = &mut self.engines[seats[left.seat.index()]];
            match left.why {
                Termination::TimeForfeit => tally.time += 1,
                Termination::IllegalMove(_) => tally.illegal += 1,
                Termination::Crash | Termination::NoAnswer => tally.crash += 1,
                _ => {}
            }
        }
    }

    /// The table, best mean points first.
    pub fn table(&self) -> String {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.engines[a].points, &self.engines[b].points);
            b.mean().total_cmp(&a.mean())
        });
        let width = self
            .names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        let mut text = format!(
            "{:<width$} {:>6} {:>15} {:>15} {:>16} {:>13} {:>5} {:>7} {:>5}\n",
            "Engine", "Games", "Wins %", "Shared %", "Points", "Rank", "Time", "Illegal", "Crash"
        );
        for index in order {
            let e = &self.engines[index];
            let percent =
                |m: &Moments| format!("{:.1} ± {:.1}", 100.0 * m.mean(), 100.0 * m.half_width());
            let _ = writeln!(
                text,
                "{:<width$} {:>6} {:>15} {:>15} {:>16} {:>13} {:>5} {:>7} {:>5}",
                self.names[index],
                e.games,
                percent(&e.wins),
                percent(&e.shared),
                format!("{:.2} ± {:.2}", e.points.mean(), e.points.half_width()),
                format!("{:.2} ± {:.2}", e.ranks.mean(), e.ranks.half_width()),
                e.time,
                e.illegal,
                e.crash
            );
        }
        let _ = writeln!(
            text,
            "Points: 2 for each opponent it finished above, 1 for each level, 0 below (at most {} a game); \
             ranks from 1; ± is the 95% interval.",
            self.best_points
        );
        text
    }

    /// One line for the progress bar: each engine's mean points so far.
    pub fn standing(&self) -> String {
        let parts: Vec<String> = self
            .names
            .iter()
            .zip(&self.engines)
            .map(|(name, e)| format!("{name} {:.2}", e.points.mean()))
            .collect();
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_games::records::LeftSeat;
    use sumito_rules::board::Seat;

    fn game(ranks: &[u8], left: Vec<LeftSeat>) -> PlayedGame {
        let ranks = Some(ranks.to_vec());
        PlayedGame::of_seats(Vec::new(), left, Termination::SixEjected, ranks)
    }

    #[test]
    fn wins_shared_wins_points_and_ranks_per_engine() {
        let three = Seating::new(3).unwrap();
        let names = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        let mut tally = MultiTally::new(names, three);
        assert_eq!(tally.best_points, 4);
        let crash = LeftSeat {
            seat: Seat::new(2).unwrap(),
            why: Termination::Crash,
        };
        tally.add(&[0, 1, 2], &game(&[1, 3, 2], vec![crash]), three);
        tally.add(&[2, 0, 1], &game(&[1, 1, 3], Vec::new()), three);
        let a = &tally.engines[0];
        assert_eq!(a.games, 2);
        assert_eq!((a.wins.mean(), a.shared.mean()), (0.5, 0.5));
        assert_eq!(a.points.mean(), 3.5);
        assert_eq!(a.ranks.mean(), 1.0);
        assert_eq!(tally.engines[2].crash, 1);
        assert_eq!(tally.engines[1].points.mean(), 0.0);
        let table = tally.table();
        assert!(table.lines().nth(1).unwrap().starts_with("a "), "{table}");
    }

    #[test]
    fn partners_of_one_engine_count_once() {
        let four = Seating::new(4).unwrap();
        let mut tally = MultiTally::new(vec!["a".into(), "b".into()], four);
        tally.add(&[0, 1, 0, 1], &game(&[1, 2, 1, 2], Vec::new()), four);
        assert_eq!(tally.engines[0].games, 1);
        assert_eq!(tally.engines[0].points.mean(), 4.0);
        assert_eq!(tally.engines[1].ranks.mean(), 2.0);
    }

    #[test]
    fn the_interval_of_a_mean() {
        let mut m = Moments::default();
        assert_eq!(m.half_width(), 0.0);
        for v in [0.0, 1.0, 0.0, 1.0] {
            m.add(v);
        }
        assert_eq!(m.mean(), 0.5);
        // sd 0.577, n 4: 1.96 * 0.2887
        assert!((m.half_width() - 0.5658).abs() < 1e-3, "{}", m.half_width());
    }
}
