//! Certificates of Erdős' scoring games (format versions 6 and 13,
//! proofs/FORMAT.md): a value `v` is two claims, "Alice (red) can force an
//! outcome of at least `v`" and "Bob (blue) can hold her to at most `v`";
//! `--winner-only` proves one or two thresholds. Each claim is a strategy
//! of its player, one move per position (up to isomorphism of colourings
//! on the board) where that player moves, every reply of the other
//! covered.
//!
//! The strategies are read off the threshold search's table
//! ([`BoundedSolver`]) by [`crate::engine::extract::strategy`]: at each of
//! Alice's positions the first move (by the game's priority, then in move
//! order) whose position the search proves at least the threshold, at
//! each of Bob's the first it proves at most it. Each test is answered by
//! the table where the search already went (read by the search's key
//! alone, [`BoundedSolver::test`]), and searched where it did not
//! (after a reply the search never needed). A position where the claim
//! holds whatever happens (the outcome with every free edge given to the
//! other player meets it: every measure only grows with a colour's edges)
//! ends its line with no entry; the checker sees that for itself.
//!
//! Positions are compared by the exact canonical form of the colouring
//! ([`canonical_position`], version 6), or in the Star and VC games of
//! their degree forms (version 13, `cert/degrees.rs`: the free graph and
//! each vertex's two counts, which the checker reduces a colouring to with
//! its own code), not the per-vertex reduction the Star and VC searches
//! key their table by: the checker looks entries up by the same
//! isomorphism.
//!
//! Memory ([`scoring_strategies`]): entries and the walk's waiting
//! positions are held packed (the colours as bits over the board's edges),
//! the walk keeps the fingerprints of one ply only, and the text is made
//! by [`ScoringStrategies::seal`] once the caller has dropped the table;
//! the walk counts what it holds beside the table against the memory cap.

mod pack;

use super::degrees::by_degrees;
use super::game::{colouring, strategies_body};
use super::{sha256_hex, Certificate};
use crate::core::board::{Edge, Player, Position};
use crate::core::canon::canonical_position;
use crate::core::graph6::encode;
use crate::core::symmetry::Canonical;
use crate::engine::bounded::{BoundedSolver, Test, Threshold};
use crate::engine::extract::{walk, Prover, WalkSize};
use crate::engine::Stopped;
use crate::games::prelude::*;
use crate::games::scoring::{Points, ScoringGame};
use pack::{Packed, Packer};
use std::cmp::Reverse;

/// Certificate format version of scoring games.
pub const SCORING_FORMAT_VERSION: u32 = 6;
/// Certificate format version of the Star and vertex-capturing games,
/// whose entries are degree forms (the free graph and per-vertex counts).
pub const DEGREES_FORMAT_VERSION: u32 = 13;

/// What a scoring game certificate claims: bounds on the outcome in the
/// paper's order ([`Points`]' `Ord`), Alice's lower bound and Bob's upper
/// bound (both the value for an exact outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claims {
    /// Alice can force an outcome of at least this.
    pub at_least: Option<Points>,
    /// Bob can hold her to at most this.
    pub at_most: Option<Points>,
}

/// One side's claim: `player`'s strategy keeps the outcome on its side of `t`.
struct Keeps<'s, 'g> {
    solver: &'s BoundedSolver<'g, ScoringGame>,
    player: Player,
    t: Points,
    /// How positions are packed while they wait and as entries.
    packer: &'s Packer,
    /// Bytes of the entries already read off for the other side.
    held: u64,
}

/// Whether `player`'s claim `t` holds at `position` whatever happens: the
/// outcome with every free edge given to the other player meets it (every
/// measure only grows with a colour's edges).
fn settled(game: &ScoringGame, position: &Position, player: Player, t: Points) -> bool {
    let outcome = game.points_with_free_to(position, player.opponent());
    match player {
        Player::First => outcome >= t,
        Player::Second => outcome <= t,
    }
}

impl Prover<ScoringGame> for Keeps<'_, '_> {
    fn settled(&self, position: &Position) -> bool {
        settled(self.solver.game(), position, self.player, self.t)
    }

