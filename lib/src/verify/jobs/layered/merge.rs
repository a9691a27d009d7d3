//! The merge of a layered folder: the root's value (the backward job of
//! the start's shard wrote it), the positions counted (each is in one
//! shard of one level: the levels' sizes add up to one process's count),
//! one optimal line and the certificate, both walked along the chosen
//! moves the backward jobs recorded (the solver's first best moves:
//! [`crate::engine::layers`]), reading the shards they pass through.

use super::backward::load;
use super::forward::level_of;
use super::shard::Valued;
use super::{Folder, LayerResult, Phase, Plan};
use crate::core::board::Position;
use crate::engine::inverse;
use crate::games::Value;
use crate::verify::jobs::{JobsError, Manifest, Splittable};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A shard read once and shared by the walk's threads.
type Shared<S> = Arc<Valued<S>>;

/// The shards read so far, by level and shard.
type Cache<S> = Mutex<HashMap<(usize, usize), Shared<S>>>;

/// A position's stored value and chosen orbit move.
pub type Stored<S> = (Value<S>, u32);

/// A layered folder whose jobs have all finished, read and checked.
pub struct LayerMerge<G: Splittable> {
    /// The manifest.
    pub manifest: Manifest,
    /// Its plan.
    pub plan: Plan,
    /// Every job's result, by index.
    pub results: Vec<LayerResult>,
    game: G,
    folder: Folder,
    root: Box<[u64]>,
    shards: Cache<G::Score>,
}

/// What the merge found.
#[derive(Clone, Debug)]
pub struct LayerMerged<S> {
    /// The root's value.
    pub value: Value<S>,
    /// One optimal line from the start, in the start's labels (it stops
    /// early at a position a quick value decides: none is stored).
    pub line: Vec<String>,
    /// Distinct positions: the levels' sizes added up.
    pub positions: u64,
    /// CPU seconds of all jobs.
    pub cpu_seconds: f64,
    /// The largest job's CPU seconds.
    pub largest_cpu_seconds: f64,
}

impl<G: Splittable> LayerMerge<G> {
    /// Reads the folder: the manifest, its plan checked against the game,
    /// and every job's result (missing and bad ones listed by number).
    pub fn load(folder: &Folder) -> Result<LayerMerge<G>, JobsError> {
        let manifest = folder.manifest()?;
        let plan = Folder::plan(&manifest)?;
        let game = G::from_spec(&manifest.game)?;
        let levels = game.start().free_edges().len() + 1;
        if plan.levels != levels {
            return Err(JobsError::Bad(format!(
                "the manifest's plan has {} levels and {} shards, the game {levels} levels",
                plan.levels, plan.shards
            )));
        }
        let all: Vec<usize> = (0..plan.jobs()).collect();
        let results = folder.layer_results(&plan, &all)?;
        let root = game.canonical(&game.start()).key;
        Ok(LayerMerge {
            manifest,
            plan,
            results,
            game,
            folder: folder.clone(),
            root,
            shards: Mutex::new(HashMap::new()),
        })
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The value, line and counts.
    pub fn merge(&self) -> Result<LayerMerged<G::Score>, JobsError> {
        let start = self.game.start();
        let (value, _) = self
            .stored(&start)?
            .ok_or_else(|| JobsError::Bad("the start has no value".into()))?;
        let mut line = Vec::new();
        let mut current = start;
        while let Some(m) = self.chosen(&current)? {
            line.push(self.game.move_text(&m));
            current = self.game.play(&current, &m);
        }
        let cpu = self.results.iter().map(|r| r.cpu_seconds);
        Ok(LayerMerged {
            value,
            line,
            positions: self
                .results
                .iter()
                .filter(|r| r.phase == Phase::Forward)
                .map(|r| r.positions)
                .sum(),
            cpu_seconds: cpu.clone().sum(),
            largest_cpu_seconds: cpu.fold(0.0, f64::max),
        })
    }

    /// The stored value of `position` and its chosen orbit move (`u32::MAX`
    /// where the game is over); `None` if no job stored it (a quick value
    /// decides it).
    pub fn stored(&self, position: &Position) -> Result<Option<Stored<G::Score>>, JobsError> {
        let canon = self.game.canonical(position);
        let level = match canon.key == self.root {
            true => 0,
            false => level_of(self.plan.levels - 1, &canon.position),
        };
        let shard = self.shard(level.min(self.plan.levels - 1), self.plan.shard_of(&canon.key))?;
        Ok(shard.get(&canon.key))
    }

    /// The chosen move at `position` in its labels; `None` where the game
    /// is over or no value is stored.
    pub fn chosen(&self, position: &Position) -> Result<Option<G::Move>, JobsError> {
        let Some((_, chosen)) = self.stored(position)? else {
            return Ok(None);
        };
        if chosen == u32::MAX {
            return Ok(None);
        }
        let canon = self.game.canonical(position);
        let moves = self.game.orbit_moves(&canon.position, &canon.generators);
        let m = moves
            .get(chosen as usize)
            .ok_or_else(|| JobsError::Bad(format!("a chosen move ({chosen}) that is not a move")))?;
        Ok(Some(self.game.relabel_move(m, &inverse(&canon.to_canon))))
    }

    /// Level `level`'s shard `shard`, read once.
    fn shard(&self, level: usize, shard: usize) -> Result<Shared<G::Score>, JobsError> {
        if let Some(s) = self.shards.lock().expect("no panic holds it").get(&(level, shard)) {
            return Ok(s.clone());
        }
        let index = self.plan.index(Phase::Backward, level, shard);
        let loaded = Arc::new(load(&self.game, &self.folder, &self.plan, &self.results[index])?);
        self.shards
            .lock()
            .expect("no panic holds it")
            .insert((level, shard), loaded.clone());
        Ok(loaded)
    }
}
