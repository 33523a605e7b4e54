//! `sumito match --players N`: the flags of a match of three to six players, checked into a
//! [`MultiMatch`]. Two-player flags that have no meaning at a larger table are refused.

use super::r#match::{MAX_GAMES, MatchArgs};
use sumito_rules::multiplayer::MultiLayout;
use sumito_tools::match_runner::multi::MultiMatch;
use sumito_tools::match_runner::multi::openings::MultiBook;
use sumito_tools::match_runner::multi::seatings::{Unit, combinations};

/// The N-player part of a match's settings: `None` for a two-player match.
pub fn multi_match(raw: &MatchArgs, seed: u64) -> Result<Option<MultiMatch>, super::Error> {
    if raw.players == 2 {
        if !raw.partners.is_empty() {
            return Err("--partners goes with --players 4 or 6".into());
        }
        return Ok(None);
    }
    let layout = MultiLayout::for_seats(raw.players)
        .ok_or_else(|| format!("--players must be from 2 to 6, not {}", raw.players))?;
    for (given, flag) in [
        (raw.sprt.is_some(), "--sprt"),
        (raw.draw.is_some(), "--draw"),
        (raw.resign.is_some(), "--resign"),
        (!raw.layout.is_empty(), "--layout"),
    ] {
        if given {
            return Err(format!(
                "{flag} is a two-player flag: --players {} plays the {} layout, with no Elo, \
                 SPRT or adjudication by scores",
                raw.players,
                layout.name()
            )
            .into());
        }
    }
    let units = units(raw, layout)?;
    let book = match &raw.openings {
        Some(argument) => MultiBook::from_argument(argument, layout)?,
        None => MultiBook::suite(layout, seed)?,
    };
    Ok(Some(MultiMatch {
        layout,
        units,
        book,
    }))
}

/// What fills the seats: each engine alone (a free-for-all player, or both seats of a team),
/// or the pairs of `--partners`. There must be at least one unit per player or team.
fn units(raw: &MatchArgs, layout: MultiLayout) -> Result<Vec<Unit>, super::Error> {
    let seating = layout.seating();
    let count = raw.engine.len();
    let units = match raw.partners.is_empty() {
        true => (0..count).map(Unit::Engine).collect(),
        false if !seating.has_teams() => {
            return Err(format!(
                "--partners goes with team games: --players {} has none",
                raw.players
            )
            .into());
        }
        false => partners(&raw.partners, count)?,
    };
    let needed = seating.teams();
    if units.len() < needed {
        let what = match (seating.has_teams(), raw.partners.is_empty()) {
            (false, _) => "engines",
            (true, true) => "engines (one per team, playing both its seats)",
            (true, false) => "pairs of partners",
        };
        return Err(format!(
            "--players {} needs at least {needed} {what}, got {}",
            raw.players,
            units.len()
        )
        .into());
    }
    let groups = combinations(units.len(), needed).len();
    if groups > 1 {
        eprintln!(
            "match: {} units for {needed} places: every one of the {groups} combinations plays",
            units.len()
        );
    }
    Ok(units)
}

/// `--partners 1+3,2+4`: every engine in exactly one pair.
fn partners(texts: &[String], count: usize) -> Result<Vec<Unit>, super::Error> {
    let mut used = vec![false; count];
    let mut units = Vec::new();
    for text in texts {
        let bad = || format!("--partners {text}: give two engine numbers from 1 to {count} as A+B");
        let (a, b) = text.split_once('+').ok_or_else(bad)?;
        let number = |t: &str| {
            t.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=count).contains(n))
        };
        let (a, b) = (number(a).ok_or_else(bad)?, number(b).ok_or_else(bad)?);
        for engine in [a, b] {
            if std::mem::replace(&mut used[engine - 1], true) {
                return Err(format!(
                    "--partners: engine {engine} is in two pairs, or partners itself"
                )
                .into());
            }
        }
        units.push(Unit::Pair(a - 1, b - 1));
    }
    if let Some(alone) = used.iter().position(|u| !u) {
        return Err(format!("--partners: engine {} has no partner", alone + 1).into());
    }
    Ok(units)
}

/// `--games` of an N-player match: a multiple of the seatings of a combination (one game per
/// seating by default).
pub fn games(given: Option<u32>, multi: &MultiMatch) -> Result<u32, super::Error> {
    let seatings = multi.seatings_per_combination() as u32;
    let games = given.unwrap_or(seatings);
    // Every combination plays them: the whole match is bounded as a two-player one is.
    let places = multi.layout.seating().teams();
    let combinations = (0..places).fold(1u128, |count, i| {
        count.saturating_mul((multi.units.len() - i) as u128) / (i as u128 + 1)
    });
    if combinations.saturating_mul(u128::from(games)) > u128::from(MAX_GAMES) {
        return Err(format!(
            "{combinations} combinations of {places} of the {} engines (or pairs), {games} games \
             each: more than {MAX_GAMES} games in all",
            multi.units.len()
        )
        .into());
    }
    match given {
        None => Ok(seatings),
        Some(games) if games % seatings == 0 => Ok(games),
        Some(games) => Err(format!(
            "--games {games} must be a multiple of {seatings}, the seatings of each combination \
             of {} players (every engine in every seat and place in the turn order)",
            multi.layout.seating().seats()
        )
        .into()),
    }
}
