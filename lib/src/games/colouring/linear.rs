//! The ordered games with two colours in (almost) linear time, Section 3:
//! Theorem 3.1 (SCCG, O(n + e)) with a winning strategy, and the
//! union-find algorithm of Lemma 3.2 / Theorem 3.3 (SCG, O(n + e a(e, n))).
//!
//! Vertices are numbered in colouring order (vertex i is coloured at move
//! i, as the paper assumes in Section 3); `second[i]` says player 2
//! colours vertex i. Graphs have their own adjacency-list type here, for
//! millions of vertices.
//!
//! Where the printed text is garbled or wrong, and what we do instead:
//! - Theorem 3.1's proof says player 2 colours v "with the same color as
//!   v" when the distance from v to w is odd; it must be "as w" (any other
//!   reading is circular). Our strategy uses w.
//! - In the algorithm of Section 3 the third test reads "else if ∃ s ∈ S"
//!   with its condition lost. We read it as "∃ s ∈ S with buddy(s) ∈ S"
//!   (vertex i has predecessors on both sides of one component, so the
//!   invariant "each set one colour, its buddy the other" leaves i no
//!   colour), which is what the proof of Lemma 3.2 uses ("if ∃ s ∈ S with
//!   buddy(s) ∈ S ..."). The tests check this reading against the exact
//!   solver.
//! - The algorithm's last line, "player 1 loses iff n is even", is for
//!   alternating owners; with owner lists we let the player who coloured
//!   the last vertex win (our reading in the parent module), which is the
//!   same rule for alternating owners.

use super::game::{due_and_owners, ColouringError};
use super::input::EdgeList;
use super::{ColourMove, ColourPosition, ColouringGame};
use crate::core::board::{Player, Vertex};

/// A graph as adjacency lists (compressed rows), any size.
#[derive(Clone, Debug)]
pub struct BigGraph {
    start: Vec<usize>,
    targets: Vec<u32>,
}

impl BigGraph {
    /// The graph on `n` vertices with these edges (no loops).
    pub fn new(n: usize, edges: &[(u32, u32)]) -> BigGraph {
        let mut degree = vec![0usize; n + 1];
        for &(u, v) in edges {
            degree[u as usize + 1] += 1;
            degree[v as usize + 1] += 1;
        }
        for i in 0..n {
            degree[i + 1] += degree[i];
        }
        let mut fill = degree.clone();
        let mut targets = vec![0u32; 2 * edges.len()];
        for &(u, v) in edges {
            targets[fill[u as usize]] = v;
            fill[u as usize] += 1;
            targets[fill[v as usize]] = u;
            fill[v as usize] += 1;
        }
        BigGraph { start: degree, targets }
    }

    /// Number of vertices.
    pub fn n(&self) -> usize {
        self.start.len() - 1
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.targets[self.start[v]..self.start[v + 1]]
    }

    /// Whether `v` is a source: no neighbour comes before it.
    pub fn is_source(&self, v: usize) -> bool {
        self.neighbours(v).iter().all(|&w| w as usize > v)
    }
}

/// The theorem that decides `rules` with two colours in linear time:
/// "3.1" for the SCCG, "3.3" for the SCG; `None` for the unordered games.
pub fn linear_theorem(rules: super::Rules) -> Option<&'static str> {
    match rules {
        super::Rules::Sccg => Some("3.1"),
        super::Rules::Scg => Some("3.3"),
        super::Rules::Cg | super::Rules::Ccg => None,
    }
}

/// The winner by Theorem 3.1 (SCCG) or Theorem 3.3 (SCG) for an ordered
/// game with two colours; `None` for other games.
pub fn fast_winner(game: &ColouringGame) -> Option<Player> {
    let ordered = OrderedGame::of(game)?;
    Some(match game.rules() {
        super::Rules::Sccg => sccg2(&ordered.graph, &ordered.second).winner,
        _ => scg2(&ordered.graph, &ordered.second),
    })
}

/// The owner of each vertex when the players alternate (player 1 first).
pub fn alternating(n: usize) -> Vec<bool> {
    (0..n).map(|i| i % 2 == 1).collect()
}

/// Theorem 3.1's analysis of the SCCG with two colours.
#[derive(Clone, Debug)]
pub struct Sccg2 {
    /// Who wins.
    pub winner: Player,
    /// First vertex (in order) of each vertex's connected component.
    root: Vec<u32>,
    /// Parity of the distance to the root (bipartite graphs only).
    side: Vec<u8>,
    /// Player 2's spoiling source, when he wins on a bipartite graph.
    pub spoiler: Option<usize>,
}

