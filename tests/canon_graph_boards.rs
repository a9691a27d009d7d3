//! The one canonical form on graph boards (`Board::Graph`), where every
//! vertex is labelled, against brute force over all vertex permutations:
//! keys, relabelling, generators, edge orbits and the turn. And the same
//! positions on `K_n` given both ways (`Board::Complete`, touched vertices
//! only, and `Board::complete_graph`, every vertex): the two encodings
//! must identify exactly the same positions.

use proptest::prelude::*;
use ramsey_verify::core::board::{Board, Edge, Player, Position, Vertex};
use ramsey_verify::core::canon::{canonical_form, canonical_position};
use ramsey_verify::core::memory::Memory;
use ramsey_verify::core::orbits::edge_orbit_representatives;
use std::collections::BTreeSet;

/// A position on a graph board, with a named vertex and a marked edge.
#[derive(Clone, Debug)]
struct Situation {
    position: Position,
    memory: Memory,
    marked: Option<Edge>,
}

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
fn permutations(n: usize) -> Vec<Vec<Vertex>> {
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
    let f = |v: Vertex| p[v as usize];
    Situation {
        position: s.position.relabel(f),
        memory: s.memory.relabel(f),
        marked: s.marked.map(|e| e.map(f)),
    }
}

fn same(a: &Situation, b: &Situation) -> bool {
    a.position == b.position && a.memory == b.memory && a.marked == b.marked
}

fn isomorphic(a: &Situation, b: &Situation) -> bool {
    let n = a.position.vertex_count();
    n == b.position.vertex_count() && permutations(n).iter().any(|p| same(&relabel(a, p), b))
}

/// Orbits of free board edges under the situation's automorphisms.
fn brute_force_orbits(s: &Situation) -> usize {
    let n = s.position.vertex_count();
    let autos: Vec<Vec<Vertex>> = permutations(n)
        .into_iter()
        .filter(|p| same(&relabel(s, p), s))
        .collect();
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
        let all = permutations(s.position.vertex_count());
        let t = relabel(&s, &all[seed % all.len()]);
        let (a, b) = (canonical_form(&s.position, &s.memory, s.marked), canonical_form(&t.position, &t.memory, t.marked));
        prop_assert_eq!(&a.key, &b.key);
        prop_assert_eq!(&a.position, &b.position);
        prop_assert_eq!(&a.memory, &b.memory);
        prop_assert_eq!(a.marked, b.marked);
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
