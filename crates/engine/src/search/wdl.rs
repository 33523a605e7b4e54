//! Win, draw and loss chances from a score, as UCI's `UCI_ShowWDL` reports them (`ShowWDL`):
//! the side to move wins with `σ((s − centre) / scale)` and loses with `σ((−s − centre) / scale)`,
//! the rest is the draw. `centre` is the width of the band where draws are likely (a draw at
//! the move limit needs as many marbles lost on each side). The parameters are fitted by
//! maximum likelihood to the results of `sumito datagen` games (`sumito tune --wdl`); they
//! belong to the evaluation that scored those games, and are fitted again when it changes.

use super::score::Reported;

/// The two parameters of the model, in centi-marbles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// The score at which a win is as likely as not.
    pub centre: f64,
    /// How many centi-marbles move the chances by a factor of e at the tails.
    pub scale: f64,
}

/// The model fitted to the evaluation on main, the fifth network: `sumito tune --wdl` on the
/// 1,000,079 positions of `sumito datagen --positions 1000000 --depth 3 --seed 777` (2026-12-06,
/// bench 257369, 6,595 games, log loss 0.61193; the fourth network's model, centre 58.5 and
/// scale 48.4, has 0.61218 on them). At a level score it gives 22% win, 56% draw, 22% loss.
pub const FITTED: WdlModel = WdlModel {
    centre: 60.5,
    scale: 48.3,
};

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl WdlModel {
    /// The chances of a win, a draw and a loss for the side to move at `score` (centi-marbles),
    /// each from 0 to 1.
    pub fn chances(&self, score: f64) -> [f64; 3] {
        let win = sigmoid((score - self.centre) / self.scale);
        let loss = sigmoid((-score - self.centre) / self.scale);
        [win, (1.0 - win - loss).max(0.0), loss]
    }

    /// The `wdl` numbers of an `info` line: per mille, summing to 1000; a forced result is
    /// certain.
    pub fn per_mille(&self, score: Reported) -> [u32; 3] {
        let cp = match score {
            Reported::Mate(n) if n > 0 => return [1000, 0, 0],
            Reported::Mate(_) => return [0, 0, 1000],
            Reported::Centi(cp) => cp,
        };
        let [win, _, loss] = self.chances(f64::from(cp));
        let win = (win * 1000.0).round() as u32;
        let loss = ((loss * 1000.0).round() as u32).min(1000 - win);
        [win, 1000 - win - loss, loss]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_sum_to_a_thousand_and_mirror_with_the_score() {
        for cp in [-3000, -250, -1, 0, 1, 99, 250, 3000] {
            let [w, d, l] = FITTED.per_mille(Reported::Centi(cp));
            assert_eq!(w + d + l, 1000, "{cp}");
            let [w2, _, l2] = FITTED.per_mille(Reported::Centi(-cp));
            assert_eq!((w, l), (l2, w2), "{cp}");
        }
        // The better the score, the likelier the win and the unlikelier the loss.
        let wins: Vec<[u32; 3]> = (-10..=10)
            .map(|k| FITTED.per_mille(Reported::Centi(k * 50)))
            .collect();
        assert!(
            wins.windows(2)
                .all(|p| p[0][0] <= p[1][0] && p[0][2] >= p[1][2])
        );
        assert!(FITTED.per_mille(Reported::Centi(600))[0] > 900);
        assert_eq!(FITTED.per_mille(Reported::Mate(3)), [1000, 0, 0]);
        assert_eq!(FITTED.per_mille(Reported::Mate(-2)), [0, 0, 1000]);
    }
}
