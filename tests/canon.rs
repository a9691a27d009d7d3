//! Canonical labelling and edge orbits, checked against brute force over
//! all vertex permutations on small positions.

use proptest::prelude::*;
use ramsey_verify::core::board::{members, Board, Edge, Player, Position, Vertex};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::core::memory::Memory;
use ramsey_verify::core::orbits::edge_orbit_representatives;

/// A small random situation: colours per vertex pair (0 free, 1 red,
/// 2 blue), names for up to two memory slots, an optional marked edge.
#[derive(Clone, Debug)]
struct Situation {
    position: Position,
    memory: Memory,
    marked: Option<Edge>,
}

fn situation(max_vertices: usize) -> impl Strategy<Value = Situation> {
    (2..=max_vertices)
        .prop_flat_map(|n| {
            let pairs = n * (n - 1) / 2;
            (
                Just(n),
                prop::collection::vec(0u8..3, pairs),
                prop::collection::vec(0..n, 2),
                any::<bool>(),
                0..2usize,
            )
        })
        .prop_map(|(n, colours, named, mark, slots)| {
            let mut position = Position::empty(Board::Infinite);
            let mut k = 0;
            for u in 0..n {
                for v in (u + 1)..n {
                    let e = Edge::new(u as Vertex, v as Vertex);
                    match colours[k] {
                        1 => position.claim(e, Player::First).unwrap(),
                        2 => position.claim(e, Player::Second).unwrap(),
                        _ => {}
                    }
                    k += 1;
                }
            }
            let touched: Vec<Vertex> = members(position.touched()).collect();
            let mut memory = Memory::new(1, 2);
            if !touched.is_empty() {
                for (slot, &i) in named.iter().enumerate().take(slots) {
                    memory.set_name(slot, Some(touched[i % touched.len()]));
                }
            }
            let blue = position.edges(Player::Second);
            let marked = if mark { blue.first().copied() } else { None };
            Situation {
                position,
                memory,
                marked,
            }
        })
}

/// All permutations of `items`.
fn permutations(items: &[Vertex]) -> Vec<Vec<Vertex>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// The situation with every vertex mapped through `f`.
fn mapped(s: &Situation, f: impl Fn(Vertex) -> Vertex + Copy) -> Situation {
    Situation {
        position: s.position.relabel(f),
        memory: s.memory.relabel(f),
        marked: s.marked.map(|e| e.map(f)),
    }
}

/// The situation relabelled by a map given on its touched vertices.
fn relabel(s: &Situation, touched: &[Vertex], image: &[Vertex]) -> Situation {
    mapped(s, |v: Vertex| {
        touched.iter().position(|&w| w == v).map_or(v, |i| image[i])
    })
}

fn same(a: &Situation, b: &Situation) -> bool {
    a.position == b.position && a.memory == b.memory && a.marked == b.marked
}

/// Brute force: is there a permutation of touched vertices taking a to b?
fn isomorphic(a: &Situation, b: &Situation) -> bool {
    let ta: Vec<Vertex> = members(a.position.touched()).collect();
    let tb: Vec<Vertex> = members(b.position.touched()).collect();
    ta.len() == tb.len() && permutations(&tb).iter().any(|p| same(&relabel(a, &ta, p), b))
}

/// Brute force count of orbits of free edges (incl. fresh edges on K_aleph0).
fn brute_force_orbits(s: &Situation) -> usize {
    let touched: Vec<Vertex> = members(s.position.touched()).collect();
    let autos: Vec<Vec<Vertex>> = permutations(&touched)
        .into_iter()
        .filter(|p| same(&relabel(s, &touched, p), s))
        .collect();
    let image = |p: &Vec<Vertex>, v: Vertex| p[touched.iter().position(|&w| w == v).unwrap()];
    let mut seen = std::collections::BTreeSet::new();
    let mut orbits = 0;
    for (i, &u) in touched.iter().enumerate() {
        for &v in &touched[i + 1..] {
            let e = Edge::new(u, v);
            if s.position.is_free(e) && seen.insert(e) {
                orbits += 1;
                for p in &autos {
                    seen.insert(Edge::new(image(p, u), image(p, v)));
                }
            }
        }
    }
    let mut vertex_seen = std::collections::BTreeSet::new();
    for &u in &touched {
        if vertex_seen.insert(u) {
            orbits += 1; // u to a fresh vertex
            for p in &autos {
                vertex_seen.insert(image(p, u));
            }
        }
    }
    orbits + 1 // fresh to fresh
}

