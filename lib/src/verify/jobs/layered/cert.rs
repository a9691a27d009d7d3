//! The certificate of a layered folder: the winner's strategy (for a
//! draw, each player's non-losing one) walked from the start along the
//! moves the backward jobs chose, as a version-3 (win) or version-5 (draw)
//! certificate that the independent checker reads like any other.
//!
//! Why it is one process's: the chosen moves are the solver's first best
//! moves ([`crate::engine::layers`]) and the walk is the one a
//! certificate of one process makes ([`crate::engine::extract::strategy`],
//! as `split`'s merge uses it), one entry per position up to isomorphism,
//! each with its depth from the stored value. The checker re-proves all of
//! it.

use super::merge::LayerMerge;
use crate::core::board::{Edge, Position};
use crate::engine::extract::{strategy, Prover};
use crate::engine::{StopReason, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use crate::games::Value;
use crate::verify::cert::game::move_text;
use crate::verify::cert::Certificate;
use crate::verify::jobs::parts::Parts;
use crate::verify::jobs::JobsError;
use std::sync::Mutex;

/// The prover: the chosen move, read from the shards; the first error
/// kept (the walk can only carry a [`Stopped`]).
struct Chosen<'m> {
    merge: &'m LayerMerge<RamseyGame>,
    error: Mutex<Option<JobsError>>,
}

impl Prover<RamseyGame> for Chosen<'_> {
    fn choose(&self, position: &Position) -> Result<Vec<Edge>, Stopped> {
        let why = match self.merge.chosen(position) {
            Ok(Some(m)) => return Ok(m),
            Ok(None) => JobsError::Bad("a position of the strategy has no chosen move".into()),
            Err(e) => e,
        };
        self.error.lock().expect("no panic holds it").get_or_insert(why);
        Err(Stopped {
            reason: StopReason::MemoryCap { bytes: 0 },
        })
    }
}

/// The merged certificate of a layered folder of a graph Ramsey game
/// whose start has `value`.
pub fn certificate(merge: &LayerMerge<RamseyGame>, value: Value<Outcome>) -> Result<Certificate, JobsError> {
    let game = merge.game();
    let start = game.start();
    let mut entries = Vec::new();
    for prover in RamseyGame::provers(value) {
        let chosen = Chosen {
            merge,
            error: Mutex::new(None),
        };
        let walked = strategy(game, &start, prover, &chosen, |p| game.canonical(p));
        let moves = match (walked, chosen.error.into_inner().expect("no panic holds it")) {
            (_, Some(e)) => return Err(e),
            (Err(e), None) => return Err(JobsError::Bad(e.to_string())),
            (Ok(moves), None) => moves,
        };
        for (position, m) in moves {
            let (v, _) = merge
                .stored(&position)?
                .ok_or_else(|| JobsError::Bad("a position of the strategy has no value".into()))?;
            entries.push((prover, game.as_written(&position), move_text(&m), v.plies.div_ceil(2)));
        }
    }
    Ok(game.seal(&start, value, entries))
}
