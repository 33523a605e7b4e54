//! One game of `sumito datagen`: random quiet plies from a layout, then the shallow search
//! plays both sides, drawing its move among the near-best root lines, and the quiet positions
//! are kept with their search score until the search sees a forced win or loss.

use super::format::{Ending, GameLine, Sample, Wdl};
use super::reader::Encoding;
use super::seats_game::play_seats;
use super::seats_sample::SeatsSample;
use super::settings::Settings;
use std::cell::RefCell;
use sumito_engine::eval::ejectable;
use sumito_engine::search::{Control, Engine, is_decisive};
use sumito_games::selfplay::{Mover, play_game, random_quiet_opening};
use sumito_rules::board::{Layout, Position};
use sumito_rules::movegen::Move;
use sumito_rules::multiplayer::MultiLayout;
use sumito_rules::random::{Random, splitmix64};

/// A finished game and the positions kept from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// How it ended.
    pub game: GameLine,
    /// The kept positions of a two-player game, in the order they were played.
    pub samples: Vec<Sample>,
    /// The kept positions of a game of three to six players, in the order they were played.
    pub seats: Vec<SeatsSample>,
}

impl GameRecord {
    /// The game as a block of a data file in `encoding`: its positions, then its closing line.
    pub fn encode(&self, encoding: Encoding) -> Vec<u8> {
        let mut bytes = Vec::new();
        for sample in &self.samples {
            encoding.put_sample(sample, &mut bytes);
        }
        for sample in &self.seats {
            encoding.put_seats_sample(sample, &mut bytes);
        }
        encoding.put_game(&self.game, &mut bytes);
        bytes
    }
}

/// The random stream of game `index`: a function of the seed and the index alone.
pub(super) fn game_random(seed: u64, index: u64) -> Random {
    Random(splitmix64(seed.wrapping_add(index)).1)
}

/// Is `position` quiet: can the side to move eject no marble?
pub fn is_quiet(position: &Position) -> bool {
    ejectable(position.us(), position.them()) == 0
}

/// Plays game `index` with `engine` (one search thread; its table is cleared first, so the game
/// depends only on the settings and the index): of the settings' players, on the layout of
/// their number, or of two, on the three layouts in turn.
pub fn play(settings: &Settings, engine: &mut Engine, index: u64) -> GameRecord {
    if let Some(layout) = MultiLayout::for_seats(settings.players) {
        return play_seats(settings, engine, index, layout);
    }
    let layout = Layout::ALL[(index % Layout::ALL.len() as u64) as usize];
    let mut random = game_random(settings.seed, index);
    let span = settings.opening_plies.max - settings.opening_plies.min + 1;
    let plies = settings.opening_plies.min + random.below(span as usize) as u32;
    let start = random_quiet_opening(layout.position(), plies, &mut random);
    engine.set_threads(1);
    engine.settings.multipv = settings.lines;
    engine.new_game();
    let player = RefCell::new(SelfPlayer {
        engine,
        settings,
        random,
        kept: Vec::new(),
        decided: false,
    });
    let (mut black, mut white) = (BothColours(&player), BothColours(&player));
    let result = play_game(&mut black, &mut white, start, settings.plies_after_opening);
    let kept = player.into_inner().kept;
    let samples: Vec<Sample> = kept
        .into_iter()
        .map(|(position, score)| Sample {
            position,
            result: Wdl::for_side(result.winner, position.side_to_move()),
            score,
        })
        .collect();
    GameRecord {
        game: GameLine {
            index,
            ending: Ending::Two {
                layout,
                winner: result.winner,
            },
            plies: start.plies() + result.plies,
            positions: samples.len() as u64,
        },
        samples,
        seats: Vec::new(),
    }
}

/// The search playing both sides of one game and keeping the quiet positions it meets.
struct SelfPlayer<'a> {
    engine: &'a mut Engine,
    settings: &'a Settings,
    random: Random,
    /// Quiet positions and their scores.
    kept: Vec<(Position, i32)>,
    /// Whether a search has seen a forced win or loss: the game is decided, and the positions
    /// from there on say nothing about the evaluation.
    decided: bool,
}

impl SelfPlayer<'_> {
    fn choose(&mut self, game: &[Position]) -> Move {
        let position = game[game.len() - 1];
        let result = self.engine.search(
            game,
            &self.settings.limits,
            &[],
            &Control::new(),
            &mut |_| {},
        );
        self.decided |= is_decisive(result.score);
        if !self.decided && is_quiet(&position) {
            self.kept.push((position, result.score));
        }
        let best = result.best.unwrap_or(Move::NONE);
        // A forced win is played out as found: a slower win drawn each move might never end.
        if is_decisive(result.score) {
            return best;
        }
        let floor = result.score.saturating_sub(self.settings.margin as i32);
        let near: Vec<Move> = result
            .lines
            .iter()
            .filter(|(_, score)| *score >= floor)
            .map(|(mv, _)| *mv)
            .collect();
        match near.len() {
            0 | 1 => best,
            n => near[self.random.below(n)],
        }
    }
}

/// The player, shared by both colours; `play_game` asks whichever is to move.
struct BothColours<'p, 'e>(&'p RefCell<SelfPlayer<'e>>);

impl Mover for BothColours<'_, '_> {
    fn choose(&mut self, game: &[Position]) -> Move {
        self.0.borrow_mut().choose(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::PlyRange;
    use sumito_engine::search::Limits;

    fn settings(seed: u64) -> Settings {
        Settings {
            seed,
            players: 2,
            limits: Limits::depth(2),
            opening_plies: PlyRange { min: 4, max: 8 },
            plies_after_opening: 120,
            lines: 2,
            margin: 10,
            hash: 1,
        }
    }

    #[test]
    fn a_game_keeps_quiet_labelled_positions_and_replays_the_same() {
        let mut engine = Engine::new(1).unwrap();
        let record = play(&settings(3), &mut engine, 4);
        let Ending::Two { layout, winner } = record.game.ending else {
            panic!("a two-player game");
        };
        assert_eq!(layout, Layout::BelgianDaisy);
        assert_eq!(record.game.positions, record.samples.len() as u64);
        assert!(record.samples.len() > 10, "{record:?}");
        for sample in &record.samples {
            assert!(is_quiet(&sample.position));
            assert!(!is_decisive(sample.score));
            let expected = Wdl::for_side(winner, sample.position.side_to_move());
            assert_eq!(sample.result, expected);
            // The search starts after the random opening, at least four plies in.
            assert!(sample.position.plies() >= 4);
        }
        // Another engine, after other games, plays the same game.
        let mut other = Engine::new(1).unwrap();
        let _ = play(&settings(3), &mut other, 5);
        assert_eq!(play(&settings(3), &mut other, 4), record);
        assert_ne!(play(&settings(4), &mut other, 4), record);
    }

    #[test]
    fn quiet_means_no_ejection_for_the_side_to_move() {
        // White's e7 and e8 can push Black's e9 off the board; Black has no such push.
        let threatened: Position = "5/6/7/8/6wwb/8/7/6/bb3 w 5 0 0".parse().unwrap();
        assert!(!is_quiet(&threatened));
        let calm: Position = "5/6/7/8/6wwb/8/7/6/bb3 b 5 0 0".parse().unwrap();
        assert!(is_quiet(&calm));
    }
}
