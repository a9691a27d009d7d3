//! Endgames of Hajnal's triangle-free game decided without the search:
//! the game from a position is the disjunctive sum of the components of
//! its interacting legal edges (`triangle_free.rs`, Claim 2), so the
//! Sprague–Grundy theorem decides it from each component's Grundy value,
//! computed by a small search over bit sets where the components are
//! small.
//!
//! # The state of a component
//!
//! The game is impartial (both players have the same moves: the legal
//! edges) under normal play (who cannot move loses), so every position
//! has a Grundy value, a position is lost for its mover exactly when its
//! value is 0, and the value of a disjunctive sum is the XOR of its parts'
//! (Sprague, Grundy; e.g. Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 2).
//!
//! *Claim 3.* Within a component `C`, which edges of `C` are legal after
//! some moves depends only on the edges of `C` played (`P`) and killed:
//! playing `e` kills exactly the legal `f` of `C` that are hard with `e`,
//! or soft with `e` with the third edge of their triangle in `P`; it kills
//! no edge outside `C`, and no move outside `C` kills an edge of `C`.
//!
//! *Proof.* By Claim 1 playing `e` kills the legal `f` sharing a vertex
//! with `e` whose triangle with `e` has its third edge `t` in the graph
//! then. Such `f` interacts with `e` (Claim 2), so lies in `C`. If the
//! pair is hard, `t` is in the graph from the start; if soft, `t` was
//! legal at the start, so `t` is in the graph exactly when it was played;
//! `t` interacts with `e` (their third edge `f` is legal), so `t ∈ C`. ∎
//!
//! So a component is a game of its own, its state the pair (edges of `C`
//! still legal, edges of `C` played) ([`Interactions::killed_by`]), and
//! the mover wins exactly when the XOR of the components' Grundy values is
//! not 0. Components with more than [`MAX_COMPONENT`] edges, or a search
//! past [`MAX_STATES`] states, leave the position to the main search
//! (only the cost depends on these caps, never a value).
//!
//! Special cases: a component of one edge has value 1; one whose edges
//! are pairwise hard, 1 (any move kills the rest); a legal triangle
//! alone, 0 (exactly two moves). Where every component is such, the game
//! has a fixed length and is won by parity.

use super::triangle_free::{Interactions, LegalEdges};
use crate::core::board::{first_n, members, Edge, MAX_VERTICES};
use foldhash::fast::FixedState;
use std::cell::RefCell;
use std::collections::HashMap;

/// The largest component searched (legal edges). Measured on K12, one
/// thread (`docs/book/src/performance-log-3.md`): caps of 10, 12, 14, 16 edges
/// stored 59,551, 44,101, 30,665, 20,930 positions in 2.3, 2.5, 3.7,
/// 6.3 CPU s (185,452 positions, 6.2 s without the endgames); on K13 a
/// cap of 14 cost more than it saved.
const MAX_COMPONENT: u32 = 10;

/// The most states searched for one component.
const MAX_STATES: usize = 512;

/// The most boards' vertices handled: a component is keyed by bit sets of
/// vertex pairs ([`pair_bit`]), 120 of them on 16 vertices.
const MAX_BOARD: usize = 16;

/// Components remembered per thread before the memory is cleared (about
/// 64 MB at most).
const MAX_REMEMBERED: usize = 1 << 20;

/// A component `C` as its legal edges `L_C` and the common graph's edges
/// that are third sides of cherries of `L_C` (`H_C`), as bit sets of
/// vertex pairs, labelled: all its Grundy value depends on.
///
/// *Claim 6.* Components (each a whole component of its position) with
/// equal `L_C` and `H_C` have equal Grundy values.
///
/// *Proof.* By Claim 3 the game of `C` is played on `L_C` and depends
/// only on which pairs of `C` are hard and which soft, and with which
/// third edge; the search ([`Search`]) reads exactly that
/// ([`Interactions`] at the edges of `C`: [`partners`], [`relevant`],
/// [`Interactions::killed_by`]). Two edges `xz`, `yz` of `C` are a cherry
/// of `L_C`; they are hard exactly when `xy` is in the graph, that is in
/// `H_C`; soft exactly when `xy` is legal, and then `xy` interacts with
/// `xz` (their third edge `yz` is legal), so `xy` is in `C`: exactly when
/// `xy ∈ L_C`. Edges of `C` at no common vertex do not interact. So equal
/// keys give the same hard pairs and soft triangles on the same labelled
/// edges, the same game, one value (the numbering of the edges, which
/// depends on the rest of the position, only names them). The graph's
/// other edges among the ends of `C` (the key before 2026-12-07) never
/// matter. ∎
type ComponentKey = (u128, u128);

