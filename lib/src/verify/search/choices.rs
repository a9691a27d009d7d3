//! The data of her open choices: how they are resolved ([`Choices`]), the
//! choices made along a line, a `--choices some` resolution, and the lines
//! of a refutation tree. The searches over them are in `choice.rs`.

use crate::core::board::{Edge, Position};
use crate::core::memory::Memory;
use crate::verify::line::Ending;
use serde::Serialize;

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
    pub fn parse(text: &str) -> Result<Choices, crate::games::UnknownName> {
        crate::games::by_name(text, &Choices::ALL, Choices::name, "choices mode")
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
    /// The edge of that option in the line's labels.
    pub edge: Edge,
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

/// One line of a refutation tree ([`super::Search::refutation_tree`]): one of her
/// situations, or a leaf, in the labels of play from the empty board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The situation before (an index into the tree) and which of its
    /// options she took; `None` for the empty board.
    pub parent: Option<(usize, usize)>,
    /// His reply after that option (`None` at the root, or when her option
    /// filled the board).
    pub his: Option<Edge>,
    /// What happens here.
    pub what: TreeEnd,
}

/// What happens at a line of a refutation tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeEnd {
    /// Her turn: every move the strategy allows, in its order.
    Options(Vec<Edge>),
    /// Her turn, and the strategy gives no move: its reason.
    NoMove(String),
    /// Her turn, and she has made as many moves as the bound allows.
    Bound,
    /// His reply completed his target.
    Blue,
    /// The board is full (a draw).
    Full,
}

impl TreeEnd {
    /// The leaf a line ending is, `None` for a win of hers (no refutation)
    /// or a broken contract (no verdict).
    pub fn of(ending: &Ending) -> Option<TreeEnd> {
        match ending {
            Ending::SecondPlayerWins => Some(TreeEnd::Blue),
            Ending::Draw => Some(TreeEnd::Full),
            Ending::BoundExceeded => Some(TreeEnd::Bound),
            Ending::StrategyError(why) => Some(TreeEnd::NoMove(why.clone())),
            Ending::FirstPlayerWins | Ending::ContractBroken(_) => None,
        }
    }
}

/// Most lines a refutation tree may have (the checker's entry cap).
pub const MAX_TREE: usize = 1 << 21;
