//! `Position::threats`, `first_threat` and `has_double_threat` (which walk the cliques of
//! the threatening player) against brute force over all free pairs.

use proptest::prelude::*;
use ramsey_verify::bench::game_like_position;
use ramsey_verify::core::board::{members, Edge, Player, Position, Vertex};

/// Every free pair of touched vertices that completes a `K_k` for `player`.
fn brute_force(position: &Position, player: Player, k: usize) -> Vec<Edge> {
    let touched: Vec<Vertex> = members(position.touched()).collect();
    let mut out = Vec::new();
    for (i, &u) in touched.iter().enumerate() {
        for &v in &touched[i + 1..] {
            let e = Edge::new(u, v);
            if position.is_free(e) && position.completes_clique(player, e, k) {
                out.push(e);
            }
        }
    }
    out
}

proptest! {
    #[test]
    fn threats_agree_with_brute_force(seed in any::<u64>(), rounds in 2..16usize, k in 3..6usize) {
        let position = game_like_position(seed, rounds);
        for player in [Player::First, Player::Second] {
            let expected = brute_force(&position, player, k);
            prop_assert_eq!(&position.threats(player, k), &expected);
            prop_assert_eq!(position.has_double_threat(player, k), expected.len() >= 2);
            prop_assert_eq!(position.first_threat(player, k), expected.first().copied());
        }
    }

    /// The walk runs on one word for positions within vertices `0..64`
    /// and on 128-bit sets otherwise: the same position spread over both
    /// halves of the board (and relabelled back) gives the same answers.
    #[test]
    fn threats_agree_with_brute_force_above_vertex_64(seed in any::<u64>(), rounds in 2..16usize, k in 3..6usize) {
        let low = game_like_position(seed, rounds);
        let spread = low.relabel(|v| ((v as usize * 37 + 50) % 128) as Vertex);
        prop_assert!(spread.touched() >> 64 != 0);
        prop_assert_eq!(&spread.relabel(|w| ((w as usize + 128 - 50) * 45 % 128) as Vertex), &low);
        for player in [Player::First, Player::Second] {
            let expected = brute_force(&spread, player, k);
            prop_assert_eq!(&spread.threats(player, k), &expected);
            prop_assert_eq!(spread.has_double_threat(player, k), expected.len() >= 2);
            prop_assert_eq!(spread.first_threat(player, k), expected.first().copied());
            prop_assert_eq!(low.threats(player, k).len(), expected.len());
            // And one more edge, between touched vertices or to a fresh one.
            double_threats_with_one_more_edge(&spread, 8, player, k)?;
        }
    }

    #[test]
    fn double_threats_with_one_more_edge_agree_with_the_position_after_it(
        seed in any::<u64>(),
        rounds in 2..16usize,
        k in 3..6usize,
    ) {
        let position = game_like_position(seed, rounds);
        for player in [Player::First, Player::Second] {
            double_threats_with_one_more_edge(&position, usize::MAX, player, k)?;
        }
    }
}

/// `double_threat_with` against brute force on the position after the
/// edge, for every free pair of the first `limit` touched vertices and a
/// fresh one.
fn double_threats_with_one_more_edge(
    position: &Position,
    limit: usize,
    player: Player,
    k: usize,
) -> Result<(), TestCaseError> {
    let threats = position.threats(player, k);
    let mut ends: Vec<Vertex> = members(position.touched()).take(limit).collect();
    ends.extend(position.fresh_vertex());
    for (i, &u) in ends.iter().enumerate() {
        for &v in &ends[i + 1..] {
            let e = Edge::new(u, v);
            if position.is_free(e) {
                let after = position.with(e, player).unwrap();
                let expected = brute_force(&after, player, k).len() >= 2;
                prop_assert_eq!(position.double_threat_with(e, player, k, &threats), expected);
            }
        }
    }
    Ok(())
}

#[test]
fn a_k4_minus_one_edge_is_one_threat_and_two_are_a_double_threat() {
    let mut position = Position::empty(ramsey_verify::core::board::Board::Infinite);
    for (u, v) in [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3)] {
        position.claim(Edge::new(u, v), Player::First).unwrap();
    }
    assert_eq!(position.threats(Player::First, 4), vec![Edge::new(2, 3)]);
    assert!(!position.has_double_threat(Player::First, 4));
    assert_eq!(position.first_threat(Player::First, 4), Some(Edge::new(2, 3)));
    assert!(position.threats(Player::Second, 4).is_empty());
    assert_eq!(position.first_threat(Player::Second, 4), None);
    position.claim(Edge::new(0, 4), Player::First).unwrap();
    position.claim(Edge::new(1, 4), Player::First).unwrap();
    assert_eq!(
        position.threats(Player::First, 4),
        vec![Edge::new(2, 3), Edge::new(2, 4), Edge::new(3, 4)]
    );
    assert!(position.has_double_threat(Player::First, 4));
    // Blocking one missing edge leaves the others.
    position.claim(Edge::new(2, 3), Player::Second).unwrap();
    assert_eq!(
        position.threats(Player::First, 4),
        vec![Edge::new(2, 4), Edge::new(3, 4)]
    );
}
