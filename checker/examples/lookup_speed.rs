//! How fast the checker looks positions up at K4 sizes (about 25 touched
//! vertices, 20 edges a side): the cost per reply that a K4 certificate's
//! check time is made of, timed the way the checker looks up (a
//! [`Table`]: the canonical form, then one comparison; a position too
//! symmetric for a form by its invariant and an isomorphism test).
//! `cargo run --release -p ramsey-cert-check --example lookup_speed`

use ramsey_cert_check::graph::{Colour, Graph};
use ramsey_cert_check::iso::isomorphic;
use ramsey_cert_check::table::Table;
use std::time::Instant;

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random position on `t` vertices with `m` red and `m` blue edges.
fn random_position(state: &mut u64, t: usize, m: usize) -> Graph {
    let mut g = Graph::new(t);
    for colour in [Colour::Red, Colour::Blue] {
        let mut placed = 0;
        while placed < m {
            let (u, v) = (next(state) as usize % t, next(state) as usize % t);
            if u != v && g.cell(u, v) == 0 {
                g.claim(u, v, colour);
                placed += 1;
            }
        }
    }
    g.touched_part()
}

/// A very symmetric position: a red star whose leaves each carry a blue pendant edge.
fn symmetric_position(leaves: usize) -> Graph {
    let mut g = Graph::new(0);
    for i in 0..leaves {
        g.claim(0, 1 + i, Colour::Red);
        g.claim(1 + i, 1 + leaves + i, Colour::Blue);
    }
    g
}

fn relabel(g: &Graph, state: &mut u64) -> Graph {
    let n = g.order();
    let mut perm: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        perm.swap(i, next(state) as usize % (i + 1));
    }
    let mut out = Graph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            match g.cell(u, v) {
                1 => out.claim(perm[u], perm[v], Colour::Red),
                2 => out.claim(perm[u], perm[v], Colour::Blue),
                _ => {}
            }
        }
    }
    out
}

/// Times looking up a relabelled copy of each of `graphs` in a table of them.
fn time(label: &str, graphs: &[Graph], state: &mut u64) {
    let copies: Vec<Graph> = graphs.iter().map(|g| relabel(g, state)).collect();
    let mut table = Table::new();
    for (i, g) in graphs.iter().enumerate() {
        table.add(0, g, 1, i as u32);
    }
    table.seal();
    let start = Instant::now();
    for h in &copies {
        let found = table.least(0, h, |i| isomorphic(&graphs[i], h));
        assert_eq!(found, Some(1));
    }
    let per = start.elapsed().as_secs_f64() / graphs.len() as f64;
    println!("{label}: {:.1} us per lookup (canonical form and table)", per * 1e6);
}

fn main() {
    let mut state = 0x2545_f491_4f6c_dd1d;
    let random: Vec<Graph> = (0..2000).map(|_| random_position(&mut state, 25, 20)).collect();
    time("random, 25 vertices, 20+20 edges", &random, &mut state);
    let sparse: Vec<Graph> = (0..2000).map(|_| random_position(&mut state, 40, 21)).collect();
    time("random, 40 vertices, 21+21 edges", &sparse, &mut state);
    time(
        "red star of 12 with blue pendants (12! automorphisms)",
        &[symmetric_position(12)],
        &mut state,
    );
}
