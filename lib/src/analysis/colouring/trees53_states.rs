//! Theorem 5.3's strategy ([`super::trees53`]) as an inductive invariant:
//! every state it reaches on every tree of `1..=N` vertices and every
//! root, each written as a line that an independent checker reads and
//! checks with its own rules (format version 10, proofs/FORMAT.md:
//! `colour --certify-trees N --cert FILE`).
//!
//! A state is what the strategy's future reads after a reply of player 2
//! (player 1 to move): the uncoloured vertices, each with its father if
//! that is uncoloured, its depth parity, and its forbidden colours (those
//! on a coloured neighbour), and which rule the reply set off (rule 2's
//! move, rule 3's vertex, or rule 4). Nothing else matters: coloured
//! vertices take part in no later move, rule 4 and rule 3 ask only whether
//! a father is coloured, rule 2 only the parity and the reply's colour
//! (folded into its move), and the game's end (a vertex with no free
//! colour; every vertex coloured, or with `--stop-when-safe` every one
//! safe) only the uncoloured forest and the forbidden colours. So the
//! tree itself is forgotten, and states are shared by all trees and roots.
//!
//! The text is the forest's canonical code: a vertex is `(`, its parity
//! `e` or `o`, its forbidden colours as ascending digits, `*` (rule 3 at
//! it) or `!c` (rule 2: colour it `c`), then its children's codes in
//! byte order, then `)`; the line is its components' codes (one per
//! uncoloured vertex whose father is coloured) in byte order. Equal codes
//! mean isomorphic labelled forests (Aho, Hopcroft and Ullman's tree code,
//! labels added), so one line per state up to renaming.

use super::by_size::{size_fits, TreeSizeError};
use super::trees53::{refuted_json, refuted_text, Rule, TreeStrategy};
use crate::core::board::{members, Player, Vertex};
use crate::engine::follow::Counterexample;
use crate::engine::reachable::{Halt, Reached};
use crate::engine::Stopped;
use crate::games::colouring::graph::Graph;
use crate::games::colouring::{ColourMove, ColourPosition, ColouringGame, Rules, Winner};
use crate::verify::cert::trees53::theorem53_certificate;
use crate::verify::cert::Certificate;
use rayon::prelude::*;

/// The most colours a state's text can name (one digit each).
pub const MAX_STATE_COLOURS: usize = 9;

/// The states the strategy reaches on a family of trees.
#[derive(Clone, Debug)]
pub struct Invariant {
    /// (tree, root) pairs walked.
    pub starts: usize,
    /// The states' lines, sorted by length, then text.
    pub states: Vec<String>,
}

/// A failure: the tree, the root, and the line that beats the strategy.
pub type Failure = (Graph, Vertex, Counterexample<ColourMove>);

/// The canonical text of the state after player 2's move `last` at `p`
/// (module docs).
pub fn state(strategy: &TreeStrategy, p: &ColourPosition, last: &ColourMove) -> String {
    let rule = strategy.rule(p, Some(last));
    let marker = |v: Vertex| match rule {
        Rule::Colour(m) if m.v == v => format!("!{}", m.c),
        Rule::AnyColour(u) if u == v => "*".into(),
        _ => String::new(),
    };
    let code = |v: Vertex| vertex_code(strategy, p, v, &marker);
    let mut tops: Vec<String> = members(p.uncoloured())
        .filter(|&v| strategy.father(v).is_none_or(|f| p.colour(f) != 0))
        .map(code)
        .collect();
    tops.sort_unstable();
    tops.concat()
}

/// The code of the uncoloured subtree at `v`.
fn vertex_code(strategy: &TreeStrategy, p: &ColourPosition, v: Vertex, marker: &dyn Fn(Vertex) -> String) -> String {
    let forbidden = p.all_colours() & !p.free_colours(v);
    let colours: String = members(forbidden as u128).map(|c| char::from(b'0' + c)).collect();
    let mut children: Vec<String> = members(p.neighbours(v))
        .filter(|&w| strategy.father(w) == Some(v))
        .map(|w| vertex_code(strategy, p, w, marker))
        .collect();
    children.sort_unstable();
    let parity = if strategy.odd(v) { 'o' } else { 'e' };
    format!("({parity}{colours}{}{})", marker(v), children.concat())
}

