//! Match statistics: the Elo difference with its 95% interval from wins, draws and losses, and
//! the sequential probability ratio test (SPRT) that stops a match once it has decided.
//!
//! Both use the logistic Elo model: an Elo difference `e` gives the expected score
//! `s = 1 / (1 + 10^(-e/400))`, and a score `s` gives `e = -400·log10(1/s − 1)`.

use super::MatchError;
use std::fmt;
use std::str::FromStr;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The score of a loss, a draw and a win: the order of every distribution of results here.
const RESULT_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The number of games a result not seen yet counts as (fishtest's regularisation).
const PSEUDO_COUNT: f64 = 1e-3;

/// The most likely distribution of loss, draw and win with mean score `s` (strictly between 0
/// and 1), given observed `frequencies` with none zero. Maximising `Σ fᵢ·ln pᵢ` under
/// `Σ pᵢ = 1` and `Σ pᵢ·aᵢ = s` gives `pᵢ = fᵢ / (1 + λ·(aᵢ − s))`, with `λ` the root of
/// `Σ fᵢ·(aᵢ − s) / (1 + λ·(aᵢ − s)) = 0` in `(−1/(1 − s), 1/s)`, where every `pᵢ` is
/// positive; the sum falls as `λ` grows, so bisection finds it. (M. Van den Bergh's derivation
/// for fishtest.)
fn most_likely_with_mean(frequencies: &[f64; 3], s: f64) -> [f64; 3] {
    let offsets = RESULT_SCORES.map(|a| a - s);
    let slope = |lambda: f64| -> f64 {
        (0..3)
            .map(|i| frequencies[i] * offsets[i] / (1.0 + lambda * offsets[i]))
            .sum()
    };
    let lambda = bisect(&slope, -1.0 / (1.0 - s), 1.0 / s);
    let p = [0, 1, 2].map(|i| frequencies[i] / (1.0 + lambda * offsets[i]));
    let total: f64 = p.iter().sum();
    p.map(|pi| pi / total)
}

/// The variance of one game's score about `mean` under the distribution `p`.
fn variance_about(p: &[f64; 3], mean: f64) -> f64 {
    (0..3)
        .map(|i| p[i] * (RESULT_SCORES[i] - mean).powi(2))
        .sum()
}

/// A root of `f` between `from` and `to`, where `f` has opposite signs (bisection until the
/// two ends meet in floating point).
fn bisect(f: &impl Fn(f64) -> f64, from: f64, to: f64) -> f64 {
    let (mut a, mut b) = (from, to);
    let sign_at_a = f(a) > 0.0;
    for _ in 0..200 {
        let middle = 0.5 * (a + b);
        if middle == a || middle == b {
            break;
        }
        if (f(middle) > 0.0) == sign_at_a {
            a = middle;
        } else {
            b = middle;
        }
    }
    0.5 * (a + b)
}

/// The expected score of a side `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives the expected score `score`: `-400·log10(1/s − 1)`. Infinite
/// at scores 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Wins, draws and losses of one side against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game (win 1, draw ½, loss 0), `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// Tournament points of the Russian rules: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn points(&self) -> u32 {
        2 * self.wins + self.draws
    }

    /// The Elo difference the score implies.
    pub fn elo(&self) -> Option<f64> {
        self.score().map(elo_from_score)
    }

    /// The 95% interval of the Elo difference: the score interval of the trinomial model, every
    /// mean score `s` with `N·(ŝ − s)² ≤ 1.96²·σ²(s)`, where `σ²(s)` is the variance of the most
    /// likely distribution of results with mean `s` (`most_likely_with_mean`). With many
    /// games it is the familiar `ŝ ± 1.96·√(σ̂²/N)` of fastchess and cutechess; unlike that, it
    /// stays honest when every game so far has had the same result (two draws give about
    /// ±274 Elo, not ±0). Ends at a score of 0 or 1 are infinite.
    pub fn elo_interval(&self) -> Option<(f64, f64)> {
        let mean = self.score()?;
        let n = self.games() as f64;
        let frequencies = self.regularised_frequencies();
        // Positive outside the interval, negative at the observed mean.
        let outside = |s: f64| {
            let p = most_likely_with_mean(&frequencies, s);
            n * (mean - s).powi(2) - Z95 * Z95 * variance_about(&p, s)
        };
        let low = if mean <= 0.0 {
            0.0
        } else {
            bisect(&outside, f64::MIN_POSITIVE, mean)
        };
        let high = if mean >= 1.0 {
            1.0
        } else {
            bisect(&outside, 1.0 - f64::EPSILON, mean)
        };
        Some((elo_from_score(low), elo_from_score(high)))
    }

    /// Half the width of the 95% interval, the "±" of the Elo (infinite when an end is).
    pub fn elo_error(&self) -> Option<f64> {
        self.elo_interval().map(|(low, high)| (high - low) / 2.0)
    }

    /// The counts in the order of [`RESULT_SCORES`]: losses, draws, wins.
    fn counts(&self) -> [f64; 3] {
        [self.losses as f64, self.draws as f64, self.wins as f64]
    }

    /// The observed frequencies of loss, draw and win, a result not seen yet counted as
    /// [`PSEUDO_COUNT`] games, as fishtest does: the most likely distribution with a given mean
    /// then exists for every mean strictly between 0 and 1.
    fn regularised_frequencies(&self) -> [f64; 3] {
        let counts = self
            .counts()
            .map(|c| if c == 0.0 { PSEUDO_COUNT } else { c });
        let total: f64 = counts.iter().sum();
        counts.map(|c| c / total)
    }

    /// The tally seen from the other side.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The settings of a sequential probability ratio test of H0 "the Elo difference is `elo0`"
