//! Criterion benches of move generation, move counting and perft.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use sumito_rules::board::{Layout, Position};
use sumito_rules::movegen::{MoveList, perft};

/// A few positions reached by play from each layout, so the benches see midgame shapes too.
fn positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for layout in Layout::ALL {
        let mut position = layout.position();
        positions.push(position);
        // A fixed walk: always the move in the middle of the list.
        for ply in 0..24 {
            let moves = position.moves();
            if moves.is_empty() {
                break;
            }
            position = position.play(moves.as_slice()[moves.len() / 2]);
            if ply % 8 == 7 {
                positions.push(position);
            }
        }
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut list = MoveList::new();
    c.bench_function("generate", |b| {
        b.iter(|| {
            for position in &positions {
                black_box(position).legal_moves(&mut list);
                black_box(list.len());
            }
        })
    });
    c.bench_function("count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_moves())
                .sum::<u32>()
        })
    });
    c.bench_function("play", |b| {
        b.iter(|| {
            let mut hash = 0;
            for position in &positions {
                position.legal_moves(&mut list);
                for &mv in &list {
                    hash ^= black_box(position).play(mv).hash();
                }
            }
            hash
        })
    });
    let start = Position::startpos();
    c.bench_function("perft 3 standard", |b| {
        b.iter(|| perft(black_box(&start), 3))
    });
}

criterion_group!(benches, movegen);
criterion_main!(benches);
