//! Finishing ranks of a game of three to six players, the result token that writes them, and
//! the points they give (GAMES.md, "Three to six players").

use crate::board::{MAX_SEATS, Seating};
use crate::multiplayer::MultiPosition;

/// Each seat's finishing rank in the final position, in seat order: the winners (by the rules,
/// or for a game stopped before its end the teams in play with the most marbles ejected, as at
/// the move limit) are 1; the other teams follow by whether a seat of theirs is still in play,
/// then by the marbles they ejected, more first. Partners share their team's rank, and teams
/// level share theirs, the next rank skipping as many (1, 1, 3).
pub fn multi_ranks(end: &MultiPosition) -> Vec<u8> {
    let seating = end.seating();
    let winners = end
        .outcome()
        .map_or_else(|| end.ejection_leaders(), |outcome| outcome.winners);
    let (totals, in_play) = (end.team_totals(), end.teams_in_play());
    // One key per team, larger is better.
    let mut keys = [(false, false, 0u32); MAX_SEATS];
    for seat in seating.all() {
        let team = seating.team(seat);
        keys[team] = (
            winners & seat.bit() != 0,
            in_play & 1 << team != 0,
            totals[team],
        );
    }
    let keys = &keys[..seating.teams()];
    seating
        .all()
        .map(|seat| {
            let own = keys[seating.team(seat)];
            1 + keys.iter().filter(|&&other| other > own).count() as u8
        })
        .collect()
}

/// The result token of ranks: `1-3-2`.
pub fn rank_token(ranks: &[u8]) -> String {
    let ranks: Vec<String> = ranks.iter().map(u8::to_string).collect();
    ranks.join("-")
}

/// The ranks a result token of `seats` ranks gives, each from 1 to `seats`; `None` for any
/// other text.
pub fn parse_rank_token(token: &str, seats: usize) -> Option<Vec<u8>> {
    let ranks: Vec<u8> = token
        .split('-')
        .map(|rank| rank.parse().ok().filter(|&r| r >= 1 && r as usize <= seats))
        .collect::<Option<_>>()?;
    (ranks.len() == seats).then_some(ranks)
}

/// The points of each seat: the game counts as a two-player game against every opponent (a
/// seat of another team), scored as the Russian sheet scores a game, 2 for finishing above it,
/// 1 for finishing level and 0 below. With two players this is the sheet's 2-1-0.
pub fn multi_points(ranks: &[u8], seating: Seating) -> Vec<u32> {
    seating
        .all()
        .map(|seat| {
            seating
                .all()
                .filter(|other| seating.team(*other) != seating.team(seat))
                .map(
                    |other| match ranks[seat.index()].cmp(&ranks[other.index()]) {
                        std::cmp::Ordering::Less => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Greater => 0,
                    },
                )
                .sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::multiplayer::MultiLayout;

    #[test]
    fn ranks_follow_the_marbles_ejected_and_teams_share_theirs() {
        let start = MultiLayout::ThreePlayer.position();
        assert_eq!(
            multi_ranks(&start),
            [1, 1, 1],
            "nothing ejected yet: all level"
        );
        assert_eq!(rank_token(&multi_ranks(&start)), "1-1-1");
        // Five of black's marbles gone, and the ejected counts given.
        let ejected = |counts: &str| -> MultiPosition {
            let text = start.to_string();
            let fields: Vec<&str> = text.split(' ').collect();
            let mut removed = 0;
            let board: String = fields[0]
                .chars()
                .map(|c| match c {
                    'b' if removed < 5 => {
                        removed += 1;
                        '1'
                    }
                    c => c,
                })
                .collect();
            format!("{board} {} {counts}", fields[1]).parse().unwrap()
        };
        assert_eq!(multi_ranks(&ejected("1/1/3")), [2, 2, 1]);
        assert_eq!(multi_ranks(&ejected("2/0/1")), [1, 3, 2]);
        assert_eq!(
            multi_ranks(&ejected("0/1x/1")),
            [2, 3, 1],
            "a seat that left ranks last"
        );
        let four = MultiLayout::FourPlayer.position();
        assert_eq!(multi_ranks(&four), [1, 1, 1, 1]);
    }

    #[test]
    fn rank_tokens_read_back_and_reject_what_is_not_one() {
        assert_eq!(parse_rank_token("1-3-2", 3), Some(vec![1, 3, 2]));
        assert_eq!(parse_rank_token("1-2-1-2", 4), Some(vec![1, 2, 1, 2]));
        for bad in [
            "1-0", "1-2", "1-2-4", "0-1-2", "1-2-x", "1/2-1/2", "*", "1--2",
        ] {
            assert_eq!(parse_rank_token(bad, 3), None, "{bad}");
        }
    }

    #[test]
    fn points_are_two_one_nothing_against_each_opponent() {
        let three = Seating::new(3).unwrap();
        assert_eq!(multi_points(&[1, 3, 2], three), [4, 0, 2]);
        assert_eq!(multi_points(&[1, 1, 3], three), [3, 3, 0]);
        assert_eq!(multi_points(&[1, 1, 1], three), [2, 2, 2]);
        let four = Seating::new(4).unwrap();
        assert_eq!(multi_points(&[1, 2, 1, 2], four), [4, 0, 4, 0]);
        let six = Seating::new(6).unwrap();
        assert_eq!(multi_points(&[2, 1, 3, 2, 1, 3], six), [4, 8, 0, 4, 8, 0]);
    }
}