    fn choose(&self, position: &Position) -> Result<Edge, Stopped> {
        let game = self.solver.game();
        // Alice's child keeps the claim if it is at least t, Bob's if it is
        // not above t.
        let keeps = Threshold {
            score: self.t,
            strict: self.player == Player::Second,
        };
        // Each move's priority once (a stable sort: ties in move order).
        let mut moves: Vec<(Reverse<i32>, Edge)> = game
            .moves(position)
            .into_iter()
            .map(|m| (Reverse(game.move_priority(position, &m)), m))
            .collect();
        moves.sort_by_key(|&(priority, _)| priority);
        for (_, m) in moves {
            let met = matches!(self.solver.test(&game.play(position, &m), keeps)?, Test::AtLeast(_));
            if met == (self.player == Player::First) {
                return Ok(m);
            }
        }
        unreachable!("a position on the claim's side has a move that keeps it there")
    }
    /// Every move colours one edge: the positions of a ply all have the
    /// same number of coloured edges, which an isomorphism keeps.
    fn plies_apart(&self) -> bool {
        true
    }
    fn pack(&self, position: &Position) -> Option<Box<[u8]>> {
        let mut bytes = Vec::with_capacity(self.packer.width());
        self.packer.pack(position, position.to_move() as u8, &mut bytes);
        Some(bytes.into_boxed_slice())
    }
    fn unpack(&self, bytes: &[u8]) -> Position {
        let (mut position, turn) = self.packer.unpack(bytes);
        position.set_to_move(if turn == Player::Second as u8 {
            Player::Second
        } else {
            Player::First
        });
        position
    }
    /// The walk, the entries of both sides and the search's table together
    /// within the cap: a waiting position is its packed bytes in a box, a
    /// reply an edge with its fingerprint, an entry its packed bytes.
    fn within_memory(&self, size: WalkSize) -> Result<(), Stopped> {
        let width = self.packer.width() as u64;
        let waiting = width
            + 2 * std::mem::size_of::<usize>() as u64
            + std::mem::size_of::<(Box<[u8]>, Vec<(Edge, u64)>)>() as u64;
        let reply = std::mem::size_of::<(Edge, u64)>() as u64;
        self.solver.room_for(size.bytes(waiting, reply, width) + self.held)
    }
}

/// The claimed players' strategies read off a search, packed
/// (the colours as bits over the board's edges): what [`ScoringStrategies::seal`] writes as a version-6
/// certificate. About `2 * ceil(E / 8) + 1` bytes per entry on a board of
/// `E` edges (11 on K9), where the writer held the position and its move's
/// text (about 420 bytes on K9).
pub struct ScoringStrategies {
    claims: Claims,
    packer: Packer,
    /// Alice's entries, then Bob's, each in the order the walk met them.
    entries: [Packed; 2],
    /// Whether the entries are degree forms (version 13), not colourings.
    degrees: bool,
}

/// The strategies proving `claims` about `solver`'s game played from
/// `start`, packed: [`ScoringStrategies::seal`] makes the certificate once
/// the search's table is no longer needed, version 13 (degree forms) for
/// the Star and VC games, else 6. `claims` must be proven (by the same
/// solver's tests).
pub fn scoring_strategies(
    solver: &BoundedSolver<ScoringGame>,
    start: &Position,
    claims: Claims,
) -> Result<ScoringStrategies, Stopped> {
    strategies(solver, start, claims, by_degrees(solver.game()))
}

/// [`scoring_strategies`], on degree forms if `degrees`.
fn strategies(
    solver: &BoundedSolver<ScoringGame>,
    start: &Position,
    claims: Claims,
    degrees: bool,
) -> Result<ScoringStrategies, Stopped> {
    let game = solver.game();
    let packer = Packer::new(start);
    let canonical = canonical_of(degrees);
    let mut entries = [(); 2].map(|_| Packed::new(packer.width()));
    for (player, t) in [(Player::First, claims.at_least), (Player::Second, claims.at_most)] {
        let Some(t) = t else { continue };
        let prover = Keeps {
            solver,
            player,
            t,
            packer: &packer,
            held: entries.iter().map(Packed::bytes).sum(),
        };
        let own = &mut entries[player as usize];
        walk(
            game,
            start,
            player,
            &prover,
            labels(canonical, player, degrees),
            |position, m| own.push(&packer, &position, m),
        )?;
    }
    Ok(ScoringStrategies {
        claims,
        packer,
        entries,
        degrees,
    })
}

