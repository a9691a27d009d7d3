//! Differential test of the two readings of the move rules: the moves
//! [`Game::each_move`] yields against the moves [`Game::play`] accepts,
//! found by trying every free edge (every set of free edges under the
//! set rules), on random positions.

use super::*;

/// xorshift64: the test's own random numbers.
fn next(seed: &mut u64, m: u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed % m
}

/// A random graph on 2 to 4 vertices with at least one edge, as a target.
fn target(seed: &mut u64) -> Target {
    let n = 2 + next(seed, 3) as usize;
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
    let mut edges: Vec<(usize, usize)> = pairs.iter().copied().filter(|_| next(seed, 2) == 1).collect();
    if edges.is_empty() {
        edges.push(pairs[next(seed, pairs.len() as u64) as usize]);
    }
    Target::from_edges(n, &edges)
}

/// A random board on 2 to 8 vertices with some of its edges coloured at
/// random (not necessarily reachable by play: the rules must agree anyway).
fn position(seed: &mut u64) -> Position {
    let n = 2 + next(seed, 7) as usize;
    let edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .filter(|_| next(seed, 4) != 0)
        .collect();
    let mut p = Position::board(n, &edges);
    for &(u, v) in &edges {
        match next(seed, 3) {
            0 => p.colour(u, v, Colour::Red).expect("a free edge"),
            1 => p.colour(u, v, Colour::Blue).expect("a free edge"),
            _ => {}
        }
    }
    p
}

/// Every set of `free` in order (as `each_move` lists set moves), with
/// whether a proper prefix of it already gives `c` its target (then
/// `each_move` does not list it: it extends no set that completes).
fn sets(game: &Game, p: &Position, c: Colour, free: &[(usize, usize)]) -> Vec<(Vec<(usize, usize)>, bool)> {
    let mut all = Vec::new();
    for mask in 1u32..1 << free.len() {
        let set: Vec<(usize, usize)> = (0..free.len())
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| free[i])
            .collect();
        let prefix_completes = (1..set.len()).any(|k| {
            let mut q = p.clone();
            set[..k]
                .iter()
                .for_each(|&(u, v)| q.colour(u, v, game.rules.class(c)).expect("free"));
            game.owns(&q, c)
        });
        all.push((set, prefix_completes));
    }
    all
}

/// On random positions (all eight rule sets, random targets, boards of 2
/// to 8 vertices, either colour to move): the moves `each_move` yields,
/// and the positions after them, are exactly the moves `play` accepts and
/// its positions, except that under set rules a set with a proper prefix
/// (in the order of the free edges) that completes the mover's target is
/// not yielded (every such set ends the game as that prefix does).
#[test]
fn each_move_yields_exactly_the_moves_play_accepts() {
    let mut seed = 0x5851_f42d_4c95_7f2du64;
    let (mut yielded_total, mut refused) = (0, 0);
    for round in 0..3000 {
        let rules = NAMES[round % NAMES.len()].0;
        let game = Game {
            rules,
            targets: [target(&mut seed), target(&mut seed)],
            first: if next(&mut seed, 2) == 0 {
                Colour::Red
            } else {
                Colour::Blue
            },
        };
        let p = position(&mut seed);
        let c = if next(&mut seed, 2) == 0 {
            Colour::Red
        } else {
            Colour::Blue
        };
        let free = p.free_edges();
        if rules.sets() && free.len() > 6 {
            continue;
        }
        let mut yielded = Vec::new();
        game.each_move(&p, c, &mut |next, m| {
            yielded.push((m.to_vec(), next));
            Ok(())
        })
        .expect("moves of free edges");
        let candidates = match rules.sets() {
            true => sets(&game, &p, c, &free),
            false => free.iter().map(|&e| (vec![e], false)).collect(),
        };
        let mut accepted = Vec::new();
        for (m, prefix_completes) in candidates {
            match game.play(&p, &m, c) {
                Ok(next) if !prefix_completes => accepted.push((m, next)),
                Ok(_) => {}
                Err(_) => refused += 1,
            }
        }
        yielded.sort_by(|a, b| a.0.cmp(&b.0));
        accepted.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(yielded, accepted, "{rules} at {p:?}, {c:?} to move");
        yielded_total += yielded.len();
    }
    assert!(yielded_total > 5_000 && refused > 2_000, "{yielded_total} {refused}");
}
