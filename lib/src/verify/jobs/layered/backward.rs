//! A backward job: values a level's shard from its steps and the deeper
//! levels' values (module docs of [`super`] and
//! [`crate::engine::layers`]).

use super::codec::{mover, In, Out};
use super::forward::Done;
use super::shard::{read_positions, Valued};
use super::{file_name, Folder, LayerResult, Phase, Plan, Task};
use crate::engine::layers::choose;
use crate::games::Value;
use crate::verify::jobs::{JobsError, Splittable};
use std::collections::{BTreeMap, BTreeSet};

/// Backward job `task` of `game`'s folder.
pub fn backward<G: Splittable>(game: &G, folder: &Folder, plan: &Plan, task: Task) -> Result<Done, JobsError> {
    let (d, s) = (task.level, task.shard);
    let own = folder
        .layer_results(plan, &[plan.index(Phase::Forward, d, s)])?
        .remove(0);
    let (pos_name, steps_name) = (file_name(d, s, "pos"), file_name(d, s, "steps"));
    let pos = folder.read_named(&own, &pos_name)?;
    let (_, positions) = read_positions(game, &pos_name, &pos)?;
    let steps = folder.read_named(&own, &steps_name)?;
    // First pass: the deeper shards the moves lead to.
    let mut needed = BTreeSet::new();
    walk(game, &steps_name, &steps, |l, t| {
        needed.insert((l, t));
    })?;
    let indices: Vec<usize> = needed.iter().map(|&(l, t)| plan.index(Phase::Backward, l, t)).collect();
    let mut shards = BTreeMap::new();
    for r in folder.layer_results(plan, &indices)? {
        shards.insert((r.level, r.shard), load(game, folder, plan, &r)?);
    }
    // Second pass: each position's value.
    let mut input = In::new(game, &steps_name, &steps)?;
    let mut out = Out::new();
    let mut children = 0u64;
    for (i, bytes) in positions.iter().enumerate() {
        let bad = || JobsError::Bad(format!("{steps_name}: position {i}"));
        if input.u8()? == 0 {
            out.value(input.value()?);
            out.u32(u32::MAX);
            continue;
        }
        let mut values = Vec::new();
        for _ in 0..input.u32()? {
            values.push(match input.u8()? {
                0 => input.value()?,
                1 => {
                    let (l, t, plies) = (input.u32()? as usize, input.u32()? as usize, input.u32()?);
                    let key = input.key()?;
                    let shard: &Valued<G::Score> = shards.get(&(l, t)).ok_or_else(bad)?;
                    let (v, _) = shard.get(&key).ok_or_else(|| {
                        JobsError::Bad(format!(
                            "{steps_name}: position {i}: a child missing from level {l} shard {t}"
                        ))
                    })?;
                    children += 1;
                    Value {
                        score: v.score,
                        plies: v.plies + plies,
                    }
                }
                _ => return Err(input.bad()),
            });
        }
        let (chosen, value) = choose(mover(bytes).ok_or_else(bad)?, &values).ok_or_else(bad)?;
        out.value(value);
        out.u32(chosen as u32);
    }
    if !input.done() {
        return Err(input.bad());
    }
    let count = positions.len() as u64;
    let file = folder.write_layer_file(&file_name(d, s, "val"), &out.finish(game), count)?;
    Ok((count, children, vec![file]))
}

/// The `.pos` and `.val` files of a finished backward job, read.
pub fn load<G: Splittable>(
    game: &G,
    folder: &Folder,
    plan: &Plan,
    valued: &LayerResult,
) -> Result<Valued<G::Score>, JobsError> {
    let (l, t) = (valued.level, valued.shard);
    let forward = folder
        .layer_results(plan, &[plan.index(Phase::Forward, l, t)])?
        .remove(0);
    let names = [file_name(l, t, "pos"), file_name(l, t, "val")];
    let pos = folder.read_named(&forward, &names[0])?;
    let val = folder.read_named(valued, &names[1])?;
    Valued::read(game, [&names[0], &names[1]], &pos, &val)
}

/// Reads a steps file through, telling `each` the level and shard of
/// every child.
fn walk<G: Splittable>(
    game: &G,
    name: &str,
    bytes: &[u8],
    mut each: impl FnMut(usize, usize),
) -> Result<(), JobsError> {
    let mut input = In::new(game, name, bytes)?;
    while !input.done() {
        if input.u8()? == 0 {
            input.value()?;
            continue;
        }
        for _ in 0..input.u32()? {
            match input.u8()? {
                0 => {
                    input.value()?;
                }
                1 => {
                    let (l, t, _plies) = (input.u32()? as usize, input.u32()? as usize, input.u32()?);
                    input.key()?;
                    each(l, t);
                }
                _ => return Err(input.bad()),
            }
        }
    }
    Ok(())
}