/// A version-6 certificate, sealed at once, the table still held: what a
/// split search's job writes from its own start (any position of the
/// game), which the merge reads back as colourings.
pub fn scoring_certificate(
    solver: &BoundedSolver<ScoringGame>,
    start: &Position,
    claims: Claims,
) -> Result<Certificate, Stopped> {
    Ok(strategies(solver, start, claims, false)?.seal(solver.game()))
}

impl ScoringStrategies {
    /// Bytes held by the packed entries.
    pub fn bytes(&self) -> u64 {
        self.entries.iter().map(Packed::bytes).sum()
    }

    /// About the bytes of the certificate's text: a line per entry of
    /// the colour's name, two graph6 strings and a move.
    pub fn text_bytes(&self) -> u64 {
        let n = self.packer.empty.vertex_count() as u64;
        let line = 8 + 2 * (1 + (n * n.saturating_sub(1) / 2).div_ceil(6)) + 8;
        self.entries.iter().map(|e| e.len as u64).sum::<u64>() * line
    }

    /// The version-6 certificate: the body in the order of
    /// `strategies_body` (Alice's entries first, each side by coloured
    /// edges, then by text). The walk meets a side's entries ply by ply,
    /// every ply one more coloured edge than the last, so each run of
    /// entries with one number of coloured edges is a level of that
    /// order, sorted on its own: the lines of one level are all the text
    /// held beside the body.
    pub fn seal(&self, game: &ScoringGame) -> Certificate {
        let mut body = String::new();
        for (player, packed) in [Player::First, Player::Second].into_iter().zip(&self.entries) {
            let mut level: Vec<String> = Vec::new();
            let mut coloured = None;
            for record in packed.records() {
                let (red, blue) = self.packer.colours(record);
                let c = Some((red | blue).count_ones());
                if c != coloured {
                    flush(&mut level, &mut body);
                    coloured = c;
                }
                level.push(self.line(player, record));
            }
            flush(&mut level, &mut body);
        }
        seal_body(game, &self.packer.start, self.claims, (version(self.degrees), body))
    }

    /// The line of the packed entry `record` of `player`: a degree form
    /// made from the packed bits (version 13), or the colouring unpacked.
    fn line(&self, player: Player, record: &[u8]) -> String {
        let m = self.packer.edges[record[record.len() - 1] as usize];
        match self.degrees {
            true => {
                let (red, blue) = self.packer.colours(record);
                let n = self.packer.empty.vertex_count();
                let form = super::degrees::text_of(n, &self.packer.edges, red, blue);
                format!("{} {form} {m}\n", player.colour_name())
            }
            false => line(false, player, &self.packer.unpack(record).0, m),
        }
    }
}

/// How entries are compared: by degree form (version 13) or colouring.
fn canonical_of(degrees: bool) -> fn(&Position) -> Canonical<Position> {
    match degrees {
        true => super::degrees::canonical,
        false => canonical_position,
    }
}

/// How the walk for `player`'s strategy labels positions: by `canonical`,
/// but on degree forms the prover's positions by key only
/// ([`super::degrees::keyed`]: the walk reads nothing else of them, having
/// no record of the search there).
fn labels(
    canonical: fn(&Position) -> Canonical<Position>,
    player: Player,
    degrees: bool,
) -> impl Fn(&Position) -> Canonical<Position> + Sync {
    move |position: &Position| match degrees && position.to_move() == player {
        true => super::degrees::keyed(position),
        false => canonical(position),
    }
}

/// The entry line `COLOUR POSITION MOVE`, the position a degree form
/// (version 13) or a colouring (version 6).
fn line(degrees: bool, player: Player, position: &Position, m: Edge) -> String {
    let form = match degrees {
        true => super::degrees::text(position),
        false => colouring(position),
    };
    format!("{} {form} {m}\n", player.colour_name())
}

/// The version of certificates with degree forms or not.
fn version(degrees: bool) -> u32 {
    [SCORING_FORMAT_VERSION, DEGREES_FORMAT_VERSION][usize::from(degrees)]
}

/// Appends `level`'s lines to `body` in text order and empties it.
fn flush(level: &mut Vec<String>, body: &mut String) {
    level.sort_unstable();
    level.drain(..).for_each(|line| body.push_str(&line));
}