/// The legal edges of the components too large to value, by number, and
/// the XOR of the others' Grundy values ([`large_part`]).
type Split = (u64, u32);

thread_local! {
    /// Grundy values of components met before (`None`: past the caps).
    /// Values are exact, so what is remembered changes the cost only.
    static REMEMBERED: RefCell<HashMap<ComponentKey, Option<u32>, FixedState>> = RefCell::new(HashMap::default());
    /// The last [`large_part`] asked, with the legal edges it was asked of.
    static LAST: RefCell<Option<(LegalEdges, Option<Split>)>> = const { RefCell::new(None) };
}

/// Whether the player to move wins, if the components of the legal edges
/// are small enough to decide it (module docs); `None` otherwise.
pub(super) fn mover_wins(legal: &LegalEdges) -> Option<bool> {
    let (large, small) = large_part(legal)?;
    (large == 0).then_some(small != 0)
}

/// The legal edges (by number, [`LegalEdges::edges`]) of the components
/// too large to value here, and the XOR of the Grundy values of the others
/// (`reduced.rs`, Claim 5: the winner depends on no more of them); `None`
/// past 64 legal edges or [`MAX_BOARD`] vertices. The search asks it twice
/// of most positions, for [`mover_wins`] and then for the score form, so
/// the last answer is remembered (for exactly equal legal edges and graph:
/// the answer is a function of them).
pub(super) fn large_part(legal: &LegalEdges) -> Option<Split> {
    let last = LAST.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(seen, _)| seen == legal)
            .map(|&(_, part)| part)
    });
    if let Some(part) = last {
        return part;
    }
    let part = split_by_size(legal);
    LAST.with(|l| *l.borrow_mut() = Some((legal.clone(), part)));
    part
}

/// [`large_part`], computed.
fn split_by_size(legal: &LegalEdges) -> Option<Split> {
    if legal.vertices() > MAX_BOARD {
        return None;
    }
    let found = legal.interactions()?;
    let count = found.hard.len();
    let all = if count == 64 { u64::MAX } else { (1u64 << count) - 1 };
    let edges = legal.edges();
    let (mut large, mut small) = (0, 0);
    for part in split(&found, all, 0) {
        let value = (part.count_ones() <= MAX_COMPONENT)
            .then(|| remembered_grundy(legal, &found, &edges, part))
            .flatten();
        match value {
            Some(g) => small ^= g,
            None => large |= part,
        }
    }
    Some((large, small))
}

/// The Grundy value of the component `part` (legal edges by number),
/// remembered by its [`ComponentKey`].
fn remembered_grundy(legal: &LegalEdges, found: &Interactions, edges: &[Edge], part: u64) -> Option<u32> {
    let key = component_key(legal, edges, part);
    if let Some(known) = REMEMBERED.with(|r| r.borrow().get(&key).copied()) {
        return known;
    }
    let mut search = Search {
        found,
        memo: HashMap::default(),
    };
    let value = search.grundy(part, 0);
    REMEMBERED.with(|r| {
        let mut r = r.borrow_mut();
        if r.len() >= MAX_REMEMBERED {
            r.clear();
        }
        r.insert(key, value);
    });
    value
}

/// The bit of the vertex pair `uv` (`u != v`, both below [`MAX_BOARD`]).
fn pair_bit(u: usize, v: usize) -> u128 {
    let (a, b) = (u.max(v), u.min(v));
    1 << (a * (a - 1) / 2 + b)
}

/// A component's [`ComponentKey`]: its legal edges and the graph's edges
/// that are third sides of their cherries.
fn component_key(legal: &LegalEdges, edges: &[Edge], part: u64) -> ComponentKey {
    let mut rows = [0; MAX_VERTICES];
    let mut mine = 0;
    let mut rest = part;
    while rest != 0 {
        let (u, v) = edges[rest.trailing_zeros() as usize].ends();
        rest &= rest - 1;
        mine |= pair_bit(u as usize, v as usize);
        rows[u as usize] |= 1 << v;
        rows[v as usize] |= 1 << u;
    }
    let third = legal.third_sides(&rows);
    let mut graph = 0;
    for (x, &row) in third[..MAX_BOARD].iter().enumerate() {
        for y in members(row & first_n(x)) {
            graph |= pair_bit(x, y as usize);
        }
    }
    (mine, graph)
}

/// The edges of `live` still interacting with `e` once `played` are
/// played: hard ones, and soft ones whose third edge can still be played
/// or has been (a third edge killed never enters the graph).
fn partners(found: &Interactions, e: usize, live: u64, played: u64) -> u64 {
    let open = live | played;
    let mut with = found.hard[e] & live;
    for &(f, t) in &found.triangles[e] {
        with |= (live >> f & open >> t & 1) << f;
    }
    with
}

