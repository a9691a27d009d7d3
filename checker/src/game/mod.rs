//! Version 3: certificates of graph Ramsey games (Slany's family: rules,
//! any board graph, a target per colour, a start position), written by
//! `ramsey-verify solve --cert`. A certificate is the winner's memoryless
//! strategy: one move per position (up to the board's automorphisms) where
//! the winner is to move. This module has its own positions and subgraph
//! test ([`position`]), its own reading of the rules ([`rules`], from
//! proofs/FORMAT.md) and uses the crate's isomorphism test, which finds an
//! explicit bijection of the board's vertices that keeps the board edges
//! and both colours.

pub mod closure;
pub mod header;
pub mod position;
pub mod rules;

use crate::graph::Colour;
use closure::{name, Claim, Index};
use header::Header;
use rules::{End, Game};

/// What an accepted version-3 certificate proves.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The rules' name.
    pub rules: String,
    /// The board in graph6, as written.
    pub board: String,
    /// Targets of red and blue in graph6, as written.
    pub targets: [String; 2],
    /// The colour that moved first (`red` or `blue`).
    pub first: &'static str,
    /// The winner (`red` or `blue`).
    pub winner: &'static str,
}

/// Checks a version-3 body against its header: the start position's claim,
/// then every entry on `threads` threads. Returns the statement, the
/// winner's moves needed from the start, and the loser's replies tried.
pub fn check(header: &Header, body: &[u8], threads: usize) -> Result<(Statement, u32, usize, usize), crate::Rejection> {
    let game = Game {
        rules: header.rules,
        targets: [header.targets[0].0.clone(), header.targets[1].0.clone()],
        first: header.first,
    };
    let claim = Claim {
        game: &game,
        winner: header.winner,
    };
    let index = Index::new(header, body.split(|&b| b == b'\n').take(header.entries).collect())?;
    let (moves, start_replies) = root(header, &claim, &index).map_err(crate::Rejection::invalid)?;
    if moves > header.bound {
        return Err(crate::Rejection::invalid(format!(
            "bound {} is lower than the {moves} moves the certificate needs",
            header.bound
        )));
    }
    let replies = crate::check_all(index.len(), threads, &|i| {
        let line = closure::line_number(i);
        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
        claim.check_entry(&e, &index).map_err(|why| (line, why))
    })?;
    let statement = Statement {
        rules: header.rules.to_string(),
        board: header.board_text.clone(),
        targets: [header.targets[0].1.clone(), header.targets[1].1.clone()],
        first: name(header.first),
        winner: name(header.winner),
    };
    Ok((statement, moves, index.len(), replies + start_replies))
}

/// The winner's moves needed from the start, and the replies tried there.
fn root(header: &Header, claim: &Claim, index: &Index) -> Result<(u32, usize), String> {
    let start = &header.start;
    for c in [Colour::Red, Colour::Blue] {
        if claim.game.counts(c) && claim.game.owns(start, c) {
            return Err(format!("{} owns its target in the start position", name(c)));
        }
    }
    if header.to_move != header.winner {
        let (replies, most) = claim.loser_turn(start, header.bound, index, "from the start position")?;
        return Ok((most, replies));
    }
    match claim.game.end(start, header.winner) {
        Some(End::Win(c)) if c == header.winner => Ok((0, 0)),
        Some(_) => Err("the start position is over and not won by the winner".into()),
        None => index
            .depth_of(start)
            .map(|d| (d, 0))
            .ok_or_else(|| "no entry for the start position (the root is missing)".into()),
    }
}
