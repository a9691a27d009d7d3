//! Batch repair: every failing decision of one verification fixed in one
//! round.
//!
//! The one-entry repair re-verifies the whole game for every entry. Where
//! the lines that need too many moves are many (`k4-patched` under bound
//! 18: about a thousand situations at her move 17), that is far too slow.
//! A batch round walks, after one verification, every line of the patched
//! strategy that fails (his replies one per orbit, as the search does; the
//! search's values say which replies fail) and fixes each failing decision
//! of hers as deep as it can be fixed:
//!
//! - a *failing situation* (her turn) whose own move leads to a position in
//!   which every failing situation after his replies is fixed is fixed
//!   itself, with no entry of its own;
//! - otherwise (some situation below it cannot be fixed, or her move ends
//!   badly at once) it is fixed by an entry when another move of hers
//!   (one per orbit: the test of the one-entry repair,
//!   [`super::saving_move`]) wins within the bound;
//! - otherwise it is not fixed, and the situations with her previous move
//!   on its lines try instead: the walk goes up one of her moves.
//!
//! Why the entries of one round do not interact. An entry is only ever
//! added at a situation that fails under the round's table, and changes her
//! play only there. A candidate move is accepted when its subtree wins
//! under the round's table, so that subtree reaches no failing situation
//! and no entry of the round changes it. A situation fixed through its
//! children relies only on subtrees that win (unchanged, as above) and on
//! fixed situations (by induction on the number of her moves left). Two
//! situations with the same move number of hers, in particular, cannot be
//! in each other's subtree: a subtree holds only positions with more edges.
//! The situation key fixes her move number (her edge count), so an entry
//! applies at every occurrence of its situation alike. So if the walk fixes
//! the start, the round's entries together make the strategy win within
//! the bound; the next round's verification confirms it (soundness rests
//! there, not on this argument).
//!
//! When the start cannot be fixed, the entries of the situations that were
//! fixed are still added (each makes its situation win, and stays right in
//! later rounds by the same argument) and the next round looks again: a
//! move rejected this round may win once the situations below it are fixed.
//! A round that fixes nothing is stuck. Every entry turns a failing
//! situation into a winning one for good, so the rounds end.
//!
//! The walk is sequential, in the search's reply order, and the values it
//! reads do not depend on the thread count: the table is the same for any
//! number of threads.

use super::{saving_move, Decision, Found, NoSave, RepairError, Start};
use crate::core::board::{Edge, Player, Position};
use crate::core::canon::canonical_form;
use crate::core::graph6::situation_key;
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use crate::engine::Stopped;
use crate::verify::line::{Ending, Line, PlayedMove};
use crate::verify::search::contract::ContractError;
use crate::verify::search::{Exchange, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// One round in batch mode from `start`, reached by the moves `prefix`:
/// its entries, none if it is stuck.
pub(super) fn round(start: &Start, prefix: &[PlayedMove]) -> Result<Found, RepairError> {
    let mut walk = Walk {
        start,
        memo: HashMap::new(),
        failing: BTreeMap::new(),
        path: prefix.iter().map(|m| m.edge).collect(),
    };
    let below = match walk.node(&start.position, &start.memory) {
        Ok((_, below)) => below,
        Err(Broke::Stopped(stopped)) => return Err(stopped.into()),
        Err(Broke::Panicked(message)) => return Ok(Found::Broken(walk.broken(message))),
    };
    Ok(Found::Entries {
        entries: walk.entries(below),
        failing: walk.failing,
    })
}

/// What the walk found at a failing situation.
struct Fix {
    /// Whether the situation now wins within the bound.
    fixed: bool,
    /// The entry there (key, edge), if the situation is fixed by one.
    entry: Option<(String, Edge)>,
    /// The failing situations after her move there that the walk fixed or
    /// looked at (keys), when no entry of its own replaces her move.
    below: Vec<String>,
    /// Her move number in the situation.
    at_move: usize,
}

/// Why a walk stops without a round.
enum Broke {
    /// A limit stopped a search.
    Stopped(Stopped),
    /// The strategy panics in a situation ([`Walk::path`] leads there).
    Panicked(String),
}

impl From<Stopped> for Broke {
    fn from(stopped: Stopped) -> Broke {
        Broke::Stopped(stopped)
    }
}

/// The walk over the failing lines of one round.
struct Walk<'w, 's, 'p> {
    start: &'w Start<'s, 'p>,
    /// Every failing situation looked at, by key.
    memo: HashMap<String, Fix>,
    /// [`super::Round::failing`].
    failing: BTreeMap<usize, usize>,
    /// The moves from the empty board to where the walk is (the caller's
    /// labels throughout: positions are never relabelled).
    path: Vec<Edge>,
}

