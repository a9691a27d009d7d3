//! Lines of play through a searched game: the principal line (first
//! counterexample or longest win) and lines chosen by a caller.

use super::game::Exchange;
use super::Search;
use crate::core::board::{Edge, Player, Position};
use crate::core::canon::{canonical_form, CanonicalForm};
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use crate::engine::Stopped;
use crate::verify::line::{Ending, Line, PlayedMove};
use std::cell::Cell;
use std::collections::BTreeMap;

/// Why a line given by a caller is not one the strategy plays
/// ([`Search::replay_line`]). Move numbers count from 1, red's first move
/// being move 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The game ends before her first move (the ending, described).
    #[error("{ending}")]
    Opening {
        /// How the game ends, as a line describes it.
        ending: String,
    },
    /// Her move `at` on the line is not the strategy's.
    #[error("move {at} of the line is {given}, the strategy plays {own}")]
    Differs {
        /// The move's number on the line.
        at: usize,
        /// Her move on the line.
        given: Edge,
        /// The strategy's move.
        own: Edge,
    },
    /// His move `at` on the line is not a free edge.
    #[error("move {at} of the line ({edge}) is not free")]
    Illegal {
        /// The move's number on the line.
        at: usize,
        /// His edge.
        edge: Edge,
    },
    /// The game ends before the line does (the ending, described).
    #[error("the game ends inside the line: {ending}")]
    EndsInside {
        /// How the game ends, as a line describes it.
        ending: String,
    },
    /// The line ends with his move.
    #[error("the line must end with her move (he is to move next)")]
    EndsWithHisMove,
}

/// His reply at each position of a line (see [`Search::play_line`]).
type ReplyChooser<'s> = Box<dyn FnMut(&CanonicalForm) -> Option<Edge> + 's>;

