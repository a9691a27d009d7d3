//! The free trees on `n` vertices, enumerated by this checker's own code
//! (the engine grows trees too, but labels them with a canonical labelling
//! library; this module shares nothing with it).
//!
//! A tree's code is the AHU code (Aho, Hopcroft and Ullman, *The Design
//! and Analysis of Computer Algorithms*, 1974, Section 3.2) of the tree
//! rooted at a centre: `(` + the sorted codes of the subtrees + `)`; a tree
//! with two centres takes the smaller of its two codes. Isomorphisms map
//! centres to centres, so isomorphic trees get equal codes, and a rooted
//! tree can be rebuilt from its code, so different trees get different
//! codes. Every tree on `n + 1` vertices is a tree on `n` vertices plus a
//! leaf, so adding a leaf at every vertex of every tree on `n` vertices,
//! once per code, gives all of them.

use std::collections::HashSet;

/// The trees with more vertices than this are not enumerated (there are
/// 823,065 on 20 vertices; the enumeration then takes seconds).
pub const MAX_TREE_ORDER: usize = 20;

/// A tree's adjacency lists.
pub type Adjacency = Vec<Vec<usize>>;

/// The adjacency lists of `n` vertices and `edges`, if they form a tree
/// (connected, `n - 1` edges, no loops or repeated edges); `n >= 1`.
pub fn as_tree(n: usize, edges: &[(usize, usize)]) -> Option<Adjacency> {
    if n == 0 || edges.len() != n - 1 {
        return None;
    }
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(v) = stack.pop() {
        for &w in &adj[v] {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    // Connected with n - 1 edges: a tree (so no loops or repeats either).
    seen.iter().all(|&s| s).then_some(adj)
}

/// The tree's code (module docs): equal for isomorphic trees only.
pub fn code(adj: &Adjacency) -> Vec<u8> {
    centres(adj)
        .into_iter()
        .map(|c| rooted_code(adj, c, usize::MAX))
        .min()
        .expect("a centre")
}

/// The one or two centres: the vertices left when leaves are peeled off
/// layer by layer.
fn centres(adj: &Adjacency) -> Vec<usize> {
    let n = adj.len();
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut layer: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
    let mut left = n;
    while left > 2 {
        left -= layer.len();
        let mut next = Vec::new();
        for &v in &layer {
            for &w in &adj[v] {
                degree[w] -= 1;
                if degree[w] == 1 {
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    layer
}

/// The AHU code of the subtree at `v` hanging from `parent`.
fn rooted_code(adj: &Adjacency, v: usize, parent: usize) -> Vec<u8> {
    let mut children: Vec<Vec<u8>> = adj[v]
        .iter()
        .filter(|&&w| w != parent)
        .map(|&w| rooted_code(adj, w, v))
        .collect();
    children.sort_unstable();
    let mut code = vec![b'('];
    children.iter().for_each(|c| code.extend_from_slice(c));
    code.push(b')');
    code
}

/// Every tree on `n` vertices (`1..=MAX_TREE_ORDER`), one per
/// isomorphism class, with its code.
pub fn trees(n: usize) -> Vec<(Vec<u8>, Adjacency)> {
    assert!(
        (1..=MAX_TREE_ORDER).contains(&n),
        "tree order {n} outside 1..={MAX_TREE_ORDER}"
    );
    let mut level: Vec<(Vec<u8>, Adjacency)> = vec![(b"()".to_vec(), vec![Vec::new()])];
    for size in 1..n {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (_, adj) in &level {
            for v in 0..size {
                let mut grown = adj.clone();
                grown[v].push(size);
                grown.push(vec![v]);
                let c = code(&grown);
                if seen.insert(c.clone()) {
                    next.push((c, grown));
                }
            }
        }
        level = next;
    }
    level
}

/// The graph6 text of a tree (to name a tree in a message).
pub fn graph6(adj: &Adjacency) -> String {
    let n = adj.len();
    assert!(n < 63, "graph6's one-byte order");
    let mut bits = Vec::new();
    for j in 1..n {
        bits.extend(adj[..j].iter().map(|around| around.contains(&j)));
    }
    let mut text = String::from((63 + n as u8) as char);
    for chunk in bits.chunks(6) {
        let value = chunk
            .iter()
            .enumerate()
            .fold(0u8, |acc, (k, &b)| acc | (u8::from(b) << (5 - k)));
        text.push((63 + value) as char);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::decode_graph6;

    /// The numbers of unlabelled trees, OEIS A000055 (the test's oracle, not
    /// the checker's: the checker compares members with its enumeration).
    const A000055: [usize; 16] = [1, 1, 1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551, 1301, 3159, 7741];

    #[test]
    fn counts_are_the_number_of_unlabelled_trees() {
        for (n, &count) in A000055.iter().enumerate().skip(1) {
            assert_eq!(trees(n).len(), count, "n = {n}");
        }
    }

    #[test]
    fn codes_tell_trees_apart_and_ignore_labels() {
        // The path 0-1-2-3 and the same path labelled 2-0-3-1.
        let path = as_tree(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
        let relabelled = as_tree(4, &[(2, 0), (0, 3), (3, 1)]).unwrap();
        let star = as_tree(4, &[(0, 1), (0, 2), (0, 3)]).unwrap();
        assert_eq!(code(&path), code(&relabelled));
        assert_ne!(code(&path), code(&star));
    }

    #[test]
    fn non_trees_are_refused() {
        assert!(as_tree(3, &[(0, 1), (1, 2), (0, 2)]).is_none()); // too many edges
        assert!(as_tree(4, &[(0, 1), (1, 2), (0, 2)]).is_none()); // a triangle and a lone vertex
        assert!(as_tree(0, &[]).is_none());
        assert!(as_tree(1, &[]).is_some());
    }

    #[test]
    fn graph6_round_trips() {
        for (_, adj) in trees(9) {
            let (n, edges) = decode_graph6(&graph6(&adj)).unwrap();
            assert_eq!(code(&as_tree(n, &edges).unwrap()), code(&adj));
        }
    }
}