impl Walk<'_, '_, '_> {
    /// Looks at every failing situation after his replies at a failing
    /// `position` (him to move): whether all of them are fixed, and their
    /// keys.
    fn node(&mut self, position: &Position, memory: &Memory) -> Result<(bool, Vec<String>), Broke> {
        let canon = canonical_form(position, memory, None);
        let back = canon.to_canon.inverse();
        let (mut fixed, mut below) = (true, Vec::new());
        for reply in edge_orbit_representatives(&canon) {
            let his = reply.map(|v| back.apply(v));
            let x = self.start.search.exchange(position, memory, his);
            if self.wins(&x)? {
                continue;
            }
            // The path is kept on an error: it leads to the broken situation.
            self.path.push(his);
            let key = self.situation(position, memory, &x)?;
            self.path.pop();
            match key {
                Some(key) => {
                    fixed &= self.memo[&key].fixed;
                    below.push(key);
                }
                None => fixed = false,
            }
        }
        Ok((fixed, below))
    }

    /// Whether she wins within the bound after exchange `x`.
    fn wins(&self, x: &Exchange) -> Result<bool, Stopped> {
        Ok(match &x.ending {
            Some(Ending::FirstPlayerWins) => true,
            Some(_) => false,
            None => {
                let value = self.start.search.value(&canonical_form(&x.position, &x.memory, None))?;
                matches!(value, Value::Win(_))
            }
        })
    }

    /// The failing situation of exchange `x` from `before` (his edge, then
    /// her answer), fixed if the walk can ([`Fix`]): its key, or `None`
    /// when she has no decision there (his edge ended the game, or she has
    /// made every move the bound allows).
    fn situation(&mut self, before: &Position, memory: &Memory, x: &Exchange) -> Result<Option<String>, Broke> {
        if x.her.is_none() && !matches!(x.ending, Some(Ending::StrategyError(_))) {
            return Ok(None);
        }
        let decision = Decision {
            position: before.with(x.his, Player::Second).expect("replies are unclaimed"),
            memory: memory.clone(),
            his: x.his,
        };
        let canon = canonical_form(&decision.position, memory, Some(x.his));
        let key = situation_key(&canon.position, &canon.memory, canon.marked);
        if self.memo.contains_key(&key) {
            return Ok(Some(key));
        }
        let at_move = decision.position.edge_count(Player::First) + 1;
        *self.failing.entry(at_move).or_default() += 1;
        let (fixed, below) = match (x.her, &x.ending) {
            (Some(her), None) => {
                self.path.push(her);
                let deeper = self.node(&x.position, &x.memory)?;
                self.path.pop();
                deeper
            }
            _ => (false, Vec::new()),
        };
        let fix = match fixed {
            true => Fix {
                fixed,
                entry: None,
                below,
                at_move,
            },
            false => self.entry_at(&decision, at_move, below)?,
        };
        self.memo.insert(key.clone(), fix);
        Ok(Some(key))
    }

    /// The fix at `decision` (her move number `at_move`) by an entry of its
    /// own, or none (keeping the situations `below` it).
    fn entry_at(&self, decision: &Decision, at_move: usize, below: Vec<String>) -> Result<Fix, Broke> {
        let saved = match at_move >= self.start.from_move {
            true => saving_move(self.start.search, self.start.patched, decision),
            false => Ok(None),
        };
        Ok(match saved {
            Ok(Some(entry)) => Fix {
                fixed: true,
                entry: Some(entry),
                below: Vec::new(),
                at_move,
            },
            Ok(None) => Fix {
                fixed: false,
                entry: None,
                below,
                at_move,
            },
            Err(NoSave::Stopped(stopped)) => return Err(Broke::Stopped(stopped)),
            Err(NoSave::Panicked(message)) => return Err(Broke::Panicked(message)),
        })
    }

    /// The entries of the fixed situations reachable from `roots` through
    /// situations without an entry: her move number with each.
    fn entries(&self, roots: Vec<String>) -> Vec<(String, Edge, usize)> {
        let (mut seen, mut stack, mut out) = (HashSet::new(), roots, BTreeMap::new());
        while let Some(key) = stack.pop() {
            if !seen.insert(key.clone()) {
                continue;
            }
            let fix = &self.memo[&key];
            if let Some((key, edge)) = &fix.entry {
                out.insert(key.clone(), (*edge, fix.at_move));
            }
            stack.extend(fix.below.iter().cloned());
        }
        out.into_iter().map(|(key, (edge, at))| (key, edge, at)).collect()
    }

    /// The broken contract `message` in the situation the walk's path
    /// leads to (his edge last).
    fn broken(&self, message: String) -> ContractError {
        let (his, before) = self.path.split_last().expect("a situation follows his edge");
        let search = self.start.search;
        let (_, _, mut moves) = search.replay_line(before).expect("the walk follows the strategy");
        moves.push(PlayedMove {
            player: Player::Second,
            edge: *his,
            forced: false,
            phase: String::new(),
        });
        let line = Line {
            moves,
            ending: Ending::ContractBroken(message.clone()),
            names: Vec::new(),
        };
        ContractError { message, line }
    }
}
