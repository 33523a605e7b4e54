//! One game of `sumito datagen --players N` (three to six): random quiet plies from the
//! layout, then the N-player search plays every seat (`MultiSearch` as the engine picks it for
//! the seating), drawing its move among the near-best root lines, and the quiet positions are
//! kept with their search score until a search sees a forced result; at the end every kept
//! position gets the ranks the game's seats finished at.

use super::format::{Ending, GameLine};
use super::game::{GameRecord, game_random};
use super::seats_sample::SeatsSample;
use super::settings::Settings;
use sumito_engine::multi_search::{MultiRequest, search_multi};
use sumito_engine::search::{Control, Engine, is_decisive};
use sumito_rules::board::MAX_SEATS;
use sumito_rules::ending::multi_ranks;
use sumito_rules::movegen::{Move, MoveList};
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};
use sumito_rules::random::Random;

/// Is `position` quiet: can the seat to move eject no marble?
pub fn is_quiet_seats(position: &MultiPosition) -> bool {
    let mut list = MoveList::default();
    position.legal_moves(&mut list);
    !list.iter().any(|mv| mv.is_eject())
}

/// Plays game `index` of `layout` with `engine` on one thread, from a cleared table, so that
/// the game depends only on the settings and the index.
pub fn play_seats(
    settings: &Settings,
    engine: &mut Engine,
    index: u64,
    layout: MultiLayout,
) -> GameRecord {
    let mut random = game_random(settings.seed, index);
    let span = settings.opening_plies.max - settings.opening_plies.min + 1;
    let plies = settings.opening_plies.min + random.below(span as usize) as u32;
    let start = random_quiet_opening(layout.position(), plies, &mut random);
    let limit = start.plies().saturating_add(settings.plies_after_opening);
    engine.set_threads(1);
    engine.new_game();
    let seating = layout.seating();
    let request = MultiRequest {
        lines: settings.lines,
        ..MultiRequest::auto(seating, settings.limits.clone())
    };
    let mut position = start.with_move_limit(limit);
    let mut kept = Vec::new();
    let mut decided = false;
    while position.outcome().is_none() {
        let result = search_multi(
            engine,
            &position,
            &request,
            &Control::new(),
            &mut |_| {},
            &mut |_| {},
        );
        let Some(best) = result.best else {
            position = position.pass();
            continue;
        };
        decided |= is_decisive(result.score);
        if !decided && is_quiet_seats(&position) {
            kept.push((position, result.score));
        }
        let mv = match is_decisive(result.score) {
            // A forced win is played out as found.
            true => best,
            false => draw_near_best(&result.lines, settings.margin, &mut random).unwrap_or(best),
        };
        position = position.play(mv);
    }
    let mut ranks = [0; MAX_SEATS];
    ranks[..seating.seats()].copy_from_slice(&multi_ranks(&position));
    let seats: Vec<SeatsSample> = kept
        .into_iter()
        .map(|(position, score)| SeatsSample {
            position,
            ranks,
            score,
        })
        .collect();
    GameRecord {
        game: GameLine {
            index,
            ending: Ending::Seats { layout, ranks },
            plies: position.plies(),
            positions: seats.len() as u64,
        },
        samples: Vec::new(),
        seats,
    }
}

/// A move drawn evenly among the root lines scoring at most `margin` below the best (the
/// lines come best first); `None` when there are none.
fn draw_near_best(lines: &[(Move, i32)], margin: u32, random: &mut Random) -> Option<Move> {
    let floor = lines.first()?.1.saturating_sub(margin as i32);
    let near = lines
        .iter()
        .take_while(|(_, score)| *score >= floor)
        .count();
    Some(lines[random.below(near.max(1))].0)
}

/// `plies` random moves from `start`, none ejecting a marble (fewer when no such move is left),
/// so that the game starts varied and level.
fn random_quiet_opening(start: MultiPosition, plies: u32, random: &mut Random) -> MultiPosition {
    let mut position = start;
    let mut list = MoveList::default();
    for _ in 0..plies {
        position.legal_moves(&mut list);
        let quiet: Vec<Move> = list.iter().copied().filter(|mv| !mv.is_eject()).collect();
        if quiet.is_empty() {
            break;
        }
        position = position.play(quiet[random.below(quiet.len())]);
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::PlyRange;
    use sumito_engine::search::Limits;

    fn settings(seed: u64) -> Settings {
        Settings {
            seed,
            players: 3,
            limits: Limits::depth(1),
            opening_plies: PlyRange { min: 4, max: 8 },
            plies_after_opening: 60,
            lines: 2,
            margin: 10,
            hash: 1,
        }
    }

    #[test]
    fn a_game_keeps_quiet_positions_with_the_final_ranks_and_replays_the_same() {
        let mut engine = Engine::new(1).unwrap();
        let layout = MultiLayout::ThreePlayer;
        let record = play_seats(&settings(3), &mut engine, 4, layout);
        let Ending::Seats { ranks, .. } = record.game.ending else {
            panic!("an N-player game");
        };
        assert!(
            ranks[..3].iter().all(|&r| (1..=3).contains(&r)),
            "{ranks:?}"
        );
        assert!(ranks[..3].contains(&1));
        assert_eq!(record.game.positions, record.seats.len() as u64);
        assert!(record.seats.len() > 5, "{record:?}");
        for sample in &record.seats {
            assert!(is_quiet_seats(&sample.position));
            assert!(!is_decisive(sample.score));
            assert_eq!(sample.ranks, ranks);
            assert!(sample.position.plies() >= 4);
        }
        // The move limit ends the game 60 plies after the opening at the latest.
        let first = record.seats[0].position.plies();
        assert!(record.game.plies <= first + 60, "{}", record.game.plies);
        let mut other = Engine::new(1).unwrap();
        let _ = play_seats(&settings(3), &mut other, 5, layout);
        assert_eq!(play_seats(&settings(3), &mut other, 4, layout), record);
        assert_ne!(play_seats(&settings(4), &mut other, 4, layout), record);
    }

    #[test]
    fn the_draw_keeps_to_the_margin() {
        let moves = sumito_rules::board::Position::startpos().moves();
        let (a, b, c) = (
            moves.as_slice()[0],
            moves.as_slice()[1],
            moves.as_slice()[2],
        );
        let mut random = Random(7);
        assert_eq!(draw_near_best(&[], 10, &mut random), None);
        let lines = [(a, 50), (b, 45), (c, 20)];
        let drawn: Vec<Move> = (0..50)
            .filter_map(|_| draw_near_best(&lines, 10, &mut random))
            .collect();
        assert!(drawn.contains(&a) && drawn.contains(&b) && !drawn.contains(&c));
        assert_eq!(draw_near_best(&lines, 0, &mut random), Some(a));
        assert!(is_quiet_seats(&MultiLayout::FourPlayer.position()));
    }
}
