//! Open choices (issue 16): a strategy as written may allow several moves
//! ([`crate::verify::strategy::Strategy::choices`]). `verify --choices all` asks
//! whether every resolution wins (the adversary picks her option), `some`
//! whether one does (she picks); `one` plays [`crate::verify::strategy::Strategy::play`]
//! as always. Both are searched by the same core, with her choice as a
//! node of its own ([`super::game`]); this file holds the modes, the line
//! with the choices made along it, the resolution a `some` run found, and
//! the tree of his replies that beats every resolution when none wins.

use super::choices::{ChoiceMade, Choices, Resolution, TreeEnd, TreeNode, MAX_TREE};
use super::game::{Node, Turn};
use super::walk::NameBook;
use super::Search;
use crate::core::board::{Edge, Player};
use crate::engine::{inverse, Stopped};
use crate::games::prelude::*;
use crate::verify::line::{Ending, Line, PlayedMove};
use std::collections::HashSet;

/// Why there is no refutation tree ([`Search::refutation_tree`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// The tree would exceed [`MAX_TREE`] lines.
    #[error("the refutation tree has more than {MAX_TREE} lines")]
    TooLarge,
    /// One of her options ends the game (she wins there).
    #[error("her option ends the game: {ending:?}; not a refutation")]
    HerOptionEnds {
        /// The ending.
        ending: Ending,
    },
    /// A line of the tree ends in a way no refutation does.
    #[error("{ending:?} in a refutation")]
    NotRefuting {
        /// The ending.
        ending: Ending,
    },
    /// A limit stopped the search on the way.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// An internal inconsistency of the searched game (a bug), described.
    #[error("{0}")]
    Internal(&'static str),
}

