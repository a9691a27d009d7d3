//! A strategy of one player (the *prover*) read off a search, for a
//! certificate: at each of the prover's positions one move, at each of the
//! other player's positions every move up to symmetry, from the start to
//! the end of the game. Any game on the engine gets one this way; what the
//! prover plays (the first optimal move of [`super::Solver`], the first
//! move a threshold test of [`super::bounded`] proves) is the caller's
//! [`Prover`], and a certificate format writes the entries.
//!
//! Positions are compared up to isomorphism by the canonical form the
//! caller gives, which must be a true isomorphism of positions (the one a
//! certificate checker tests), not a coarser reduction a search may use:
//! one reply per orbit of its automorphisms then covers every reply, since
//! replies in one orbit lead to isomorphic positions, and one entry per
//! position up to isomorphism is enough for a checker that looks entries up
//! up to isomorphism. The walk is breadth first in move order, so the
//! entries are a deterministic function of the game and the prover.
//!
//! A search may record what it found as it went ([`Recorded`]): the
//! prover's winning move at a position, and at the other player's the
//! fingerprint of the position after each reply, both under the canonical
//! form the walk computes anyway. Then the walk asks the search nothing,
//! and plays and labels only the replies whose positions it has not met
//! (most replies lead to positions met already: labelling them again was
//! most of a certificate's cost, as much as the search itself). Where the
//! search also recorded the prover's answer after a reply, in the labels
//! of the position before it, the walk labels no position of the prover
//! at all: the fingerprint says it is new, the answer is its move there,
//! and only the position after the answer is labelled (for its replies).
//!
//! Memory: the walk keeps a 64-bit fingerprint of each canonical key met
//! (not the key), and of the next ply only the positions new up to
//! isomorphism (a position is looked up as soon as it is made, not when its
//! ply comes), each of the other player's with its replies, read off the
//! canonical form that fingerprinted it (one labelling per position, not
//! two); entries go to the caller's sink as they are found. Two keys
//! with one fingerprint (about N^2 / 2^65 for N positions: 3 in a million
//! for ten million) would make the
//! walk skip a position it has not covered: the certificate then lacks an
//! entry and its checker rejects it, so a collision can cost a certificate,
//! never make a false one. The caller is told the walk's size after every
//! chunk of positions ([`Prover::within_memory`]) and may stop it there.

use super::{inverse, Stopped};
use crate::core::board::Player;
use crate::core::symmetry::Canonical;
use crate::games::{Rules, Symmetric};
use foldhash::fast::FixedState;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// Positions of a ply handled at a time (labelled and stepped in parallel,
/// then merged in order): bounds the walk's memory between checks.
const CHUNK: usize = 1 << 12;

/// Bytes the walk counts per fingerprint kept: the 8 bytes and the hash
/// set's slack and control bytes.
pub const FINGERPRINT_BYTES: u64 = 16;

/// What the walk holds, as told to [`Prover::within_memory`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkSize {
    /// Positions met so far, up to isomorphism (one fingerprint each).
    pub seen: u64,
    /// Positions waiting in the current and the next ply.
    pub waiting: u64,
    /// The other player's replies kept with the waiting positions.
    pub replies: u64,
    /// Entries handed to the sink so far.
    pub entries: u64,
}

impl WalkSize {
    /// Approximate bytes of a walk this size: a fingerprint per position
    /// met, `position` bytes per waiting position, `reply` bytes per reply
    /// kept with them, and `entry` bytes per entry the caller's sink holds.
    pub fn bytes(&self, position: u64, reply: u64, entry: u64) -> u64 {
        self.seen * FINGERPRINT_BYTES + self.waiting * position + self.replies * reply + self.entries * entry
    }
}

