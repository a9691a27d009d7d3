//! Version 9: "she cannot force a red `K_k` within `b` of her moves"
//! (proofs/FORMAT.md, "Version 9: no forced win within b"): his strategy,
//! one reply per position where he is to move (up to isomorphism), each
//! with `L`, the number of her moves he holds her off for after it.
//!
//! The checker tries **every** move of hers with its own rule
//! (`closure::Game::replies`, the same enumeration it uses for his replies in
//! version 2: every unclaimed pair of touched vertices, each touched
//! vertex to one untouched vertex, and one edge between two untouched
//! vertices; on `K_n` literally every unclaimed edge), and follows his
//! stated reply. A line ends when his reply completes his `K_k` (he has
//! won first), when the board is full (a draw), or when she has no move
//! left. Two lines end by a rule this module argues for itself
//! ([`Defence::held`]): he can complete his `K_k` at once, or she has one
//! move left and at most one edge that would complete her `K_k`.

use crate::closure::{line_number, Game, Index};
use crate::format::Entry;
use crate::graph::{Colour, Graph};

/// The format version of "no forced win within `b`" certificates.
pub use crate::format::NOWIN_VERSION as VERSION;

/// The game and the entries the claim is checked against.
pub struct Defence<'i, 'a> {
    /// The board and the target.
    pub game: Game,
    /// His entries, looked up by isomorphism.
    pub index: &'i Index<'a>,
}

impl Defence<'_, '_> {
    /// Why `q` (him to move, no `K_k` yet) is not shown *held for `left`*:
    /// he keeps her from completing a red `K_k` with any of her next
    /// `left` moves. Held when:
    /// * `left` is 0 (she has no move left), or the board is full (a draw);
    /// * he can complete a blue `K_k` now (he does, and the game ends);
    /// * `left` is 1, `k >= 3`, and at most one unclaimed edge completes a
    ///   red `K_k`: he claims that edge (or any), and since a blue edge
    ///   never makes a red completion, she has none for her last move.
    ///   For `k >= 3` both ends of a completing edge have red edges, so
    ///   they are touched, and counting touched pairs counts them all;
    /// * `left` is 2, `k >= 3`, she has no completion in `q` and no move
    ///   of hers makes two: whatever he plays (a blue edge only takes her
    ///   completions away), her first move leaves her at most one, and the
    ///   case `left = 1` applies;
    /// * `q` is isomorphic to an entry whose `L` is at least `left`
    ///   (holding her off for more moves holds her off for fewer).
    pub fn held(&self, q: &Graph, left: u32) -> Result<(), String> {
        let k = self.game.k;
        if left == 0 || self.game.is_full(q) || q.can_complete(&q.touched(), Colour::Blue, k) {
            return Ok(());
        }
        if left == 1 && k >= 3 && red_completions(q, k) <= 1 {
            return Ok(());
        }
        if left == 2 && k >= 3 && red_completions(q, k) == 0 && !self.double_threat_ahead(q) {
            return Ok(());
        }
        match self.index.largest_depth_of(q, left) {
            Some(_) => Ok(()),
            None => Err(format!("no entry with L >= {left}: missing position")),
        }
    }

    /// Why her turn at `p` with `left >= 1` of her moves is not held:
    /// every move of hers must not complete a red `K_k`, and must leave a
    /// position held for `left - 1`. Returns how many moves it tried.
    pub fn her_turn(&self, p: &Graph, left: u32, context: &str) -> Result<usize, String> {
        if self.game.is_full(p) {
            return Ok(0);
        }
        let moves = self.game.replies(p);
        for &(u, v) in &moves {
            if p.completes(u, v, Colour::Red, self.game.k) {
                return Err(format!(
                    "{context}, her move {u}-{v} completes a red K{} with {left} of her moves left",
                    self.game.k
                ));
            }
            let mut q = p.clone();
            q.claim(u, v, Colour::Red);
            self.held(&q, left - 1)
                .map_err(|why| format!("{context} and her move {u}-{v}: {why}"))?;
        }
        Ok(moves.len())
    }

    /// Checks entry `e` `(Q, r, L)`: `Q` is his turn with no `K_k`, `r`
    /// is an unclaimed edge of the board, and after `r` either he has
    /// completed his `K_k`, or her turn is held for `L` moves. Returns her
    /// moves tried.
    pub fn check_entry(&self, e: &Entry) -> Result<usize, String> {
        let q = &e.position;
        let (red, blue) = (q.count(Colour::Red), q.count(Colour::Blue));
        if red != blue + 1 {
            return Err(format!("not his turn: {red} red and {blue} blue edges"));
        }
        self.game.legality_of(q, &e.moves)?;
        let (a, b) = e.moves[0];
        if q.completes(a, b, Colour::Blue, self.game.k) {
            return Ok(0);
        }
        let mut p = q.clone();
        p.claim(a, b, Colour::Blue);
        self.her_turn(&p, e.depth, &format!("after his reply {a}-{b}"))
    }

