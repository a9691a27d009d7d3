//! A strategy of one player in any game, as a game of its own for the
//! engine's one search core ([`super::Solver`]): "strategy `S` plays
//! `player` in game `G`, and every reply of the other player is tried".
//! `engine::strategy::certify` asks the solver about it; there is no
//! second search. The strategy's vocabulary ([`LabelledStrategy`],
//! [`Counterexample`], [`FailureKind`]) is defined here, beside the layer
//! that plays it, and handed on by `engine::strategy`.
//!
//! Both strategy checks of the crate ask this one core the one question
//! [`crate::games::FirstFailure`] (a failure is decisive for the
//! adversary, so the value of a node is its first failing move in move
//! order, else "holds", and the line the values point to is the first
//! counterexample a depth-first walk in that order meets); they differ in
//! what a strategy is promised, so each has its layer:
//!
//! - a [`LabelledStrategy`] (here; the colouring games' strategies, any
//!   game) sees the labelled position and the opponent's last move, may
//!   read labels, and keeps no memory: nothing is identified up to
//!   isomorphism;
//! - a `verify::strategy::Strategy` (the `K_k` verifier's
//!   `verify::search::game`) keeps vertex-labelled memory and is always
//!   called on the canonical form of (position, memory, last move), so its
//!   tie-breaks are isomorphism-invariant and one reply per orbit is
//!   searched, with the `K_k` game's shortcuts and a contract check.
//!
//! Every node has the adversary to move ([`Player::Second`] of this game):
//! where the other player of `G` is to move, the moves are all of `G`'s
//! legal moves in `G`'s order; where `player` is to move, they are the
//! moves the strategy allows, in its order, and the adversary picks one
//! (every one must hold, as under the verifier's `--choices all`). The
//! options are cut after the first illegal one: playing it ends the game
//! with [`FailureKind::NoLegalMove`], so no later option is ever needed.
//! A strategy that allows no move fails there the same way.
//!
//! Strategies read labels and the opponent's last move, so nothing here
//! is identified up to isomorphism: a node's key is an exact identity of
//! (position, last move). Positions of `G` need only `Hash + Eq`: a key
//! book numbers each distinct pair the first time it is labelled, and the
//! number is the key (collision-free whatever the position type; the
//! numbers depend on timing, the values stored under them do not). The
//! book holds one pair per labelled node, counted against the memory cap
//! through [`Follow::entry_bytes`].
//!
//! Counting convention ([`Hints::quick_value`]): a node where `G` is over,
//! or that an illegal option ended, is decided before labelling, so the
//! table holds exactly the (position, last move) pairs where the game goes
//! on: on a strategy that holds, every such pair reachable from the start.

use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;
use crate::games::{layer, FinalScore, Hints, Rules, StrategyScore, Symmetric, Value};
use dashmap::DashMap;
use foldhash::fast::FixedState;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// A strategy for one player of a game `G`.
pub trait LabelledStrategy<G: Rules>: Sync {
    /// The moves the strategy allows at `position` (its player to move),
    /// knowing the opponent's last move: one move, or several where the
    /// strategy leaves the choice open ("an arbitrary possible colour"),
    /// and then every one of them is checked. Empty: the strategy has no
    /// move.
    fn choose(&self, game: &G, position: &G::Position, last: Option<&G::Move>) -> Vec<G::Move>;
}

/// Why a strategy failed: the moves from the start to the failure.
#[derive(Clone, Debug)]
pub struct Counterexample<M> {
    /// The moves played, both players, from the start.
    pub line: Vec<M>,
    /// What went wrong at the end of the line.
    pub reason: FailureKind,
}

/// How a strategy failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FailureKind {
    /// The game ended below the promised score.
    Lost,
    /// The strategy gave no move, or an illegal one (then the line ends
    /// with the illegal move).
    NoLegalMove,
}

/// Strategy `strategy` playing `player` in `game`, every reply of the
/// other player tried, as a game (see the module docs).
pub struct Follow<'a, G: Rules, S: ?Sized> {
    game: &'a G,
    player: Player,
    strategy: &'a S,
    promised: G::Score,
    /// The key book: the number of every (position, last move) labelled.
    book: DashMap<Pair<G>, u64, FixedState>,
    next: AtomicU64,
}

