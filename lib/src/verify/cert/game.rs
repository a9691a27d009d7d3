//! Certificates of solved graph Ramsey games (format version 3,
//! proofs/FORMAT.md): the winner's strategy, one move per position (up to
//! isomorphism) where the winner is to move, every reply of the loser
//! covered.
//!
//! The writer uses only the engine's public API. From the start it plays,
//! breadth first, the winner's first optimal move ([`best_index`] over
//! [`Solver::move_values`]) at each winner position and every reply of the
//! loser (one per orbit of the position's automorphisms, which keep the
//! board: replies in one orbit lead to isomorphic positions, and the
//! checker looks positions up to isomorphism). Each winner position that
//! is not over gets one entry, in the labels of the header's board, with
//! depth `ceil(plies / 2)`: the winner's moves in `plies` turns of optimal
//! play starting with the winner's. The set is closed: after the winner's
//! optimal move every reply keeps the win (the position is won) and the
//! loser delays as long as possible, so a reply leads to at most
//! `plies - 2` turns, that is at most `depth - 1` moves of the winner.

use super::Certificate;
use crate::core::board::Position;
use crate::core::board::{Edge, Player};
use crate::core::graph6::encode;
use crate::engine::{best_index, Solver, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use sha2::{Digest, Sha256};
use std::collections::{HashSet, VecDeque};

/// Certificate format version of game certificates.
pub const GAME_FORMAT_VERSION: u32 = 3;

/// Why no game certificate was written.
#[derive(Debug, thiserror::Error)]
pub enum GameCertError {
    /// The start is a draw: there is no winning strategy to write.
    #[error("the game is a draw under optimal play: there is no winning strategy to certify (no certificate written)")]
    Draw,
    /// The solver stopped at a limit ([`Stopped`]).
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// The winner's strategy in `solver`'s game as a version-3 certificate.
pub fn game_certificate(solver: &Solver<RamseyGame>) -> Result<Certificate, GameCertError> {
    let game = solver.game();
    let start = game.start();
    let value = solver.value(&start)?;
    let winner = value.score.winner().ok_or(GameCertError::Draw)?;
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([start.clone()]);
    let mut lines = Vec::new();
    while let Some(position) = queue.pop_front() {
        let after = if position.to_move() == winner {
            if !seen.insert(game.canonical(&position).key) {
                continue;
            }
            let (line, after) = winner_entry(solver, &position)?;
            lines.push((coloured(&position), line));
            after
        } else {
            position
        };
        for reply in solver.move_values(&after)? {
            let next = game.play(&after, &reply.m);
            if game.outcome(&next).is_none() {
                queue.push_back(next);
            }
        }
    }
    lines.sort_unstable();
    let body: String = lines.into_iter().map(|(_, line)| line).collect();
    let start_turn = start.to_move();
    let bound = match start_turn == winner {
        true => value.plies.div_ceil(2),
        false => value.plies / 2,
    };
    Ok(seal(game, winner, bound, &body))
}

/// The entry line of a winner position and the position after the
/// winner's first optimal move.
fn winner_entry(solver: &Solver<RamseyGame>, position: &Position) -> Result<(String, Position), Stopped> {
    let game = solver.game();
    let options = solver.move_values(position)?;
    let best = best_index(solver.question(), position.to_move(), options.iter().map(|o| o.value))
        .expect("a position that is not over has a move");
    let chosen = &options[best];
    let depth = chosen.value.plies.div_ceil(2);
    let line = format!("{} {} {depth}\n", colouring(position), move_text(&chosen.m));
    Ok((line, game.play(position, &chosen.m)))
}

fn coloured(p: &Position) -> usize {
    p.edge_count(Player::First) + p.edge_count(Player::Second)
}

/// `RED:BLUE`, both graph6 on all the board's vertices.
fn colouring(p: &Position) -> String {
    let n = p.vertex_count();
    format!(
        "{}:{}",
        encode(n, &p.edges(Player::First)),
        encode(n, &p.edges(Player::Second))
    )
}

fn move_text(m: &[Edge]) -> String {
    m.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(",")
}

/// The header (FORMAT.md, version 3) and the body.
fn seal(game: &RamseyGame, winner: Player, bound: u32, body: &str) -> Certificate {
    let start = game.start();
    let n = start.vertex_count();
    let target = |p: Player| {
        let t = game.target(p);
        encode(t.vertex_count(), &t.edges())
    };
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let entries = body.lines().count();
    let text = format!(
        "ramsey-cert {GAME_FORMAT_VERSION}\ntool ramsey-verify {}\nrules {}\nboard {}\ntarget-red {}\n\
         target-blue {}\nfirst {}\nstart {}\nto-move {}\nwinner {}\nbound {bound}\nentries {entries}\n\
         sha256 {digest}\n{body}",
        env!("CARGO_PKG_VERSION"),
        game.rules().name(),
        encode(n, &start.board_edges()),
        target(Player::First),
        target(Player::Second),
        game.first().colour_name(),
        colouring(&start),
        start.to_move().colour_name(),
        winner.colour_name(),
    );
    Certificate { text, entries }
}
