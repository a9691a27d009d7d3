//! The winning strategies of Section 3's two-colour fast paths as
//! [`LabelledStrategy`] objects of the exact game, so the generic certifier can
//! check them against every reply: Theorem 3.1's strategy (SCCG) and one
//! for Theorem 3.3 (SCG).
//!
//! The SCG strategy is the union-find algorithm itself, applied to the
//! game that remains: when the winner must colour a source (the only
//! moves with a choice, Section 3), he tries both colours and keeps one
//! after which the algorithm still names him the winner of the rest of
//! the game. The rest is again an SCG instance with owners: the coloured
//! vertices are folded into two anchor vertices coloured first (colour 1,
//! then colour 2, joined by an edge), each coloured vertex's later
//! neighbours joined to the anchor of its colour. Colouring the anchors
//! never fails and by the symmetry of the colours the first anchor's
//! colour is no choice, so the remaining game and this instance have the
//! same winner. The strategy therefore wins exactly when Lemma 3.2 holds
//! on every such instance (a loser's move from a lost position leaves a
//! lost position); the tests certify it.
//!
//! Lemma 3.2's printed proof gives a direct strategy (colour `first(s2)`
//! to break the colouring at the failing vertex, otherwise "i-good"
//! moves, restarting after each "i-wrong" move of the loser). Its text has
//! slips we did not need to resolve to use the algorithm: "∃ s1, s2 ∈ S :
//! first(s2) > first(s1) and owner(s2)" lost "≠ owner(i)"; "j ∈ s' ∪
//! buddy(s)" means buddy(s'); and the test quoted for i' has the
//! inequality reversed ("first(s1) > first(s2)") against the algorithm's.
//!
//! Each choice at a source costs one run of the algorithm, O(n + e a(e,
//! n)); a whole game costs O(n (n + e)), meant for certification, not for
//! graphs with millions of vertices.

use crate::core::board::Player;
use crate::engine::strategy::LabelledStrategy;
use crate::games::colouring::linear::{scg2, BigGraph, OrderedGame, Sccg2};
use crate::games::colouring::{ColourMove, ColourPosition, ColouringGame};

/// Theorem 3.1's winning strategy (SCCG with two colours).
pub struct Sccg2Strategy {
    ordered: OrderedGame,
    analysis: Sccg2,
}

impl Sccg2Strategy {
    /// The strategy of the SCCG `game`'s winner; `None` unless `game` is
    /// an SCCG with two colours.
    pub fn new(game: &ColouringGame) -> Option<Sccg2Strategy> {
        let ordered = OrderedGame::of(game).filter(|_| game.rules() == crate::games::colouring::Rules::Sccg)?;
        let analysis = crate::games::colouring::linear::sccg2(&ordered.graph, &ordered.second);
        Some(Sccg2Strategy { ordered, analysis })
    }

    /// The player the strategy wins for.
    pub fn winner(&self) -> Player {
        self.analysis.winner
    }
}

impl LabelledStrategy<ColouringGame> for Sccg2Strategy {
    fn choose(&self, _: &ColouringGame, position: &ColourPosition, _: Option<&ColourMove>) -> Vec<ColourMove> {
        let (colours, Some(t)) = self.ordered.colours(position) else {
            return vec![];
        };
        let c = self.analysis.choose(&self.ordered.graph, &colours, t);
        self.ordered.play(t, c)
    }
}

/// A winning strategy for Theorem 3.3 (SCG with two colours): at a
/// source, the colour after which the union-find algorithm still names
/// the strategy's player the winner of the remaining game (module docs).
pub struct Scg2Strategy {
    ordered: OrderedGame,
    player: Player,
}

impl Scg2Strategy {
    /// The strategy of the SCG `game`'s winner by the algorithm; `None`
    /// unless `game` is an SCG with two colours.
    pub fn new(game: &ColouringGame) -> Option<Scg2Strategy> {
        let ordered = OrderedGame::of(game).filter(|_| game.rules() == crate::games::colouring::Rules::Scg)?;
        let player = scg2(&ordered.graph, &ordered.second);
        Some(Scg2Strategy { ordered, player })
    }

    /// The player the strategy wins for.
    pub fn winner(&self) -> Player {
        self.player
    }

    /// The algorithm's winner of what remains after move `t` gives its
    /// vertex colour `c` (every earlier move made): the coloured vertices
    /// folded into anchors 0 (colour 1) and 1 (colour 2), then moves
    /// `t + 1, ...` as vertices `2, 3, ...`.
    pub fn remaining_winner(&self, colours: &[u8], t: usize, c: u8) -> Player {
        let graph = &self.ordered.graph;
        let n = graph.n();
        if t + 1 == n {
            // The last vertex is coloured: whoever coloured it wins.
            return self.ordered.owner(t);
        }
        let colour = |u: usize| if u == t { c } else { colours[u] };
        let place = |u: usize| {
            if u > t {
                (u - t + 1) as u32
            } else {
                colour(u) as u32 - 1
            }
        };
        let mut edges = vec![(0, 1)];
        for w in t + 1..n {
            let earlier = graph.neighbours(w).iter().filter(|&&u| (u as usize) < w);
            edges.extend(earlier.map(|&u| (place(u as usize), place(w))));
        }
        let mut second = vec![false; 2];
        second.extend_from_slice(&self.ordered.second[t + 1..]);
        scg2(&BigGraph::new(n - t + 1, &edges), &second)
    }
}

impl LabelledStrategy<ColouringGame> for Scg2Strategy {
    fn choose(&self, _: &ColouringGame, position: &ColourPosition, _: Option<&ColourMove>) -> Vec<ColourMove> {
        let (colours, Some(t)) = self.ordered.colours(position) else {
            return vec![];
        };
        let free = self.ordered.free(&colours, t);
        let c = match free.len() {
            // A source: keep the algorithm's verdict. If neither colour
            // does, the algorithm was wrong and the certifier will say so.
            2 => Some(
                [1, 2]
                    .into_iter()
                    .find(|&c| self.remaining_winner(&colours, t, c) == self.player)
                    .unwrap_or(1),
            ),
            _ => free.first().copied(),
        };
        self.ordered.play(t, c)
    }
}
