//! Connected regular graphs, counted by this checker's own code (the
//! engine never counts them; nauty lists them for the writer): version
//! 15's family, covered when the members' classes hold all of its
//! labelled graphs ([`super::classes`]): [`labelled_connected_regular`].
//!
//! Counting: [`labelled_regular`] counts the labelled `d`-regular graphs on
//! `n` vertices by choosing the neighbours of one vertex at a time among
//! the vertices that still need edges; how many ways the rest can be
//! completed depends only on how many vertices still need each number of
//! edges, so the count is memoised on that multiset. The connected ones
//! follow from the standard recurrence over the component of vertex 1
//! (every component of a regular graph is regular of the same degree):
//! `a(n) = sum_{k=1..n} C(n-1, k-1) c(k) a(n-k)`.

use std::collections::HashMap;

/// The largest order whose family is counted (12! and the labelled counts
/// fit easily in `u128`; the members' certificates bound the order anyway).
pub const MAX_REGULAR_ORDER: usize = 12;

/// The binomial coefficient `C(n, k)` (0 when `k > n`).
fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// The number of labelled `d`-regular graphs on `n` vertices (no loops,
/// no multiple edges; 1 for `n = 0`).
pub fn labelled_regular(n: usize, d: usize) -> u128 {
    if d >= n.max(1) && n > 0 {
        return 0;
    }
    let mut needs = vec![0u8; d + 1];
    needs[d] = n as u8;
    completions(&needs, &mut HashMap::new())
}

/// The graphs on a labelled vertex set in which `needs[r]` vertices need
/// `r` more edges each (vertices needing none are left out): pick a vertex
/// needing the most, choose its `r` neighbours among the others that need
/// edges (`k_j` from those needing `j`), and complete the rest.
fn completions(needs: &[u8], memo: &mut HashMap<Vec<u8>, u128>) -> u128 {
    let Some(r) = (1..needs.len()).rev().find(|&r| needs[r] > 0) else {
        return 1;
    };
    // The vertices needing no edge play no part.
    let mut key = needs.to_vec();
    key[0] = 0;
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut rest = key.clone();
    rest[r] -= 1;
    let mut total = 0;
    choose(&rest, 1, r, &mut rest.clone(), 1, memo, &mut total);
    memo.insert(key, total);
    total
}

/// Chooses how many of the chosen vertex's `left` neighbours come from the
/// vertices needing `j`, `j + 1`, ... edges (`others`: the other vertices'
/// needs), building the needs after them in `after`, and adds the ways
/// (`ways` so far) times the completions to `total`.
fn choose(
    others: &[u8],
    j: usize,
    left: usize,
    after: &mut Vec<u8>,
    ways: u128,
    memo: &mut HashMap<Vec<u8>, u128>,
    total: &mut u128,
) {
    if left == 0 {
        *total += ways * completions(after, memo);
        return;
    }
    if j == others.len() {
        return;
    }
    for k in 0..=left.min(others[j] as usize) {
        after[j] -= k as u8;
        after[j - 1] += k as u8;
        let w = ways * binomial(others[j] as usize, k);
        choose(others, j + 1, left - k, after, w, memo, total);
        after[j] += k as u8;
        after[j - 1] -= k as u8;
    }
}

/// The number of labelled connected `d`-regular graphs on `n` vertices,
/// `1 <= n <= MAX_REGULAR_ORDER`, by the recurrence of the module docs.
pub fn labelled_connected_regular(n: usize, d: usize) -> u128 {
    assert!(
        (1..=MAX_REGULAR_ORDER).contains(&n),
        "order {n} outside 1..={MAX_REGULAR_ORDER}"
    );
    let all: Vec<u128> = (0..=n).map(|m| labelled_regular(m, d)).collect();
    let mut connected = vec![0u128; n + 1];
    for m in 1..=n {
        let split: u128 = (1..m).map(|k| binomial(m - 1, k - 1) * connected[k] * all[m - k]).sum();
        connected[m] = all[m] - split;
    }
    connected[n]
}

/// Whether the graph is connected and every vertex has degree `d`.
pub fn connected_regular(adjacent: &[Vec<bool>], d: usize) -> bool {
    let n = adjacent.len();
    if adjacent.iter().any(|row| row.iter().filter(|&&e| e).count() != d) {
        return false;
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = n > 0;
    while let Some(v) = stack.pop() {
        for w in (0..n).filter(|&w| adjacent[v][w]) {
            if !std::mem::replace(&mut seen[w], true) {
                stack.push(w);
            }
        }
    }
    seen.iter().all(|&s| s)
}

#[cfg(test)]
#[path = "regular_tests.rs"]
pub(crate) mod tests;
