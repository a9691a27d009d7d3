//! What helps a search of graph Ramsey games without changing a value:
//! bounds for the threshold search and, for the one-colour avoidance game
//! ([`super::Rules::SharedAvoid`], Hajnal's triangle-free game with K3), a fast
//! test of whether the mover can end the game at once, and a move order.
//!
//! # Ending moves of the one-colour game
//!
//! In the one-colour game the mover wins at once by a move after which
//! the opponent has no legal move; the score-only search
//! (`engine::Decider`) asks that of every position it meets
//! ([`Hints::ending_move`]). Played out, it costs a move list per move.
//! When every two edges of the target share a vertex (K3, the stars
//! K1,r: [`meeting_edges`]), most moves are ruled out by counting:
//!
//! *Claim.* Let `G` be the common graph and `uv` a legal move. A free edge
//! `xy` legal in `G` that is illegal in `G + uv` shares a vertex with
//! `uv`.
//!
//! *Proof.* `G + uv + xy` contains a copy `C` of the target. `C` uses
//! `uv`, else `C` lies in `G + xy`, and `xy` was legal in `G`; `C` uses
//! `xy`, else `C` lies in `G + uv`, and `uv` is legal. Two edges of `C`
//! share a vertex, since any two edges of the target do. ∎
//!
//! So `uv` can end the game only if every legal edge of `G` touches `u`
//! or `v`, that is if `d(u) + d(v) - 1` equals the number of legal edges,
//! `d` counting legal edges at a vertex. Only such moves are played out.
//!
//! # Move order
//!
//! [`RamseyGame::shared_order`]: moves that leave the opponent fewest
//! legal moves first (most legal edges killed), ties in the given order.
//! Only the order of search depends on it, never a value.

use super::triangle_free::LegalEdges;
use super::{Outcome, RamseyGame};
use crate::core::board::{Edge, Position};
use crate::core::symmetry::Canonical;
use crate::games::pattern::Pattern;
use crate::games::{Hints, Rules as _};

/// Whether every two edges of `target` share a vertex (the condition of
/// the claim in the module docs).
pub fn meeting_edges(target: &Pattern) -> bool {
    let edges = target.edges();
    edges.iter().enumerate().all(|(i, e)| {
        let (a, b) = e.ends();
        edges[i + 1..].iter().all(|f| {
            let (c, d) = f.ends();
            a == c || a == d || b == c || b == d
        })
    })
}

impl RamseyGame {
    /// The one-colour game's ending move ([`Hints::ending_move`]): under
    /// [`super::Rules::SharedAvoid`] with a target whose edges meet, `Some(Some(m))`
    /// for the first legal move `m` after which the opponent cannot move,
    /// `Some(None)` if there is none; `None` (not known) otherwise.
    fn shared_ending_move(&self, position: &Position, score: Outcome) -> Option<Option<Vec<Edge>>> {
        if !self.rules().shared() || !self.meeting {
            return None;
        }
        if score.winner() != Some(position.to_move()) {
            // The only end a move makes is the opponent's being stuck.
            return Some(None);
        }
        if self.triangle_free() {
            // Counted without playing: `triangle_free.rs`, Claim 1.
            let legal = LegalEdges::of(position);
            let ends = legal.edges().into_iter().find(|&e| legal.left_after(e) == 0);
            return Some(ends.map(|e| vec![e]));
        }
        let legal = self.single_moves(position);
        let mut degree = [0usize; crate::core::board::MAX_VERTICES];
        for e in &legal {
            let (u, v) = e.ends();
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        let touches_all = |e: &Edge| {
            let (u, v) = e.ends();
            degree[u as usize] + degree[v as usize] - 1 == legal.len()
        };
        let ends = |e: &Edge| {
            let next = self.play(position, &vec![*e]);
            self.single_moves(&next).is_empty()
        };
        Some(legal.iter().find(|e| touches_all(e) && ends(e)).map(|&e| vec![e]))
    }

    /// Sorts moves of the one-colour game so that those leaving the
    /// opponent the fewest legal moves come first (stable: ties keep their
    /// order). Any order gives the same values; this one makes the
    /// score-only search find wins sooner. In the triangle-free game the
    /// moves left are counted without playing (`triangle_free.rs`, Claim
    /// 1: the same numbers, so the same order).
    pub fn shared_order(&self, position: &Position, moves: &mut [Vec<Edge>]) {
        if self.triangle_free() {
            let legal = LegalEdges::of(position);
            moves.sort_by_cached_key(|m| m.iter().map(|&e| legal.left_after(e)).sum::<usize>());
            return;
        }
        let left = |m: &Vec<Edge>| self.single_moves(&self.play(position, m)).len();
        moves.sort_by_cached_key(left);
    }

    /// The winner of a position of the triangle-free game whose endgame
    /// `endgame.rs` decides (small components of interacting legal edges,
    /// by their Grundy values).
    fn endgame_winner(&self, position: &Position) -> Option<Outcome> {
        if !self.triangle_free() {
            return None;
        }
        let mover = position.to_move();
        let wins = super::endgame::mover_wins(&LegalEdges::of(position))?;
        Some(Outcome::win_for(if wins { mover } else { mover.opponent() }))
    }
}

impl Hints for RamseyGame {
    /// Every outcome is possible as far as this cheap bound knows; with
    /// [`crate::games::ranked::Ranked`] it still bounds the length of play.
    fn score_bounds(&self, _position: &Position) -> Option<(Outcome, Outcome)> {
        Some((Outcome::BlueWins, Outcome::RedWins))
    }

