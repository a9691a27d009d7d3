//! Version 8, family `graphs`: chi_g of every graph on `A` to `B` vertices,
//! connected or not (`colour --game-chromatic --graph @- --json-lines
//! --cert FILE` on nauty's `geng` for each order). The family is not
//! enumerated here but **counted**, as version 15's is: for each order
//! `n`, the members on `n` vertices must be pairwise non-isomorphic and
//! their isomorphism classes must hold all `2^(n(n-1)/2)` labelled graphs
//! on `n` vertices ([`super::classes`]).

use super::classes::{self, Matrix};
use super::{member_graph, Member};
use crate::Rejection;

/// The largest order of a member: 12,005,168 graphs on 10 vertices, whose
/// `2^45` labelled graphs fit easily; a census needs no more.
pub const MAX_GRAPH_ORDER: usize = 10;

/// The number of labelled graphs on `n` vertices: each of the `n(n-1)/2`
/// vertex pairs is an edge or not.
pub fn labelled_graphs(n: usize) -> u128 {
    1 << (n * n.saturating_sub(1) / 2)
}

/// Checks that the members' graphs are the family: each on `sizes.0` to
/// `sizes.1` vertices, pairwise non-isomorphic, and for each order their
/// classes hold every labelled graph (the orbit sums on `threads`
/// threads). Returns each member's order.
pub(crate) fn covered(members: &[Member], sizes: (usize, usize), threads: usize) -> Result<Vec<usize>, Rejection> {
    let graphs = members
        .iter()
        .map(|m| member_graph(m, sizes).map(|(n, edges)| classes::matrix(n, &edges)))
        .collect::<Result<Vec<_>, _>>()?;
    classes::distinct(members, &graphs)?;
    for n in sizes.0..=sizes.1 {
        let of_order: Vec<&Matrix> = graphs.iter().filter(|g| g.len() == n).collect();
        let held = classes::held(&of_order, threads);
        classes::covered(held, labelled_graphs(n), &format!("graphs on {n} vertices"))?;
    }
    Ok(graphs.iter().map(Vec::len).collect())
}

#[cfg(test)]
#[path = "graphs_tests.rs"]
mod tests;
