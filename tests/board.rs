//! Every board query on hand-made positions.

use ramsey_verify::core::board::{Board, Edge, IllegalMove, Player, Position};

fn position(board: Board, red: &[(u8, u8)], blue: &[(u8, u8)]) -> Position {
    let mut p = Position::empty(board);
    for &(u, v) in red {
        p.claim(Edge::new(u, v), Player::First).unwrap();
    }
    for &(u, v) in blue {
        p.claim(Edge::new(u, v), Player::Second).unwrap();
    }
    p
}

/// A red K4 minus the edge 2-3 on 0..4, one blue edge 4-5.
fn k4_minus() -> Position {
    position(Board::Infinite, &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)], &[(4, 5)])
}

#[test]
fn edges_are_unordered_and_reject_loops() {
    assert_eq!(Edge::new(3, 1), Edge::new(1, 3));
    assert_eq!(Edge::new(3, 1).ends(), (1, 3));
    assert!(Edge::checked(2, 2).is_none());
    assert!(Edge::checked(0, 128).is_none());
    assert_eq!(Edge::new(1, 3).other(3), 1);
    assert!(Edge::new(1, 3).meets(Edge::new(3, 4)));
    assert!(!Edge::new(1, 3).meets(Edge::new(2, 4)));
}

#[test]
fn board_parsing() {
    assert_eq!("inf".parse::<Board>(), Ok(Board::Infinite));
    assert_eq!("17".parse::<Board>(), Ok(Board::Complete(17)));
    assert_eq!("64".parse::<Board>(), Ok(Board::Complete(64)));
    for bad in ["0", "1", "x", "", "-3", "129", "1.5"] {
        assert!(bad.parse::<Board>().is_err(), "{bad} should be rejected");
    }
}

#[test]
fn owner_degrees_and_counts() {
    let p = k4_minus();
    assert_eq!(p.owner(Edge::new(0, 1)), Some(Player::First));
    assert_eq!(p.owner(Edge::new(4, 5)), Some(Player::Second));
    assert_eq!(p.owner(Edge::new(2, 3)), None);
    assert!(p.is_free(Edge::new(2, 3)));
    assert_eq!(p.f_degree(0), 3);
    assert_eq!(p.f_degree(2), 2);
    assert_eq!(p.s_degree(4), 1);
    assert_eq!(p.s_degree(0), 0);
    assert_eq!(p.edge_count(Player::First), 5);
    assert_eq!(p.edge_count(Player::Second), 1);
    assert_eq!(p.edges(Player::Second), vec![Edge::new(4, 5)]);
    assert_eq!(p.touched_count(), 6);
}

#[test]
fn claiming_is_checked() {
    let mut p = position(Board::Complete(4), &[(0, 1)], &[]);
    assert_eq!(
        p.claim(Edge::new(0, 1), Player::Second),
        Err(IllegalMove::Claimed(Edge::new(0, 1)))
    );
    assert_eq!(
        p.claim(Edge::new(1, 0), Player::First),
        Err(IllegalMove::Claimed(Edge::new(0, 1)))
    );
    assert_eq!(
        p.claim(Edge::new(2, 4), Player::First),
        Err(IllegalMove::OffBoard(Edge::new(2, 4)))
    );
    assert!(p.claim(Edge::new(2, 3), Player::Second).is_ok());
}

#[test]
fn fresh_vertices_on_finite_and_infinite_boards() {
    let p = position(Board::Complete(4), &[(0, 1)], &[(2, 3)]);
    assert_eq!(p.fresh_vertex(), None);
    assert_eq!(p.fresh_count(), Some(0));
    let q = position(Board::Complete(5), &[(0, 1)], &[(3, 4)]);
    assert_eq!(q.fresh_vertex(), Some(2));
    assert_eq!(q.fresh_count(), Some(1));
    let r = position(Board::Infinite, &[(0, 1)], &[(2, 3)]);
    assert_eq!(r.fresh_vertex(), Some(4));
    assert_eq!(r.fresh_count(), None);
}

