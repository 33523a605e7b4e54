//! Ending games early by the engines' own scores, as chess match runners do (cutechess-cli's and
//! fastchess's `-draw` and `-resign`): `--draw movenumber=N movecount=M score=S` and
//! `--resign movecount=M score=S [twosided=true]`. GAMES.md says how they count.
//!
//! Moves count the way the move limit does: `movenumber` is a full move number counted from
//! the layout (a position string's own ply count), openings included, so a draw is adjudicated
//! only once the game's ply count has reached 2N; `movecount` counts each engine's own moves,
//! so M moves each are the last 2M plies, all played by the engines (the opening's plies have
//! no scores). A move whose engine reported no score, or only a bound, breaks the run.

use std::fmt;
use std::str::FromStr;
use sumito_engine::search::Reported;
use sumito_rules::board::{Colour, Position};

/// The most a score threshold may be, in centi-marbles (six marbles).
const MAX_SCORE: i32 = 600;
/// The most moves a run may need.
const MAX_COUNT: u32 = 10_000;

/// `--draw`: both engines' scores near level for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The full move number (from the layout) from which a draw may be adjudicated.
    pub move_number: u32,
    /// Consecutive moves of each engine that must all be within `score`.
    pub move_count: u32,
    /// The largest score, either sign, in centi-marbles.
    pub score: i32,
}

/// `--resign`: one engine's score hopeless for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of the losing engine at `-score` or worse.
    pub move_count: u32,
    /// The threshold in centi-marbles.
    pub score: i32,
    /// The winner's engine must agree, with `+score` or better for as many of its moves.
    pub two_sided: bool,
}

/// A `--draw` or `--resign` value that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad --{flag} '{text}': {why}")]
pub struct AdjudicationError {
    flag: &'static str,
    text: String,
    why: String,
}

impl AdjudicationError {
    /// The rule that does not read: `draw` or `resign`.
    pub fn rule(&self) -> &'static str {
        self.flag
    }

    /// The rule's text as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What is wrong with it.
    pub fn why(&self) -> &str {
        &self.why
    }
}

/// The `key=value` words of a flag, each key once and known.
fn read_words<'a>(
    flag: &'static str,
    text: &'a str,
    keys: &[&str],
) -> Result<Vec<(&'a str, &'a str)>, AdjudicationError> {
    let error = |why: String| AdjudicationError {
        flag,
        text: text.to_string(),
        why,
    };
    let mut words: Vec<(&str, &str)> = Vec::new();
    for word in text.split_whitespace() {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| error(format!("'{word}' is not KEY=VALUE")))?;
        if !keys.contains(&key) {
            return Err(error(format!(
                "unknown key '{key}' (keys: {})",
                keys.join(", ")
            )));
        }
        if words.iter().any(|(seen, _)| *seen == key) {
            return Err(error(format!("{key} given twice")));
        }
        words.push((key, value));
    }
    Ok(words)
}

/// The number for `key` among `words`, within `range`; `default` when absent (`None`: required).
fn number(
    flag: &'static str,
    text: &str,
    words: &[(&str, &str)],
    key: &str,
    range: std::ops::RangeInclusive<u32>,
    default: Option<u32>,
) -> Result<u32, AdjudicationError> {
    let error = |why: String| AdjudicationError {
        flag,
        text: text.to_string(),
        why,
    };
    let Some((_, value)) = words.iter().find(|(seen, _)| *seen == key) else {
        return default.ok_or_else(|| error(format!("{key}= is missing")));
    };
    value
        .parse::<u32>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            let (low, high) = (range.start(), range.end());
            error(format!("{key} must be a whole number from {low} to {high}"))
        })
}

impl FromStr for DrawRule {
    type Err = AdjudicationError;

    fn from_str(text: &str) -> Result<DrawRule, AdjudicationError> {
        let words = read_words("draw", text, &["movenumber", "movecount", "score"])?;
        let get = |key, range, default| number("draw", text, &words, key, range, default);
        Ok(DrawRule {
            move_number: get("movenumber", 0..=MAX_COUNT, Some(0))?,
            move_count: get("movecount", 1..=MAX_COUNT, None)?,
            score: get("score", 0..=MAX_SCORE as u32, None)? as i32,
        })
    }
}

impl FromStr for ResignRule {
    type Err = AdjudicationError;