/// Two isomorphic situations have the same canonical form: key, position,
/// memory and marked edge.
fn same_form(s: &Situation, t: &Situation) -> Result<(), TestCaseError> {
    let a = canonical_form(&s.position, &s.memory, s.marked);
    let b = canonical_form(&t.position, &t.memory, t.marked);
    prop_assert_eq!(&a.key, &b.key);
    prop_assert_eq!(&a.position, &b.position);
    prop_assert_eq!(&a.memory, &b.memory);
    prop_assert_eq!(a.marked, b.marked);
    Ok(())
}

fn shuffle(s: &Situation, seed: u64) -> Situation {
    let touched: Vec<Vertex> = members(s.position.touched()).collect();
    let mut image: Vec<Vertex> = (0..touched.len() as Vertex).map(|v| v + 40).collect();
    let mut state = seed | 1;
    for i in (1..image.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        image.swap(i, (state % (i as u64 + 1)) as usize);
    }
    relabel(s, &touched, &image)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn relabelling_keeps_the_canonical_form(s in situation(9), seed in any::<u64>()) {
        same_form(&s, &shuffle(&s, seed))?;
    }

    #[test]
    fn canonical_form_is_an_isomorphic_copy(s in situation(8)) {
        let c = canonical_form(&s.position, &s.memory, s.marked);
        let back = c.to_canon.inverse();
        prop_assert_eq!(c.position.relabel(|v| back.apply(v)), s.position.clone());
        prop_assert_eq!(c.memory.relabel(|v| back.apply(v)), s.memory.clone());
    }

    #[test]
    fn keys_agree_with_brute_force_isomorphism(a in situation(6), b in situation(6)) {
        let ka = canonical_form(&a.position, &a.memory, a.marked).key;
        let kb = canonical_form(&b.position, &b.memory, b.marked).key;
        prop_assert_eq!(ka == kb, isomorphic(&a, &b));
    }

    #[test]
    fn generators_are_automorphisms(s in situation(8)) {
        let c = canonical_form(&s.position, &s.memory, s.marked);
        for g in &c.generators {
            let image = c.position.relabel(|v| if (v as usize) < g.len() { g[v as usize] } else { v });
            prop_assert_eq!(&image, &c.position);
            prop_assert_eq!(c.memory.relabel(|v| g[v as usize]), c.memory.clone());
        }
    }

    #[test]
    fn edge_orbits_match_brute_force(s in situation(7)) {
        let c = canonical_form(&s.position, &s.memory, s.marked);
        prop_assert_eq!(edge_orbit_representatives(&c).len(), brute_force_orbits(&s));
    }
}

