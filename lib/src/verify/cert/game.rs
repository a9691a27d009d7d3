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
//!
//! # Winner only
//!
//! After a winner-only search (`solve --winner-only`, the score-only
//! `engine::Decider`), [`winner_only_certificate`] reads the winner's
//! strategy off its table by [`crate::engine::extract::strategy`]: at each
//! winner position the move its score comes from (the first winning move
//! in the search's order), every reply of the loser up to symmetry. That
//! search knows no lengths, so each entry's depth is the bound every game
//! obeys: a move colours at least one free edge, so with `f` free edges
//! and the winner to move the winner makes at most `ceil(f / 2)` more
//! moves; after the winner's move and a reply at least two fewer edges
//! are free, so the next entry's depth is at most one less, as the
//! checker requires. The header's bound is that bound at the start.
//!
//! # Draws
//!
//! Certificates of drawn graph Ramsey games (format version 5,
//! proofs/FORMAT.md): a draw is two claims, "red does not lose" and "blue
//! does not lose", and the certificate holds both players' non-losing
//! strategies, one move per position (up to isomorphism) where that player
//! is to move, every reply of the other player covered.
//!
//! Both strategies are read off the engine's solved table by
//! [`crate::engine::extract::strategy`]: at each position of the prover the
//! engine's first optimal move ([`best_index`] over
//! [`Solver::move_values`]). The start is a draw, so the prover's optimal
//! move never leads to a loss, and a reply of the other player can only
//! make the prover's value better: every position met is a draw or a win
//! for the prover, and its optimal move keeps it so. No depth is needed:
//! every move colours an edge, so play ends, and a strategy that never
//! reaches a loss on the way never loses.

