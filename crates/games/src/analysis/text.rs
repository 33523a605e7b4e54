//! Scores and annotations as people read them: marbles with two decimals, `#n` for a forced
//! result, and one listing line per move.

use super::{After, MoveAnnotation};
use sumito_engine::search::Reported;

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

/// The text of a mover's score after a move: its score, or `won` or `lost` when the move
/// ended the game.
pub fn after_text(after: After) -> String {
    match after {
        After::Score(score) => reported_text(score),
        After::Won => "won".to_string(),
        After::Lost => "lost".to_string(),
    }
}

/// One line of the annotated listing: for two players the move number and the mover's dots
/// (`12...`), for more the turn and the mover's colour; both scores from the mover's view.
pub fn listing_line(annotation: &MoveAnnotation) -> String {
    let line: Vec<String> = annotation.line.iter().map(|m| m.to_string()).collect();
    let two_players = annotation.seats == 2;
    let loses_by_force = match annotation.after {
        After::Lost => true,
        After::Score(Reported::Mate(n)) => n < 0,
        _ => false,
    };
    let cost = match loses_by_force && two_players {
        true => "loses by force".to_string(),
        false => format!("costs {:.2}", annotation.loss as f64 / 100.0),
    };
    let mark = match annotation.mark {
        Some(mark) => format!("  ?? {} ({cost})", mark.word()),
        None => String::new(),
    };
    let turn = match two_players {
        true => {
            let dots = if annotation.seat.index() == 0 {
                "."
            } else {
                "..."
            };
            format!("{:>3}{dots:<4}", annotation.ply.div_ceil(2))
        }
        false => format!("{:>4} {:<6} ", annotation.ply, annotation.seat.name()),
    };
    format!(
        "{turn}{:<7} before {:>6}  after {:>6}  best {:<7} line {}{mark}",
        annotation.played.to_string(),
        reported_text(annotation.before),
        after_text(annotation.after),
        annotation.best.to_string(),
        line.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::super::two_players::after_of;
    use super::*;
    use sumito_engine::search::MATE;

    #[test]
    fn scores_for_people() {
        let win_in_3 = MATE - 5;
        assert_eq!(Reported::from_score(win_in_3), Reported::Mate(3));
        assert_eq!(score_text(win_in_3), "#3");
        assert_eq!(score_text(-125), "-1.25");
        // After a move the opponent is to move: its win in one is the mover's loss in one.
        let after = |score| after_text(after_of(score));
        assert_eq!(after(-(MATE - 1)), "#-1");
        assert_eq!(after(MATE - 2), "#1");
        assert_eq!(after(MATE), "won");
        assert_eq!(after(-40), "-0.40");
    }
}
