//! A plain model of Slany's graph Ramsey games for differential tests:
//! labelled positions as two edge bitmasks, targets as the list of all
//! their copies in the board, rules written out from the definitions
//! (Slany, "Graph Ramsey games": Defs. 3.1-3.6, Def. 6.2 for different
//! targets per colour, Observation 4.1 for the misère variant of Avoid+).
//! No canonical forms, no orbits: the only memo is on labelled positions.
#![allow(dead_code)]

use ramsey_verify::games::ramsey::{Outcome, Rules};
use std::collections::HashMap;

/// Red and blue as colour indices.
pub const RED: usize = 0;
/// The second colour (Slany's Green).
pub const BLUE: usize = 1;

/// A labelled position: red and blue edges (bit `i` = pair `i`), mover.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    /// Edge masks of red and blue.
    pub colour: [u64; 2],
    /// Colour index of the player to move.
    pub mover: usize,
}

/// Result of optimal play from red's point of view: +1 red wins, 0 draw,
/// -1 blue wins; `lo..=hi` the lengths of optimal lines (equal unless a
/// draw, where any drawing move is optimal).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Val {
    /// +1, 0 or -1.
    pub score: i8,
    /// Shortest optimal line.
    pub lo: u32,
    /// Longest optimal line.
    pub hi: u32,
}

/// A game: board, targets, rules, first mover.
pub struct Model {
    /// Board vertices.
    pub n: usize,
    /// Every pair `u < v` of vertices; bit `i` of a mask is `pairs[i]`.
    pub pairs: Vec<(usize, usize)>,
    /// The board's edges.
    pub board: u64,
    /// Every copy of each colour's target inside the board, as masks.
    copies: [Vec<u64>; 2],
    /// The rule set.
    pub rules: Rules,
    /// Colour index of the player who moves first from the start.
    pub first: usize,
}

/// Index of pair `{u, v}` among the pairs of `n` vertices.
pub fn pair_index(n: usize, u: usize, v: usize) -> usize {
    let (u, v) = if u < v { (u, v) } else { (v, u) };
    (0..u).map(|a| n - 1 - a).sum::<usize>() + (v - u - 1)
}

