//! The checker's own reading of Bodlaender's colouring games (proofs/FORMAT.md,
//! "Version 7"): positions are colourings of the header's graph, and two
//! positions are *equivalent* when their futures are the same game up to
//! renaming (the *reduced* position: [`Reduced`]).

use crate::canon;
use crate::iso::{isomorphic_from, stable, Cells};
use crate::table::Probe;

/// The four rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Sequential colouring game: ordered, unable to move loses.
    Scg,
    /// Sequential colouring construction game: ordered, player 1 wins iff
    /// every vertex is coloured.
    Sccg,
    /// Colouring game: any vertex, unable to move loses.
    Cg,
    /// Colouring construction game: any vertex, player 1 wins iff every
    /// vertex is coloured.
    Ccg,
}

impl Game {
    /// The header's name.
    pub fn parse(text: &str) -> Option<Game> {
        Some(match text {
            "scg" => Game::Scg,
            "sccg" => Game::Sccg,
            "cg" => Game::Cg,
            "ccg" => Game::Ccg,
            _ => return None,
        })
    }

    /// The header's name.
    pub fn name(self) -> &'static str {
        ["scg", "sccg", "cg", "ccg"][self as usize]
    }

    /// A linear order fixes the vertex of each move.
    pub fn ordered(self) -> bool {
        matches!(self, Game::Scg | Game::Sccg)
    }

    /// Player 1 wins iff every vertex gets coloured.
    pub fn construction(self) -> bool {
        matches!(self, Game::Sccg | Game::Ccg)
    }
}

/// The game without its number of colours: rules, graph, and for ordered
/// games each vertex's turn (`due`) and owner (1 or 2).
#[derive(Clone, Debug)]
pub struct Setting {
    /// The rules.
    pub game: Game,
    /// Neighbours of each vertex, as bitsets.
    pub adj: Vec<u128>,
    /// Ordered games: the move at which each vertex is coloured.
    pub due: Vec<usize>,
    /// Ordered games: who colours each vertex (1 or 2).
    pub owner: Vec<u8>,
    /// CCG: whether the header's `ends secured` lets player 1's secured
    /// positions count as her wins ([`Setting::decided`]).
    pub secured: bool,
    /// Version 12 (unordered games): whether positions are compared up to
    /// *tokens*, the vertices of safe components ([`Setting::token_vertices`]).
    pub tokens: bool,
}

/// A colouring: one colour per vertex, 0 for uncoloured.
pub type Colouring = Vec<u8>;

impl Setting {
    fn n(&self) -> usize {
        self.adj.len()
    }

    /// The colours `1..=k` no neighbour of `v` has, as a bitset (bit c).
    pub fn free(&self, p: &[u8], v: usize, k: usize) -> u64 {
        let (mut free, mut row) = (((1u64 << k) - 1) << 1, self.adj[v]);
        while row != 0 {
            free &= !(1 << p[row.trailing_zeros() as usize]);
            row &= row - 1;
        }
        free
    }

    /// The uncoloured vertex due first (ordered games).
    fn next_due(&self, p: &[u8]) -> Option<usize> {
        (0..self.n()).filter(|&v| p[v] == 0).min_by_key(|&v| self.due[v])
    }

    /// Who moves at `p` (1 or 2). Unordered games: player 1 when an even
    /// number of vertices is coloured (every move colours one). Ordered:
    /// the owner of the vertex due next; with none left, the player who
    /// did not colour the last one.
    pub fn mover(&self, p: &[u8]) -> u8 {
        match self.game.ordered() {
            false => 1 + (p.iter().filter(|&&c| c != 0).count() % 2) as u8,
            true => match self.next_due(p) {
                Some(v) => self.owner[v],
                None => 3 - self.owner[(0..self.n()).max_by_key(|&v| self.due[v]).expect("a vertex")],
            },
        }
    }

