//! Refutation certificates (format version 4, claims `every-option-loses`
//! and `line-loses`; proofs/FORMAT.md, "Version 4").
//!
//! The body is a tree of her situations in preorder, replayed from the
//! empty board in the file's own labels (no isomorphism is involved). Each
//! line names its parent situation and which of the parent's listed options
//! she took, then his reply, then what happens: she lists her options
//! (`play`), she has no move (`none`, with the strategy's reason), she has
//! made `bound` moves (`bound`), his reply completed his `K_k` (`blue`), or
//! the board is full (`full`). The checker replays every step: every move
//! legal, no option of hers completing her `K_k`, every listed option
//! answered by exactly one line, every leaf what it says. It cannot know
//! that the lists are all the strategy allows: a valid certificate proves
//! that every *listed* option loses within the bound, and records the lists
//! for audit.
//!
//! Memory: only the path from the root to the current line is kept (one
//! board per situation on it), so at most one board per move of the game.

use crate::format::{parse_edge, parse_edges, Board, StrongClaim, HEADER_LINES};
use crate::graph::{Colour, Graph};
use crate::text::{clip, MAX_ORDER};
use crate::Rejection;

/// What a valid refutation tree holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Her situations and leaves (body lines).
    pub nodes: usize,
    /// Leaves where his reply completes his `K_k`.
    pub blue: usize,
    /// Leaves where the board is full (a draw on `K_n`).
    pub full: usize,
    /// Leaves where she has made `bound` moves without winning.
    pub bound: usize,
    /// Leaves where the strategy gives no move.
    pub none: usize,
    /// The first reason a `none` leaf gives (clipped), if any.
    pub reason: Option<String>,
    /// The most moves of hers on a line of the tree.
    pub her_moves: u32,
}

/// What happens at a line of the tree.
enum What<'a> {
    Play(Vec<(usize, usize)>),
    None(&'a str),
    Bound,
    Blue,
    Full,
}

/// A situation of hers on the path being checked.
struct Frame {
    node: usize,
    position: Graph,
    options: Vec<(usize, usize)>,
    /// Her next option to be answered.
    next: usize,
}

/// The game of the header.
struct Rules {
    board: Board,
    k: usize,
    bound: u32,
    line: bool,
}

/// Checks a refutation tree of `lines` (the body) under `claim`.
pub fn check(board: Board, k: usize, bound: u32, claim: StrongClaim, lines: &[&[u8]]) -> Result<Tally, Rejection> {
    let rules = Rules {
        board,
        k,
        bound,
        line: claim == StrongClaim::LineLoses,
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut tally = Tally::default();
    for (i, text) in lines.iter().enumerate() {
        let at = HEADER_LINES + 1 + i;
        let fail = |why: String| Rejection::invalid(format!("line {at}: {why}")).at_line(at);
        let text = std::str::from_utf8(text).map_err(|_| fail("not text".into()))?;
        let (parent, his, what) = parse_line(text).map_err(fail)?;
        let position = match parent {
            None if i == 0 => Graph::new(0),
            None => return Err(fail("only the first line is the root (parent `-`)".into())),
            Some(_) if i == 0 => return Err(fail("the first line must be the root (parent `-`)".into())),
            Some((j, o)) => after_option(&mut stack, j, o).map_err(fail)?,
        };
        if let Some(frame) = rules.situation(i, position, his, what, &mut tally).map_err(fail)? {
            stack.push(frame);
        }
    }
    if lines.is_empty() {
        return Err(Rejection::invalid("the tree is empty (no root)"));
    }
    while let Some(frame) = stack.pop() {
        close(&frame).map_err(|why| Rejection::invalid(why).at_line(HEADER_LINES + 1 + frame.node))?;
    }
    tally.nodes = lines.len();
    Ok(tally)
}

/// `PARENT HIS WHAT`: the parent `j.o` (or `-`), his reply (or `-`), what happens.
type Line<'a> = (Option<(usize, usize)>, Option<(usize, usize)>, What<'a>);

fn parse_line(text: &str) -> Result<Line<'_>, String> {
    let mut fields = text.splitn(3, ' ');
    let (Some(parent), Some(his), Some(what)) = (fields.next(), fields.next(), fields.next()) else {
        return Err(format!("expected `PARENT HIS WHAT`, found `{}`", clip(text)));
    };
    let parent = match parent {
        "-" => None,
        p => match p.split_once('.').map(|(j, o)| (j.parse(), o.parse())) {
            Some((Ok(j), Ok(o))) => Some((j, o)),
            _ => return Err(format!("parent `{}` is not NODE.OPTION", clip(p))),
        },
    };
    let his = match his {
        "-" => None,
        e => Some(parse_edge(e)?),
    };
    let what = match what.split_once(' ') {
        Some(("play", list)) => What::Play(parse_edges(list)?),
        Some(("none", reason)) => What::None(reason),
        None if what == "bound" => What::Bound,
        None if what == "blue" => What::Blue,
        None if what == "full" => What::Full,
        _ => return Err(format!("`{}` is not play, none, bound, blue or full", clip(what))),
    };
    Ok((parent, his, what))
}