use super::{sha256_hex, Certificate};
use crate::core::board::Position;
use crate::core::board::{Edge, Player};
use crate::core::graph6::encode;
use crate::core::symmetry::Canonical;
use crate::engine::extract::{strategy, Prover, Recorded, WalkSize};
use crate::engine::{best_index, inverse, Decider, Solver, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use crate::games::Value;
use std::collections::{HashSet, VecDeque};

/// Certificate format version of game certificates.
pub const GAME_FORMAT_VERSION: u32 = 3;

/// The certificate of a solved game: the winner's strategy (version 3) if
/// either side wins, else both players' non-losing strategies (version 5,
/// [`draw_certificate`]).
pub fn solved_game_certificate(solver: &Solver<RamseyGame>) -> Result<Certificate, Stopped> {
    position_certificate(solver, &solver.game().start())
}

/// [`solved_game_certificate`] for the game played from `from` instead of
/// its start (with the same rules and first player): a split search's job
/// certifies its frontier position this way, and the header's `start` and
/// `to-move` are `from`'s.
pub fn position_certificate(solver: &Solver<RamseyGame>, from: &Position) -> Result<Certificate, Stopped> {
    let value = solver.value(from)?;
    match value.score.winner() {
        Some(_) => game_certificate(solver, from),
        None => draw_from(solver, from),
    }
}

/// The winner's strategy in `solver`'s game from `from` as a version-3
/// certificate.
fn game_certificate(solver: &Solver<RamseyGame>, from: &Position) -> Result<Certificate, Stopped> {
    let game = solver.game();
    let value = solver.value(from)?;
    let winner = value.score.winner().expect("a won game");
    // Winner positions and loser positions met, by canonical key.
    let (mut seen, mut met) = (HashSet::new(), HashSet::new());
    let mut queue = VecDeque::from([from.clone()]);
    let mut lines = Vec::new();
    let (mut held, position_bytes) = (0, from.bytes());
    while let Some(position) = queue.pop_front() {
        let after = if position.to_move() == winner {
            let key = game.canonical(&position).key;
            let key_bytes = key.len() * 8;
            if !seen.insert(key) {
                continue;
            }
            let (line, after) = winner_entry(solver, &position)?;
            held += (key_bytes + line.len() + 2 * KEPT_BYTES) as u64;
            lines.push((coloured(&position), line));
            if lines.len() % CHECK_EVERY == 0 {
                solver.room_for(held + queue.len() as u64 * position_bytes)?;
            }
            after
        } else {
            position
        };
        let Some((key, replies)) = loser_replies(game, &after) else {
            continue;
        };
        let key_bytes = key.len() * 8;
        if !met.insert(key) {
            continue;
        }
        held += (key_bytes + KEPT_BYTES) as u64;
        for reply in replies {
            let next = game.play(&after, &reply);
            if game.outcome(&next).is_none() {
                queue.push_back(next);
            }
        }
    }
    solver.room_for(held)?;
    Ok(seal_win(game, from, value, lines))
}

/// The loser's replies at `after` (the loser to move), one per orbit of
/// its automorphisms, in `after`'s labels, with `after`'s canonical key;
/// `None` where the game is over. The replies are not valued: the walk
/// needs every one of them, and labelling each reply's position here
/// (as [`Solver::move_values`] does) was a third of the writer's work,
/// every winner position being labelled again when it is met. A loser
/// position met again (after another of the winner's positions) is
/// skipped by its key: its replies lead to positions isomorphic to those
/// met the first time.
fn loser_replies(game: &RamseyGame, after: &Position) -> Option<(Box<[u64]>, Vec<Move>)> {
    let canon = game.canonical(after);
    if game.outcome(&canon.position).is_some() {
        return None;
    }
    let back = inverse(&canon.to_canon);
    let moves = game.orbit_moves(&canon.position, &canon.generators);
    Some((canon.key, moves.iter().map(|m| game.relabel_move(m, &back)).collect()))
}

/// A move of a graph Ramsey game: the edges it colours.
type Move = Vec<Edge>;

/// Bytes counted per key or line kept beside its own (the allocation's
/// header and the set's slack), against the memory cap.
const KEPT_BYTES: usize = 32;

/// Entries between two checks of the memory cap.
const CHECK_EVERY: usize = 1 << 12;

/// A version-3 certificate of `value` (a win) at `from`, with its entries
/// (each with its number of coloured edges, the first key of the sort).
pub(crate) fn seal_win(
    game: &RamseyGame,
    from: &Position,
    value: Value<Outcome>,
    mut lines: Vec<(usize, String)>,
) -> Certificate {
    let winner = value.score.winner().expect("a won game");
    lines.sort_unstable();
    let body: String = lines.into_iter().map(|(_, line)| line).collect();
    let bound = match from.to_move() == winner {
        true => value.plies.div_ceil(2),
        false => value.plies / 2,
    };
    seal(game, from, winner, bound, &body)
}

/// The header (version 3: winner and bound) of a certificate from `from`,
/// and the body.
fn seal(game: &RamseyGame, from: &Position, winner: Player, bound: u32, body: &str) -> Certificate {
    let claim = format!("winner {}\nbound {bound}", winner.colour_name());
    sealed_game(GAME_FORMAT_VERSION, game, from, &claim, body)
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
    let line = format!(
        "{} {} {depth}\n",
        colouring(&game.as_written(position)),
        move_text(&chosen.m)
    );
    Ok((line, game.play(position, &chosen.m)))
}

/// The number of coloured edges of `p`: the first key of the sort of entries.
pub(crate) fn coloured(p: &Position) -> usize {
    p.edge_count(Player::First) + p.edge_count(Player::Second)
}

/// `RED:BLUE`, both graph6 on all the board's vertices.
pub(crate) fn colouring(p: &Position) -> String {
    let n = p.vertex_count();
    format!(
        "{}:{}",
        encode(n, &p.edges(Player::First)),
        encode(n, &p.edges(Player::Second))
    )
}

/// A move as written: `u-v` or `u-v,w-x,...`.
pub(crate) fn move_text(m: &[Edge]) -> String {
    m.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(",")
}

/// The body of versions 5 and 6: a line `COLOUR RED:BLUE MOVE` per entry
/// of each player's strategy (each entry the player, the position and the
/// move's text), red's first, each sorted by coloured edges, then text.
pub(crate) fn strategies_body(entries: impl IntoIterator<Item = (Player, Position, String)>) -> String {
    let mut lines: Vec<(usize, usize, String)> = entries
        .into_iter()
        .map(|(player, position, m)| {
            let line = format!("{} {} {m}\n", player.colour_name(), colouring(&position));
            (player as usize, coloured(&position), line)
        })
        .collect();
    lines.sort_unstable();
    lines.into_iter().map(|(_, _, line)| line).collect()
}

/// A certificate about `game` played from `start` (versions 3 and 5): the
/// magic and tool lines, the statement (rules, board, targets, first,
/// start, to-move), the `claim` lines, the entry count, the hash and the
/// body.
pub(super) fn sealed_game(version: u32, game: &RamseyGame, start: &Position, claim: &str, body: &str) -> Certificate {
    let n = start.vertex_count();
    let target = |p: Player| {
        let t = game.target(p);
        encode(t.vertex_count(), &t.edges())
    };
    let entries = body.lines().count();
    let text = format!(
        "ramsey-cert {version}\ntool ramsey-verify {}\nrules {}\nboard {}\ntarget-red {}\n\
         target-blue {}\nfirst {}\nstart {}\nto-move {}\n{claim}\nentries {entries}\n\
         sha256 {}\n{body}",
        env!("CARGO_PKG_VERSION"),
        game.rules().name(),
        encode(n, &start.board_edges()),
        target(Player::First),
        target(Player::Second),
        game.first().colour_name(),
        colouring(&game.as_written(start)),
        start.to_move().colour_name(),
        sha256_hex(body),
    );
    Certificate { text, entries }
}

/// The winner's strategy after a winner-only search of `game` by `decider`
/// (module docs, "Winner only"), as a version-3 certificate whose depths
/// are free-edge bounds; `None` on a draw (a draw certificate needs both
/// players' strategies: solve without `--winner-only`).
pub fn winner_only_certificate(
    decider: &Decider<'_, RamseyGame>,
    game: &RamseyGame,
) -> Result<Option<Certificate>, Stopped> {
    let Some(winner) = decider.score(&game.start())?.winner() else {
        return Ok(None);
    };
    let position_bytes = game.start().bytes();
    winner_certificate(
        game,
        winner,
        &Chosen {
            decider,
            position_bytes,
        },
    )
    .map(Some)
}

/// `winner`'s strategy in `game` from its start, the moves chosen by
/// `prover`, as a version-3 certificate whose depths are free-edge bounds
/// (module docs, "Winner only"). The prover must win at every position
/// of the strategy: the score-only search's chosen moves, or the moves of
/// a proof-number search that proved (or, in a game without draws,
/// disproved) a claim ([`crate::engine::Dfpn`]).
pub fn winner_certificate(
    game: &RamseyGame,
    winner: Player,
    prover: &(impl Prover<RamseyGame> + Sync),
) -> Result<Certificate, Stopped> {
    let free = game.start().free_edges().len() as u32;
    certificate_with_depths(game, winner, prover, free, free_bound)
}

/// `winner`'s strategy in `game` from its start, the moves chosen by
/// `prover`, as a version-3 certificate claiming a win within `plies`
/// plies from the start: the header's bound is the winner's moves in
/// `plies` turns, and each entry's depth is `depth(position)`, which must
/// fall by one from an entry to the next entries of the strategy (the
/// checker's closure rule). The prover must win at every position of the
/// strategy within the depth given there.
pub fn certificate_with_depths(
    game: &RamseyGame,
    winner: Player,
    prover: &(impl Prover<RamseyGame> + Sync),
    plies: u32,
    depth: impl Fn(&Position) -> u32,
) -> Result<Certificate, Stopped> {
    let start = game.start();
    let entries = strategy(game, &start, winner, prover, |p| game.canonical(p))?;
    let mut lines: Vec<(usize, String)> = entries
        .into_iter()
        .map(|(position, m)| {
            let text = colouring(&game.as_written(&position));
            (
                coloured(&position),
                format!("{text} {} {}\n", move_text(&m), depth(&position)),
            )
        })
        .collect();
    lines.sort_unstable();
    let body: String = lines.into_iter().map(|(_, line)| line).collect();
    let bound = match start.to_move() == winner {
        true => plies.div_ceil(2),
        false => plies / 2,
    };
    Ok(seal(game, &start, winner, bound, &body))
}

/// The most moves the player to move at `position` can still make: every
/// move colours at least one free edge, and the players alternate.
fn free_bound(position: &Position) -> u32 {
    (position.free_edges().len() as u32).div_ceil(2)
}

/// The move a winner-only search's score comes from.
struct Chosen<'d, 'g> {
    decider: &'d Decider<'g, RamseyGame>,
    /// Bytes of one position of the game.
    position_bytes: u64,
}

impl Prover<RamseyGame> for Chosen<'_, '_> {
    fn choose(&self, position: &Position) -> Result<Vec<Edge>, Stopped> {
        Ok(self
            .decider
            .chosen_move(position)?
            .expect("the prover's positions are not over"))
    }
    /// What a recording search ([`Decider::recording`]) kept at the
    /// position: the walk's canonical form is the search's, so the winning
    /// move is the one [`Decider::chosen_move`] would give, and the loser's
    /// replies come with the fingerprints the walk uses (it skips those it
    /// met, unplayed and unlabelled).
    fn recorded(&self, _position: &Position, canon: &Canonical<Position>) -> Option<Recorded<Vec<Edge>>> {
        self.decider.recorded(canon)
    }
    /// The walk and the search's table together within the cap.
    fn within_memory(&self, size: WalkSize) -> Result<(), Stopped> {
        self.decider.room_for(walk_bytes(size, self.position_bytes))
    }
}

/// Approximate bytes of a walk of `size` over positions of
/// `position_bytes` each, whose moves and entries are kept whole
/// ([`strategy`] keeps every entry until the certificate is sealed).
pub(crate) fn walk_bytes(size: WalkSize, position_bytes: u64) -> u64 {
    let reply = (std::mem::size_of::<Vec<Edge>>() + std::mem::size_of::<Edge>()) as u64;
    size.bytes(position_bytes, reply, position_bytes + reply)
}

/// Certificate format version of draws of graph Ramsey games.
pub const DRAW_FORMAT_VERSION: u32 = 5;

/// The engine's first optimal move at each position.
struct Optimal<'s, 'g> {
    solver: &'s Solver<'g, RamseyGame>,
    /// Bytes of one position of the game.
    position_bytes: u64,
}

impl Prover<RamseyGame> for Optimal<'_, '_> {
    fn choose(&self, position: &Position) -> Result<Vec<Edge>, Stopped> {
        let options = self.solver.move_values(position)?;
        let values = options.iter().map(|o| o.value);
        let best = best_index(self.solver.question(), position.to_move(), values)
            .expect("a position that is not over has a move");
        Ok(options[best].m.clone())
    }
    /// The walk and the search's table together within the cap.
    fn within_memory(&self, size: WalkSize) -> Result<(), Stopped> {
        self.solver.room_for(walk_bytes(size, self.position_bytes))
    }
}

/// Both players' non-losing strategies in `solver`'s game, which must be a
/// draw, as a version-5 certificate.
pub fn draw_certificate(solver: &Solver<RamseyGame>) -> Result<Certificate, Stopped> {
    draw_from(solver, &solver.game().start())
}

/// [`draw_certificate`] from `from`, a drawn position.
fn draw_from(solver: &Solver<RamseyGame>, from: &Position) -> Result<Certificate, Stopped> {
    let game = solver.game();
    let prover = Optimal {
        solver,
        position_bytes: from.bytes(),
    };
    let mut entries = Vec::new();
    for player in [Player::First, Player::Second] {
        let moves = strategy(game, from, player, &prover, |p| game.canonical(p))?;
        entries.extend(moves.into_iter().map(|(position, m)| (player, position, move_text(&m))));
    }
    Ok(seal_draw(game, from, entries))
}

/// A version-5 certificate of a draw at `from` with both players'
/// strategy entries (player, position, move text).
pub(crate) fn seal_draw(
    game: &RamseyGame,
    from: &Position,
    entries: impl IntoIterator<Item = (Player, Position, String)>,
) -> Certificate {
    let body = strategies_body(entries);
    sealed_game(DRAW_FORMAT_VERSION, game, from, "claim draw", &body)
}

/// Certificate format version of "no win within `L` plies" certificates
/// of graph Ramsey games (the holder's strategy).
pub const HOLDOUT_FORMAT_VERSION: u32 = 14;

/// A version-14 certificate from `from`: `prover` does not win within
/// `plies` plies, with the holder's entries (each with its number of
/// coloured edges, the first key of the sort, and its line).
pub(crate) fn seal_holdout(
    game: &RamseyGame,
    from: &Position,
    prover: Player,
    plies: u32,
    mut lines: Vec<(usize, String)>,
) -> Certificate {
    lines.sort_unstable();
    let body: String = lines.into_iter().map(|(_, line)| line).collect();
    let claim = format!("prover {}\nplies {plies}", prover.colour_name());
    sealed_game(HOLDOUT_FORMAT_VERSION, game, from, &claim, &body)
}
