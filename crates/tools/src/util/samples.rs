//! Measured durations and how they spread: count, median, 99th percentile and worst. Used for
//! the timing figures of `sumito timing` and of the match runner.

use std::fmt;
use std::time::Duration;

/// Signed durations in microseconds (an answer can come before its deadline), and how many of
/// them are forfeits: answers that never came, counted at the moment they were given up on (so
/// at least that late).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Samples {
    values: Vec<i64>,
    forfeits: usize,
}

/// How a set of samples spreads, in microseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spread {
    /// Number of samples.
    pub count: usize,
    /// How many of them are forfeits (see [`Samples::push_forfeit`]).
    pub forfeits: usize,
    /// The middle sample (the upper one of an even count).
    pub median: i64,
    /// The smallest sample at or above 99% of the others (nearest rank).
    pub p99: i64,
    /// The largest sample.
    pub worst: i64,
}

impl Samples {
    /// Adds `after - before`, which may be negative.
    pub fn push_difference(&mut self, after: Duration, before: Duration) {
        let micros = |d: Duration| i64::try_from(d.as_micros()).unwrap_or(i64::MAX);
        self.values
            .push(micros(after).saturating_sub(micros(before)));
    }

    /// Adds an answer that never came: given up on `waited` after the request, when it was
    /// due `before` after it.
    pub fn push_forfeit(&mut self, waited: Duration, before: Duration) {
        self.push_difference(waited, before);
        self.forfeits += 1;
    }

    /// Adds every sample of `other`.
    pub fn extend(&mut self, other: &Samples) {
        self.values.extend_from_slice(&other.values);
        self.forfeits += other.forfeits;
    }

    /// The spread, `None` without samples.
    pub fn spread(&self) -> Option<Spread> {
        let mut sorted = self.values.clone();
        sorted.sort_unstable();
        let count = sorted.len();
        let rank = |per_cent: usize| sorted[(count * per_cent).div_ceil(100).clamp(1, count) - 1];
        (count > 0).then(|| Spread {
            count,
            forfeits: self.forfeits,
            median: sorted[count / 2],
            p99: rank(99),
            worst: sorted[count - 1],
        })
    }
}

/// Microseconds as milliseconds with two decimals and a sign: `+0.31 ms`, `-9.75 ms`.
fn millis(micros: i64) -> String {
    let sign = if micros < 0 { '-' } else { '+' };
    let abs = micros.unsigned_abs();
    format!("{sign}{}.{:02} ms", abs / 1000, abs % 1000 / 10)
}

impl fmt::Display for Spread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "median {}, p99 {}, worst {} ({} samples",
            millis(self.median),
            millis(self.p99),
            millis(self.worst),
            self.count
        )?;
        match self.forfeits {
            0 => write!(f, ")"),
            n => write!(f, ", {n} forfeited: no answer by then)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(values: impl IntoIterator<Item = i64>) -> Samples {
        let mut samples = Samples::default();
        for v in values {
            let (after, before) = if v >= 0 { (v, 0) } else { (0, -v) };
            samples.push_difference(
                Duration::from_micros(after as u64),
                Duration::from_micros(before as u64),
            );
        }
        samples
    }

    #[test]
    fn spread_of_one_to_two_hundred() {
        // Shuffled, so that the order of arrival cannot matter.
        let spread = samples((1..=200).map(|i| (i * 77) % 200 + 1))
            .spread()
            .unwrap();
        assert_eq!(spread.count, 200);
        assert_eq!(spread.median, 101);
        assert_eq!(spread.p99, 198);
        assert_eq!(spread.worst, 200);
    }

    #[test]
    fn negative_samples_and_small_counts() {
        let spread = samples([-5_000, -1_500]).spread().unwrap();
        assert_eq!(
            (spread.median, spread.p99, spread.worst),
            (-1_500, -1_500, -1_500)
        );
        assert_eq!(samples([7]).spread().unwrap().p99, 7);
        assert_eq!(Samples::default().spread(), None);
        let text = samples([-9_750, 310]).spread().unwrap().to_string();
        assert_eq!(
            text,
            "median +0.31 ms, p99 +0.31 ms, worst +0.31 ms (2 samples)"
        );
        assert_eq!(millis(-9_756), "-9.75 ms");
        // A forfeit is a sample (at least that late) and is said.
        let mut late = samples([310]);
        late.push_forfeit(Duration::from_millis(1_050), Duration::from_millis(1_000));
        let mut all = Samples::default();
        all.extend(&late);
        let spread = all.spread().unwrap();
        assert_eq!(
            (spread.count, spread.forfeits, spread.worst),
            (2, 1, 50_000)
        );
        assert_eq!(
            spread.to_string(),
            "median +50.00 ms, p99 +50.00 ms, worst +50.00 ms (2 samples, 1 forfeited: no \
             answer by then)"
        );
    }
}