impl Search<'_> {
    /// The line the values point to: the first counterexample in reply
    /// order, or the first longest win. Call after [`Search::root_value`];
    /// [`Stopped`] if a limit stops the search on the way.
    pub fn principal_line(&self) -> Result<Line, Stopped> {
        let stopped = Cell::new(None);
        let line = self.play_line(self.principal_reply(&stopped));
        stopped.into_inner().map_or(Ok(line), Err)
    }

    /// His reply the values point to (see [`Search::principal_line`]);
    /// none once a limit stops the search, which `stopped` then holds.
    fn principal_reply<'s>(&'s self, stopped: &'s Cell<Option<Stopped>>) -> ReplyChooser<'s> {
        Box::new(move |node| match self.principal_index(node) {
            Ok(index) => Some(edge_orbit_representatives(node)[index?]),
            Err(stop) => {
                stopped.set(Some(stop));
                None
            }
        })
    }

    /// Plays the strategy along `line` (moves in play order, red first, ending
    /// with hers): the position (him to move), memory and moves so far. Fails
    /// if the strategy plays another move than the line at some point.
    pub fn replay_line(&self, line: &[Edge]) -> Result<(Position, Memory, Vec<PlayedMove>), ReplayError> {
        let describe = |ending: Ending| ending.describe(self.game);
        let (mut position, mut memory, first) = self.opening().map_err(|ending| ReplayError::Opening {
            ending: describe(ending),
        })?;
        let mut moves = vec![self.her_played(first, &memory)];
        let differs = |i: usize, own: Edge| ReplayError::Differs {
            at: i + 1,
            given: line[i],
            own,
        };
        if line.first().is_some_and(|&e| e != first) {
            return Err(differs(0, first));
        }
        for (i, pair) in line.get(1..).unwrap_or_default().chunks(2).enumerate() {
            let his = *pair.first().expect("chunks are not empty");
            if !position.is_free(his) {
                return Err(ReplayError::Illegal {
                    at: 2 * i + 2,
                    edge: his,
                });
            }
            let x = self.exchange(&position, &memory, his);
            if let Some(ending) = x.ending {
                return Err(ReplayError::EndsInside {
                    ending: describe(ending),
                });
            }
            let her = x.her.expect("she moved");
            match pair.get(1) {
                Some(&given) if given != her => return Err(differs(2 * i + 2, her)),
                Some(_) => {}
                None => return Err(ReplayError::EndsWithHisMove),
            }
            moves.extend(self.exchange_moves(&position, &x));
            (position, memory) = (x.position, x.memory);
        }
        Ok((position, memory, moves))
    }

    /// Her move `edge` for a line, with her phase after it (`memory`).
    fn her_played(&self, edge: Edge, memory: &Memory) -> PlayedMove {
        PlayedMove {
            player: Player::First,
            edge,
            forced: false,
            phase: self.strategy.phase(memory).to_string(),
        }
    }

    /// The moves of exchange `x` played from `position` (him to move), as
    /// a line shows them: a move is forced when it claims the missing edge
    /// of the opponent's threat (and does not win).
    fn exchange_moves(&self, position: &Position, x: &Exchange) -> Vec<PlayedMove> {
        let k = self.game.clique;
        let mut moves = vec![PlayedMove {
            player: Player::Second,
            edge: x.his,
            forced: position.completes_clique(Player::First, x.his, k),
            phase: String::new(),
        }];
        if let Some(her) = x.her {
            let before_her = position.with(x.his, Player::Second).expect("legal");
            let wins = before_her.completes_clique(Player::First, her, k);
            moves.push(PlayedMove {
                forced: !wins && before_her.completes_clique(Player::Second, her, k),
                ..self.her_played(her, &x.memory)
            });
        }
        moves
    }

    /// The principal line from a position with him to move that `prefix`
    /// (the moves so far, in its labels) reached with the strategy's
    /// `memory`. Call after [`Search::value`] of that position; [`Stopped`]
    /// if a limit stops the search on the way.
    pub fn principal_line_from(
        &self,
        position: Position,
        memory: Memory,
        prefix: Vec<PlayedMove>,
    ) -> Result<Line, Stopped> {
        let names = NameBook::new(self.strategy.slot_names());
        let stopped = Cell::new(None);
        let line = self.continue_line(prefix, names, position, memory, self.principal_reply(&stopped));
        stopped.into_inner().map_or(Ok(line), Err)
    }

    /// The principal line through `path` (his replies as indices into the
    /// orbit representatives of each canonical situation, the search's
    /// reply order, as a split frontier names them): his replies along
    /// `path`, then those the values point to. Call after [`Search::value`]
    /// of the situation `path` reaches; [`Stopped`] if a limit stops the
    /// search on the way.
    pub fn principal_line_through(&self, path: &[u32]) -> Result<Line, Stopped> {
        let stopped = Cell::new(None);
        let line = {
            let mut principal = self.principal_reply(&stopped);
            let mut steps = path.iter();
            self.play_line(|node| match steps.next() {
                Some(&k) => edge_orbit_representatives(node).get(k as usize).copied(),
                None => principal(node),
            })
        };
        stopped.into_inner().map_or(Ok(line), Err)
    }

    /// Plays the strategy from the empty board until the game ends, his
    /// replies chosen by `choose`: given the canonical form of the position
    /// (him to move), an unclaimed edge in its labels, or `None` when he has
    /// no move (the line then ends in a draw).
    pub fn play_line(&self, choose: impl FnMut(&CanonicalForm) -> Option<Edge>) -> Line {
        let mut names = NameBook::new(self.strategy.slot_names());
        match self.opening() {
            Err(ending) => Line {
                moves: Vec::new(),
                ending,
                names: vec![],
            },
            Ok((position, memory, edge)) => {
                let first = self.her_played(edge, &memory);
                names.note(&memory);
                self.continue_line(vec![first], names, position, memory, choose)
            }
        }
    }

    /// [`Search::play_line`] from a position with him to move.
    fn continue_line(
        &self,
        mut moves: Vec<PlayedMove>,
        mut names: NameBook,
        mut position: Position,
        mut memory: Memory,
        mut choose: impl FnMut(&CanonicalForm) -> Option<Edge>,
    ) -> Line {
        loop {
            let node = canonical_form(&position, &memory, None);
            let Some(reply) = choose(&node) else {
                return Line {
                    moves,
                    ending: Ending::Draw,
                    names: names.finish(),
                };
            };
            // Played in the line's own labels, so that vertex numbers in the
            // ending's message (e.g. an illegal edge) are the line's.
            let back = node.to_canon.inverse();
            let his = reply.map(|v| back.apply(v));
            let x = self.exchange(&position, &memory, his);
            moves.extend(self.exchange_moves(&position, &x));
            if x.her.is_some() {
                names.note(&x.memory);
            }
            (position, memory) = (x.position, x.memory);
            if let Some(ending) = x.ending {
                return Line {
                    moves,
                    ending,
                    names: names.finish(),
                };
            }
        }
    }
}

/// The names the strategy gave along a line. A vertex is shown with the
/// latest name it had that no other vertex took over later (strategies reuse
/// slots: Stage 1's `a` and Stage 5's `a` may be different vertices), so no
/// two vertices of a picture share a name; a vertex left with none keeps its
/// number.
pub(super) struct NameBook {
    slots: &'static [&'static str],
    /// `(time, vertex, name)` for every naming seen, in order.
    history: Vec<(usize, u8, &'static str)>,
}

impl NameBook {
    pub(super) fn new(slots: &'static [&'static str]) -> NameBook {
        NameBook {
            slots,
            history: Vec::new(),
        }
    }

    pub(super) fn note(&mut self, memory: &Memory) {
        let time = self.history.last().map_or(0, |h| h.0 + 1);
        for (slot, v) in memory.names.iter().enumerate() {
            if let (Some(v), Some(&name)) = (v, self.slots.get(slot)) {
                self.history.push((time, *v, name));
            }
        }
    }

    pub(super) fn finish(self) -> Vec<(u8, String)> {
        // The last holder of each name, then each vertex's latest name it
        // still holds (earlier slots first within one naming).
        let mut holder: BTreeMap<&str, u8> = BTreeMap::new();
        for &(_, v, name) in &self.history {
            holder.insert(name, v);
        }
        let mut names: BTreeMap<u8, (usize, &str)> = BTreeMap::new();
        for &(time, v, name) in &self.history {
            let kept = names.get(&v).is_some_and(|&(t, _)| t == time);
            if holder[name] == v && !kept {
                names.insert(v, (time, name));
            }
        }
        names.into_iter().map(|(v, (_, name))| (v, name.to_string())).collect()
    }
}
