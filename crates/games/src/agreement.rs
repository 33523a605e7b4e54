//! Draws and resignations by agreement with Sumito: when it accepts a draw a person offers, and
//! when it resigns a hopeless game (only if the person allowed it). The terminal game
//! (`sumito play`) and the GUI ask the same questions here, with Sumito's own scores of its
//! last moves (its point of view, oldest first), so they give the same answers.

use crate::analysis::reported_text as text;
use sumito_engine::search::Reported;
use sumito_rules::board::{Colour, Position};

/// Sumito accepts a draw only when each of its last [`DRAW_MOVES`] scores was within this
/// many centi-marbles of level: a little over half a marble, since its evaluation of a blocked
/// game with as many marbles on each side sits at about ±0.5 for a hundred plies (the shape of
/// the groups, which neither side can change without risk).
pub const DRAW_MARGIN: i32 = 60;

/// How many of Sumito's own moves the draw margin must have held for.
pub const DRAW_MOVES: usize = 4;

/// Sumito resigns (when allowed) when each of its last [`RESIGN_MOVES`] scores was this many
/// centi-marbles or more against it (four marbles), or its last search found a forced loss.
pub const RESIGN_SCORE: i32 = 400;

/// How many of Sumito's own moves the resignation score must have held for.
pub const RESIGN_MOVES: usize = 3;

/// Sumito's answer to a draw offer, with the sentence that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawAnswer {
    Accept(String),
    Decline(String),
}

/// How Sumito, playing `sumito`, answers a draw offered in `position`, given its scores of its
/// moves so far (`scores`, oldest first).
pub fn answer_draw_offer(scores: &[Reported], position: &Position, sumito: Colour) -> DrawAnswer {
    let (mine, theirs) = (position.lost(sumito.opponent()), position.lost(sumito));
    if mine > theirs {
        return DrawAnswer::Decline(format!(
            "Sumito declines: it has ejected {mine} marbles to your {theirs}, and keeping the \
             lead wins."
        ));
    }
    if scores.len() < DRAW_MOVES {
        return DrawAnswer::Decline(format!(
            "Sumito declines: it has judged only {} of its moves in this game; it answers a \
             draw offer after {DRAW_MOVES}.",
            scores.len()
        ));
    }
    let recent = &scores[scores.len() - DRAW_MOVES..];
    let level = |score: &Reported| matches!(score, Reported::Centi(cp) if cp.saturating_abs() <= DRAW_MARGIN);
    // Behind on marbles, it takes the draw that the move limit would not give it.
    let marbles = if mine < theirs {
        "you lead on marbles"
    } else {
        "neither side leads on marbles"
    };
    match recent.iter().find(|score| !level(score)) {
        None => DrawAnswer::Accept(format!(
            "Sumito accepts: its score has stayed within {:.2} marbles of level for its last \
             {DRAW_MOVES} moves, and {marbles}.",
            f64::from(DRAW_MARGIN) / 100.0
        )),
        Some(&score) => {
            let better = matches!(score, Reported::Centi(cp) if cp > 0)
                || matches!(score, Reported::Mate(n) if n > 0);
            let side = if better {
                "it stands better"
            } else {
                "you stand better"
            };
            DrawAnswer::Decline(format!(
                "Sumito declines: the game is not level, it has scored it {} in its last \
                 {DRAW_MOVES} moves ({side}).",
                text(score)
            ))
        }
    }
}

/// Whether Sumito resigns now (when allowed), given its scores of its moves so far: the
/// sentence it says, or `None` to play on.
pub fn resignation(scores: &[Reported]) -> Option<String> {
    if let Some(&Reported::Mate(n)) = scores.last()
        && n <= 0
    {
        return Some(format!(
            "Sumito resigns: it sees a forced loss ({}).",
            text(Reported::Mate(n))
        ));
    }
    if scores.len() < RESIGN_MOVES {
        return None;
    }
    let recent = &scores[scores.len() - RESIGN_MOVES..];
    let hopeless = |score: &Reported| match score {
        Reported::Centi(cp) => *cp <= -RESIGN_SCORE,
        Reported::Mate(n) => *n <= 0,
    };
    recent.iter().all(hopeless).then(|| {
        format!(
            "Sumito resigns: it has scored the game {} or worse for its last {RESIGN_MOVES} \
             moves.",
            text(Reported::Centi(-RESIGN_SCORE))
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Reported::{Centi, Mate};

    #[test]
    fn a_draw_is_accepted_only_when_level_for_the_last_moves_and_no_marble_ahead() {
        let start = Position::startpos();
        let accept = |scores: &[Reported], position: &Position| {
            matches!(
                answer_draw_offer(scores, position, Colour::White),
                DrawAnswer::Accept(_)
            )
        };
        let level = [Centi(90), Centi(-12), Centi(3), Centi(60), Centi(-60)];
        assert!(accept(&level, &start));
        // Too early, a score just over the margin either way, a forced win: declined.
        assert!(!accept(&level[2..], &start));
        for bad in [Centi(61), Centi(-61), Mate(7)] {
            let mut scores = level.to_vec();
            scores[3] = bad;
            assert!(!accept(&scores, &start), "{bad:?}");
        }
        // Sumito (White) a marble up: declined whatever the scores; a marble down: level
        // scores still decide.
        let white_ahead: Position = "5/6/7/8/5bbbw/8/7/6/5 b 1 0 0".parse().unwrap();
        assert!(!accept(&level, &white_ahead));
        let white_behind: Position = "5/6/7/8/5bbbw/8/7/6/5 b 0 1 0".parse().unwrap();
        assert!(accept(&level, &white_behind));
        let DrawAnswer::Accept(why) = answer_draw_offer(&level, &white_behind, Colour::White)
        else {
            panic!("accepted");
        };
        assert!(why.ends_with("and you lead on marbles."), "{why}");
        let DrawAnswer::Decline(why) = answer_draw_offer(
            &[Centi(0), Centi(0), Centi(0), Centi(140)],
            &start,
            Colour::White,
        ) else {
            panic!("accepted at +1.40");
        };
        assert!(
            why.contains("+1.40") && why.contains("it stands better"),
            "{why}"
        );
    }

    #[test]
    fn sumito_resigns_after_hopeless_scores_or_a_forced_loss() {
        assert_eq!(resignation(&[Centi(-500), Centi(-400)]), None);
        assert!(resignation(&[Centi(0), Centi(-500), Centi(-400), Centi(-900)]).is_some());
        assert_eq!(resignation(&[Centi(-500), Centi(-399), Centi(-900)]), None);
        assert!(resignation(&[Centi(10), Mate(-3)]).is_some());
        assert_eq!(resignation(&[Centi(-900), Centi(-900), Mate(2)]), None);
    }
}