/// What a strategy is shown: a position of `G` and the opponent's last
/// move; the key book numbers these.
type Pair<G> = (<G as Rules>::Position, Option<<G as Rules>::Move>);

/// A node of [`Follow`] over `G`.
type Node<G> = Followed<<G as Rules>::Position, <G as Rules>::Move>;

/// A node: a position of the inner game, the opponent's last move (what
/// the strategy is shown besides the position), and whether an illegal
/// option of the strategy ended the game here.
#[derive(Clone, Debug)]
pub struct Followed<P, M> {
    /// The inner game's position (before the illegal move, if one ended
    /// the game).
    pub position: P,
    /// The other player's last move, if any: the strategy's own moves keep
    /// it, as the strategy is told the opponent's last move.
    pub last: Option<M>,
    /// The strategy's last option was illegal here.
    pub illegal: bool,
    /// The strategy's options where its player is to move, asked once.
    options: OnceLock<Options<M>>,
}

/// The moves a strategy allows at a node, in its order, up to and
/// including the first illegal one.
#[derive(Clone, Debug)]
struct Options<M> {
    moves: Vec<M>,
    last_illegal: bool,
}

/// The score of a line: the strategy failed (how), or it held. Every
/// failure is below "holds", so the adversary (the minimiser) seeks one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Verdict {
    /// The line beats the strategy.
    Fails(FailureKind),
    /// The line ends at least as well as promised.
    Holds,
}

/// Lengths do not matter: only whether some line fails.
impl FinalScore for Verdict {
    fn hurries(self) -> Option<Player> {
        None
    }
}

/// A failure is what the adversary looks for ([`crate::games::FirstFailure`]).
impl StrategyScore for Verdict {
    fn fails(self) -> bool {
        matches!(self, Verdict::Fails(_))
    }
}

impl<'a, G: Rules<Position: Hash + Eq>, S: LabelledStrategy<G> + ?Sized> Follow<'a, G, S> {
    /// `strategy` playing `player` in `game`, promising a final score at
    /// least as good for `player` as `promised`.
    pub fn new(game: &'a G, player: Player, strategy: &'a S, promised: G::Score) -> Follow<'a, G, S> {
        Follow {
            game,
            player,
            strategy,
            promised,
            book: DashMap::with_hasher(FixedState::default()),
            next: AtomicU64::new(0),
        }
    }

    /// The node of `position` with no last move (where a check starts).
    pub fn node(&self, position: G::Position) -> Node<G> {
        self.followed(position, None, false)
    }

    /// About how many bytes the key book holds per labelled node (the
    /// pair's own size, its number and the map's bookkeeping; memory a
    /// position owns on the heap is not seen), for
    /// [`super::Solver::with_entry_bytes`].
    pub fn entry_bytes() -> u64 {
        (std::mem::size_of::<Pair<G>>() + 8 + 16) as u64
    }

    fn followed(&self, position: G::Position, last: Option<G::Move>, illegal: bool) -> Node<G> {
        Followed {
            position,
            last,
            illegal,
            options: OnceLock::new(),
        }
    }

    /// Whether the strategy's player is to move at a node that goes on.
    fn ours(&self, node: &Node<G>) -> bool {
        self.game.to_move(&node.position) == self.player
    }

    /// The strategy's options at a node where its player is to move.
    fn options<'n>(&self, node: &'n Node<G>) -> &'n Options<G::Move> {
        node.options.get_or_init(|| {
            let legal = self.game.moves(&node.position);
            let mut moves = self.strategy.choose(self.game, &node.position, node.last.as_ref());
            let illegal = moves.iter().position(|m| !legal.contains(m));
            if let Some(i) = illegal {
                moves.truncate(i + 1);
            }
            Options {
                moves,
                last_illegal: illegal.is_some(),
            }
        })
    }

    /// The verdict at a node decided without asking the strategy: an
    /// illegal option, or the inner game over.
    fn ended(&self, node: &Node<G>) -> Option<Verdict> {
        if node.illegal {
            return Some(Verdict::Fails(FailureKind::NoLegalMove));
        }
        let score = self.game.outcome(&node.position)?;
        let good = match self.player {
            Player::First => score >= self.promised,
            Player::Second => score <= self.promised,
        };
        Some(if good {
            Verdict::Holds
        } else {
            Verdict::Fails(FailureKind::Lost)
        })
    }
}