/// Every permutation of `0..n`.
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..n {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// Every injective map of `k` target vertices into `n` board vertices.
fn injections(k: usize, n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..k {
        let mut longer = Vec::new();
        for m in &out {
            longer.extend((0..n).filter(|v| !m.contains(v)).map(|v| [&m[..], &[v]].concat()));
        }
        out = longer;
    }
    out
}

impl Model {
    /// The game on `n` vertices with board `edges`, targets (vertex count
    /// and edges) of red and blue, rules and first mover.
    pub fn new(
        n: usize,
        edges: &[(usize, usize)],
        targets: [&(usize, Vec<(usize, usize)>); 2],
        rules: Rules,
        first: usize,
    ) -> Model {
        let pairs: Vec<_> = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect();
        let board = edges.iter().fold(0, |m, &(u, v)| m | 1 << pair_index(n, u, v));
        let copies = targets.map(|(k, t_edges)| {
            let mut list: Vec<u64> = injections(*k, n)
                .iter()
                .map(|f| t_edges.iter().fold(0, |m, &(a, b)| m | 1 << pair_index(n, f[a], f[b])))
                .filter(|&c| c & board == c)
                .collect();
            list.sort_unstable();
            list.dedup();
            list
        });
        Model {
            n,
            pairs,
            board,
            copies,
            rules,
            first,
        }
    }

    /// Whether colour `p` owns a copy of its target in `mask`.
    pub fn owns(&self, mask: u64, p: usize) -> bool {
        self.copies[p].iter().any(|&c| c & !mask == 0)
    }

    /// Whether `p`'s target counts (Def. 3.6: in the weak game only the
    /// first player's).
    pub fn counts(&self, p: usize) -> bool {
        self.rules != Rules::Maker || p == self.first
    }

    /// Whether the start is already decided (a counting player owns a
    /// target; in the one-colour game, the common graph contains it).
    pub fn decided_at_start(&self, pos: Pos) -> bool {
        (0..2).any(|p| self.counts(p) && self.owns(self.graph_of(pos, p), p))
    }

    /// Whether both colours make one common graph (the one-colour
    /// avoidance game, Hajnal's triangle-free game for K3).
    pub fn shared(&self) -> bool {
        self.rules == Rules::SharedAvoid
    }

    /// The edges where `p`'s target is looked for: `p`'s colour, or in the
    /// one-colour game both colours.
    pub fn graph_of(&self, pos: Pos, p: usize) -> u64 {
        match self.shared() {
            true => pos.colour[RED] | pos.colour[BLUE],
            false => pos.colour[p],
        }
    }

    /// Uncoloured board edges.
    pub fn free(&self, pos: Pos) -> u64 {
        self.board & !pos.colour[RED] & !pos.colour[BLUE]
    }

    fn sets(&self) -> bool {
        matches!(self.rules, Rules::AvoidPlus | Rules::MiserePlus)
    }

    fn avoid(&self) -> bool {
        matches!(self.rules, Rules::Avoid | Rules::AvoidPlus | Rules::SharedAvoid)
    }

    /// Legal moves as masks of the edges coloured: one free edge, or (Defs.
    /// 3.3 and 4.1) any nonempty set of free edges; under Avoid rules
    /// (Defs. 3.1, 3.3, 6.2) not one that gives the mover its target (in
    /// the one-colour game: that puts the target into the common graph).
    pub fn moves(&self, pos: Pos) -> Vec<u64> {
        let free = self.free(pos);
        let mut out = Vec::new();
        if self.sets() {
            let mut s = free;
            while s != 0 {
                out.push(s);
                s = (s - 1) & free;
            }
        } else {
            out.extend((0..64).map(|i| 1u64 << i).filter(|b| free & b != 0));
        }
        if self.avoid() {
            out.retain(|&m| !self.owns(self.graph_of(pos, pos.mover) | m, pos.mover));
        }
        out
    }

    /// The position after the mover colours `m` (in the one-colour game
    /// into the red mask, which then holds the common graph: who drew an
    /// edge is never read, and the memo stays one entry per graph).
    pub fn play(&self, pos: Pos, m: u64) -> Pos {
        let mut colour = pos.colour;
        colour[if self.shared() { RED } else { pos.mover }] |= m;
        Pos {
            colour,
            mover: 1 - pos.mover,
        }
    }

    fn win(p: usize) -> i8 {
        if p == RED {
            1
        } else {
            -1
        }
    }

    /// The score if the game is over. Avoid (3.1, 3.3): the player to move
    /// with no legal move loses. Otherwise the player who just moved and
    /// completed a counting target wins (3.4-3.6) or loses (3.2, 4.1); a
    /// full board is a draw (3.2, 3.4, 4.1) or a win of the second player
    /// (3.5, 3.6).
    pub fn over(&self, pos: Pos) -> Option<i8> {
        if self.avoid() {
            return self.moves(pos).is_empty().then(|| Model::win(1 - pos.mover));
        }
        let last = 1 - pos.mover;
        if self.counts(last) && self.owns(pos.colour[last], last) {
            let misere = matches!(self.rules, Rules::Misere | Rules::MiserePlus);
            return Some(Model::win(if misere { pos.mover } else { last }));
        }
        if self.free(pos) != 0 {
            return None;
        }
        Some(match self.rules {
            Rules::AchieveSecond | Rules::Maker => Model::win(1 - self.first),
            _ => 0,
        })
    }

    /// Optimal play: red maximises the score, blue minimises it; the
    /// winner takes the shortest win, the loser the longest loss.
    pub fn solve(&self, pos: Pos, memo: &mut HashMap<Pos, Val>) -> Val {
        if let Some(&v) = memo.get(&pos) {
            return v;
        }
        let v = match self.over(pos) {
            Some(score) => Val { score, lo: 0, hi: 0 },
            None => {
                let kids: Vec<Val> = self
                    .moves(pos)
                    .into_iter()
                    .map(|m| self.solve(self.play(pos, m), memo))
                    .collect();
                let scores = kids.iter().map(|k| k.score);
                let best = if pos.mover == RED { scores.max() } else { scores.min() }.expect("a move");
                let best_kids = kids.iter().filter(|k| k.score == best);
                let lo = best_kids.clone().map(|k| k.lo).min().unwrap() + 1;
                let hi = best_kids.map(|k| k.hi).max().unwrap() + 1;
                match best {
                    0 => Val { score: 0, lo, hi },
                    _ if Model::win(pos.mover) == best => Val {
                        score: best,
                        lo,
                        hi: lo,
                    },
                    _ => Val {
                        score: best,
                        lo: hi,
                        hi,
                    },
                }
            }
        };
        memo.insert(pos, v);
        v
    }

    /// The image of an edge mask under a vertex permutation.
    pub fn relabel(&self, mask: u64, perm: &[usize]) -> u64 {
        let mut out = 0;
        for (i, &(u, v)) in self.pairs.iter().enumerate() {
            if mask >> i & 1 == 1 {
                out |= 1 << pair_index(self.n, perm[u], perm[v]);
            }
        }
        out
    }

    /// The vertex permutations that map the board onto itself.
    pub fn board_automorphisms(&self) -> Vec<Vec<usize>> {
        permutations(self.n)
            .into_iter()
            .filter(|p| self.relabel(self.board, p) == self.board)
            .collect()
    }
}

/// A graph: vertex count and edges.
pub type Graph = (usize, Vec<(usize, usize)>);

/// Targets by the engine's names, with the brute force's own edge lists.
pub fn target(name: &str) -> Graph {
    match name {
        "K3" => (3, vec![(0, 1), (1, 2), (0, 2)]),
        "P3" => (3, vec![(0, 1), (1, 2)]),
        "P4" => (4, vec![(0, 1), (1, 2), (2, 3)]),
        "C4" => (4, vec![(0, 1), (1, 2), (2, 3), (3, 0)]),
        "K1,3" => (4, vec![(0, 1), (0, 2), (0, 3)]),
        "2K2" => (4, vec![(0, 1), (2, 3)]),
        _ => panic!("no brute-force target {name}"),
    }
}

/// The complete graph `K_n`.
pub fn complete(n: usize) -> Graph {
    (n, (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect())
}

/// The brute force's score of the empty `K_n` under `rules`, both players
/// with the target `name`, red first: +1 red wins, 0 draw, -1 blue wins.
pub fn empty_board_score(rules: Rules, n: usize, name: &str) -> i8 {
    let t = target(name);
    let model = Model::new(n, &complete(n).1, [&t, &t], rules, RED);
    let start = Pos {
        colour: [0, 0],
        mover: RED,
    };
    model.solve(start, &mut HashMap::new()).score
}

/// An engine outcome as the brute force scores it (see [`Val`]).
pub fn outcome_score(outcome: Outcome) -> i8 {
    match outcome {
        Outcome::RedWins => 1,
        Outcome::Draw => 0,
        Outcome::BlueWins => -1,
    }
}