/// against H1 "it is `elo1`", with error rates `alpha` (accepting H1 when H0 holds) and `beta`
/// (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR fell to the lower bound: accept H0 (the change is not an `elo1` gain).
    H0,
    /// The LLR rose to the upper bound: accept H1.
    H1,
    /// Neither bound reached yet.
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
            Verdict::Continue => "inconclusive",
        })
    }
}

impl Sprt {
    /// Wald's bounds on the LLR: `(ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the games of `tally`: the generalised
    /// SPRT of fishtest in the trinomial (loss, draw, win) model,
    ///
    /// `LLR = Σᵢ nᵢ·ln(p₁ᵢ / p₀ᵢ)`
    ///
    /// where `nᵢ` are the counts and `p₀`, `p₁` the most likely distributions of results with
    /// the mean scores `s0`, `s1` of `elo0` and `elo1` in the logistic model
    /// (`most_likely_with_mean`). It is exact, not the normal approximation
    /// `(s1 − s0)·(2ŝ − s0 − s1)·N / 2σ²` of fastchess and cutechess, which it matches while the
    /// score is near the hypotheses; it needs no special case when every result so far is the
    /// same (that approximation divides by a variance of zero, and one draw among twelve
    /// losses moved it from −1.9 to −26). One more game moves it by at most a few tenths.
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.games() == 0 {
            return 0.0;
        }
        let frequencies = tally.regularised_frequencies();
        let p0 = most_likely_with_mean(&frequencies, score_from_elo(self.elo0));
        let p1 = most_likely_with_mean(&frequencies, score_from_elo(self.elo1));
        let counts = tally.counts();
        (0..3)
            .filter(|&i| counts[i] > 0.0)
            .map(|i| counts[i] * (p1[i] / p0[i]).ln())
            .sum()
    }

    /// The test's verdict after the games of `tally`.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

impl FromStr for Sprt {
    type Err = MatchError;