    /// The one-colour game's ending move (module docs); under the misère
    /// rules no move wins at once (a move ends the game only by completing
    /// the mover's own target, which loses, or by filling the board, a
    /// draw); for the other rule sets not known.
    fn ending_move(&self, position: &Position, score: Outcome) -> Option<Option<Vec<Edge>>> {
        let misere = matches!(self.rules(), super::Rules::Misere | super::Rules::MiserePlus);
        if misere && score.winner() == Some(position.to_move()) {
            return Some(None);
        }
        self.shared_ending_move(position, score)
    }

    /// The triangle-free game's endgames (`endgame.rs`): the winner by the
    /// Grundy values of the components of its legal edges; Sim's
    /// (`sim.rs`): a mover without a safe edge loses, quiet endgames are
    /// counted.
    fn quick_score(&self, position: &Position) -> Option<Outcome> {
        self.endgame_winner(position).or_else(|| self.sim_winner(position))
    }

    /// The triangle-free game's reduced structure (`reduced.rs`, Claims 4
    /// and 5: the legal edges and the edges of the graph that are third
    /// sides of their cherries, small components by the XOR of their
    /// Grundy values), on finite boards.
    fn score_form(&self, position: &Position) -> Option<Canonical<Position>> {
        let finite = position.board().edge_count().is_some();
        (self.triangle_free() && finite).then(|| super::reduced::reduced_form(position))
    }
}

/// Nothing beyond the plain rules: `solve --rules ... --budget` searches
/// every move and stores finished positions, as it always has (its
/// published counts include them).
impl crate::games::horizon::HorizonHints for RamseyGame {}

/// For the length tests (`solve --by-tests`): Sim's exact values of
/// quiet endgames (`sim.rs`, Claims 1 to 4) and the move orders of the
/// score-only search (Sim's, the one-colour game's): the moves most likely
/// to settle a node first.
impl crate::games::ply_horizon::PlyHints for RamseyGame {
    fn exact_quickly(&self, position: &Position) -> Option<crate::games::Value<Outcome>> {
        self.sim_value(position)
    }
    fn order_for_tests(&self, position: &Position, moves: &mut [Vec<Edge>]) {
        if self.rules().shared() {
            self.shared_order(position, moves);
        } else if self.is_sim() {
            self.sim_order(position, moves);
        }
    }
    /// Under the achievement and avoidance rules the winner moves last
    /// (she completes her target, or the other cannot move); under the
    /// misère rules the loser does (he completes his own). Not known where
    /// a full board is a win ([`super::Rules::AchieveSecond`],
    /// [`super::Rules::Maker`]): whoever fills it moves last.
    fn winner_moves_last(&self) -> Option<bool> {
        use super::Rules::*;
        match self.rules() {
            Achieve | Avoid | AvoidPlus | SharedAvoid => Some(true),
            Misere | MiserePlus => Some(false),
            AchieveSecond | Maker => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangles_and_stars_have_meeting_edges_paths_and_cycles_not() {
        let meets = |name: &str| meeting_edges(&name.parse().unwrap());
        assert!(meets("K3") && meets("K1,3") && meets("P3"));
        assert!(!meets("P4") && !meets("C4") && !meets("K4") && !meets("2K2"));
    }
}