    /// Every legal move at `p` with `k` colours: an uncoloured vertex (in
    /// ordered games the one due next) and a colour no neighbour has.
    pub fn moves(&self, p: &[u8], k: usize) -> Vec<(usize, u8)> {
        let vertices: Vec<usize> = match self.game.ordered() {
            true => self.next_due(p).into_iter().collect(),
            false => (0..self.n()).filter(|&v| p[v] == 0).collect(),
        };
        vertices
            .into_iter()
            .flat_map(|v| {
                let free = self.free(p, v, k);
                (1..=k as u8).filter(move |&c| free >> c & 1 == 1).map(move |c| (v, c))
            })
            .collect()
    }

    /// The winner (1 or 2) if the game is decided at `p` with `k` colours,
    /// by the rules or by the two facts argued in FORMAT.md: a vertex with
    /// every colour on a neighbour is never coloured (construction games:
    /// player 2 wins); a vertex with more free colours than uncoloured
    /// neighbours always keeps a free colour, so if every uncoloured vertex
    /// is such, every vertex gets coloured (player 1 wins). With `ends
    /// secured` in the CCG also a third: player 1 wins where, the unsafe
    /// vertices sorted by free colours, the `j`-th has at least `2j - 1`
    /// free colours (`2j` if player 2 moves).
    pub fn decided(&self, p: &[u8], k: usize) -> Option<u8> {
        if !self.game.construction() {
            return self.moves(p, k).is_empty().then(|| 3 - self.mover(p));
        }
        let uncoloured = self.uncoloured(p);
        // The unsafe vertices counted by their free colours (at most 61).
        let (mut unsafe_free, mut unsafe_any) = ([0u32; 64], false);
        for v in bits(uncoloured) {
            let free = self.free(p, v, k).count_ones();
            if free == 0 {
                return Some(2);
            }
            if free <= (self.adj[v] & uncoloured).count_ones() {
                unsafe_free[free as usize] += 1;
                unsafe_any = true;
            }
        }
        if !unsafe_any {
            return Some(1);
        }
        if !(self.secured && self.game == Game::Ccg) {
            return None;
        }
        // The j-th unsafe vertex in order of free colours, `f` of them.
        let head = u32::from(self.mover(p) == 2);
        let mut j = 0;
        for (f, &count) in (0u32..).zip(&unsafe_free) {
            for _ in 0..count {
                j += 1;
                if f < 2 * j - 1 + head {
                    return None;
                }
            }
        }
        Some(1)
    }

    /// The uncoloured vertices of `p`, as a bitset.
    fn uncoloured(&self, p: &[u8]) -> u128 {
        (0..self.n()).filter(|&v| p[v] == 0).fold(0u128, |s, v| s | 1 << v)
    }

    /// The uncoloured vertices of `p` (with `k` colours) in components of
    /// the uncoloured vertices where every vertex is safe (FORMAT.md,
    /// version 12): the rest are those joined to an unsafe vertex by a
    /// path of uncoloured vertices.
    pub fn token_vertices(&self, p: &[u8], k: usize) -> u128 {
        let uncoloured = self.uncoloured(p);
        let unsafe_ = bits(uncoloured)
            .filter(|&v| self.free(p, v, k).count_ones() <= (self.adj[v] & uncoloured).count_ones())
            .fold(0u128, |s, v| s | 1 << v);
        let (mut joined, mut frontier) = (unsafe_, unsafe_);
        while frontier != 0 {
            let next = bits(frontier).fold(0u128, |s, v| s | self.adj[v]) & uncoloured & !joined;
            joined |= next;
            frontier = next;
        }
        uncoloured & !joined
    }

