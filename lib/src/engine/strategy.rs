//! Certifying an explicit strategy of one player in any game ([`Rules`]): the
//! strategy picks that player's moves, every legal move of the other
//! player is tried, and the certificate says that every game ends with at
//! least the promised score.
//!
//! A strategy here sees the labelled position and the opponent's last
//! move, nothing else; so two visits of the same (position, last move)
//! get the same answer and the check is done once per pair (a table of
//! exact, labelled positions; no canonical forms, since the strategy may
//! read labels). The search is sequential and visits the same pairs on
//! every run.

use crate::core::board::Player;
use crate::games::Rules;
use std::collections::HashSet;
use std::hash::Hash;

/// A strategy for one player of a game `G`.
pub trait Strategy<G: Rules>: Sync {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The game ended below the promised score.
    Lost,
    /// The strategy gave no move, or an illegal one (then the line ends
    /// with the illegal move).
    NoLegalMove,
}

/// Certifies that `strategy`, playing `player` from `start`, ends every
/// game with a score at least as good for `player` as `promised`. The
/// game's `moves` must accept positions in any labels (the walk never
/// puts them in canonical form). Ok
/// gives the number of (position, last move) pairs checked.
pub fn certify<G, S>(
    game: &G,
    start: &G::Position,
    player: Player,
    strategy: &S,
    promised: G::Score,
) -> Result<u64, Counterexample<G::Move>>
where
    G: Rules,
    G::Position: Hash + Eq,
    S: Strategy<G> + ?Sized,
{
    let mut walk = Walk {
        game,
        player,
        strategy,
        promised,
        done: HashSet::new(),
        line: Vec::new(),
    };
    walk.check(start, None)?;
    Ok(walk.done.len() as u64)
}

struct Walk<'a, G: Rules, S: ?Sized> {
    game: &'a G,
    player: Player,
    strategy: &'a S,
    promised: G::Score,
    done: HashSet<(G::Position, Option<G::Move>)>,
    line: Vec<G::Move>,
}

impl<G, S> Walk<'_, G, S>
where
    G: Rules,
    G::Position: Hash + Eq,
    S: Strategy<G> + ?Sized,
{
    fn good_enough(&self, score: G::Score) -> bool {
        match self.player {
            Player::First => score >= self.promised,
            Player::Second => score <= self.promised,
        }
    }

    fn fail(&self, reason: FailureKind) -> Counterexample<G::Move> {
        Counterexample {
            line: self.line.clone(),
            reason,
        }
    }

    fn check(&mut self, position: &G::Position, last: Option<G::Move>) -> Result<(), Counterexample<G::Move>> {
        let key = (position.clone(), last.clone());
        if self.done.contains(&key) {
            return Ok(());
        }
        let game = self.game;
        if let Some(score) = game.outcome(position) {
            return match self.good_enough(score) {
                true => Ok(()),
                false => Err(self.fail(FailureKind::Lost)),
            };
        }
        let legal = game.moves(position);
        if game.to_move(position) == self.player {
            let choices = self.strategy.choose(game, position, last.as_ref());
            if choices.is_empty() {
                return Err(self.fail(FailureKind::NoLegalMove));
            }
            for m in choices {
                if !legal.contains(&m) {
                    self.line.push(m);
                    return Err(self.fail(FailureKind::NoLegalMove));
                }
                self.step(position, m, last.clone())?;
            }
        } else {
            for m in legal {
                let next = game.play(position, &m);
                self.line.push(m.clone());
                self.check(&next, Some(m))?;
                self.line.pop();
            }
        }
        self.done.insert(key);
        Ok(())
    }

    /// The strategy's move: the opponent's last move stays the last one.
    fn step(
        &mut self,
        position: &G::Position,
        m: G::Move,
        last: Option<G::Move>,
    ) -> Result<(), Counterexample<G::Move>> {
        let next = self.game.play(position, &m);
        self.line.push(m);
        self.check(&next, last)?;
        self.line.pop();
        Ok(())
    }
}