    /// Checks the start `s` (her turn, no `K_k`, on the board) for
    /// `bound` of her moves. Returns her moves tried.
    pub fn check_start(&self, s: &Graph, bound: u32) -> Result<usize, String> {
        let (red, blue) = (s.count(Colour::Red), s.count(Colour::Blue));
        if red != blue {
            return Err(format!(
                "start position is not her turn: {red} red and {blue} blue edges"
            ));
        }
        self.game
            .legality_of(s, &[])
            .map_err(|why| format!("start position: {why}"))?;
        match bound {
            0 => Ok(0),
            _ => self.her_turn(s, bound, "from the start position"),
        }
    }
}

impl Defence<'_, '_> {
    /// Whether some move of hers in `q` (the enumeration of her moves)
    /// leaves at least two unclaimed edges that would complete a red `K_k`.
    ///
    /// Asked only where `q` has no red completion, so every completion
    /// after her move `u-v` is of a `K_k` that contains `u-v` (its other
    /// edges were there before, and an edge completing a `K_k` without
    /// `u-v` would have completed it in `q`). Each vertex `x` of that `K_k`
    /// other than `u`, `v` is red-adjacent to `u` or `v` (to both, unless
    /// `x` is an end of the missing edge and the other end is `u` or `v`),
    /// so counting the completing pairs among `u`, `v` and their red
    /// neighbours counts them all.
    fn double_threat_ahead(&self, q: &Graph) -> bool {
        self.game.replies(q).into_iter().any(|(u, v)| {
            let mut after = q.clone();
            after.claim(u, v, Colour::Red);
            let near: Vec<usize> = (0..after.order())
                .filter(|&x| x == u || x == v || after.is(x, u, Colour::Red) || after.is(x, v, Colour::Red))
                .collect();
            completions_among(&after, &near, self.game.k) >= 2
        })
    }
}

/// Unclaimed pairs of `vertices` that would complete a red `K_k` in `g`.
fn completions_among(g: &Graph, vertices: &[usize], k: usize) -> usize {
    vertices
        .iter()
        .enumerate()
        .map(|(i, &u)| {
            vertices[i + 1..]
                .iter()
                .filter(|&&v| g.completes(u, v, Colour::Red, k))
                .count()
        })
        .sum()
}

/// Unclaimed pairs of touched vertices of `g` that would complete a red `K_k`.
fn red_completions(g: &Graph, k: usize) -> usize {
    completions_among(g, &g.touched(), k)
}

/// Checks a version-9 body: the start, then every entry (on `threads`
/// threads). Returns her moves tried over all.
pub fn check(game: Game, start: &Graph, bound: u32, index: &Index, threads: usize) -> Result<usize, crate::Rejection> {
    let defence = Defence { game, index };
    let at_start = defence.check_start(start, bound).map_err(crate::Rejection::invalid)?;
    let tried = crate::check_all(index.len(), threads, &|i| {
        let line = line_number(i);
        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
        defence.check_entry(&e).map_err(|why| (line, why))
    })?;
    Ok(at_start + tried)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Board;

    /// The local count of [`Defence::double_threat_ahead`] against the
    /// plain one (every touched pair after every move of hers), on random
    /// positions on 7 vertices without a red completion, for `k` = 3, 4.
    #[test]
    fn local_double_threats_agree_with_counting_every_pair() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let index = Index::new(vec![], false).unwrap();
        let (mut asked, mut threats) = (0, 0);
        for round in 0..4000 {
            let k = 3 + round % 2;
            let mut q = Graph::new(7);
            for u in 0..7 {
                for v in u + 1..7 {
                    match next(5) {
                        0 | 1 => q.claim(u, v, Colour::Red),
                        2 => q.claim(u, v, Colour::Blue),
                        _ => {}
                    }
                }
            }
            if red_completions(&q, k) > 0 {
                continue;
            }
            let game = Game {
                board: Board::Complete(7),
                k,
            };
            let plain = game.replies(&q).into_iter().any(|(u, v)| {
                let mut after = q.clone();
                after.claim(u, v, Colour::Red);
                red_completions(&after, k) >= 2
            });
            let defence = Defence { game, index: &index };
            assert_eq!(defence.double_threat_ahead(&q), plain, "{q:?}, k = {k}");
            asked += 1;
            threats += usize::from(plain);
        }
        assert!(
            asked > 200 && threats > 20 && threats < asked,
            "{asked} asked, {threats} threats"
        );
    }
}