#[test]
fn isomorphic_but_differently_named_positions_differ() {
    // A red path 0-1-2: naming the middle vertex or an end gives two forms.
    let mut p = Position::empty(Board::Infinite);
    p.claim(Edge::new(0, 1), Player::First).unwrap();
    p.claim(Edge::new(1, 2), Player::First).unwrap();
    let mut middle = Memory::new(0, 1);
    middle.set_name(0, Some(1));
    let mut end = Memory::new(0, 1);
    end.set_name(0, Some(0));
    let mut other_end = Memory::new(0, 1);
    other_end.set_name(0, Some(2));
    let key = |m: &Memory| canonical_form(&p, m, None).key;
    assert_ne!(key(&middle), key(&end));
    assert_eq!(key(&end), key(&other_end));
    // The marked edge (his last move) is part of the form.
    let marked = canonical_form(&p, &Memory::default(), Some(Edge::new(0, 1))).key;
    assert_ne!(marked, canonical_form(&p, &Memory::default(), None).key);
    assert_eq!(
        marked,
        canonical_form(&p, &Memory::default(), Some(Edge::new(1, 2))).key
    );
    // Red and blue are not interchangeable.
    let mut q = Position::empty(Board::Infinite);
    q.claim(Edge::new(0, 1), Player::Second).unwrap();
    q.claim(Edge::new(1, 2), Player::Second).unwrap();
    assert_ne!(
        canonical_form(&p, &Memory::default(), None).key,
        canonical_form(&q, &Memory::default(), None).key
    );
}

#[test]
fn orbits_on_a_finite_board_stop_when_fresh_vertices_run_out() {
    let mut p = Position::empty(Board::Complete(3));
    p.claim(Edge::new(0, 1), Player::First).unwrap();
    let c = canonical_form(&p, &Memory::default(), None);
    // Only edges to the single fresh vertex 2, one orbit (0 and 1 are alike).
    assert_eq!(edge_orbit_representatives(&c), vec![Edge::new(0, 2)]);
}

/// canonaut 1.0.0 indexes stale buffers when one manager sees graphs of
/// different orders (it panicked here before `canon.rs` kept one manager
/// per order). Large and small positions, interleaved, with a relabelling
/// check on each.
#[test]
fn positions_of_changing_size_are_canonised_consistently() {
    let mut state = 12345u64;
    for round in 0..3000u64 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let edges = (state % 60) as u8 + 1;
        let mut p = Position::empty(Board::Infinite);
        for i in 0..edges {
            let player = if i % 2 == 0 { Player::First } else { Player::Second };
            let (u, v) = if i % 3 == 0 {
                (2 * i, 2 * i + 1)
            } else {
                (2 * i, (state % (2 * i as u64)) as u8)
            };
            p.claim(Edge::new(u, v), player).unwrap();
        }
        let s = Situation {
            position: p,
            memory: Memory::default(),
            marked: None,
        };
        if round % 10 == 0 {
            let touched: Vec<Vertex> = members(s.position.touched()).collect();
            let rotated: Vec<Vertex> = touched
                .iter()
                .cycle()
                .skip(round as usize % touched.len())
                .take(touched.len())
                .copied()
                .collect();
            let t = relabel(&s, &touched, &rotated);
            let a = canonical_form(&s.position, &s.memory, None).key;
            assert_eq!(a, canonical_form(&t.position, &t.memory, None).key);
        } else {
            canonical_form(&s.position, &s.memory, None);
        }
    }
}

/// The one canonical form on graph boards (`Board::Graph`), where every
/// vertex is labelled, against brute force over all vertex permutations:
/// keys, relabelling, generators, edge orbits and the turn. And the same
/// positions on `K_n` given both ways (`Board::Complete`, touched vertices
/// only, and `Board::complete_graph`, every vertex): the two encodings
/// must identify exactly the same positions.
mod graph_boards {
    use super::{mapped, same, Situation};
    use proptest::prelude::*;
    use ramsey_verify::core::board::{Board, Edge, Player, Position, Vertex};
    use ramsey_verify::core::canon::{canonical_form, canonical_position};
    use ramsey_verify::core::memory::Memory;
    use ramsey_verify::core::orbits::edge_orbit_representatives;
    use std::collections::BTreeSet;

    /// Every pair `u < v` of `0..n`, in order.
    fn pairs(n: usize) -> Vec<Edge> {
        (0..n as Vertex)
            .flat_map(|u| (u + 1..n as Vertex).map(move |v| Edge::new(u, v)))
            .collect()
    }