/// What the walk asks of the prover.
pub trait Prover<G: Symmetric> {
    /// Whether the claim already holds at `position` whatever either player
    /// does from here (a certificate checker must see that for itself):
    /// then `position` needs no entry and nothing below it is walked. The
    /// default: only where the game is over.
    fn settled(&self, _position: &G::Position) -> bool {
        false
    }
    /// The prover's move at `position` (the prover to move, the game not
    /// over), in `position`'s labels.
    fn choose(&self, position: &G::Position) -> Result<G::Move, Stopped>;
    /// What the prover's search recorded at `position` under its
    /// canonical form `canon` (the walk's, computed anyway to fingerprint
    /// it): the prover's move, or the other player's replies with the
    /// fingerprints of the positions after them, in `position`'s labels.
    /// `None` (the default): the prover's move is asked of
    /// [`Prover::choose`], and every reply's position is labelled. Asked
    /// as soon as the position is made, before the walk knows whether it
    /// met it already, so it should be cheap.
    fn recorded(&self, _position: &G::Position, _canon: &Canonical<G::Position>) -> Option<Recorded<G::Move>> {
        None
    }
    /// The prover's `answer` at `position` as [`Recorded::Replies`] gave
    /// it (in `position`'s labels, read off the search's form of a
    /// position with the same key), made legal here, or `None` if it is
    /// not a move here (then `position` is labelled and asked as any
    /// other). The default: the answer as recorded.
    fn answer(&self, _position: &G::Position, answer: G::Move) -> Option<G::Move> {
        Some(answer)
    }
    /// Told that the walk keeps the position whose canonical key has the
    /// fingerprint `f`, after [`Prover::recorded`] was asked there: the walk
    /// meets that position again only to drop it, so what the search
    /// recorded there may be dropped (told in the walk's order, after the
    /// positions of a chunk are labelled). The default: nothing.
    fn kept(&self, _f: u64) {}
    /// Whether positions of different plies of the walk are never
    /// isomorphic (every move colours one edge, as in the scoring games):
    /// then the walk keeps the fingerprints of one ply only. A prover
    /// that records replies ([`Recorded::Replies`]: the walk claims
    /// positions a ply ahead) must say no (the default).
    fn plies_apart(&self) -> bool {
        false
    }
    /// A compact copy of `position` for the walk to keep while it waits
    /// for its ply (a walk holds a whole ply: on large boards most of its
    /// memory), given back by [`Prover::unpack`]; `None` (the default):
    /// the position itself is kept.
    fn pack(&self, _position: &G::Position) -> Option<Box<[u8]>> {
        None
    }
    /// The position [`Prover::pack`] gave `bytes` for.
    fn unpack(&self, _bytes: &[u8]) -> G::Position {
        panic!("a prover that packs positions unpacks them")
    }
    /// Whether the walk, now of `size`, may go on (with the prover's own
    /// memory, such as its search's table); the default: always.
    fn within_memory(&self, _size: WalkSize) -> Result<(), Stopped> {
        Ok(())
    }
}

/// What a search recorded at a position as it went ([`Prover::recorded`]),
/// so that the walk reading a strategy off it does not ask it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded<M> {
    /// Where the prover moves: the move that wins.
    Move(M),
    /// Where the other player moves: every reply up to symmetry, with the
    /// [`fingerprint`] of the position after it (0: not labelled, such as
    /// a position the search decided without a search) and the prover's
    /// winning answer there if recorded. The walk skips a reply whose
    /// position it has met already without playing or labelling it: that
    /// is most replies, and the search labelled each of them once already;
    /// where the answer is given, it plays the reply and the answer
    /// without labelling the position between them
    /// ([`Prover::answer`]).
    Replies(Vec<(M, u64, Option<M>)>),
}

/// A strategy's entries: each position of the prover with its move.
pub type Entries<G> = Vec<(<G as Rules>::Position, <G as Rules>::Move)>;

/// The prover's strategy from `start`: every position of the prover that
/// is reached (up to isomorphism under `canonical`) with the move chosen
/// there, in the order met. Positions where the game is over or that the
/// prover calls [`Prover::settled`] have no entry and end their line.
pub fn strategy<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
) -> Result<Entries<G>, Stopped> {
    let mut entries = Vec::new();
    walk(game, start, player, prover, canonical, |p, m| entries.push((p, m)))?;
    Ok(entries)
}

/// [`strategy`], each entry handed to `sink` in the order met instead of
/// kept (a certificate writer stores it compactly or writes it out).
///
/// The walk goes one ply at a time, a chunk of positions at a time: their
/// moves are chosen and their children labelled in parallel, then the
/// children kept in the order a sequential breadth-first walk meets them,
/// so the entries are the same for any number of threads.
pub fn walk<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
    sink: impl FnMut(G::Position, G::Move),
) -> Result<(), Stopped> {
    opening(game, start, player, prover, canonical, usize::MAX, sink).map(drop)
}