#[test]
fn cliques() {
    let p = k4_minus();
    assert!(p.has_clique(Player::First, 3));
    assert!(!p.has_clique(Player::First, 4));
    assert!(!p.has_clique(Player::Second, 3));
    assert!(p.has_clique(Player::Second, 2));
    assert!(p.completes_clique(Player::First, Edge::new(2, 3), 4));
    assert!(!p.completes_clique(Player::Second, Edge::new(2, 3), 4));
    assert!(!p.completes_clique(Player::First, Edge::new(2, 4), 4));
    let done = p.with(Edge::new(2, 3), Player::First).unwrap();
    assert!(done.has_clique(Player::First, 4));
}

#[test]
fn threats_and_double_threats() {
    let p = k4_minus();
    assert_eq!(p.threats(Player::First, 4), vec![Edge::new(2, 3)]);
    assert!(p.threats(Player::Second, 4).is_empty());
    assert!(!p.has_double_threat(Player::First, 4));
    // A blocked threat is no threat.
    let blocked = p.with(Edge::new(2, 3), Player::Second).unwrap();
    assert!(blocked.threats(Player::First, 4).is_empty());
    // Add vertex 6 joined to 0 and 1 and 2: a second K4 minus 3-6... missing 3-6.
    let mut q = p.clone();
    for v in [0, 1, 2] {
        q.claim(Edge::new(v, 6), Player::First).unwrap();
    }
    // Now {0,1,2,6} is a full K4 of red.
    assert!(q.has_clique(Player::First, 4));
    // Two threats with different missing edges: {0,1,2,3} misses 2-3, {0,1,3,6} misses 3-6.
    let mut r = p.clone();
    r.claim(Edge::new(0, 6), Player::First).unwrap();
    r.claim(Edge::new(1, 6), Player::First).unwrap();
    r.claim(Edge::new(2, 6), Player::Second).unwrap();
    let mut threats = r.threats(Player::First, 4);
    threats.sort();
    assert_eq!(threats, vec![Edge::new(2, 3), Edge::new(3, 6)]);
    assert!(r.has_double_threat(Player::First, 4));
    // K3 game: a path is a threat.
    let path = position(Board::Infinite, &[], &[(0, 1), (1, 2)]);
    assert_eq!(path.threats(Player::Second, 3), vec![Edge::new(0, 2)]);
}

#[test]
fn full_board_and_relabel() {
    let full = position(Board::Complete(3), &[(0, 1), (1, 2)], &[(0, 2)]);
    assert!(full.is_full());
    assert!(!k4_minus().is_full());
    let swapped = k4_minus().relabel(|v| match v {
        2 => 3,
        3 => 2,
        v => v,
    });
    assert_eq!(swapped.threats(Player::First, 4), vec![Edge::new(2, 3)]);
    assert_eq!(swapped.f_degree(3), 2);
    let shifted = k4_minus().relabel(|v| v + 10);
    assert_eq!(shifted.fresh_vertex(), Some(0));
    assert_eq!(shifted.owner(Edge::new(14, 15)), Some(Player::Second));
}

#[test]
fn equal_positions_hash_alike_and_a_changed_edge_or_colour_changes_the_hash() {
    let hasher = std::collections::hash_map::RandomState::new();
    let hash = |p: &Position| {
        use std::hash::BuildHasher;
        hasher.hash_one(p)
    };
    let same = position(Board::Infinite, &[(1, 3), (0, 2), (0, 1), (1, 2), (0, 3)], &[(4, 5)]);
    assert_eq!(same, k4_minus());
    assert_eq!(hash(&same), hash(&k4_minus()));
    let other_edge = position(Board::Infinite, &[(0, 1), (0, 2), (0, 3), (1, 2), (2, 3)], &[(4, 5)]);
    let other_colour = position(Board::Infinite, &[(0, 1), (0, 2), (0, 3), (1, 2), (4, 5)], &[(1, 3)]);
    let other_board = position(
        Board::Complete(17),
        &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)],
        &[(4, 5)],
    );
    for p in [other_edge, other_colour, other_board] {
        assert_ne!(hash(&p), hash(&k4_minus()), "{p:?}");
    }
}