    fn from_str(text: &str) -> Result<ResignRule, AdjudicationError> {
        let words = read_words("resign", text, &["movecount", "score", "twosided"])?;
        let get = |key, range, default| number("resign", text, &words, key, range, default);
        let two_sided = match words.iter().find(|(key, _)| *key == "twosided") {
            None | Some((_, "false")) => false,
            Some((_, "true")) => true,
            Some(_) => {
                return Err(AdjudicationError {
                    flag: "resign",
                    text: text.to_string(),
                    why: "twosided must be true or false".into(),
                });
            }
        };
        Ok(ResignRule {
            move_count: get("movecount", 1..=MAX_COUNT, None)?,
            score: get("score", 1..=MAX_SCORE as u32, None)? as i32,
            two_sided,
        })
    }
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "movenumber={} movecount={} score={}",
            self.move_number, self.move_count, self.score
        )
    }
}

impl fmt::Display for ResignRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "movecount={} score={}", self.move_count, self.score)?;
        if self.two_sided {
            f.write_str(" twosided=true")?;
        }
        Ok(())
    }
}

/// The score of an `info` line, if it is an exact score of the first line (no `multipv`
/// other than 1, no `lowerbound`/`upperbound`, not `info string`), from the engine's side.
pub fn reported_score(line: &str) -> Option<Reported> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let exact = !words.contains(&"lowerbound") && !words.contains(&"upperbound");
    // `info string …` is free text, whatever words it holds.
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") || !exact {
        return None;
    }
    let after = |key: &str| {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1).copied()
    };
    if after("multipv").is_some_and(|k| k != "1") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(Reported::Centi(value)),
        "mate" => Some(Reported::Mate(value)),
        _ => None,
    }
}

/// At most `limit` centi-marbles either way (a mate never is).
fn is_level(score: Reported, limit: i32) -> bool {
    matches!(score, Reported::Centi(cp) if cp.saturating_abs() <= limit)
}

/// At least `limit` centi-marbles for the engine (a forced win always is).
fn is_at_least(score: Reported, limit: i32) -> bool {
    match score {
        Reported::Centi(cp) => cp >= limit,
        Reported::Mate(n) => n > 0,
    }
}

/// At most `-limit` centi-marbles (a forced loss always is).
fn is_at_most_minus(score: Reported, limit: i32) -> bool {
    match score {
        Reported::Centi(cp) => cp <= -limit,
        Reported::Mate(n) => n <= 0,
    }
}

/// A score as the `Adjudication` tag writes it: `+12`, `-3`, `#4`, `#-2`.
fn score_word(score: Reported) -> String {
    match score {
        Reported::Centi(cp) => format!("{cp:+}"),
        Reported::Mate(n) => format!("#{n}"),
    }
}

/// The adjudication rules of a match (both off by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
}

/// What the scores decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The winner; `None` for a draw.
    pub winner: Option<Colour>,
    /// The scores that decided it, for the record: each engine's last moves, oldest first.
    pub evidence: String,
}

/// One engine move of a game, as the adjudicator keeps it.
#[derive(Clone, Copy, Debug)]
struct Entry {
    mover: Colour,
    score: Option<Reported>,
    /// Marbles ejected in the game (both sides) before the move.
    ejected_before: u32,
}

/// Follows a game's scores move by move and says when the rules end it.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    rules: Adjudication,
    entries: Vec<Entry>,
}

impl Adjudicator {
    /// An adjudicator for a new game.
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            entries: Vec::new(),
        }
    }

    /// Takes the move `mover` just played from `before`, with the score its engine reported,
    /// and returns the ruling if the game is now adjudicated (`after` is the position it left).
    pub fn after_move(
        &mut self,
        mover: Colour,
        score: Option<Reported>,
        before: &Position,
        after: &Position,
    ) -> Option<Ruling> {
        self.entries.push(Entry {
            mover,
            score,
            ejected_before: ejected(before),
        });
        if let Some(rule) = self.rules.resign
            && let Some(ruling) = self.resign(rule)
        {
            return Some(ruling);
        }
        self.rules.draw.and_then(|rule| self.draw(rule, after))
    }

    /// The last `count` scores of `side`'s engine, oldest first, if it has played that many
    /// moves and reported a score for each.
    fn last_scores(&self, side: Colour, count: u32) -> Option<Vec<Reported>> {
        let mut scores: Vec<Reported> = (self.entries.iter().rev())
            .filter(|entry| entry.mover == side)
            .take(count as usize)
            .map(|entry| entry.score)
            .collect::<Option<_>>()?;
        if scores.len() < count as usize {
            return None;
        }
        scores.reverse();
        Some(scores)
    }

    fn resign(&self, rule: ResignRule) -> Option<Ruling> {
        for loser in Colour::BOTH {
            let Some(mine) = self.last_scores(loser, rule.move_count) else {
                continue;
            };
            if !mine.iter().all(|&s| is_at_most_minus(s, rule.score)) {
                continue;
            }
            let theirs = self.last_scores(loser.opponent(), rule.move_count);
            if rule.two_sided
                && !theirs
                    .as_ref()
                    .is_some_and(|t| t.iter().all(|&s| is_at_least(s, rule.score)))
            {
                continue;
            }
            let evidence = evidence(loser, &mine, theirs.as_deref());
            return Some(Ruling {
                winner: Some(loser.opponent()),
                evidence,
            });
        }
        None
    }

    fn draw(&self, rule: DrawRule, after: &Position) -> Option<Ruling> {
        if after.plies() < rule.move_number.saturating_mul(2) {
            return None;
        }
        let span = 2 * rule.move_count as usize;
        let first = self.entries.len().checked_sub(span)?;
        let quiet = self.entries[first].ejected_before == ejected(after);
        let equal = after.lost(Colour::Black) == after.lost(Colour::White);
        if !quiet || !equal {
            return None;
        }
        let black = self.last_scores(Colour::Black, rule.move_count)?;
        let white = self.last_scores(Colour::White, rule.move_count)?;
        let level = |scores: &[Reported]| scores.iter().all(|&s| is_level(s, rule.score));
        if !level(&black) || !level(&white) {
            return None;
        }
        Some(Ruling {
            winner: None,
            evidence: evidence(Colour::Black, &black, Some(&white)),
        })
    }
}

