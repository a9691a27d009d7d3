//! One search cut into independent jobs, for any game on the engine: the
//! *frontier* (the positions a fixed number of plies below the start, up
//! to isomorphism), the *glue* (the top of the tree above it, solved by the
//! same [`Solver`] once the jobs' values are known) and the distinct count
//! of positions over several searches.
//!
//! Why the merged value is the value of one process: the glue game
//! [`Glued`] is the game itself with one more quick value
//! ([`Hints::quick_value`]): a frontier position's value is the job's
//! value, which is the exact value of that position (a job is the same
//! [`Solver`] asked about it, or for a game whose lengths rank nothing a
//! search that finds the same score, as Erdős' games' jobs run `erdos`'s
//! threshold search: `verify::jobs`). A quick value that is the true value changes
//! no value above it, so the solver's root value, its choices and its
//! optimal line are those of one process. The frontier is found the way the
//! solver walks the tree ([`Levels`]: canonical positions, one move per
//! orbit, the game's quick values first), so every non-final position the
//! glue solver meets at the frontier depth is one of the jobs'.
//!
//! Jobs are named by *paths*: the indices of the orbit moves played from
//! the canonical start, each at the canonical form of the position reached
//! ([`replay`]). A path needs no notation of the game's positions and
//! gives the same canonical position to any process of the same program.

use super::Solver;
use crate::core::symmetry::Canonical;
use crate::games::{view, Hints, Symmetric, Value};
use rayon::prelude::*;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::io::{self, BufRead, Write};

/// A frontier position: how to reach it from the start and its canonical form.
#[derive(Clone, Debug)]
pub struct Node<P> {
    /// Orbit-move indices from the canonical start ([`replay`]).
    pub path: Vec<u32>,
    /// The position, in canonical form.
    pub canon: Canonical<P>,
}

/// The positions one level deeper at a time, as the solver meets them:
/// from each canonical position that is not over, each orbit move the game
/// does not decide quickly ([`Hints::quick_move_value`],
/// [`Hints::quick_value`]), kept if the position it leads to is not over
/// and is new up to isomorphism. Final positions stay with the glue.
pub struct Levels<'g, G: Symmetric + Hints> {
    game: &'g G,
    level: Vec<Node<G::Position>>,
    depth: u32,
}

impl<'g, G: Symmetric + Hints> Levels<'g, G> {
    /// Level 0: the start (none if it is over).
    pub fn new(game: &'g G) -> Levels<'g, G> {
        let canon = game.canonical(&game.start());
        let level = match game.outcome(&canon.position) {
            Some(_) => vec![],
            None => vec![Node { path: vec![], canon }],
        };
        Levels { game, level, depth: 0 }
    }

    /// The plies below the start of the current level.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The current level's positions, in the order met.
    pub fn level(&self) -> &[Node<G::Position>] {
        &self.level
    }

    /// The level's positions, consuming the walk.
    pub fn into_level(self) -> Vec<Node<G::Position>> {
        self.level
    }

    /// Goes one level deeper. The children are labelled in parallel and
    /// kept in the order a sequential walk meets them, so the level is the
    /// same for any number of threads.
    pub fn descend(&mut self) {
        let game = self.game;
        let children: Vec<Vec<Node<G::Position>>> = self
            .level
            .par_iter()
            .map(|node| {
                let at = &node.canon;
                let moves = game.orbit_moves(&at.position, &at.generators);
                let step = |(i, m): (usize, &G::Move)| {
                    if game.quick_move_value(&at.position, m).is_some() {
                        return None;
                    }
                    let next = game.play(&at.position, m);
                    if game.quick_value(&next).is_some() {
                        return None;
                    }
                    let canon = game.canonical(&next);
                    let mut path = node.path.clone();
                    path.push(i as u32);
                    game.outcome(&canon.position).is_none().then_some(Node { path, canon })
                };
                moves.iter().enumerate().filter_map(step).collect()
            })
            .collect();
        let mut seen = HashSet::new();
        self.level = children
            .into_iter()
            .flatten()
            .filter(|n| seen.insert(n.canon.key.clone()))
            .collect();
        self.depth += 1;
    }
}

/// The frontier `depth` plies below the start.
pub fn frontier<G: Symmetric + Hints>(game: &G, depth: u32) -> Vec<Node<G::Position>> {
    let mut levels = Levels::new(game);
    while levels.depth() < depth {
        levels.descend();
    }
    levels.into_level()
}

/// The shallowest frontier (at least one ply deep, at most `max_depth`)
/// with at least `jobs` positions, and its depth; shallower if the game
/// ends first (an empty frontier: the glue is the whole game).
pub fn frontier_for_jobs<G: Symmetric + Hints>(game: &G, jobs: usize, max_depth: u32) -> (u32, Vec<Node<G::Position>>) {
    let mut levels = Levels::new(game);
    loop {
        levels.descend();
        let done = levels.level().len() >= jobs || levels.level().is_empty();
        if done || levels.depth() >= max_depth {
            return (levels.depth(), levels.into_level());
        }
    }
}

/// The canonical position at the end of `path` from the canonical start;
/// `None` if an index is not an orbit move there.
pub fn replay<G: Symmetric>(game: &G, path: &[u32]) -> Option<Canonical<G::Position>> {
    let mut canon = game.canonical(&game.start());
    for &i in path {
        if game.outcome(&canon.position).is_some() {
            return None;
        }
        let moves = game.orbit_moves(&canon.position, &canon.generators);
        let m = moves.get(i as usize)?;
        canon = game.canonical(&game.play(&canon.position, m));
    }
    Some(canon)
}

/// The game with the jobs' values as quick values of the frontier
/// positions: solving it solves the top of the tree (the glue).
pub struct Glued<'g, G: Symmetric + Hints> {
    game: &'g G,
    values: HashMap<Box<[u64]>, Value<G::Score>>,
}

