//! Refutation certificates (format version 4, claims `every-option-loses`
//! and `line-loses`; proofs/FORMAT.md): a tree of her situations in
//! preorder, in the labels of play from the empty board, one line each:
//! `PARENT HIS WHAT`. `PARENT` is `J.O` (option `O`, from 0, of the
//! situation on body line `J`, from 0) or `-` for the empty board; `HIS` is
//! his reply `U-V` or `-`; `WHAT` is `play U-V,W-X,…` (her options, in the
//! strategy's order), `none REASON` (the strategy gives no move, and why),
//! `bound`, `blue` (his reply completed his target) or `full`.
//!
//! Under `--choices some` the tree comes from the search
//! ([`crate::verify::search::Search::refutation_tree`]); under `one` and `all` a
//! refutation is one line, her one move per turn ([`line_tree`]).

use super::{seal, Certificate, CHOICES_VERSION};
use crate::core::board::{Board, Player};
use crate::verify::line::Line;
use crate::verify::search::{TreeEnd, TreeNode};
use crate::verify::strategy::Game;

/// What a refutation certificate claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refutes {
    /// Every listed option of hers loses (`--choices some`).
    EveryOption,
    /// She loses on this one line (`--choices one` or `all`).
    Line,
}

/// The refutation certificate of `tree` in `game` on `board` within `bound`.
pub fn tree_certificate(game: Game, board: Board, bound: u32, refutes: Refutes, tree: &[TreeNode]) -> Certificate {
    let claim = match refutes {
        Refutes::EveryOption => "claim every-option-loses",
        Refutes::Line => "claim line-loses",
    };
    let lines = tree.iter().enumerate().map(|(i, node)| (i, tree_line(node))).collect();
    seal(CHOICES_VERSION, claim, game, board, bound, lines)
}

fn tree_line(node: &TreeNode) -> String {
    let parent = node.parent.map_or("-".to_string(), |(j, o)| format!("{j}.{o}"));
    let his = node.his.map_or("-".to_string(), |e| e.to_string());
    let what = match &node.what {
        TreeEnd::Options(edges) => {
            let edges: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
            format!("play {}", edges.join(","))
        }
        // One line: the reason without line breaks.
        TreeEnd::NoMove(why) => format!("none {}", why.replace(['\n', '\r'], " ")),
        TreeEnd::Bound => "bound".into(),
        TreeEnd::Blue => "blue".into(),
        TreeEnd::Full => "full".into(),
    };
    format!("{parent} {his} {what}\n")
}

/// A counterexample line as a tree: her one move per turn. `None` if the
/// line does not end in a refutation (she wins, or the contract broke).
pub fn line_tree(line: &Line) -> Option<Vec<TreeNode>> {
    let mut tree = Vec::new();
    let mut his = None;
    for m in &line.moves {
        match m.player {
            Player::First => tree.push(TreeNode {
                parent: parent_of(&tree),
                his: his.take(),
                what: TreeEnd::Options(vec![m.edge]),
            }),
            Player::Second => his = Some(m.edge),
        }
    }
    let what = TreeEnd::of(&line.ending)?;
    tree.push(TreeNode {
        parent: parent_of(&tree),
        his,
        what,
    });
    Some(tree)
}

/// The parent of the next line of a one-line tree: option 0 of the last.
fn parent_of(tree: &[TreeNode]) -> Option<(usize, usize)> {
    tree.len().checked_sub(1).map(|j| (j, 0))
}
