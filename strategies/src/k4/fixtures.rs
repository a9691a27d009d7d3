//! Fixed K4 positions used by tests, benchmarks and subtree certificates.

use super::{memory_in, slot};
use ramsey_verify_lib::core::board::{Board, Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;

/// The end of Stage 3 on a hand-made board, him to move: the red `K4^-` on
/// m = 0, n = 1, l = 2, r = 3 (l r blue), `p_i = 4 + i` joined in red to m,
/// n p0 .. n p3 blue, four idle blue edges far away; her m p4 was her last
/// move. Searching it certifies a whole Stage 4 subtree.
pub fn end_of_stage3() -> (Position, Memory) {
    let mut red = vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)];
    red.extend((4..9).map(|p| (0, p)));
    let mut blue = vec![(2, 3), (1, 4), (1, 5), (1, 6), (1, 7)];
    blue.extend([(20, 21), (22, 23), (24, 25), (26, 27)]);
    let mut position = Position::empty(Board::Infinite);
    for (edges, player) in [(red, Player::First), (blue, Player::Second)] {
        for (u, v) in edges {
            position.claim(Edge::new(u, v), player).expect("a legal fixture");
        }
    }
    let mut memory = memory_in(3);
    for (s, v) in [(slot::M, 0), (slot::N, 1), (slot::L, 2), (slot::R, 3)] {
        memory.set_name(s, Some(v));
    }
    for i in 0..5 {
        memory.set_name(slot::p(i), Some(4 + i as Vertex));
    }
    (position, memory)
}

/// A position on `K_aleph0` with the given red (her) and blue (his) edges.
/// Panics on a repeated edge: fixtures are hand-made.
pub fn board(red: &[(Vertex, Vertex)], blue: &[(Vertex, Vertex)]) -> Position {
    let mut position = Position::empty(Board::Infinite);
    for (edges, player) in [(red, Player::First), (blue, Player::Second)] {
        for &(u, v) in edges {
            position.claim(Edge::new(u, v), player).expect("a legal fixture");
        }
    }
    position
}
