//! Scores and annotations as people read them: marbles with two decimals, `#n` for a forced
//! result, and one listing line per move.

use super::MoveAnnotation;
use super::multi::{MultiAfter, MultiAnnotation};
use sumito_engine::search::{MATE_BOUND, Reported};
use sumito_rules::board::Colour;

/// A score for people: marbles with two decimals (`+1.25`), or `#n` / `#-n` for a forced win
/// or loss in n moves of the side the score belongs to.
pub fn score_text(score: i32) -> String {
    reported_text(Reported::from_score(score))
}

/// [`score_text`] for a score already in the protocol's form.
pub fn reported_text(score: Reported) -> String {
    match score {
        Reported::Centi(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Reported::Mate(n) => format!("#{n}"),
    }
}

/// [`score_text`] for a score after a move, from the mover's view: the opponent is to move,
/// so a forced result counts the opponent's moves, and a game the move ended says so.
pub fn after_text(after: i32) -> String {
    match Reported::from_score(-after) {
        _ if after >= sumito_engine::search::MATE => "won".to_string(),
        _ if after <= -sumito_engine::search::MATE => "lost".to_string(),
        Reported::Centi(cp) => format!("{:+.2}", -cp as f64 / 100.0),
        Reported::Mate(n) => format!("#{}", -n),
    }
}

/// One line of the annotated listing.
pub fn listing_line(annotation: &MoveAnnotation) -> String {
    let number = annotation.ply.div_ceil(2);
    let dots = if annotation.side == Colour::Black {
        "."
    } else {
        "..."
    };
    let line: Vec<String> = annotation.line.iter().map(|m| m.to_string()).collect();
    let cost = if annotation.after <= -MATE_BOUND {
        "loses by force".to_string()
    } else {
        format!("costs {:.2}", annotation.loss as f64 / 100.0)
    };
    let mark = match annotation.mark {
        Some(mark) => format!("  ?? {} ({cost})", mark.word()),
        None => String::new(),
    };
    format!(
        "{number:>3}{dots:<4}{:<7} before {:>6}  after {:>6}  best {:<7} line {}{mark}",
        annotation.played.to_string(),
        score_text(annotation.before),
        after_text(annotation.after),
        annotation.best.to_string(),
        line.join(" ")
    )
}

/// One line of the annotated listing of an N-player game: the turn, the mover's colour, and
/// both scores from the mover's view.
pub fn multi_listing_line(annotation: &MultiAnnotation) -> String {
    let line: Vec<String> = annotation.line.iter().map(|m| m.to_string()).collect();
    let after = match annotation.after {
        MultiAfter::Score(score) => reported_text(score),
        MultiAfter::Won => "won".to_string(),
        MultiAfter::Lost => "lost".to_string(),
    };
    let mark = match annotation.mark {
        Some(mark) => format!(
            "  ?? {} (costs {:.2})",
            mark.word(),
            annotation.loss as f64 / 100.0
        ),
        None => String::new(),
    };
    format!(
        "{:>4} {:<6} {:<7} before {:>6}  after {:>6}  best {:<7} line {}{mark}",
        annotation.ply,
        annotation.seat.name(),
        annotation.played.to_string(),
        reported_text(annotation.before),
        after,
        annotation.best.to_string(),
        line.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_engine::search::MATE;

    #[test]
    fn scores_for_people() {
        let win_in_3 = MATE - 5;
        assert_eq!(Reported::from_score(win_in_3), Reported::Mate(3));
        assert_eq!(score_text(win_in_3), "#3");
        assert_eq!(score_text(-125), "-1.25");
        // After a move the opponent is to move: its win in one is the mover's loss in one.
        assert_eq!(after_text(-(MATE - 1)), "#-1");
        assert_eq!(after_text(MATE - 2), "#1");
        assert_eq!(after_text(MATE), "won");
        assert_eq!(after_text(-40), "-0.40");
    }
}