    /// The reduced position of `p` with `k` colours: with [`Setting::tokens`]
    /// the tokens are left out and counted.
    pub fn reduced(&self, p: &[u8], k: usize) -> Reduced {
        let tokens = match self.tokens {
            true => self.token_vertices(p, k),
            false => 0,
        };
        let open_set = self.uncoloured(p) & !tokens;
        let mut open: Vec<usize> = bits(open_set).collect();
        if self.game.ordered() {
            open.sort_by_key(|&v| self.due[v]);
        }
        // Each open vertex's place among the open vertices.
        let mut place = [0u8; 128];
        for (j, &v) in open.iter().enumerate() {
            place[v] = j as u8;
        }
        let adj = open
            .iter()
            .map(|&v| bits(self.adj[v] & open_set).fold(0u128, |row, w| row | 1 << place[w]))
            .collect();
        let all = ((1u64 << k) - 1) << 1;
        Reduced {
            k,
            tokens: tokens.count_ones(),
            ordered: self.game.ordered(),
            adj,
            forbidden: open.iter().map(|&v| all & !self.free(p, v, k)).collect(),
            owner: open
                .iter()
                .map(|&v| if self.game.ordered() { self.owner[v] } else { 0 })
                .collect(),
        }
    }
}

/// The members of the bitset `set`, in increasing order.
fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// What of a position decides its future: the uncoloured vertices (in
/// ordered games in the order they are due), the edges among them, the
/// colours forbidden at each (on a coloured neighbour), and in ordered
/// games the owners. A coloured vertex takes no part in any later move or
/// end, and moves, ends and winners read only these, so positions with
/// equivalent reductions have the same future up to renaming. Equivalent:
/// a bijection of the uncoloured vertices (in ordered games the one that
/// keeps the order: the i-th due to the i-th due) keeping edges and owners,
/// and a permutation of the colours carrying forbidden sets onto forbidden
/// sets. The mover is compared by the caller (both positions are always
/// the prover's turn). Version 12 leaves the tokens out and keeps their
/// number: equivalent then also needs as many tokens.
#[derive(Clone, Debug)]
pub struct Reduced {
    k: usize,
    /// Tokens left out (version 12; else 0).
    tokens: u32,
    ordered: bool,
    adj: Vec<u128>,
    forbidden: Vec<u64>,
    owner: Vec<u8>,
}

/// As a graph for [`crate::iso`] and [`crate::canon`]: the uncoloured
/// vertices, then one vertex per colour; pairs coded 1 (an edge), 2 (a
/// colour forbidden at a vertex); a vertex is coded 3 with itself, a
/// colour 0, so an isomorphism never maps a vertex onto a colour (and
/// codes fit in two bits).
impl Cells for Reduced {
    fn order(&self) -> usize {
        self.adj.len() + self.k
    }
    fn cell(&self, u: usize, v: usize) -> u8 {
        let m = self.adj.len();
        match (u < m, v < m) {
            (true, true) if u == v => 3,
            (true, true) => (self.adj[u] >> v & 1) as u8,
            (true, false) => 2 * (self.forbidden[u] >> (v - m + 1) & 1) as u8,
            (false, true) => 2 * (self.forbidden[v] >> (u - m + 1) & 1) as u8,
            (false, false) => 0,
        }
    }

    /// [`Cells::cell`] row by row, written from the bitsets: zeros, then
    /// each vertex's 3, edges and forbidden colours (the canonical form
    /// copies every code of every lookup).
    fn codes(&self, out: &mut Vec<u8>) {
        let (m, n) = (self.adj.len(), self.order());
        let at = out.len();
        out.resize(at + n * n, 0);
        let cells = &mut out[at..];
        for (u, (&row, &forbidden)) in self.adj.iter().zip(&self.forbidden).enumerate() {
            cells[u * n + u] = 3;
            let mut bits = row;
            while bits != 0 {
                cells[u * n + bits.trailing_zeros() as usize] = 1;
                bits &= bits - 1;
            }
            let mut bits = forbidden;
            while bits != 0 {
                let colour = m + bits.trailing_zeros() as usize - 1;
                cells[u * n + colour] = 2;
                cells[colour * n + u] = 2;
                bits &= bits - 1;
            }
        }
    }
}