    /// A random board on `2..=max` vertices (each pair an edge or not), each
    /// board edge free, red or blue, a turn, maybe a named vertex and a mark.
    fn situation(max: usize) -> impl Strategy<Value = Situation> {
        (2..=max)
            .prop_flat_map(|n| {
                let all = n * (n - 1) / 2;
                (
                    Just(n),
                    prop::collection::vec(0u8..4, all),
                    any::<bool>(),
                    prop::option::of(0..n),
                    any::<bool>(),
                )
            })
            .prop_map(|(n, codes, blue_moves, named, mark)| {
                let edges: Vec<Edge> = pairs(n)
                    .into_iter()
                    .zip(&codes)
                    .filter(|&(_, &c)| c > 0)
                    .map(|(e, _)| e)
                    .collect();
                let mut position = Position::on_graph(n, edges);
                for (e, &c) in pairs(n).iter().zip(&codes) {
                    match c {
                        2 => position.claim(*e, Player::First).unwrap(),
                        3 => position.claim(*e, Player::Second).unwrap(),
                        _ => {}
                    }
                }
                if blue_moves {
                    position.set_to_move(Player::Second);
                }
                let mut memory = Memory::new(1, 1);
                memory.set_name(0, named.map(|v| v as Vertex));
                let marked = position.edges(Player::Second).first().copied().filter(|_| mark);
                Situation {
                    position,
                    memory,
                    marked,
                }
            })
    }

    /// All permutations of `0..n`.
    fn orders(n: usize) -> Vec<Vec<Vertex>> {
        let mut out = vec![vec![]];
        for k in 0..n as Vertex {
            out = out
                .into_iter()
                .flat_map(|p: Vec<Vertex>| {
                    (0..=p.len()).map(move |i| {
                        let mut q = p.clone();
                        q.insert(i, k);
                        q
                    })
                })
                .collect();
        }
        out
    }

    fn relabel(s: &Situation, p: &[Vertex]) -> Situation {
        mapped(s, |v: Vertex| p[v as usize])
    }

    fn isomorphic(a: &Situation, b: &Situation) -> bool {
        let n = a.position.vertex_count();
        n == b.position.vertex_count() && orders(n).iter().any(|p| same(&relabel(a, p), b))
    }

    /// Orbits of free board edges under the situation's automorphisms.
    fn brute_force_orbits(s: &Situation) -> usize {
        let n = s.position.vertex_count();
        let autos: Vec<Vec<Vertex>> = orders(n).into_iter().filter(|p| same(&relabel(s, p), s)).collect();
        let mut seen = BTreeSet::new();
        let mut orbits = 0;
        for e in s.position.free_edges() {
            if seen.insert(e) {
                orbits += 1;
                seen.extend(autos.iter().map(|p| e.map(|v| p[v as usize])));
            }
        }
        orbits
    }