/// The position after option `o` of situation `j`, which must be on the
/// path (the lines are in preorder) and answer its options in order.
fn after_option(stack: &mut Vec<Frame>, j: usize, o: usize) -> Result<Graph, String> {
    while stack.last().is_some_and(|f| f.node != j) {
        close(&stack.pop().expect("not empty"))?;
    }
    let frame = stack
        .last_mut()
        .ok_or_else(|| format!("parent {j} is not a situation on the path to this line (preorder)"))?;
    if o != frame.next || o >= frame.options.len() {
        return Err(format!(
            "option {o} of situation {j} out of order (expected option {} of {})",
            frame.next,
            frame.options.len()
        ));
    }
    frame.next += 1;
    let (u, v) = frame.options[o];
    let mut position = frame.position.clone();
    position.claim(u, v, Colour::Red);
    Ok(position)
}

/// Every listed option of a situation must have been answered.
fn close(frame: &Frame) -> Result<(), String> {
    match frame.next == frame.options.len() {
        true => Ok(()),
        false => Err(format!(
            "situation {} lists {} but only {} are answered: option {} ({}-{}) has no line",
            frame.node,
            crate::text::count(frame.options.len(), "option", "options"),
            frame.next,
            frame.next,
            frame.options[frame.next].0,
            frame.options[frame.next].1
        )),
    }
}

impl Rules {
    fn limit(&self) -> usize {
        match self.board {
            Board::Complete(n) => n,
            Board::Infinite => MAX_ORDER,
        }
    }

    fn is_full(&self, g: &Graph) -> bool {
        match self.board {
            Board::Infinite => false,
            Board::Complete(n) => g.count(Colour::Red) + g.count(Colour::Blue) == n * (n - 1) / 2,
        }
    }

    /// Why `(u, v)` is no move in `g`.
    fn legal(&self, g: &Graph, (u, v): (usize, usize), who: &str) -> Result<(), String> {
        if v >= self.limit() {
            return Err(format!(
                "{who} {u}-{v} leaves the board (vertices below {})",
                self.limit()
            ));
        }
        match g.cell(u, v) {
            0 => Ok(()),
            _ => Err(format!("{who} {u}-{v} is already claimed")),
        }
    }

    /// Checks line `node`: his reply in `position` (her option played) and
    /// what follows; a `play` situation is returned to go on the path.
    fn situation(
        &self,
        node: usize,
        mut position: Graph,
        his: Option<(usize, usize)>,
        what: What,
        tally: &mut Tally,
    ) -> Result<Option<Frame>, String> {
        let ended = match his {
            None if node > 0 => match self.is_full(&position) {
                true => Some(What::Full),
                false => return Err("no reply of his, but the board is not full".into()),
            },
            None => None,
            Some(e) => {
                self.legal(&position, e, "his reply")?;
                let wins = position.completes(e.0, e.1, Colour::Blue, self.k);
                position.claim(e.0, e.1, Colour::Blue);
                match (wins, self.is_full(&position)) {
                    (true, _) => Some(What::Blue),
                    (false, true) => Some(What::Full),
                    (false, false) => None,
                }
            }
        };
        let red = position.count(Colour::Red) as u32;
        tally.her_moves = tally.her_moves.max(red);
        match (ended, what) {
            (Some(What::Blue), What::Blue) => tally.blue += 1,
            (Some(What::Full), What::Full) => tally.full += 1,
            (Some(What::Blue), _) => {
                return Err(format!(
                    "his reply completes a blue K{}: the line must say `blue`",
                    self.k
                ))
            }
            (Some(_), _) => return Err("the board is full: the line must say `full`".into()),
            (None, What::Blue) => return Err(format!("`blue`, but no blue K{} was completed", self.k)),
            (None, What::Full) => return Err("`full`, but the board is not full".into()),
            (None, What::Bound) if red >= self.bound => tally.bound += 1,
            (None, What::Bound) => {
                let red = crate::text::count(red, "move", "moves");
                return Err(format!("`bound`, but she has made only {red}"));
            }
            (None, _) if red >= self.bound => {
                let red = crate::text::count(red, "move", "moves");
                return Err(format!("she has made {red}: the line must say `bound`"));
            }
            (None, What::None(reason)) => {
                tally.none += 1;
                tally.reason.get_or_insert_with(|| clip(reason));
            }
            (None, What::Play(options)) => return self.play(node, position, options).map(Some),
        }
        Ok(None)
    }

    /// Her listed options at her situation `position`: legal, none winning.
    fn play(&self, node: usize, position: Graph, options: Vec<(usize, usize)>) -> Result<Frame, String> {
        if self.line && options.len() != 1 {
            return Err(format!("a line lists one move of hers per turn, not {}", options.len()));
        }
        for &(u, v) in &options {
            self.legal(&position, (u, v), "her option")?;
            if position.completes(u, v, Colour::Red, self.k) {
                return Err(format!("her option {u}-{v} completes a red K{}: she wins", self.k));
            }
        }
        Ok(Frame {
            node,
            position,
            options,
            next: 0,
        })
    }
}
