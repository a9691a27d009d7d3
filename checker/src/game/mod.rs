//! Versions 3, 5 and 14: certificates of graph Ramsey games (Slany's family:
//! rules, any board graph, a target per colour, a start position), written
//! by `ramsey-verify solve --cert`. A version-3 certificate is the winner's
//! memoryless strategy, one move per position (up to the board's
//! automorphisms) where the winner is to move; a version-5 certificate
//! proves a draw with both colours' non-losing strategies; a version-14
//! certificate proves that one colour does not win within a number of
//! plies ([`holdout`]). This module has
//! its own positions and subgraph test ([`position`]), its own reading of
//! the rules ([`rules`], from proofs/FORMAT.md), one closure check for
//! every claim ([`closure`]) and uses the crate's isomorphism test, which
//! finds an explicit bijection of the board's vertices that keeps the board
//! edges and both colours.

pub mod closure;
pub mod header;
pub mod holdout;
pub mod position;
pub mod rules;

use crate::graph::Colour;
use closure::{Index, Layout, Missing, Strategy};
use header::{GameClaim, Header};
use position::Position;
use rules::{name, Aim, Game};

/// What an accepted version-3 or version-5 certificate proves.
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
    /// The winner (`red` or `blue`), or `None` for a draw (version 5) and
    /// for version 14.
    pub winner: Option<&'static str>,
    /// Version 14: the colour that does not win, and within how many plies.
    pub no_win_within: Option<(&'static str, u32)>,
}

/// Checks a version-3 or version-5 body against its header: the start
/// position's claim, then every entry on `threads` threads. Returns the
/// statement, the winner's moves needed from the start (0 for a draw),
/// the entries and the replies tried.
pub fn check(header: &Header, body: &[u8], threads: usize) -> Result<(Statement, u32, usize, usize), crate::Rejection> {
    let game = Game {
        rules: header.rules,
        targets: [header.targets[0].0.clone(), header.targets[1].0.clone()],
        first: header.first,
    };
    let winner = match header.claim {
        GameClaim::Wins { winner, .. } => Some(winner),
        GameClaim::Draw => None,
        GameClaim::NoWinWithin { prover, plies } => return holdout::check(header, body, threads, prover, plies),
    };
    // What each colour's strategy must achieve, if the claim has one.
    let aims = [Colour::Red, Colour::Blue].map(|c| match winner {
        Some(w) => (w == c).then_some(Aim::Win(c)),
        None => Some(Aim::NotLose(c)),
    });
    let layout = Layout {
        board: &header.board,
        first_line: header.first_line,
        winner,
        position: Position::coloured,
        depth: closure::positive_depth,
    };
    let index = Index::new(layout, body.split(|&b| b == b'\n').take(header.entries).collect())?;
    let strategy = |colour: Colour| {
        aims[colour as usize - 1].as_ref().map(|goal| Strategy {
            rules: &game,
            goal,
            prover: colour,
        })
    };
    no_target_at_start(header, &game).map_err(crate::Rejection::invalid)?;
    let (mut moves, mut start_replies) = (0, 0);
    for s in [Colour::Red, Colour::Blue].into_iter().filter_map(strategy) {
        let (most, replies) = root(header, &s, &index).map_err(crate::Rejection::invalid)?;
        (moves, start_replies) = (moves.max(most), start_replies + replies);
    }
    if let GameClaim::Wins { bound, .. } = header.claim {
        if moves > bound {
            return Err(crate::Rejection::invalid(format!(
                "bound {bound} is lower than the {moves} moves the certificate needs"
            )));
        }
    }
    let replies = crate::check_all(index.len(), threads, &|i| {
        let line = index.line_number(i);
        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
        let strategy = strategy(e.colour).ok_or((line, format!("{} makes no claim here", name(e.colour))))?;
        strategy.check_entry(&e, &index).map_err(|why| (line, why))
    })?;
    Ok((statement(header, winner), moves, index.len(), replies + start_replies))
}

/// The game `header` states, with `winner` (if any).
fn statement(header: &Header, winner: Option<Colour>) -> Statement {
    Statement {
        rules: header.rules.to_string(),
        board: header.board_text.clone(),
        targets: [header.targets[0].1.clone(), header.targets[1].1.clone()],
        first: name(header.first),
        winner: winner.map(name),
        no_win_within: None,
    }
}

/// Why the start position cannot be played: a colour owns a target that counts.
fn no_target_at_start(header: &Header, game: &Game) -> Result<(), String> {
    for c in [Colour::Red, Colour::Blue] {
        if game.counts(c) && game.owns(&header.start, c) {
            return Err(format!("{} owns its target in the start position", name(c)));
        }
    }
    Ok(())
}

/// The prover's moves needed from the start (its entry's depth, or the
/// most any reply needs), and the replies tried there.
fn root(header: &Header, strategy: &Strategy<Game, Aim>, index: &Index) -> Result<(u32, usize), String> {
    let start = &header.start;
    if header.to_move != strategy.prover {
        let limit = match header.claim {
            GameClaim::Wins { bound, .. } => Some(bound),
            GameClaim::Draw | GameClaim::NoWinWithin { .. } => None,
        };
        let context = || "from the start position".to_string();
        let (replies, most) = strategy.reply_turn(start, limit, index, &context)?;
        return Ok((most, replies));
    }
    match strategy.prover_turn(start, None, index) {
        Ok(depth) => Ok((depth, 0)),
        Err(Missing::End(end)) => Err(format!("the start position is over: the game ended in {end}")),
        Err(Missing::Entry(_)) => Err(format!(
            "no entry of {} for the start position (the root is missing)",
            name(strategy.prover)
        )),
    }
}
