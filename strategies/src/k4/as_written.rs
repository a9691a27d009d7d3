//! `k4-as-written`: the K4 building strategy of Section 4 (Theorem 4.3)
//! with every choice the text leaves open left open (issue 16).
//!
//! [`Strategy::choices`] returns, at each of her turns, one move per
//! admissible resolution of the rules as the paper words them, in a fixed
//! order; [`Strategy::play`] is the first of them. The stages are the ones
//! `k4` plays (`stage*.rs`, `modified_k3.rs`, `promising.rs`); each exposes
//! its candidate set, and `k4` plays the first element of each. The sets
//! are ordered so that the first choice is always `k4`'s move (also where
//! this strategy admits more than `k4`'s reading: the hub of a Figure 6
//! entry, Stage 6's void "l, r"), so `play` here plays exactly as `k4`.
//!
//! The open choices, with the sentence of the paper each comes from (all
//! in Section 4; details on the functions named):
//! - Stage 1 ([`stage1::choices`]): her fourth edge of the K3 building
//!   strategy, `a u` or `c u` when both are free;
//! - Stage 2 ([`stage2::choices`]): which edge giving a red `K4^-` and which
//!   `K4^-` ("she claims such an edge"); which triangle vertex of maximum
//!   S-degree gets the pendant ("let c be the vertex ... with maximum
//!   S-degree");
//! - Stage 2's switch ([`stage2::switch_options`]): Stage 6's hub `c` on a
//!   Figure 6 entry (never named there); Stage 5's `c`, `a`, `p0` when
//!   several vertices have the stated degrees;
//! - Stage 3 ([`stage3::m_options`]): `m` when both candidates lie in blue
//!   triangles, or tie on S-degree;
//! - Stages 4 and 6(c) ([`modified_k3::move_options`]): every "smallest
//!   possible S-degree" tie and reading, "for such a vertex x";
//! - Stage 6(b) ([`stage6::choices`]): which realised promising graph.
//!
//! Not open in effect, one representative each: "a fresh vertex" (all
//! fresh vertices are in one orbit: any permutation of the untouched
//! vertices fixes the position and the memory, on `K_aleph0` and on `K_n`);
//! the standing assumption's winning edge (every one wins at once) and its
//! block against two threats (she has lost either way); `l, r` "with
//! arbitrary assignment" (Stages 3 and 4 treat them alike).
//!
//! Interpretations kept from `k4` (README): Figure 6 and 5 as derived, the
//! promising graphs as reconstructed, rules from her fifth move on after a
//! Figure 6 entry, Stage 3 reading the board.
//!
//! Two resolutions that lead to isomorphic situations (position after her
//! move, memory) have the same future, so only the first is kept. The set
//! and its order depend only on the canonical (position, memory, his last
//! edge) the engine passes.

use super::{memory_in, modified_k3, stage1, stage2, stage3, stage5, stage6, standing, SLOT_NAMES, STAGE};
use ramsey_verify_lib::core::board::{Edge, Player};
use ramsey_verify_lib::core::canon::canonical_form;
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{Game, Move, Strategy, StrategyError, View};

/// The K4 building strategy as written, every open choice left open.
pub struct AsWritten;

/// Her moves by the rules of the stage in `memory`, each with its memory.
fn stage_choices(view: &View, memory: &Memory) -> Result<Vec<(Edge, Memory)>, StrategyError> {
    match memory.words[STAGE] {
        1 => stage1::choices(view, memory),
        2 => stage2::choices(view.position, memory),
        3 => stage3::choices(view, memory),
        4 => {
            let edges = modified_k3::stage4_options(view, memory)?;
            Ok(edges.into_iter().map(|e| (e, memory.clone())).collect())
        }
        5 => {
            let mut next = memory.clone();
            let edge = stage5::play(view.position, &mut next)?;
            Ok(vec![(edge, next)])
        }
        6 => stage6::choices(view, memory),
        s => Err(StrategyError::RuleDoesNotApply(format!("unknown stage {s}"))),
    }
}

/// `moves` less those whose situation after her move is isomorphic to an
/// earlier one's (illegal moves are kept, for the engine to report).
fn distinct(view: &View, moves: Vec<Move>) -> Vec<Move> {
    if moves.len() < 2 {
        return moves;
    }
    let mut seen = std::collections::HashSet::new();
    moves
        .into_iter()
        .filter(|m| match view.position.with(m.edge, Player::First) {
            Ok(after) => seen.insert(canonical_form(&after, &m.memory, None).key),
            Err(_) => true,
        })
        .collect()
}

impl Strategy for AsWritten {
    fn name(&self) -> &'static str {
        "k4-as-written"
    }

    fn description(&self) -> &'static str {
        "K4 building strategy (Section 4) with every choice the text leaves open left open (choices)"
    }

    fn game(&self) -> Game {
        Game::clique(4)
    }

    fn initial_memory(&self) -> Memory {
        memory_in(1)
    }

    /// The first of [`AsWritten::choices`].
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        Ok(self.choices(view)?.swap_remove(0))
    }

    /// Stage 2's switch first (every admissible naming), then for each the
    /// standing assumption, else the current stage's admissible moves.
    /// Never empty when `Ok`. If the rules fail under one naming of the
    /// switch, the whole set is that error (the engine reports it). The
    /// namings only differ from her 5th or 6th move on, where every reading
    /// starts with a move that fails only for want of a fresh vertex, which
    /// then fails every reading alike.
    fn choices(&self, view: &View) -> Result<Vec<Move>, StrategyError> {
        let memories = match view.memory.words[STAGE] {
            2 => stage2::switch_options(view.position, view.memory),
            _ => vec![view.memory.clone()],
        };
        let mut moves = Vec::new();
        for memory in memories {
            match standing::override_move(view.position) {
                Some(edge) => moves.push(Move { edge, memory }),
                None => {
                    let options = stage_choices(view, &memory)?;
                    moves.extend(options.into_iter().map(|(edge, memory)| Move { edge, memory }));
                }
            }
        }
        if moves.is_empty() {
            return Err(StrategyError::RuleDoesNotApply("no admissible move".into()));
        }
        Ok(distinct(view, moves))
    }

    /// The standing assumption (`standing.rs`) takes every win first.
    fn completes_when_possible(&self) -> bool {
        true
    }

    fn phase(&self, memory: &Memory) -> &'static str {
        super::phase_of(memory)
    }

    fn slot_names(&self) -> &'static [&'static str] {
        &SLOT_NAMES
    }
}