/// Theorem 3.1: player 2 wins the SCCG with two colours iff G is not
/// bipartite or he owns a source that is not the first vertex of its
/// component. O(n + e).
pub fn sccg2(graph: &BigGraph, second: &[bool]) -> Sccg2 {
    let n = graph.n();
    let mut root = vec![u32::MAX; n];
    let mut side = vec![0u8; n];
    let mut bipartite = true;
    let mut queue = Vec::new();
    for r in 0..n {
        if root[r] != u32::MAX {
            continue;
        }
        root[r] = r as u32;
        queue.push(r);
        while let Some(v) = queue.pop() {
            for &w in graph.neighbours(v) {
                let w = w as usize;
                if root[w] == u32::MAX {
                    root[w] = r as u32;
                    side[w] = side[v] ^ 1;
                    queue.push(w);
                } else if side[w] == side[v] {
                    bipartite = false;
                }
            }
        }
    }
    let spoiler = (0..n).find(|&v| second[v] && root[v] as usize != v && graph.is_source(v));
    let winner = if !bipartite || spoiler.is_some() {
        Player::Second
    } else {
        Player::First
    };
    Sccg2 {
        winner,
        root,
        side,
        spoiler: spoiler.filter(|_| bipartite),
    }
}

impl Sccg2 {
    /// The winner's colour (1 or 2) for vertex `v`, given the colours so
    /// far (`colours[u]` for `u < v`, 0 where none): the free colour at a
    /// non-source; at a source, the colour that agrees with its
    /// component's first vertex (player 1) or disagrees (player 2's
    /// spoiler). `None` when `v` has no free colour.
    pub fn choose(&self, graph: &BigGraph, colours: &[u8], v: usize) -> Option<u8> {
        let taken = graph
            .neighbours(v)
            .iter()
            .fold(0u8, |t, &w| t | (1 << colours[w as usize]) >> 1);
        let free: Vec<u8> = [1u8, 2].into_iter().filter(|c| taken >> (c - 1) & 1 == 0).collect();
        let root = self.root[v] as usize;
        if free.len() < 2 || root == v || colours[root] == 0 {
            return free.first().copied();
        }
        let agree = self.side[v] == self.side[root];
        let same = agree != (self.winner == Player::Second);
        Some(if same { colours[root] } else { 3 - colours[root] })
    }
}

/// The union-find algorithm of Section 3 (Lemma 3.2, Theorem 3.3): the
/// winner of the SCG with two colours.
pub fn scg2(graph: &BigGraph, second: &[bool]) -> Player {
    let n = graph.n();
    let owner = |i: usize| if second[i] { Player::Second } else { Player::First };
    // Sets a_i = 2i and b_i = 2i + 1; union-find over set ids.
    let mut sets = Sets::new(2 * n);
    let mut member = vec![0usize; n];
    let mut s: Vec<usize> = Vec::new();
    for i in 0..n {
        s.clear();
        for &p in graph.neighbours(i).iter().filter(|&&p| (p as usize) < i) {
            let set = sets.find(member[p as usize]);
            if !s.contains(&set) {
                s.push(set);
            }
        }
        if s.is_empty() {
            member[i] = 2 * i;
            sets.first[2 * i] = i;
            sets.first[2 * i + 1] = i;
            continue;
        }
        if s.iter().any(|&x| s.contains(&sets.find(sets.buddy[x]))) {
            return owner(i).opponent();
        }
        let earliest = *s.iter().min_by_key(|&&x| sets.first[x]).expect("nonempty");
        if s.iter().any(|&x| x != earliest && owner(sets.first[x]) != owner(i)) {
            return owner(i).opponent();
        }
        let mut joined = earliest;
        for &x in s.iter().filter(|&&x| x != earliest) {
            joined = sets.merge_pairs(joined, x);
        }
        member[i] = sets.find(sets.buddy[joined]);
    }
    // Everything coloured: whoever coloured last wins.
    match n {
        0 => Player::Second,
        _ => owner(n - 1),
    }
}

/// Disjoint sets (union by size, path halving) with a buddy and a first
/// vertex per root.
struct Sets {
    parent: Vec<usize>,
    size: Vec<usize>,
    buddy: Vec<usize>,
    first: Vec<usize>,
}

