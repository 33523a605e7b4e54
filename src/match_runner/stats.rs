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

    /// The variance of one game's score about the mean, from the trinomial frequencies:
    /// `σ² = w·(1−s)² + d·(½−s)² + l·(0−s)²` with `w`, `d`, `l` the fractions of wins, draws
    /// and losses.
    pub fn variance(&self) -> Option<f64> {
        let s = self.score()?;
        let n = self.games() as f64;
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        Some(w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s * s)
    }

    /// The Elo difference the score implies.
    pub fn elo(&self) -> Option<f64> {
        self.score().map(elo_from_score)
    }

    /// The 95% interval of the Elo difference: the score ± 1.96 standard errors of the mean
    /// (`√(σ²/N)`), each end turned into Elo. Ends beyond a score of 0 or 1 are infinite.
    pub fn elo_interval(&self) -> Option<(f64, f64)> {
        let s = self.score()?;
        let n = self.games() as f64;
        let margin = Z95 * (self.variance()? / n).sqrt();
        Some((elo_from_score(s - margin), elo_from_score(s + margin)))
    }

    /// Half the width of the 95% interval, the "±" of the Elo (infinite when an end is).
    pub fn elo_error(&self) -> Option<f64> {
        self.elo_interval().map(|(low, high)| (high - low) / 2.0)
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

    /// The log-likelihood ratio of H1 against H0 after the games of `tally`, in the normal
    /// approximation of the generalised SPRT used by fishtest and cutechess:
    ///
    /// `LLR ≈ (s1 − s0)·(2·ŝ − s0 − s1)·N / (2·σ²)`
    ///
    /// where `ŝ` and `σ²` are the mean and variance of the per-game scores ([`Tally::score`],
    /// [`Tally::variance`]), `N` the number of games and `s0`, `s1` the expected scores at `elo0`
    /// and `elo1` in the logistic model. This is the normal approximation of the generalised SPRT
    /// that M. Van den Bergh worked out for fishtest, and what fastchess computes in its logistic
    /// model (`SPRT::getLLR`); cutechess-cli's SPRT uses the BayesElo model instead and gives
    /// somewhat different numbers.
    ///
    /// While every game has had the same result the variance is zero and the approximation
    /// breaks down (fastchess then returns 0, so a clean sweep never ends the test). Here the
    /// exact generalised ratio is used instead: under a hypothesis of mean score `s` the most
    /// likely distribution gives a win probability `s`, a loss `1 − s` and a draw `1 − |2s − 1|`,
    /// so N equal results give `LLR = N·ln(p(s1)/p(s0))`.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let (Some(score), Some(variance)) = (tally.score(), tally.variance()) else {
            return 0.0;
        };
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let n = tally.games() as f64;
        if variance <= 0.0 {
            let likelihood = |s: f64| {
                if tally.wins > 0 {
                    s
                } else if tally.losses > 0 {
                    1.0 - s
                } else {
                    1.0 - (2.0 * s - 1.0).abs()
                }
            };
            return n * (likelihood(s1) / likelihood(s0)).ln();
        }
        (s1 - s0) * (2.0 * score - s0 - s1) * n / (2.0 * variance)
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
        for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| MatchError::SprtNotKeyValue {
                    word: word.to_string(),
                })?;
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

    #[test]
    fn elo_interval_by_hand() {
        // 5 wins, 2 draws, 3 losses: s = 6/10 = 0.6, Elo = 400·log10(1.5) = 70.4365.
        // σ² = 0.5·0.4² + 0.2·0.1² + 0.3·0.6² = 0.08 + 0.002 + 0.108 = 0.19.
        // Standard error √(0.19/10) = 0.137840, times 1.96 = 0.270164: scores 0.329836 and
        // 0.870164, that is -123.152 and +330.480 Elo.
        let t = tally(5, 2, 3);
        assert!(close(t.score().unwrap(), 0.6, 1e-12));
        assert!(close(t.variance().unwrap(), 0.19, 1e-12));
        assert!(close(t.elo().unwrap(), 70.4365, 1e-4));
        let (low, high) = t.elo_interval().unwrap();
        assert!(close(low, -123.152, 1e-3), "{low}");
        assert!(close(high, 330.480, 1e-3), "{high}");
        assert!(close(
            t.elo_error().unwrap(),
            (330.480 + 123.152) / 2.0,
            1e-3
        ));
        assert_eq!(Tally::default().elo(), None);
        // 5 wins, 2 draws: 10 + 2 points of 20.
        assert_eq!(t.points(), 12);
        assert_eq!(t.flipped().points(), 8);
        let sweep = tally(4, 0, 0);
        assert_eq!(sweep.elo(), Some(f64::INFINITY));
        assert!(t.flipped().elo().unwrap() < 0.0);
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
        // 60 wins, 30 draws, 10 losses: s = 0.75, σ² = 0.6 + 0.075 − 0.5625 = 0.1125.
        // s0 = 0.5, s1 = 1/(1 + 10^(-10/400)) = 0.5143872.
        // LLR = 0.0143872 · (1.5 − 1.0143872) · 100 / 0.225 = 3.10516: above 2.944, H1.
        let t = tally(60, 30, 10);
        assert!(close(t.variance().unwrap(), 0.1125, 1e-12));
        assert!(close(sprt.llr(&t), 3.10516, 1e-4), "{}", sprt.llr(&t));
        assert_eq!(sprt.verdict(&t), Verdict::H1);
        // 5-2-3: s = 0.6, σ² = 0.19; LLR = 0.0143872 · 0.1856128 · 10 / 0.38 = 0.070275.
        let t = tally(5, 2, 3);
        assert!(close(sprt.llr(&t), 0.070275, 1e-5));
        assert_eq!(sprt.verdict(&t), Verdict::Continue);
        // The mirror image: 10 wins, 30 draws, 60 losses goes far below the lower bound.
        let t = tally(10, 30, 60);
        assert!(sprt.llr(&t) < -2.944439);
        assert_eq!(sprt.verdict(&t), Verdict::H0);
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
    }

    #[test]
    fn llr_of_equal_results_by_hand() {
        let sprt: Sprt = "elo0=0 elo1=10".parse().unwrap();
        // Seven wins: 7·ln(0.5143872/0.5) = 0.198577.
        assert!(close(sprt.llr(&tally(7, 0, 0)), 0.198577, 1e-5));
        // Four losses: 4·ln(0.4856128/0.5) = -0.116786.
        assert!(close(sprt.llr(&tally(0, 0, 4)), -0.116786, 1e-5));
        // Five draws: 5·ln((1 − 0.0287744)/1) = -0.145982.
        assert!(close(sprt.llr(&tally(0, 5, 0)), -0.145982, 1e-5));
        // Ten straight wins against elo1 = 300 (s1 = 0.849020): 10·ln(1.698041) = 5.29475.
        let wide: Sprt = "elo0=0 elo1=300".parse().unwrap();
        assert!(close(wide.llr(&tally(10, 0, 0)), 5.29475, 1e-4));
        assert_eq!(wide.verdict(&tally(10, 0, 0)), Verdict::H1);
    }

    #[test]
    fn llr_with_a_negative_elo0() {
        // 100-50-60 with elo0 = -5, elo1 = 5: s = 125/210 = 0.595238, σ² = 0.181406,
        // s0 = 0.4928049, s1 = 0.5071951; LLR = 0.0143902 · 0.1904762 · 210 / 0.362812
        // = 1.58652.
        let sprt: Sprt = "elo0=-5,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        assert!(close(sprt.llr(&tally(100, 50, 60)), 1.58652, 1e-4));
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
        ] {
            assert!(text.parse::<Sprt>().is_err(), "{text}");
        }
    }
}