    /// Reads `elo0=A elo1=B [alpha=X] [beta=Y]` (blanks or commas between; α and β default to
    /// 0.05).
    fn from_str(text: &str) -> Result<Sprt, MatchError> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        let mut seen: Vec<String> = Vec::new();
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| MatchError::SprtNotKeyValue {
                    word: word.to_string(),
                })?;
            let lower = key.to_ascii_lowercase();
            if seen.contains(&lower) {
                return Err(MatchError::SprtRepeatedKey {
                    key: key.to_string(),
                });
            }
            seen.push(lower);
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| MatchError::SprtNotNumber {
                    value: value.to_string(),
                })?;
            match key.to_ascii_lowercase().as_str() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                _ => {
                    return Err(MatchError::SprtUnknownKey {
                        key: key.to_string(),
                    });
                }
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err(MatchError::SprtMissingElo);
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err(MatchError::SprtEloOrder);
        }
        if sprt.elo0.abs() > 1000.0 || sprt.elo1.abs() > 1000.0 {
            return Err(MatchError::SprtEloRange);
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(MatchError::SprtErrorRate { name });
            }
        }
        Ok(sprt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_of_simple_scores() {
        // s = 3/4: -400·log10(1/3) = 400·log10(3) = 190.8485.
        assert!(close(elo_from_score(0.75), 190.8485, 1e-4));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        // s = 1/(1 + 10^(-1/4)) at +100 Elo: 0.640065.
        assert!(close(score_from_elo(100.0), 0.640065, 1e-6));
        assert!(close(elo_from_score(score_from_elo(-250.0)), -250.0, 1e-9));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    // The figures below come from a separate implementation of the same formulas (Python,
    // bisection to full precision), not from this code.

    #[test]
    fn elo_interval_by_hand() {
        // 5 wins, 2 draws, 3 losses: s = 6/10 = 0.6, Elo = 400·log10(1.5) = 70.4365; the score
        // interval is [-118.934, +256.583] (the normal one would be [-123.2, +330.5]).
        let t = tally(5, 2, 3);
        assert!(close(t.score().unwrap(), 0.6, 1e-12));
        assert!(close(t.elo().unwrap(), 70.4365, 1e-4));
        let (low, high) = t.elo_interval().unwrap();
        assert!(close(low, -118.934, 1e-3), "{low}");
        assert!(close(high, 256.583, 1e-3), "{high}");
        assert!(close(
            t.elo_error().unwrap(),
            (256.583 + 118.934) / 2.0,
            1e-3
        ));
        assert_eq!(Tally::default().elo(), None);
        assert_eq!(Tally::default().elo_interval(), None);
        // 5 wins, 2 draws: 10 + 2 points of 20.
        assert_eq!(t.points(), 12);
        assert_eq!(t.flipped().points(), 8);
        let sweep = tally(4, 0, 0);
        assert_eq!(sweep.elo(), Some(f64::INFINITY));
        assert!(t.flipped().elo().unwrap() < 0.0);
    }

    #[test]
    fn elo_interval_when_every_result_is_the_same() {
        // Two draws: ±274.095, not [+0.0, +0.0].
        let (low, high) = tally(0, 2, 0).elo_interval().unwrap();
        assert!(close(low, -274.095, 1e-3), "{low}");
        assert!(close(high, 274.095, 1e-3), "{high}");
        // One win: [-233.689, +inf].
        let (low, high) = tally(1, 0, 0).elo_interval().unwrap();
        assert!(close(low, -233.689, 1e-3), "{low}");
        assert_eq!(high, f64::INFINITY);
        let (low, high) = tally(0, 0, 12).elo_interval().unwrap();
        assert_eq!(low, f64::NEG_INFINITY);
        assert!(close(high, -197.904, 1e-3), "{high}");
    }

    #[test]
    fn elo_interval_of_many_games_is_the_normal_one() {
        // 600-300-100: the score interval [+171.525, +210.052] against the normal
        // approximation's [+172.089, +210.680].
        let (low, high) = tally(600, 300, 100).elo_interval().unwrap();
        assert!(close(low, 171.525, 1e-3), "{low}");
        assert!(close(high, 210.052, 1e-3), "{high}");
    }

    #[test]
    fn sprt_bounds_by_hand() {
        let sprt: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) = -ln(19) = -2.944439.
        assert!(close(lower, -2.944439, 1e-6));
        assert!(close(upper, 2.944439, 1e-6));
    }

    #[test]
    fn llr_by_hand() {
        let sprt: Sprt = "elo0=0 elo1=10".parse().unwrap();
        // 60 wins, 30 draws, 10 losses: 2.005544, below 2.944 (the normal approximation,
        // far from its hypotheses here, would say 3.105 and H1).
        let t = tally(60, 30, 10);
        assert!(close(sprt.llr(&t), 2.005544, 1e-5), "{}", sprt.llr(&t));
        assert_eq!(sprt.verdict(&t), Verdict::Continue);
        // 5-2-3: 0.066837.
        let t = tally(5, 2, 3);
        assert!(close(sprt.llr(&t), 0.066837, 1e-5));
        assert_eq!(sprt.verdict(&t), Verdict::Continue);
        // The mirror image of the first: -2.105772.
        assert!(close(sprt.llr(&tally(10, 30, 60)), -2.105772, 1e-5));
        let t = tally(20, 60, 120);
        assert_eq!(sprt.verdict(&t), Verdict::H0, "{}", sprt.llr(&t));
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
    }

    #[test]
    fn llr_of_equal_results_by_hand() {
        let sprt: Sprt = "elo0=0 elo1=10".parse().unwrap();
        // Seven wins: 7·ln(0.5143872/0.5) = 0.198577.
        assert!(close(sprt.llr(&tally(7, 0, 0)), 0.198577, 1e-5));
        // Four losses: -0.116786; five draws: -0.144986.
        assert!(close(sprt.llr(&tally(0, 0, 4)), -0.116786, 1e-5));
        assert!(close(sprt.llr(&tally(0, 5, 0)), -0.144986, 1e-5));
        // Ten straight wins against elo1 = 300: 5.294752.
        let wide: Sprt = "elo0=0 elo1=300".parse().unwrap();
        assert!(close(wide.llr(&tally(10, 0, 0)), 5.294752, 1e-4));
        assert_eq!(wide.verdict(&tally(10, 0, 0)), Verdict::H1);
    }

    #[test]
    fn one_draw_among_losses_moves_the_llr_a_little() {
        // The case: 12 losses gave -1.85 and 12 losses and a draw -26.02.
        let sprt: Sprt = "elo0=0 elo1=10".parse().unwrap();
        let losses = sprt.llr(&tally(0, 0, 12));
        let with_draw = sprt.llr(&tally(0, 1, 12));
        assert!(close(losses, -0.350358, 1e-5), "{losses}");
        assert!(close(with_draw, -0.379554, 1e-5), "{with_draw}");
    }

    #[test]
    fn a_win_never_lowers_the_llr_and_a_loss_never_raises_it() {
        let sprt: Sprt = "elo0=0 elo1=10".parse().unwrap();
        for n in 1..25 {
            for wins in 0..=n {
                for draws in 0..=n - wins {
                    let t = tally(wins, draws, n - wins - draws);
                    let llr = sprt.llr(&t);
                    let won = sprt.llr(&tally(t.wins + 1, t.draws, t.losses));
                    let lost = sprt.llr(&tally(t.wins, t.draws, t.losses + 1));
                    assert!(won >= llr - 1e-9, "{t:?}: {llr} then {won} after a win");
                    assert!(lost <= llr + 1e-9, "{t:?}: {llr} then {lost} after a loss");
                }
            }
        }
    }

    #[test]
    fn llr_with_a_negative_elo0() {
        // 100-50-60 with elo0 = -5, elo1 = 5: 1.511022.
        let sprt: Sprt = "elo0=-5,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        assert!(close(sprt.llr(&tally(100, 50, 60)), 1.511022, 1e-4));
    }

    #[test]
    fn bad_sprt_arguments_are_refused() {
        for text in [
            "",
            "elo0=0",
            "elo0=5 elo1=0",
            "elo0=0 elo1=5 alpha=0",
            "elo0=0 elo1=5 beta=0.7",
            "elo0=x elo1=5",
            "elo0=0 elo1=5 gamma=1",
            "elo0 elo1",
            "elo0=0 elo1=5 elo1=6",
            "elo0=0 elo1=5 ELO0=1",
        ] {
            assert!(text.parse::<Sprt>().is_err(), "{text}");
        }
    }
}
