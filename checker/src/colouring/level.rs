//! One claim of a version-7, -11 or -12 certificate checked: an entry's
//! move and everything the other player can answer ([`Level::held`]).

use super::rules::Colouring;
use super::{proper, text, Entry, Index, Tail};

/// One claim: the prover (1 or 2) wins with `k` colours.
pub(super) struct Level<'a> {
    pub(super) index: &'a Index<'a>,
    pub(super) k: usize,
    pub(super) prover: u8,
}

impl Level<'_> {
    /// Checks that the claim holds at `p` whoever moves: the game is decided
    /// for the prover, or the prover moves and has an entry, or every move
    /// of the other player leads to such a position. Returns the replies
    /// tried; `context` says how `p` was reached, for messages.
    fn held(&self, p: &[u8], context: &str) -> Result<usize, String> {
        self.held_below(p).map_err(|why| format!("{context}{why}"))
    }

    /// [`Level::held`], its message without the context (built only on
    /// failure, reply by reply on the way back). In version 12 only the
    /// first of the other player's moves on tokens is tried: each leaves
    /// the rest as it was and one token fewer, so all lead to equivalent
    /// positions (FORMAT.md, version 12).
    fn held_below(&self, p: &[u8]) -> Result<usize, String> {
        let setting = self.index.setting;
        if let Some(w) = setting.decided(p, self.k) {
            return match w == self.prover {
                true => Ok(0),
                false => Err(format!(" player {w} wins")),
            };
        }
        // A leaf may have either player to move: its part proves the claim.
        let prover_moves = setting.mover(p) == self.prover;
        if (prover_moves || !self.index.leaves.is_empty()) && self.index.covers(p, self.k) {
            return Ok(0);
        }
        if prover_moves {
            return Err(format!(" the position {} has no entry: missing position", text(p)));
        }
        let tokens = match setting.tokens {
            true => setting.token_vertices(p, self.k),
            false => 0,
        };
        let mut token_tried = false;
        let mut tried = 0;
        for (v, c) in setting.moves(p, self.k) {
            if tokens >> v & 1 == 1 && std::mem::replace(&mut token_tried, true) {
                continue;
            }
            let mut next = p.to_vec();
            next[v] = c;
            let below = self
                .held_below(&next)
                .map_err(|why| format!(" and the reply {v}:{c}{why}"))?;
            tried += 1 + below;
        }
        Ok(tried)
    }

    /// Checks an entry of this claim; returns the replies tried.
    pub(super) fn check_entry(&self, e: &Entry) -> Result<usize, String> {
        let setting = self.index.setting;
        if let Some((u, v)) = proper(setting, &e.colouring) {
            return Err(format!("vertices {u} and {v} are adjacent and have one colour"));
        }
        let Tail::Move((v, c)) = e.tail else {
            // A leaf's part is checked on its own (parts::check_leaves).
            return Ok(0);
        };
        if setting.mover(&e.colouring) != self.prover {
            return Err(format!("player {} is not to move there", self.prover));
        }
        if !setting.moves(&e.colouring, self.k).contains(&(v, c)) {
            return Err(format!("move {v}:{c} is not legal there"));
        }
        let mut next = e.colouring.clone();
        next[v] = c;
        self.held(&next, &format!("after move {v}:{c}"))
    }

    /// Checks the claim at the start: no vertex coloured, or a part's start.
    pub(super) fn root(&self, start: Option<&Colouring>) -> Result<usize, String> {
        let context = format!("with {} colours, from the start,", self.k);
        match start {
            None => self.held(&vec![0; self.index.setting.adj.len()], &context),
            Some(p) => match proper(self.index.setting, p) {
                Some((u, v)) => Err(format!("start: vertices {u} and {v} are adjacent and have one colour")),
                None => self.held(p, &context),
            },
        }
    }
}