/// The components of the state (`live`, `played`) of a component: by Claim
/// 3 its parts are again played independently.
fn split(found: &Interactions, live: u64, played: u64) -> Vec<u64> {
    let mut left = live;
    let mut parts = Vec::new();
    while left != 0 {
        let mut part = left & left.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let e = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = partners(found, e, live, played) & !part;
            part |= new;
            frontier |= new;
        }
        left &= !part;
        parts.push(part);
    }
    parts
}

/// The played edges that still matter to the edges `part`: third edges
/// of their soft pairs within `part`.
fn relevant(found: &Interactions, part: u64, played: u64) -> u64 {
    let mut thirds = 0;
    let mut rest = part;
    while rest != 0 {
        let e = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for &(f, t) in &found.triangles[e] {
            thirds |= (part >> f & 1) << t;
        }
    }
    played & thirds
}

/// The Grundy values of component states, memoised.
struct Search<'a> {
    found: &'a Interactions,
    /// (legal, played that matter) -> Grundy value.
    memo: HashMap<(u64, u64), u32, FixedState>,
}

impl Search<'_> {
    /// The Grundy value of a component state: `live` its legal edges,
    /// `played` its edges played (Claim 3), split again into the parts
    /// that no longer interact (their values XORed); `None` past
    /// [`MAX_STATES`].
    fn grundy(&mut self, live: u64, played: u64) -> Option<u32> {
        let parts = split(self.found, live, played);
        let mut total = 0;
        for part in parts {
            total ^= self.part_grundy(part, relevant(self.found, part, played))?;
        }
        Some(total)
    }

    /// [`Search::grundy`] of a state whose edges all interact.
    fn part_grundy(&mut self, live: u64, played: u64) -> Option<u32> {
        if live.count_ones() <= 1 {
            return Some(live.count_ones());
        }
        if let Some(&g) = self.memo.get(&(live, played)) {
            return Some(g);
        }
        if self.memo.len() >= MAX_STATES {
            return None;
        }
        let mut seen = 0u64;
        let mut moves = live;
        while moves != 0 {
            let e = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let after = live & !(1 << e) & !self.found.killed_by(e, played);
            seen |= 1 << self.grundy(after, played | 1 << e)?.min(63);
        }
        let g = (!seen).trailing_zeros();
        self.memo.insert((live, played), g);
        Some(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::{Board, Edge, Player, Position};
    use crate::games::pattern::Pattern;
    use crate::games::ramsey::{RamseyGame, Rules};
    use crate::games::Rules as _;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Plain minimax over labelled positions: the rules alone, no
    /// reduction (whether the player to move wins).
    fn plain(game: &RamseyGame, position: &Position, memo: &mut HashMap<Vec<u128>, bool>) -> bool {
        let key: Vec<u128> = (0..position.vertex_count())
            .map(|v| game.neighbours(position, Player::First, v as u8))
            .collect();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let adjacent = |v: u8| game.neighbours(position, Player::First, v);
        let n = position.vertex_count() as u8;
        let legal = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .filter(|&(u, v)| adjacent(u) >> v & 1 == 0 && adjacent(u) & adjacent(v) == 0);
        let wins = legal
            .collect::<Vec<_>>()
            .into_iter()
            .any(|(u, v)| !plain(game, &game.play(position, &vec![Edge::new(u, v)]), memo));
        memo.insert(key, wins);
        wins
    }

    fn game(n: usize) -> RamseyGame {
        let k3: Pattern = "K3".parse().unwrap();
        let start = Position::empty(Board::complete_graph(n));
        RamseyGame::new(start, [k3.clone(), k3], Rules::SharedAvoid, Player::First).unwrap()
    }

    /// A random triangle-free graph on `n` vertices with up to `edges`
    /// edges, built by legal moves.
    fn random_position(game: &RamseyGame, rng: &mut StdRng, edges: usize) -> Position {
        let mut p = game.start();
        for _ in 0..edges {
            let moves = game.moves(&p);
            if moves.is_empty() {
                break;
            }
            p = game.play(&p, &moves[rng.random_range(0..moves.len())]);
        }
        p
    }

    #[test]
    fn the_endgame_winner_agrees_with_plain_minimax_on_random_graphs_up_to_nine_vertices() {
        let mut rng = StdRng::seed_from_u64(14);
        let (mut decided, mut refused) = (0, 0);
        for n in 3..=9 {
            let game = game(n);
            let mut memo = HashMap::new();
            for _ in 0..150 {
                let edges = rng.random_range(0..=2 * n);
                let p = random_position(&game, &mut rng, edges);
                match mover_wins(&LegalEdges::of(&p)) {
                    Some(w) => {
                        assert_eq!(w, plain(&game, &p, &mut memo), "K{n}: {:?}", p.edges(Player::First));
                        decided += 1;
                    }
                    None => refused += 1,
                }
            }
        }
        // Both branches are exercised: the test can fail either way.
        assert!(decided > 300 && refused > 20, "decided {decided}, refused {refused}");
    }

    /// The Grundy value of the component `part` by the plain rules: the
    /// real game with its moves restricted to `part` (Claim 3: they are a
    /// game of their own), no [`Interactions`].
    fn plain_grundy(game: &RamseyGame, p: &Position, part: &[Edge], memo: &mut HashMap<Vec<u128>, u32>) -> u32 {
        let key: Vec<u128> = (0..p.vertex_count())
            .map(|v| game.neighbours(p, Player::First, v as u8))
            .collect();
        if let Some(&g) = memo.get(&key) {
            return g;
        }
        let moves = game.moves(p).into_iter().filter(|m| part.contains(&m[0]));
        let seen = moves.fold(0u64, |seen, m| {
            seen | 1 << plain_grundy(game, &game.play(p, &m), part, memo)
        });
        let g = (!seen).trailing_zeros();
        memo.insert(key, g);
        g
    }

    #[test]
    fn components_of_one_key_have_one_plain_grundy_value() {
        let mut rng = StdRng::seed_from_u64(27);
        let mut by_key: HashMap<ComponentKey, u32> = HashMap::new();
        let (mut checked, mut repeated, mut narrower) = (0, 0, 0);
        for n in 4..=13 {
            let game = game(n);
            for _ in 0..300 {
                let edges = rng.random_range(0..=n + n / 2);
                let p = random_position(&game, &mut rng, edges);
                let legal = LegalEdges::of(&p);
                let Some(found) = legal.interactions() else { continue };
                let all = legal.edges();
                let every = if all.len() == 64 {
                    u64::MAX
                } else {
                    (1u64 << all.len()) - 1
                };
                for part in split(&found, every, 0)
                    .into_iter()
                    .filter(|c| c.count_ones() <= MAX_COMPONENT)
                {
                    let mine: Vec<Edge> = (0..all.len()).filter(|&i| part >> i & 1 == 1).map(|i| all[i]).collect();
                    let value = plain_grundy(&game, &p, &mine, &mut HashMap::new());
                    let key = component_key(&legal, &all, part);
                    let first = by_key.insert(key, value);
                    assert!(
                        first.is_none_or(|g| g == value),
                        "K{n}: {mine:?} in {:?}",
                        p.edges(Player::First)
                    );
                    checked += 1;
                    repeated += usize::from(first.is_some());
                    // The key before: the whole graph among the ends.
                    let ends = mine.iter().fold(0u128, |s, e| s | 1 << e.ends().0 | 1 << e.ends().1);
                    let among = |v| game.neighbours(&p, Player::First, v) & ends & first_n(v as usize);
                    let old = members(ends).fold(0, |g, v| {
                        members(among(v)).fold(g, |g, w| g | pair_bit(v as usize, w as usize))
                    });
                    narrower += usize::from(old != key.1);
                }
            }
        }
        // Repeated keys, and keys narrower than the graph among the ends:
        // the test can fail, and covers what the key leaves out.
        assert!(
            checked > 1000 && repeated > 300 && narrower > 30,
            "{checked}, {repeated}, {narrower}"
        );
    }

    #[test]
    fn the_remembered_split_is_the_split_of_the_position_asked() {
        let mut rng = StdRng::seed_from_u64(5);
        let game = game(9);
        let positions: Vec<LegalEdges> = (0..40)
            .map(|_| {
                let edges = rng.random_range(0..=12);
                LegalEdges::of(&random_position(&game, &mut rng, edges))
            })
            .collect();
        let fresh: Vec<_> = positions.iter().map(split_by_size).collect();
        for _ in 0..400 {
            let i = rng.random_range(0..positions.len());
            assert_eq!(large_part(&positions[i]), fresh[i], "position {i}");
        }
    }

    #[test]
    fn a_triangle_is_worth_zero_a_hard_pair_one_and_a_free_k4_is_searched() {
        let mut p = Position::empty(Board::complete_graph(3));
        assert_eq!(mover_wins(&LegalEdges::of(&p)), Some(false));
        p.claim(Edge::new(0, 1), Player::First).unwrap();
        assert_eq!(mover_wins(&LegalEdges::of(&p)), Some(true));
        // K4 empty: one component of six edges; the first player loses
        // (Seress: the second player wins on four vertices).
        let k4 = Position::empty(Board::complete_graph(4));
        assert_eq!(mover_wins(&LegalEdges::of(&k4)), Some(false));
    }
}