/// [`walk`] for the first `plies` plies only (an *opening*, for a
/// certificate in parts): returns the *frontier*, the positions still
/// open after `plies` plies, one per class up to isomorphism, in the order
/// met, each the start of a part that a later walk covers. Every line of
/// the strategy either ends within the opening or reaches the frontier.
pub fn opening<G: Symmetric>(
    game: &G,
    start: &G::Position,
    player: Player,
    prover: &(impl Prover<G> + Sync),
    canonical: impl Fn(&G::Position) -> Canonical<G::Position> + Sync,
    plies: usize,
    mut sink: impl FnMut(G::Position, G::Move),
) -> Result<Vec<G::Position>, Stopped> {
    let open = |p: &G::Position| game.outcome(p).is_none() && !prover.settled(p);
    let label = |p: G::Position| labelled(game, (player, prover), p, &canonical);
    // Fingerprints are uniform already: the set hashes them cheaply.
    let mut seen = HashSet::with_hasher(FixedState::default());
    let (mut entries, mut replies) = (0, 0);
    let mut ply = Vec::new();
    if open(start) {
        let (mut start, f) = label(start.clone());
        seen.insert(f);
        prover.kept(f);
        claim::<G>(&mut start, &mut seen);
        replies += start.1.len();
        ply.push(start);
    }
    for _ in 0..plies {
        if ply.is_empty() {
            break;
        }
        if prover.plies_apart() {
            // This ply's positions are kept already, and the next ply's
            // are never isomorphic to them.
            seen.clear();
        }
        let mut next = Vec::new();
        let mut rest = ply.into_iter();
        loop {
            let chunk: Vec<Waiting<G>> = rest.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            replies -= chunk.iter().map(|(_, next)| next.len()).sum::<u64>();
            let steps: Vec<Result<Step<G>, Stopped>> = chunk
                .into_par_iter()
                .map(|waiting| step(game, prover, waiting, &open, &label))
                .collect();
            for (entry, children) in steps.into_iter().collect::<Result<Vec<_>, _>>()? {
                if let Some((p, m)) = entry {
                    sink(p, m);
                    entries += 1;
                }
                for (mut child, f, claimed) in children {
                    if claimed || seen.insert(f) {
                        prover.kept(f);
                        claim::<G>(&mut child, &mut seen);
                        replies += child.1.len();
                        next.push(child);
                    }
                }
            }
            prover.within_memory(WalkSize {
                seen: seen.len() as u64,
                waiting: (rest.len() + next.len()) as u64,
                replies,
                entries,
            })?;
        }
        ply = next;
    }
    Ok(ply.into_iter().map(|(kept, _)| kept.position(prover)).collect())
}

/// A 64-bit fingerprint of a canonical key (module docs), the same in
/// the walk and in a search recording for it ([`Recorded::Replies`]).
pub fn fingerprint(key: &[u64]) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

/// A position waiting in the walk, with what is known of its moves.
type Waiting<G> = (Kept<<G as Rules>::Position>, Next<<G as Rules>::Move>);

/// A position as the walk keeps it ([`Prover::pack`]).
enum Kept<P> {
    Whole(P),
    Packed(Box<[u8]>),
}

impl<P> Kept<P> {
    /// `position` packed if the prover packs positions.
    fn of<G: Symmetric<Position = P>>(prover: &impl Prover<G>, position: P) -> Kept<P> {
        match prover.pack(&position) {
            Some(bytes) => Kept::Packed(bytes),
            None => Kept::Whole(position),
        }
    }

    /// The position itself.
    fn position<G: Symmetric<Position = P>>(self, prover: &impl Prover<G>) -> P {
        match self {
            Kept::Whole(position) => position,
            Kept::Packed(bytes) => prover.unpack(&bytes),
        }
    }
}

/// The moves of a waiting position, in its labels.
enum Next<M> {
    /// The prover's, with its move if [`Prover::recorded`] gave one.
    Prover(Option<M>),
    /// The other player's: every reply up to symmetry, each with the
    /// fingerprint of the position after it if recorded (else 0) and the
    /// prover's answer there if recorded.
    Other(Vec<(M, u64, Option<M>)>),
}

impl<M> Next<M> {
    /// Moves kept (counted in [`WalkSize::replies`]).
    fn len(&self) -> u64 {
        match self {
            Next::Prover(m) => m.is_some() as u64,
            Next::Other(replies) => replies.len() as u64,
        }
    }
}