/// Every state the strategy reaches with `colours` colours on every tree
/// with `1..=max_n` vertices and every root, games played out or ended
/// when every vertex is safe; in parallel over (tree, root) pairs, the
/// states within `cap` bytes. Ok(Err): the first failure in (size, tree,
/// root) order.
pub fn invariant(
    max_n: usize,
    colours: usize,
    played_out: bool,
    cap: u64,
) -> Result<Result<Invariant, Box<Failure>>, Stopped> {
    let trees: Vec<Graph> = (1..=max_n).flat_map(super::trees::trees).collect();
    let jobs: Vec<(&Graph, Vertex)> = trees
        .iter()
        .flat_map(|t| (0..t.n() as Vertex).map(move |r| (t, r)))
        .collect();
    let walk = |reached: &Reached<String>, &(tree, root): &(&Graph, Vertex)| {
        let game = ColouringGame::new(tree.clone(), colours, Rules::Ccg, None, None).expect("k fits");
        let game = if played_out { game.played_out() } else { game };
        let strategy = TreeStrategy::new(tree, root);
        let start = crate::games::Rules::start(&game);
        reached
            .walk(&game, start, Player::First, &strategy, Winner::First, |p, m| {
                state(&strategy, p, m)
            })
            .map_err(|halt| match halt {
                Halt::Lost(e) => Ok(Box::new((tree.clone(), root, e))),
                Halt::Stopped(stopped) => Err(stopped),
            })
    };
    let reached = Reached::new(cap);
    match jobs.par_iter().try_for_each(|job| walk(&reached, job)) {
        Ok(()) => {}
        Err(Err(stopped)) => return Err(stopped),
        // Which failure a parallel walk meets first depends on timing: the
        // first in order, walked alone, is the one reported.
        Err(Ok(failure)) => {
            let first = jobs.iter().find_map(|job| walk(&Reached::new(cap), job).err());
            return first.unwrap_or(Ok(failure)).map(Err);
        }
    }
    let mut states = reached.into_keys();
    states.sort_unstable_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    Ok(Ok(Invariant {
        starts: jobs.len(),
        states,
    }))
}

/// `colour --certify-trees N --cert FILE`: the strategy's states on every
/// tree up to `max_n` vertices, its verdict, and the certificate.
#[derive(Clone, Debug)]
pub struct CertifiedTrees {
    max_n: usize,
    colours: usize,
    played_out: bool,
    /// The states, or the first failure.
    pub result: Result<Invariant, Box<Failure>>,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl CertifiedTrees {
    /// Walks the strategy (see [`invariant`]), its states within `cap`
    /// bytes (else Ok(Err)); `colours` at most [`MAX_STATE_COLOURS`], sizes
    /// as [`super::trees53::CertifyBySize::new`] takes them.
    pub fn run(
        max_n: usize,
        colours: usize,
        played_out: bool,
        cap: u64,
    ) -> Result<Result<CertifiedTrees, Stopped>, TreeSizeError> {
        if !size_fits(max_n) || !(1..=MAX_STATE_COLOURS).contains(&colours) {
            return Err(TreeSizeError::CertifyStates);
        }
        let started = std::time::Instant::now();
        let result = match invariant(max_n, colours, played_out, cap) {
            Ok(result) => result,
            Err(stopped) => return Ok(Err(stopped)),
        };
        Ok(Ok(CertifiedTrees {
            max_n,
            colours,
            played_out,
            result,
            seconds: started.elapsed().as_secs_f64(),
        }))
    }

    /// The certificate (format version 10) of a verified run.
    pub fn certificate(&self) -> Option<Certificate> {
        let states = &self.result.as_ref().ok()?.states;
        Some(theorem53_certificate(
            1..=self.max_n,
            self.colours,
            self.played_out,
            states,
        ))
    }

    /// One line of counts, then VERIFIED, or the failure and REFUTED.
    pub fn to_text(&self) -> String {
        match &self.result {
            Ok(inv) => format!(
                "n=1..{}  roots={}  states={}  ({:.2}s)\nVERIFIED",
                self.max_n,
                inv.starts,
                inv.states.len(),
                self.seconds
            ),
            Err(f) => format!("{}\nREFUTED", refuted_text(&f.0, f.1, &f.2.line)),
        }
    }

    /// The same as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let (starts, states) = match &self.result {
            Ok(inv) => (Some(inv.starts), Some(inv.states.len())),
            Err(_) => (None, None),
        };
        serde_json::json!({
            "vertices": [1, self.max_n], "colours": self.colours, "played_out": self.played_out,
            "verdict": if self.result.is_ok() { "verified" } else { "refuted" },
            "roots": starts, "states": states, "seconds": self.seconds,
            "counterexample": self.result.as_ref().err().map(|f| refuted_json(&f.0, f.1, &f.2.line)),
        })
    }
}
