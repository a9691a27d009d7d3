//! The index's lookups: a candidate counts only if equivalent.
use super::*;

/// The CCG with 3 colours on a 6-cycle (vertices 0 to 5) beside two
/// triangles (6 to 8, 9 to 11).
fn cycle_and_triangles() -> Setting {
    let mut adj = vec![0u128; 12];
    let edges = (0..6).map(|v| (v, (v + 1) % 6));
    let triangles = [6, 9]
        .into_iter()
        .flat_map(|t| [(t, t + 1), (t + 1, t + 2), (t, t + 2)]);
    for (u, v) in edges.chain(triangles) {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    Setting {
        game: Game::Ccg,
        adj,
        due: vec![0; 12],
        owner: vec![0; 12],
        secured: false,
        tokens: false,
    }
}

#[test]
fn a_position_with_an_entrys_invariant_is_covered_only_if_equivalent() {
    let setting = cycle_and_triangles();
    // The entry leaves the two triangles uncoloured; the position the
    // 6-cycle. Both are 2-regular on 6 vertices with nothing forbidden,
    // so refinement cannot tell them apart: the same refinement invariant
    // (the index keys them by canonical form, which differs).
    let body = b"3 121212000000 6:1\n";
    let header = Header {
        tool: String::new(),
        setting: setting.clone(),
        graph: String::new(),
        order: ("-".into(), "-".into()),
        claim: Claim::Wins { winner: 1, colours: 3 },
        version: VERSION,
        start: None,
        entries: 1,
        sha256: String::new(),
    };
    let index = Index::new(&header, body, &[(3, 1)]).expect("an index");
    let cycle_open = [0, 0, 0, 0, 0, 0, 1, 2, 3, 1, 2, 3];
    let triangles_open = [2, 1, 2, 1, 2, 1, 0, 0, 0, 0, 0, 0];
    let refined = |p: &[u8]| crate::iso::invariant(&setting.reduced(p, 3));
    assert_eq!(refined(&cycle_open), refined(&triangles_open));
    assert!(!index.covers(&cycle_open, 3));
    assert!(index.covers(&triangles_open, 3));
    assert!(!index.covers(&triangles_open, 2));
}

/// The CCG with 3 colours on K4 (vertices 0 to 3) beside a triangle (4 to
/// 6) and an edge (7, 8), positions compared as `version` says.
fn k4_triangle_edge(version: u32) -> Header {
    let mut adj = vec![0u128; 9];
    let k4 = (0..4).flat_map(|u| (u + 1..4).map(move |v| (u, v)));
    for (u, v) in k4.chain([(4, 5), (5, 6), (4, 6), (7, 8)]) {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    Header {
        tool: String::new(),
        setting: Setting {
            game: Game::Ccg,
            adj,
            due: vec![0; 9],
            owner: vec![0; 9],
            secured: false,
            tokens: version == TOKENS_VERSION,
        },
        graph: String::new(),
        order: ("-".into(), "-".into()),
        claim: Claim::Wins { winner: 1, colours: 3 },
        version,
        start: None,
        entries: 1,
        sha256: String::new(),
    }
}

#[test]
fn version_12_covers_a_position_with_as_many_tokens_and_an_equivalent_rest_only() {
    // The entry: K4 uncoloured (each vertex 3 free colours, 3 uncoloured
    // neighbours: unsafe), the triangle uncoloured (3 tokens), the edge
    // coloured.
    let body = b"3 000000012 0:1\n";
    let (v12, v7) = (k4_triangle_edge(TOKENS_VERSION), k4_triangle_edge(VERSION));
    let (i12, i7) = (
        Index::new(&v12, body, &[(3, 1)]).unwrap(),
        Index::new(&v7, body, &[(3, 1)]).unwrap(),
    );
    // Three tokens of another shape (an edge of the triangle and vertex 7):
    // covered up to tokens only.
    let other_tokens = [0, 0, 0, 0, 1, 0, 0, 0, 2];
    assert_eq!(v12.setting.token_vertices(&other_tokens, 3), 0b1110_0000);
    assert!(i12.covers(&other_tokens, 3));
    assert!(!i7.covers(&other_tokens, 3));
    // One token fewer, or K4 (the unsafe rest) changed: not covered.
    assert!(!i12.covers(&[0, 0, 0, 0, 1, 2, 0, 1, 2], 3));
    assert!(!i12.covers(&[1, 0, 0, 0, 0, 0, 0, 1, 2], 3));
    assert!(i12.covers(&[0, 0, 0, 0, 0, 0, 0, 1, 2], 3));
}

/// `Reduced::codes` (written from the bitsets) is `Cells::cell` read pair
/// by pair, on every colouring of the 6-cycle and two triangles with up
/// to 3 colours reachable by a few random colourings, with and without tokens.
#[test]
fn reduced_codes_are_the_cells() {
    use crate::iso::Cells;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for round in 0..400 {
        let mut setting = cycle_and_triangles();
        setting.tokens = round % 2 == 1;
        let mut p = vec![0u8; 12];
        for v in 0..12 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = (seed % 4) as u8;
            if c > 0 && setting.free(&p, v, 3) >> c & 1 == 1 {
                p[v] = c;
            }
        }
        let r = setting.reduced(&p, 3);
        let n = r.order();
        let mut codes = vec![7];
        r.codes(&mut codes);
        let cells: Vec<u8> = std::iter::once(7)
            .chain((0..n * n).map(|i| r.cell(i / n, i % n)))
            .collect();
        assert_eq!(codes, cells, "colouring {p:?}");
    }
}

/// `Setting::decided` (unsafe vertices counted by free colours) against
/// the rule read plainly (their free colours sorted, the `j`-th at least
/// `2j - 1`, `2j` if player 2 moves), on random colourings of random
/// graphs on 10 vertices with 2 to 5 colours, CCG with `ends secured`.
#[test]
fn decided_agrees_with_the_sorted_reading() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let mut seen = [0; 3];
    for round in 0..5000 {
        let mut setting = cycle_and_triangles();
        (setting.adj, setting.due, setting.owner, setting.secured) = (vec![0; 10], vec![0; 10], vec![0; 10], true);
        for u in 0..10 {
            for v in u + 1..10 {
                if next(2) == 1 {
                    setting.adj[u] |= 1 << v;
                    setting.adj[v] |= 1 << u;
                }
            }
        }
        let k = 2 + round % 4;
        let mut p = vec![0u8; 10];
        for v in 0..10 {
            let c = next(k as u64 + 3) as u8;
            if c > 0 && c as usize <= k && setting.free(&p, v, k) >> c & 1 == 1 {
                p[v] = c;
            }
        }
        let open: Vec<usize> = (0..10).filter(|&v| p[v] == 0).collect();
        let uncoloured_neighbours = |v: usize| open.iter().filter(|&&w| setting.adj[v] >> w & 1 == 1).count();
        let free = |v: usize| setting.free(&p, v, k).count_ones() as usize;
        let mut unsafe_free: Vec<usize> = open
            .iter()
            .filter(|&&v| free(v) <= uncoloured_neighbours(v))
            .map(|&v| free(v))
            .collect();
        unsafe_free.sort_unstable();
        let head = usize::from(setting.mover(&p) == 2);
        let plain = if open.iter().any(|&v| free(v) == 0) {
            Some(2)
        } else if unsafe_free.is_empty() || (1..).zip(&unsafe_free).all(|(j, &f)| f >= 2 * j - 1 + head) {
            Some(1)
        } else {
            None
        };
        assert_eq!(setting.decided(&p, k), plain, "{p:?} with {k} colours");
        seen[plain.map_or(0, usize::from)] += 1;
    }
    assert!(seen.iter().all(|&s| s > 100), "{seen:?}");
}