/// What one position adds: its entry (a position of the prover) and the
/// positions after it still open, each with its fingerprint and whether
/// it was claimed already ([`claim`]).
type Step<G> = (
    Option<(<G as Rules>::Position, <G as Rules>::Move)>,
    Vec<(Waiting<G>, u64, bool)>,
);

/// Drops the other player's replies at `waiting` whose recorded positions
/// the walk has met, and marks the rest's as met (claims them), as soon as
/// `waiting` is kept, in the walk's order: so a reply's position is played
/// and labelled only the first time it is met, whatever the number of
/// threads, and a waiting position holds only the replies still to play.
/// Claiming a ply ahead of the walk changes no class met where positions
/// of different plies never share a canonical form (each move adds to the
/// position: in the colouring games, the only ones recording replies, a
/// coloured vertex, which their forms count), so within a ply it changes
/// at most which of two equivalent positions is kept (on P4 x P7, P5 x P6
/// and P4 x P8 the certificates are byte for byte the same). A claimed
/// position that is not open ends its line as any other would: positions
/// with one canonical form are over, or settled, together.
fn claim<G: Rules>((_, next): &mut Waiting<G>, seen: &mut HashSet<u64, FixedState>) {
    if let Next::Other(replies) = next {
        replies.retain(|&(_, f, _)| f == 0 || seen.insert(f));
    }
}

/// `position` labelled once: its fingerprint and, where the other player
/// moves, one reply per orbit of the automorphisms of its canonical form,
/// in `position`'s labels; what the prover recorded there
/// ([`Prover::recorded`]) if anything.
fn labelled<G: Symmetric>(
    game: &G,
    (player, prover): (Player, &impl Prover<G>),
    position: G::Position,
    canonical: &impl Fn(&G::Position) -> Canonical<G::Position>,
) -> (Waiting<G>, u64) {
    let canon = canonical(&position);
    let f = fingerprint(&canon.key);
    let ours = game.to_move(&position) == player;
    let next = match (prover.recorded(&position, &canon), ours) {
        (Some(Recorded::Move(m)), true) => Next::Prover(Some(m)),
        (_, true) => Next::Prover(None),
        (Some(Recorded::Replies(replies)), false) => Next::Other(replies),
        (_, false) => {
            let back = inverse(&canon.to_canon);
            let moves = game.orbit_moves(&canon.position, &canon.generators);
            Next::Other(moves.iter().map(|m| (game.relabel_move(m, &back), 0, None)).collect())
        }
    };
    ((Kept::of(prover, position), next), f)
}

/// The prover's move at a waiting position and the position after it, or
/// the other player's replies and the positions after them (each claimed
/// if its recorded fingerprint is known); of those, the ones still
/// `open`, labelled, except a claimed position of the prover whose answer
/// was recorded ([`Prover::answer`]): it waits with its fingerprint and
/// that move, unlabelled.
fn step<G: Symmetric>(
    game: &G,
    prover: &impl Prover<G>,
    (kept, moves): Waiting<G>,
    open: &(impl Fn(&G::Position) -> bool + Sync),
    label: &(impl Fn(G::Position) -> (Waiting<G>, u64) + Sync),
) -> Result<Step<G>, Stopped> {
    let position = kept.position(prover);
    let (entry, next) = match moves {
        Next::Prover(recorded) => {
            let m = match recorded {
                Some(m) => m,
                None => prover.choose(&position)?,
            };
            let next = vec![(game.play(&position, &m), 0, None)];
            (Some((position, m)), next)
        }
        Next::Other(replies) => (
            None,
            replies
                .into_iter()
                .map(|(m, f, answer)| (game.play(&position, &m), f, answer))
                .collect(),
        ),
    };
    let children = next.into_iter().filter(|(p, _, _)| open(p));
    let child = |(p, f, answer): (G::Position, u64, Option<G::Move>)| {
        let answer = answer.filter(|_| f != 0).and_then(|a| prover.answer(&p, a));
        match answer {
            Some(a) => ((Kept::of(prover, p), Next::Prover(Some(a))), f, true),
            None => {
                let (waiting, g) = label(p);
                (waiting, g, f != 0)
            }
        }
    };
    Ok((entry, children.map(child).collect()))
}