impl<'g, G: Symmetric + Hints> Glued<'g, G> {
    /// `game` with the value of each frontier position (by canonical key).
    pub fn new(game: &'g G, values: HashMap<Box<[u64]>, Value<G::Score>>) -> Glued<'g, G> {
        Glued { game, values }
    }

    /// The job value of `position` if it is a frontier position.
    pub fn job_value(&self, position: &G::Position) -> Option<Value<G::Score>> {
        self.values.get(&self.game.canonical(position).key).copied()
    }
}

impl<G: Symmetric + Hints> view::View for Glued<'_, G> {
    type Inner = G;
    fn inner(&self) -> &G {
        self.game
    }
}

impl<G: Symmetric + Hints> view::ViewRules for Glued<'_, G> {}

impl<G: Symmetric + Hints> view::ViewSymmetric for Glued<'_, G> {}

impl<G: Symmetric + Hints> view::ViewHints for Glued<'_, G> {
    /// The game's own quick value, else the job's value of a frontier
    /// position (the exact value: see the module docs). Frontier positions
    /// are therefore not stored by the glue solver: they are the jobs'.
    fn quick_value(&self, position: &G::Position) -> Option<Value<G::Score>> {
        self.game.quick_value(position).or_else(|| self.job_value(position))
    }
}

/// The glue solver: the top of the tree, with the frontier's values.
pub fn glue<'g, G: Symmetric + Hints>(
    game: &'g G,
    values: HashMap<Box<[u64]>, Value<G::Score>>,
) -> Solver<'g, Glued<'g, G>> {
    Solver::owning(Glued::new(game, values))
}

/// Writes sorted keys (as [`Solver::keys`] gives them): per key its length
/// in words (u32) and its words, little-endian.
pub fn write_keys(keys: &[Box<[u64]>], out: &mut impl Write) -> io::Result<()> {
    for key in keys {
        out.write_all(&(key.len() as u32).to_le_bytes())?;
        for w in key.iter() {
            out.write_all(&w.to_le_bytes())?;
        }
    }
    Ok(())
}

/// Reads one key written by [`write_keys`]; `None` at the end.
fn read_key(input: &mut impl BufRead) -> io::Result<Option<Box<[u64]>>> {
    if input.fill_buf()?.is_empty() {
        return Ok(None);
    }
    let mut word = [0u8; 4];
    input.read_exact(&mut word)?;
    let len = u32::from_le_bytes(word) as usize;
    if len > 4096 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "key longer than 4096 words"));
    }
    let mut key = vec![0u64; len];
    let mut bytes = [0u8; 8];
    for w in &mut key {
        input.read_exact(&mut bytes)?;
        *w = u64::from_le_bytes(bytes);
    }
    Ok(Some(key.into_boxed_slice()))
}

/// How many distinct keys there are in several sorted key files (each as
/// [`write_keys`] wrote it) and one sorted list in memory, merged a key at
/// a time so that no file is held whole. A file out of order is an error.
pub fn count_distinct<R: BufRead>(mut files: Vec<R>, memory: &[Box<[u64]>]) -> io::Result<u64> {
    let mut heap = BinaryHeap::new();
    for (i, f) in files.iter_mut().enumerate() {
        if let Some(k) = read_key(f)? {
            heap.push(std::cmp::Reverse((k, i)));
        }
    }
    let mut memory = memory.iter().peekable();
    let (mut distinct, mut last): (u64, Option<Box<[u64]>>) = (0, None);
    let mut count = |k: Box<[u64]>| -> io::Result<()> {
        match &last {
            Some(l) if *l == k => return Ok(()),
            Some(l) if *l > k => return Err(io::Error::new(io::ErrorKind::InvalidData, "keys out of order")),
            _ => {}
        }
        distinct += 1;
        last = Some(k);
        Ok(())
    };
    while let Some(std::cmp::Reverse((k, i))) = heap.pop() {
        while let Some(m) = memory.next_if(|m| **m <= k) {
            count(m.clone())?;
        }
        if let Some(next) = read_key(&mut files[i])? {
            heap.push(std::cmp::Reverse((next, i)));
        }
        count(k)?;
    }
    for m in memory {
        count(m.clone())?;
    }
    Ok(distinct)
}