    fn key(s: &Situation) -> Vec<u8> {
        canonical_form(&s.position, &s.memory, s.marked).key.0.into_vec()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(250))]

        #[test]
        fn keys_agree_with_brute_force_isomorphism(a in situation(5), b in situation(5)) {
            prop_assert_eq!(key(&a) == key(&b), isomorphic(&a, &b));
        }

        #[test]
        fn relabelling_keeps_the_canonical_form(s in situation(6), seed in 0usize..720) {
            let all = orders(s.position.vertex_count());
            super::same_form(&s, &relabel(&s, &all[seed % all.len()]))?;
        }

        #[test]
        fn generators_are_automorphisms_and_orbits_match(s in situation(6)) {
            let c = canonical_form(&s.position, &s.memory, s.marked);
            let back = c.to_canon.inverse();
            prop_assert_eq!(c.position.relabel(|v| back.apply(v)), s.position.clone());
            for g in &c.generators {
                prop_assert_eq!(g.len(), s.position.vertex_count());
                prop_assert_eq!(c.position.relabel(|v| g[v as usize]), c.position.clone());
            }
            prop_assert_eq!(edge_orbit_representatives(&c).len(), brute_force_orbits(&s));
        }

        /// The same edges on `K_n` as `Board::Complete` and as a complete graph
        /// board: the two encodings identify the same pairs of positions.
        #[test]
        fn both_encodings_of_k_n_identify_the_same_positions(
            n in 3usize..=6,
            a in prop::collection::vec(0u8..3, 15),
            b in prop::collection::vec(0u8..3, 15),
        ) {
            let on = |board: Board, codes: &[u8]| {
                let mut p = Position::empty(board);
                for (e, &c) in pairs(n).iter().zip(codes) {
                    match c {
                        1 => p.claim(*e, Player::First).unwrap(),
                        2 => p.claim(*e, Player::Second).unwrap(),
                        _ => {}
                    }
                }
                canonical_position(&p).key
            };
            let complete = on(Board::Complete(n), &a) == on(Board::Complete(n), &b);
            let graph = on(Board::complete_graph(n), &a) == on(Board::complete_graph(n), &b);
            prop_assert_eq!(complete, graph);
        }
    }

    #[test]
    fn the_turn_the_board_and_the_marked_edge_are_part_of_the_key() {
        let path = Position::on_graph(4, [Edge::new(0, 1), Edge::new(1, 2), Edge::new(2, 3)]);
        let mut blue_to_move = path.clone();
        blue_to_move.set_to_move(Player::Second);
        let star = Position::on_graph(4, [Edge::new(0, 1), Edge::new(0, 2), Edge::new(0, 3)]);
        let none = Memory::default();
        let k = |p: &Position, marked| canonical_form(p, &none, marked).key;
        assert_ne!(k(&path, None), k(&blue_to_move, None));
        assert_ne!(k(&path, None), k(&star, None));
        let mut red = path.clone();
        red.claim(Edge::new(0, 1), Player::First).unwrap();
        let mut other_end = path.clone();
        other_end.claim(Edge::new(1, 2), Player::First).unwrap();
        assert_ne!(
            k(&red, None),
            k(&other_end, None),
            "an end edge of P4 is not its middle edge"
        );
        assert_ne!(k(&red, None), k(&red, Some(Edge::new(0, 1))));
        // The same board as K_4 (every pair an edge) is a different board.
        assert_ne!(k(&Position::empty(Board::complete_graph(4)), None), k(&path, None));
    }

    #[test]
    fn a_graph_board_refuses_non_edges_and_counts_its_free_edges() {
        let mut p = Position::on_graph(4, [Edge::new(0, 1), Edge::new(2, 3)]);
        assert_eq!(p.free_edge_count(), Some(2));
        assert!(p.claim(Edge::new(0, 2), Player::First).is_err());
        assert!(p.claim(Edge::new(0, 9), Player::First).is_err());
        p.claim(Edge::new(0, 1), Player::First).unwrap();
        assert!(p.claim(Edge::new(0, 1), Player::Second).is_err());
        assert_eq!((p.free_edge_count(), p.free_edges()), (Some(1), vec![Edge::new(2, 3)]));
        assert!(!p.is_full());
    }

    #[test]
    fn the_strategy_verifier_refuses_a_graph_board() {
        use ramsey_verify::verify::{verify, Request, VerifyError};
        let k3 = ramsey_verify::strategies::by_name("k3").unwrap();
        let refused = verify(k3.as_ref(), &Request::new(Board::complete_graph(5), 4, 1));
        assert!(matches!(refused, Err(VerifyError::GraphBoard(_))));
        let message = refused.err().unwrap().to_string();
        assert_eq!(
            message,
            "the strategy verifier plays on K_n or K_aleph0, not on a graph on 5 vertices"
        );
        assert!(verify(k3.as_ref(), &Request::new(Board::Complete(5), 4, 1)).is_ok());
    }
}