/// A version-6 certificate of `claims` about `game` played from `from`,
/// with both players' strategy entries (player, position, move text).
pub(crate) fn seal_scoring(
    game: &ScoringGame,
    from: &Position,
    claims: Claims,
    entries: impl IntoIterator<Item = (Player, Position, String)>,
) -> Certificate {
    seal_body(game, from, claims, (SCORING_FORMAT_VERSION, strategies_body(entries)))
}

/// A certificate of `version` (6 or 13) of `claims` about `game` played
/// from `from` with `body`, its entry lines in order.
fn seal_body(game: &ScoringGame, from: &Position, claims: Claims, (version, body): (u32, String)) -> Certificate {
    let entries = body.lines().count();
    let claim = |p: Option<Points>| p.map_or("-".to_string(), |p| format!("{} {}", p.alice, p.bob));
    let header = format!(
        "ramsey-cert {version}\ntool ramsey-verify {}\ngame {}\nboard {}\nstart {}\nto-move {}\n\
         at-least {}\nat-most {}\nentries {entries}\nsha256 {}\n",
        env!("CARGO_PKG_VERSION"),
        game.scoring().name(),
        encode(from.vertex_count(), &from.board_edges()),
        colouring(from),
        from.to_move().colour_name(),
        claim(claims.at_least),
        claim(claims.at_most),
        sha256_hex(&body),
    );
    // The body is the bulk: the header goes in front of it (moved within
    // its allocation, grown in place where the allocator can), not both
    // copied into a third string.
    let mut text = body;
    text.reserve_exact(header.len());
    text.insert_str(0, &header);
    Certificate { text, entries }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::erdos::parse_board;
    use crate::engine::extract::strategy;
    use crate::games::scoring::{Scoring, PROBES};

    /// [`Keeps`] as the writer was before entries and waiting positions
    /// were packed and the walk kept one ply's fingerprints: every
    /// position whole, every fingerprint kept.
    struct Whole<'k, 's, 'g>(&'k Keeps<'s, 'g>);

    impl Prover<ScoringGame> for Whole<'_, '_, '_> {
        fn settled(&self, position: &Position) -> bool {
            self.0.settled(position)
        }
        fn choose(&self, position: &Position) -> Result<Edge, Stopped> {
            self.0.choose(position)
        }
    }

    /// The certificate of the plain walk, sealed from whole entries.
    fn plain(solver: &BoundedSolver<ScoringGame>, start: &Position, claims: Claims) -> String {
        let packer = Packer::new(start);
        let degrees = by_degrees(solver.game());
        let mut lines = Vec::new();
        for (player, t) in [(Player::First, claims.at_least), (Player::Second, claims.at_most)] {
            let Some(t) = t else { continue };
            let (solver, packer) = (solver, &packer);
            let keeps = Keeps {
                solver,
                player,
                t,
                packer,
                held: 0,
            };
            let moves = strategy(solver.game(), start, player, &Whole(&keeps), canonical_of(degrees)).unwrap();
            let coloured = super::super::game::coloured;
            lines.extend(
                moves
                    .iter()
                    .map(|(p, m)| (player as usize, coloured(p), line(degrees, player, p, *m))),
            );
        }
        lines.sort_unstable();
        let body = lines.into_iter().map(|(_, _, line)| line).collect();
        seal_body(solver.game(), start, claims, (version(degrees), body)).text
    }

    /// A packed entry with a wrong move, or a position the one-ply
    /// fingerprints drop, changes the text: it must be the plain walk's.
    #[test]
    fn packed_strategies_are_the_plain_walks_byte_for_byte() {
        let mut entries = 0;
        for (board, head) in [
            ("colex:11", &[][..]),
            ("6", &[]),
            ("DQo", &[]),
            ("5", &[Edge::new(0, 1)]),
        ] {
            for scoring in Scoring::ALL {
                let game = ScoringGame::new(scoring, &parse_board(board).unwrap(), head).unwrap();
                let solver = BoundedSolver::new(&game);
                let v = solver.value(&game.start(), &PROBES).unwrap();
                let claims = Claims {
                    at_least: Some(v),
                    at_most: Some(v),
                };
                let packed = scoring_strategies(&solver, &game.start(), claims).unwrap().seal(&game);
                assert_eq!(
                    packed.text,
                    plain(&solver, &game.start(), claims),
                    "{scoring:?} on {board}"
                );
                entries += packed.entries;
            }
        }
        assert!(entries > 1000, "{entries}");
    }
}