impl Search<'_> {
    /// Under `--choices some`, after [`Search::root_value`] found no
    /// winning resolution: his strategy against all of them, as a tree in
    /// preorder. At each of her situations every option the strategy
    /// allows, each answered by the reply the values point to (his first
    /// winning one), down to the leaves. Fails if the tree would exceed
    /// [`MAX_TREE`] lines or a line is won by her (not a refutation).
    pub fn refutation_tree(&self) -> Result<Vec<TreeNode>, TreeError> {
        let mut tree = Vec::new();
        self.her_situation(self.rules().start(), None, None, &mut tree)?;
        Ok(tree)
    }

    /// Her situation reached by `parent` and `his`, and `node`: what the
    /// engine made of her turn there (a choice node, her one move played,
    /// or the ending that stops her or that his reply caused).
    fn her_situation(
        &self,
        node: Node,
        parent: Option<(usize, usize)>,
        his: Option<Edge>,
        tree: &mut Vec<TreeNode>,
    ) -> Result<(), TreeError> {
        let game = self.rules();
        let (what, after): (TreeEnd, Vec<Node>) = match (node.her_turn, node.her, &node.ending) {
            (true, _, _) => match game.options(&node) {
                Err(ending) => (leaf(ending)?, Vec::new()),
                Ok(options) => {
                    let edges: Vec<Edge> = options.iter().map(|(e, _)| *e).collect();
                    let after = (0..edges.len()).map(|i| game.play(&node, &Turn::Her(i))).collect();
                    (TreeEnd::Options(edges), after)
                }
            },
            (false, Some(her), _) => (TreeEnd::Options(vec![her]), vec![node]),
            (false, None, Some(ending)) => (leaf(ending)?, Vec::new()),
            (false, None, None) => return Err(TreeError::Internal("a situation of hers without a move or an ending")),
        };
        let id = tree.len();
        if id >= MAX_TREE {
            return Err(TreeError::TooLarge);
        }
        tree.push(TreeNode { parent, his, what });
        for (i, node) in after.into_iter().enumerate() {
            self.his_reply(node, (id, i), tree)?;
        }
        Ok(())
    }

    /// His reply the values point to after option `at` (`node`: him to
    /// move), and the situation it leads to.
    fn his_reply(&self, node: Node, at: (usize, usize), tree: &mut Vec<TreeNode>) -> Result<(), TreeError> {
        let game = self.rules();
        if let Some(ending) = &node.ending {
            return Err(TreeError::HerOptionEnds { ending: ending.clone() });
        }
        if node.position.is_full() {
            tree.push(TreeNode {
                parent: Some(at),
                his: None,
                what: TreeEnd::Full,
            });
            return Ok(());
        }
        let canon = game.canonical(&node);
        let Some((index, _)) = self.solver.choice_at(&canon)? else {
            return Err(TreeError::Internal("no value for his reply"));
        };
        let m = game.relabel_move(
            &game.orbit_moves(&canon.position, &canon.generators)[index],
            &inverse(&canon.to_canon),
        );
        let Turn::His(his) = m else {
            return Err(TreeError::Internal("his turn without his move"));
        };
        self.her_situation(game.play(&node, &m), Some(at), Some(his), tree)
    }

    /// The line the values point to, with the open choices made along it
    /// (none unless choices are searched). Call after [`Search::root_value`];
    /// [`Stopped`] if a limit stops the search on the way.
    pub fn principal_line_with_choices(&self) -> Result<(Line, Vec<ChoiceMade>), Stopped> {
        if self.rules().choices == Choices::One {
            return Ok((self.principal_line()?, Vec::new()));
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
            let Some((index, _)) = self.solver.choice_at(&canon)? else {
                break Ending::Draw; // not reached: `ending_at` sees every end the engine sees
            };
            let m = game.relabel_move(
                &game.orbit_moves(&canon.position, &canon.generators)[index],
                &inverse(&canon.to_canon),
            );
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
                    made.extend(self.choice_made(&node, i));
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
        Ok((line, made))
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
    fn choice_made(&self, node: &Node, i: usize) -> Option<ChoiceMade> {
        let options = self.rules().options(node).as_ref().ok()?;
        (options.len() > 1).then(|| ChoiceMade {
            her_move: node.position.edge_count(Player::First) + 1,
            option: i + 1,
            options: options.len(),
            edge: options[i].0,
        })
    }

    /// Under `--choices some`, after [`Search::root_value`] found a win:
    /// her choice at every situation reachable under it where the strategy
    /// allowed more than one move, each situation once (up to
    /// isomorphism), in the order a depth-first walk in reply order meets
    /// them. Empty in the other modes; [`Stopped`] if a limit stops the
    /// search on the way.
    pub fn resolution(&self) -> Result<Vec<Resolution>, Stopped> {
        let mut out = Vec::new();
        if self.rules().choices == Choices::Some && self.choice_nodes() > 0 {
            let game = self.rules();
            self.resolve(game.canonical(&game.start()), &mut HashSet::new(), &mut out)?;
        }
        Ok(out)
    }

    fn resolve(
        &self,
        canon: crate::core::symmetry::Canonical<Node>,
        seen: &mut HashSet<Box<[u64]>>,
        out: &mut Vec<Resolution>,
    ) -> Result<(), Stopped> {
        let game = self.rules();
        if !seen.insert(canon.key.clone()) || game.outcome(&canon.position).is_some() {
            return Ok(());
        }
        let mut moves = game.orbit_moves(&canon.position, &canon.generators);
        let node = &canon.position;
        if node.her_turn {
            let Some((index, _)) = self.solver.choice_at(&canon)? else {
                return Ok(());
            };
            if let (true, Ok((edge, memory_after))) = (moves.len() > 1, game.options(node).as_ref().map(|o| &o[index]))
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
                self.resolve(game.canonical(&child), seen, out)?;
            }
        }
        Ok(())
    }
}

/// The leaf an ending in a refutation is.
fn leaf(ending: &Ending) -> Result<TreeEnd, TreeError> {
    TreeEnd::of(ending).ok_or_else(|| TreeError::NotRefuting { ending: ending.clone() })
}