impl Sets {
    fn new(count: usize) -> Sets {
        Sets {
            parent: (0..count).collect(),
            size: vec![1; count],
            buddy: (0..count).map(|x| x ^ 1).collect(),
            first: vec![0; count],
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins two roots; returns the new root, which keeps the smaller
    /// first vertex.
    fn union(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] >= self.size[b] { (a, b) } else { (b, a) };
        self.parent[small] = big;
        self.size[big] += self.size[small];
        self.first[big] = self.first[a].min(self.first[b]);
        big
    }

    /// Joins root `x` with root `y` and buddy with buddy (Union(s1, s2);
    /// Union(buddy(s1), buddy(s2)) in the paper); returns the root of the
    /// union of `x` and `y`.
    fn merge_pairs(&mut self, x: usize, y: usize) -> usize {
        let (bx, by) = (self.find(self.buddy[x]), self.find(self.buddy[y]));
        let joined = self.union(x, y);
        let buddies = self.union(bx, by);
        self.buddy[joined] = buddies;
        self.buddy[buddies] = joined;
        joined
    }
}

/// An ordered game with two colours in the fast paths' terms: vertex `i`
/// of `graph` is the one coloured at move `i`.
#[derive(Clone, Debug)]
pub struct OrderedGame {
    /// The graph renumbered in colouring order.
    pub graph: BigGraph,
    /// `second[i]`: player 2 makes move `i`.
    pub second: Vec<bool>,
    /// The vertex (of the graph as given) coloured at move `i`.
    turns: Vec<u32>,
}

impl OrderedGame {
    /// The graph `list` coloured in `order` by `owners` (both checked and
    /// defaulted as in [`ColouringGame::new`]).
    pub fn new(
        list: &EdgeList,
        order: Option<&[usize]>,
        owners: Option<Vec<Player>>,
    ) -> Result<OrderedGame, ColouringError> {
        let (due, owners) = due_and_owners(list.n, order, owners)?;
        let mut turns = vec![0u32; list.n];
        let mut second = vec![false; list.n];
        for v in 0..list.n {
            turns[due[v]] = v as u32;
            second[due[v]] = owners[v] == Player::Second;
        }
        let at = |v: u32| due[v as usize] as u32;
        let edges: Vec<(u32, u32)> = list.edges.iter().map(|&(u, v)| (at(u), at(v))).collect();
        Ok(OrderedGame {
            graph: BigGraph::new(list.n, &edges),
            second,
            turns,
        })
    }

    /// The game renumbered in its order; `None` unless it is an ordered
    /// game with two colours.
    pub fn of(game: &ColouringGame) -> Option<OrderedGame> {
        if !game.rules().ordered() || game.colours() != 2 {
            return None;
        }
        let turns = game.turns();
        let order: Vec<usize> = turns.iter().map(|&(v, _)| v as usize).collect();
        let mut owners = vec![Player::First; turns.len()];
        for &(v, second) in &turns {
            if second {
                owners[v as usize] = Player::Second;
            }
        }
        let graph = game.graph();
        let edges = graph
            .edges()
            .iter()
            .map(|e| (e.ends().0 as u32, e.ends().1 as u32))
            .collect();
        let list = EdgeList { n: graph.n(), edges };
        Some(OrderedGame::new(&list, Some(&order), Some(owners)).expect("the game's own order and owners"))
    }

    /// The vertex (of the graph as given) coloured at move `t`.
    pub fn vertex(&self, t: usize) -> u32 {
        self.turns[t]
    }

    /// The player making move `t`.
    pub fn owner(&self, t: usize) -> Player {
        match self.second[t] {
            true => Player::Second,
            false => Player::First,
        }
    }

    /// The colours by move (0 where not yet coloured) and the next move.
    pub(crate) fn colours(&self, position: &ColourPosition) -> (Vec<u8>, Option<usize>) {
        let colours: Vec<u8> = self.turns.iter().map(|&v| position.colour(v as Vertex)).collect();
        let next = colours.iter().position(|&c| c == 0);
        (colours, next)
    }

    /// The colours move `t` may use (every earlier move made).
    pub(crate) fn free(&self, colours: &[u8], t: usize) -> Vec<u8> {
        let taken = self
            .graph
            .neighbours(t)
            .iter()
            .fold(0u8, |s, &w| s | 1 << colours[w as usize]);
        [1u8, 2].into_iter().filter(|&c| taken >> c & 1 == 0).collect()
    }

    /// Move `t` with colour `c`, as the game's move.
    pub(crate) fn play(&self, t: usize, c: Option<u8>) -> Vec<ColourMove> {
        c.map(|c| ColourMove {
            v: self.turns[t] as Vertex,
            c,
        })
        .into_iter()
        .collect()
    }
}