#[deny(clippy::missing_trait_methods)]
impl<G: Rules<Position: Hash + Eq>, S: LabelledStrategy<G> + ?Sized> Rules for Follow<'_, G, S> {
    type Position = Followed<G::Position, G::Move>;
    type Move = G::Move;
    type Score = Verdict;

    /// The inner game's start.
    fn start(&self) -> Self::Position {
        self.node(self.game.start())
    }
    /// Always the adversary: he picks the other player's moves and, among
    /// the strategy's options, the one to check next.
    fn to_move(&self, _node: &Self::Position) -> Player {
        Player::Second
    }
    /// Over where the inner game is over, after an illegal option, or where
    /// the strategy allows no move.
    fn outcome(&self, node: &Self::Position) -> Option<Verdict> {
        self.ended(node).or_else(|| {
            (self.ours(node) && self.options(node).moves.is_empty()).then_some(Verdict::Fails(FailureKind::NoLegalMove))
        })
    }
    /// The strategy's options where its player is to move, else every
    /// legal move of the inner game.
    fn moves(&self, node: &Self::Position) -> Vec<G::Move> {
        match self.ours(node) {
            true => self.options(node).moves.clone(),
            false => self.game.moves(&node.position),
        }
    }
    /// The strategy's moves keep the opponent's last move; an illegal
    /// option leaves the position and ends the game.
    fn play(&self, node: &Self::Position, m: &G::Move) -> Self::Position {
        if !self.ours(node) {
            return self.followed(self.game.play(&node.position, m), Some(m.clone()), false);
        }
        let options = self.options(node);
        let illegal = options.last_illegal && options.moves.last() == Some(m);
        let position = match illegal {
            true => node.position.clone(),
            false => self.game.play(&node.position, m),
        };
        self.followed(position, node.last.clone(), illegal)
    }
}

/// No symmetry: the strategy reads labels. A node's key is its number in
/// the key book (doubled, plus one after an illegal option).
#[deny(clippy::missing_trait_methods)]
impl<G: Rules<Position: Hash + Eq>, S: LabelledStrategy<G> + ?Sized> Symmetric for Follow<'_, G, S> {
    fn canonical(&self, node: &Self::Position) -> Canonical<Self::Position> {
        let pair = (node.position.clone(), node.last.clone());
        let number = *self
            .book
            .entry(pair)
            .or_insert_with(|| self.next.fetch_add(1, Ordering::Relaxed));
        Canonical {
            key: Box::new([number << 1 | u64::from(node.illegal)]),
            ..Canonical::as_is(node.clone())
        }
    }
    // The whole form (a number from the key book), then the key shown.
    layer::defaults!(canonical_if);
    /// Labels are kept ([`Canonical::as_is`]): no permutation is ever asked.
    fn relabel_move(&self, m: &G::Move, _perm: &[Vertex]) -> G::Move {
        m.clone()
    }
    /// Every move, in order: there is no symmetry to reduce by.
    fn orbit_moves(&self, node: &Self::Position, _generators: &[Vec<Vertex>]) -> Vec<G::Move> {
        self.moves(node)
    }
}

/// Decides the nodes that need no strategy call (module docs: counting
/// convention); nothing else.
#[deny(clippy::missing_trait_methods)]
impl<G: Rules<Position: Hash + Eq>, S: LabelledStrategy<G> + ?Sized> Hints for Follow<'_, G, S> {
    // Nothing but the nodes decided without a strategy call: no bounds,
    // no move order, no shortcuts, one ply per move.
    layer::defaults!(
        score_bounds,
        score_bounds_for,
        bounds_by_side,
        score_bound_side,
        move_priority
    );
    layer::defaults!(quick_move_value, ending_move, quick_score, plies);
    /// An illegal option or the inner game over: the verdict, no plies.
    fn quick_value(&self, node: &Self::Position) -> Option<Value<Verdict>> {
        self.ended(node).map(|score| Value { score, plies: 0 })
    }
    // None: a strategy's nodes are its own, kept apart by its book, and
    // every node is labelled and stored (the book needs them).
    layer::defaults!(score_form, search_directly);
}