/// Marbles ejected so far, both sides.
fn ejected(position: &Position) -> u32 {
    u32::from(position.lost(Colour::Black)) + u32::from(position.lost(Colour::White))
}

/// `black +3 +0 -2; white …`: `first`'s scores, then the other engine's if known.
fn evidence(first: Colour, mine: &[Reported], theirs: Option<&[Reported]>) -> String {
    let list = |scores: &[Reported]| {
        let words: Vec<String> = scores.iter().map(|&s| score_word(s)).collect();
        words.join(" ")
    };
    let mut text = format!("{first} {}", list(mine));
    if let Some(theirs) = theirs {
        text += &format!("; {} {}", first.opponent(), list(theirs));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_their_words_and_refuse_the_rest() {
        let draw: DrawRule = "movenumber=40 movecount=8 score=10".parse().unwrap();
        assert_eq!((draw.move_number, draw.move_count, draw.score), (40, 8, 10));
        assert_eq!(draw.to_string().parse::<DrawRule>(), Ok(draw));
        let plain: DrawRule = "movecount=3 score=0".parse().unwrap();
        assert_eq!(plain.move_number, 0);
        let resign: ResignRule = "movecount=3 score=400 twosided=true".parse().unwrap();
        assert!(resign.two_sided);
        assert_eq!(resign.to_string().parse::<ResignRule>(), Ok(resign));
        for (bad, why) in [
            ("movecount=0 score=10", "movecount must be"),
            ("movecount=3", "score= is missing"),
            ("movecount=3 score=601", "score must be"),
            ("movecount=3 score=-1", "score must be"),
            ("movecount=3 score=10 colour=b", "unknown key 'colour'"),
            ("movecount=3 movecount=4 score=1", "given twice"),
            ("movecount 3", "is not KEY=VALUE"),
        ] {
            let error = bad.parse::<DrawRule>().unwrap_err().to_string();
            assert!(error.contains(why), "{bad}: {error}");
            assert!(error.starts_with("bad --draw"), "{error}");
        }
        for bad in [
            "movecount=2 score=0",
            "movecount=2 score=5 twosided=yes",
            "score=5",
        ] {
            assert!(bad.parse::<ResignRule>().is_err(), "{bad}");
        }
    }

    #[test]
    fn only_exact_scores_of_the_first_line_count() {
        let read = reported_score;
        assert_eq!(
            read("info depth 5 score cp -12 nodes 9 pv a1b1"),
            Some(Reported::Centi(-12))
        );
        assert_eq!(
            read("info depth 9 multipv 1 score mate -3 pv a1b1"),
            Some(Reported::Mate(-3))
        );
        for line in [
            "info depth 5 multipv 2 score cp 40 pv a1b1",
            "info depth 5 score cp 40 lowerbound nodes 9",
            "info string score cp 40",
            "info depth 5 nodes 9",
            "info depth 5 score cp x",
            "bestmove a1b1",
        ] {
            assert_eq!(read(line), None, "{line}");
        }
    }

    /// Plays `plies` plies of the first legal move from the standard layout, each engine
    /// reporting `score(ply)`, and returns the ply after which the game was adjudicated.
    fn adjudicate(
        rules: Adjudication,
        plies: u32,
        score: impl Fn(u32) -> Option<Reported>,
    ) -> Option<(u32, Ruling)> {
        let mut adjudicator = Adjudicator::new(rules);
        let mut position = Position::startpos();
        for ply in 0..plies {
            let mover = position.side_to_move();
            let before = position;
            // Quiet moves only: the first move that ejects nothing.
            let moves = position.moves();
            let mv = *moves
                .iter()
                .find(|mv| ejected(&position.play(**mv)) == ejected(&position))
                .expect("a quiet move");
            position = position.play(mv);
            if let Some(ruling) = adjudicator.after_move(mover, score(ply), &before, &position) {
                return Some((ply + 1, ruling));
            }
        }
        None
    }

    #[test]
    fn a_draw_needs_level_scores_from_both_for_the_count_and_the_move_number() {
        let draw = |move_number, move_count, score| Adjudication {
            draw: Some(DrawRule {
                move_number,
                move_count,
                score,
            }),
            resign: None,
        };
        let level = |_| Some(Reported::Centi(5));
        // Three moves each: after six plies.
        let (plies, ruling) = adjudicate(draw(0, 3, 10), 20, level).unwrap();
        assert_eq!((plies, ruling.winner), (6, None));
        assert_eq!(ruling.evidence, "black +5 +5 +5; white +5 +5 +5");
        // Not before full move 10: ply 20.
        assert_eq!(adjudicate(draw(10, 3, 10), 30, level).unwrap().0, 20);
        // A score just over the limit, or none at all, starts the run again.
        let bumpy = |ply| Some(Reported::Centi(if ply == 4 { 11 } else { -10 }));
        assert_eq!(adjudicate(draw(0, 3, 10), 30, bumpy).unwrap().0, 11);
        let silent = |ply| (ply != 4).then_some(Reported::Centi(0));
        assert_eq!(adjudicate(draw(0, 3, 10), 30, silent).unwrap().0, 11);
        let mate = |ply| {
            Some(if ply == 4 {
                Reported::Mate(9)
            } else {
                Reported::Centi(0)
            })
        };
        assert_eq!(adjudicate(draw(0, 3, 10), 30, mate).unwrap().0, 11);
    }

    #[test]
    fn a_draw_needs_no_ejection_in_the_span_and_equal_counts() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                move_number: 0,
                move_count: 1,
                score: 50,
            }),
            resign: None,
        };
        // White one marble down, quiet moves, level scores: never a draw.
        let down: Position = "5/6/7/8/5bbbw/8/7/6/5 b 0 1 0".parse().unwrap();
        let mut adjudicator = Adjudicator::new(rules);
        let quiet = |p: &Position| {
            let moves = p.moves();
            let mv = *moves
                .iter()
                .find(|mv| ejected(&p.play(**mv)) == ejected(p))
                .unwrap();
            p.play(mv)
        };
        let mut position = down;
        for _ in 0..6 {
            let next = quiet(&position);
            let score = Some(Reported::Centi(0));
            let mover = position.side_to_move();
            assert_eq!(adjudicator.after_move(mover, score, &position, &next), None);
            position = next;
        }
        // Level counts, but a marble ejected within the span: not yet.
        let even: Position = "5/6/7/8/5bbbw/8/7/6/5 b 1 1 0".parse().unwrap();
        let mut adjudicator = Adjudicator::new(rules);
        let after = quiet(&even);
        let scored = Some(Reported::Centi(0));
        assert!(
            adjudicator
                .after_move(Colour::Black, scored, &down, &even)
                .is_none()
        );
        assert!(
            adjudicator
                .after_move(Colour::White, scored, &even, &after)
                .is_none(),
            "the span of two plies holds the ejection"
        );
        let later = quiet(&after);
        assert!(
            adjudicator
                .after_move(Colour::Black, scored, &after, &later)
                .is_some()
        );
    }

    #[test]
    fn a_resignation_needs_the_losers_scores_and_two_sided_the_winners_too() {
        let resign = |two_sided| Adjudication {
            draw: None,
            resign: Some(ResignRule {
                move_count: 2,
                score: 300,
                two_sided,
            }),
        };
        // Black's engine despairs from its second move, White's is less sure.
        let scores = |ply: u32| {
            Some(match ply % 2 {
                0 if ply >= 2 => Reported::Centi(-350),
                0 => Reported::Centi(0),
                _ if ply >= 9 => Reported::Mate(4),
                _ => Reported::Centi(200),
            })
        };
        let (plies, ruling) = adjudicate(resign(false), 30, scores).unwrap();
        assert_eq!((plies, ruling.winner), (5, Some(Colour::White)));
        assert_eq!(ruling.evidence, "black -350 -350; white +200 +200");
        // Two-sided: only once White's engine scores +300 or more (a mate) for two moves.
        let (plies, ruling) = adjudicate(resign(true), 30, scores).unwrap();
        assert_eq!((plies, ruling.winner), (12, Some(Colour::White)));
        assert_eq!(ruling.evidence, "black -350 -350; white #4 #4");
    }
}
