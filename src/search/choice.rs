//! Open choices (issue 16): a strategy as written may allow several moves
//! ([`crate::strategy::Strategy::choices`]). `verify --choices all` asks
//! whether every resolution wins (the adversary picks her option), `some`
//! whether one does (she picks); `one` plays [`crate::strategy::Strategy::play`]
//! as always. Both are searched by the same core, with her choice as a
//! node of its own ([`super::game`]); this file holds the modes, the line
//! with the choices made along it, and the resolution a `some` run found.

use super::game::{Node, Turn};
use super::walk::NameBook;
use super::Search;
use crate::board::{Edge, Player, Position};
use crate::engine::inverse;
use crate::game::Game as _;
use crate::line::{Ending, Line, PlayedMove};
use crate::strategy::Memory;
use serde::Serialize;
use std::collections::HashSet;

/// How her open choices are resolved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Choices {
    /// The one move of `play` (no open choices).
    #[default]
    One,
    /// Every option must win: the adversary picks her option.
    All,
    /// Some option must win: she picks (the first winning one).
    Some,
}

impl Choices {
    /// Every mode, in the order the command line lists them.
    pub const ALL: [Choices; 3] = [Choices::One, Choices::All, Choices::Some];

    /// The mode's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Choices::One => "one",
            Choices::All => "all",
            Choices::Some => "some",
        }
    }

    /// The mode named `text`, or an error listing the valid names.
    pub fn parse(text: &str) -> Result<Choices, String> {
        crate::game::by_name(text, &Choices::ALL, Choices::name, "choices mode")
    }
}

/// One open choice made along a line: where the strategy allowed more than
/// one move, which one was taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChoiceMade {
    /// Her move number (1 for her first move).
    pub her_move: usize,
    /// The option taken, counted from 1 in the strategy's order.
    pub option: usize,
    /// How many options the strategy allowed.
    pub options: usize,
    /// The edge of that option in the line's labels, unless it was illegal.
    pub edge: Option<Edge>,
}

/// Her choice at one situation where the strategy allowed several moves,
/// as a `--choices some` run resolved it; all in the situation's canonical
/// labels (the labels the strategy is called with).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The position, her to move.
    pub position: Position,
    /// Her memory.
    pub memory: Memory,
    /// His last edge (`None` before her first move).
    pub last_reply: Option<Edge>,
    /// The option taken (from 0) and how many there were.
    pub option: usize,
    /// How many options the strategy allowed.
    pub options: usize,
    /// Her move.
    pub edge: Edge,
    /// Her memory after it.
    pub memory_after: Memory,
}

impl Search<'_> {
    /// The line the values point to, with the open choices made along it
    /// (none unless choices are searched). Call after [`Search::root_value`].
    pub fn principal_line_with_choices(&self) -> (Line, Vec<ChoiceMade>) {
        if self.rules().choices == Choices::One {
            return (self.principal_line(), Vec::new());
        }
        let game = self.rules();
        let k = game.game.clique;
        let mut names = NameBook::new(self.strategy.slot_names());
        let (mut moves, mut made) = (Vec::new(), Vec::new());
        let mut node = game.start();
        if let Some(her) = node.her {
            // Her first move, the only one the strategy allows.
            moves.push(PlayedMove {
                player: Player::First,
                edge: her,
                forced: false,
                phase: self.strategy.phase(&node.memory).to_string(),
            });
            names.note(&node.memory);
        }
        let ending = loop {
            if let Some(ending) = self.ending_at(&node) {
                break ending;
            }
            let canon = game.canonical(&node);
            let Ok(Some((index, _))) = self.solver.choice_at(&canon) else {
                break Ending::Draw; // only when the memory cap stopped the search
            };
            let m = game.relabel_move(&game.orbit_moves(&canon)[index], &inverse(&canon.to_canon));
            let next = game.play(&node, &m);
            let before_her = match m {
                Turn::His(his) => {
                    let forced = node.position.completes_clique(Player::First, his, k);
                    moves.push(PlayedMove {
                        player: Player::Second,
                        edge: his,
                        forced,
                        phase: String::new(),
                    });
                    node.position.with(his, Player::Second).expect("legal")
                }
                Turn::Her(i) => {
                    made.extend(self.choice_made(&node, i, next.her));
                    node.position.clone()
                }
            };
            if let Some(her) = next.her {
                let wins = next.ending == Some(Ending::FirstPlayerWins);
                moves.push(PlayedMove {
                    player: Player::First,
                    edge: her,
                    forced: !wins && before_her.completes_clique(Player::Second, her, k),
                    phase: self.strategy.phase(&next.memory).to_string(),
                });
                names.note(&next.memory);
            }
            node = next;
        };
        let line = Line {
            moves,
            ending,
            names: names.finish(),
        };
        (line, made)
    }

    /// The ending at `node`, if the game is over there.
    fn ending_at(&self, node: &Node) -> Option<Ending> {
        if let Some(ending) = &node.ending {
            return Some(ending.clone());
        }
        if node.her_turn {
            return self.rules().options(node).as_ref().err().cloned();
        }
        node.position.is_full().then_some(Ending::Draw)
    }

    /// Option `i` taken at choice node `node`, if there was a choice.
    fn choice_made(&self, node: &Node, i: usize, edge: Option<Edge>) -> Option<ChoiceMade> {
        let options = self.rules().options(node).as_ref().map_or(0, Vec::len);
        (options > 1).then(|| ChoiceMade {
            her_move: node.position.edge_count(Player::First) + 1,
            option: i + 1,
            options,
            edge,
        })
    }

    /// Under `--choices some`, after [`Search::root_value`] found a win:
    /// her choice at every situation reachable under it where the strategy
    /// allowed more than one move, each situation once (up to
    /// isomorphism), in the order a depth-first walk in reply order meets
    /// them. Empty in the other modes.
    pub fn resolution(&self) -> Vec<Resolution> {
        let mut out = Vec::new();
        if self.rules().choices == Choices::Some && self.choice_nodes() > 0 {
            let game = self.rules();
            self.resolve(game.canonical(&game.start()), &mut HashSet::new(), &mut out);
        }
        out
    }

    fn resolve(&self, canon: crate::game::Canonical<Node>, seen: &mut HashSet<Box<[u64]>>, out: &mut Vec<Resolution>) {
        let game = self.rules();
        if !seen.insert(canon.key.clone()) || game.outcome(&canon.position).is_some() {
            return;
        }
        let mut moves = game.orbit_moves(&canon);
        let node = &canon.position;
        if node.her_turn {
            let Ok(Some((index, _))) = self.solver.choice_at(&canon) else {
                return;
            };
            if let (true, Ok(Ok((edge, memory_after)))) =
                (moves.len() > 1, game.options(node).as_ref().map(|o| &o[index]))
            {
                out.push(Resolution {
                    position: node.position.clone(),
                    memory: node.memory.clone(),
                    last_reply: node.his,
                    option: index,
                    options: moves.len(),
                    edge: *edge,
                    memory_after: memory_after.clone(),
                });
            }
            moves = vec![moves[index]];
        }
        for m in moves {
            let child = game.play(node, &m);
            if game.quick_value(&child).is_none() {
                self.resolve(game.canonical(&child), seen, out);
            }
        }
    }
}
