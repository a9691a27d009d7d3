//! Trees: the enumeration matches the number of unlabelled trees, chi_g
//! agrees between the exact solver, the line-giving score-only search and
//! the census (and each line is won by its winner), and Theorem
//! 5.3's strategy is certified on small trees (and refuted with too few
//! colours).

use ramsey_verify::analysis::colouring::chromatic::{game_chromatic, game_chromatic_number};
use ramsey_verify::analysis::colouring::trees::{census, trees};
use ramsey_verify::analysis::colouring::trees53::certify_trees;
use ramsey_verify::engine::{Limits, Solver};
use ramsey_verify::games::colouring::{parse_graph, ColouringGame, Graph, Rules, Winner};
use ramsey_verify::games::prelude::*;

#[test]
fn tree_counts_match_oeis_a000055() {
    // Unlabelled trees on n = 1..12 vertices (OEIS A000055).
    let published = [1, 1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551];
    let computed: Vec<usize> = (1..=12).map(|n| trees(n).len()).collect();
    assert_eq!(computed, published);
}

#[test]
fn enumerated_trees_are_trees_and_pairwise_non_isomorphic() {
    for tree in trees(9) {
        assert!(tree.is_connected() && tree.edges().len() == 8);
    }
    let before = trees(9).len();
    let mut keys: Vec<String> = trees(9).iter().map(|t| t.graph6()).collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), before);
}

/// chi_g by the exact solver (every child searched, every token kept):
/// the least k for which player 1 wins the CCG.
fn exact_chi_g(graph: &Graph) -> usize {
    let wins = |k: usize| {
        let game = ColouringGame::new(graph.clone(), k, Rules::Ccg, None, None).unwrap();
        Solver::new(&game).value(&game.start()).unwrap().score == Winner::First
    };
    (1..=graph.n()).find(|&k| wins(k)).unwrap()
}

#[test]
fn census_agrees_with_the_exact_solver_and_the_bounds() {
    for tree in trees(8) {
        let full = game_chromatic(&tree, Limits::default()).unwrap();
        assert_eq!(full.chi_g, exact_chi_g(&tree), "{tree}");
        assert_eq!(
            Ok(full.chi_g),
            game_chromatic_number(&tree, Limits::default()),
            "{tree}"
        );
        assert!(full.chi <= full.chi_g && full.chi_g <= full.degree_bound, "{tree}");
        // Each level's line is legal and ends with its winner.
        for (k, level) in (1..).zip(&full.levels) {
            let game = full.level_game(k);
            let end = level.line.iter().fold(game.start(), |p, m| {
                assert!(game.moves(&p).contains(m), "{tree} k={k}: {m:?}");
                game.play(&p, m)
            });
            assert_eq!(game.outcome(&end), Some(level.winner), "{tree} k={k}");
        }
    }
    let eight = census(8, 1, Limits::default(), None).unwrap();
    assert_eq!(eight.distribution.values().sum::<usize>(), 23);
}

#[test]
fn small_values_by_hand() {
    // A single edge needs 2 colours; P_4: with 2 colours player 2 colours
    // a vertex at distance 2 from player 1's first vertex with the other
    // colour, which leaves the middle vertex none; 3 colours win (every
    // vertex has at most 2 neighbours).
    let value = |g: &str| game_chromatic_number(&parse_graph(g).unwrap(), Limits::default()).unwrap();
    assert_eq!(value("path:2"), 2);
    assert_eq!(value("path:4"), 3);
    assert_eq!(value("star:5"), 2);
    assert_eq!(value("complete:4"), 4);
    assert_eq!(value("empty:3"), 1);
    assert_eq!(game_chromatic_number(&Graph::new(1, &[]), Limits::default()), Ok(1));
}

#[test]
fn theorem_5_3_strategy_is_certified_on_small_trees_played_out() {
    for n in 1..=6 {
        let c = certify_trees(n, 5, true);
        assert!(c.failures.is_empty(), "n={n}: {:?}", c.failures.first());
        assert_eq!(c.roots, n * c.trees);
    }
}

#[test]
fn theorem_5_3_strategy_fails_with_three_colours() {
    // The strategy names colour 4 for a V2 vertex whose child got colour
    // 3: with three colours the certifier must refute it once a tree is
    // deep enough for that rule to fire (5 vertices), and not before.
    let c = certify_trees(5, 3, true);
    assert!(!c.failures.is_empty());
    let (_, _, line) = &c.failures[0];
    assert_eq!(
        line.last().map(|m| m.c),
        Some(4),
        "the refuting line ends in the missing colour"
    );
    assert!(certify_trees(4, 3, true).failures.is_empty());
}