impl Reduced {
    /// Ordered games: the order fixes the vertex bijection, so what is
    /// left is the owners, the edges, and for each colour the set of
    /// vertices it is forbidden at, the colours' sets sorted (a colour
    /// permutation exists exactly when these sorted lists agree).
    fn ordered_key(&self) -> (Vec<u8>, Vec<u128>, Vec<u128>) {
        let mut sets: Vec<u128> = (1..=self.k)
            .map(|c| (0..self.adj.len()).fold(0, |s, i| s | u128::from(self.forbidden[i] >> c & 1 == 1) << i))
            .collect();
        sets.sort_unstable();
        (self.owner.clone(), self.adj.clone(), sets)
    }

    /// What a lookup keys this reduced position under besides its exact
    /// key: its colours and its tokens.
    pub fn tag(&self) -> u64 {
        self.k as u64 | u64::from(self.tokens) << 8
    }

    /// Calls `f` with this position's key in an index ([`Probe`]): in
    /// unordered games its canonical form, or if it has none the
    /// refinement invariant of its graph; in ordered games the reduced
    /// position itself, packed into words (`Reduced::ordered_key`: the
    /// owners, the edges and the sorted forbidden sets, each row in two
    /// words, after a word with the counts), equal exactly when the keys are.
    pub fn key<T>(&self, f: impl FnOnce(Probe) -> T) -> T {
        if !self.ordered {
            return canon::form(self, |form| match form {
                Some(form) => f(Probe::Form(form)),
                None => f(Probe::Invariant(stable(self).1)),
            });
        }
        let (owner, adj, sets) = self.ordered_key();
        let mut words = vec![owner.len() as u64 | (sets.len() as u64) << 32];
        words.extend(owner.chunks(8).map(|c| c.iter().fold(0, |w, &o| w << 8 | u64::from(o))));
        words.extend(
            adj.iter()
                .chain(&sets)
                .flat_map(|&row| [row as u64, (row >> 64) as u64]),
        );
        f(Probe::Form(&words))
    }

    /// The reduced position with what its equivalence test needs: in
    /// unordered games its canonical form ([`crate::canon`]), or for a
    /// position too symmetric to have one the stable colouring of its
    /// graph ([`stable`]).
    pub fn prepare(self) -> Prepared {
        let shape = match self.ordered {
            true => Shape::Ordered,
            false => match canon::form(&self, |f| f.map(<[u64]>::to_vec)) {
                Some(f) => Shape::Form(f),
                None => Shape::Stable(stable(&self).0),
            },
        };
        Prepared { reduced: self, shape }
    }
}

/// What an equivalence test compares besides the reduced positions' sizes.
#[derive(Clone, Debug)]
enum Shape {
    /// Ordered games: the positions themselves ([`Reduced::ordered_key`]).
    Ordered,
    /// The canonical form: equal forms are isomorphic graphs.
    Form(Vec<u64>),
    /// No form: the stable colouring to start [`isomorphic_from`] from.
    Stable(Vec<u32>),
}

/// A [`Reduced`] position prepared for equivalence tests.
#[derive(Clone, Debug)]
pub struct Prepared {
    reduced: Reduced,
    shape: Shape,
}

impl Prepared {
    /// Whether the two are equivalent: in unordered games by equal
    /// canonical forms or an explicit isomorphism found and checked by
    /// [`crate::iso`], either an isomorphism of their graphs.
    pub fn equivalent(&self, other: &Prepared) -> bool {
        let (a, b) = (&self.reduced, &other.reduced);
        if a.tokens != b.tokens || a.k != b.k {
            return false;
        }
        match (&self.shape, &other.shape) {
            (Shape::Ordered, Shape::Ordered) => a.ordered_key() == b.ordered_key(),
            (Shape::Form(x), Shape::Form(y)) => x == y,
            (Shape::Stable(ca), Shape::Stable(cb)) => isomorphic_from(a, ca, b, cb),
            _ => false,
        }
    }
}
