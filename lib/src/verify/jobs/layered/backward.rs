//! A backward job: values a level's shard from its steps and the deeper
//! levels' values (module docs of [`super`] and
//! [`crate::engine::layers`]).

use super::codec::{mover, In, Out};
use super::forward::{from_name, Done};
use super::shard::{read_positions, read_values, Valued, Values};
use super::{file_name, Budget, Folder, LayerResult, Phase, Plan, Task};
use crate::engine::layers::choose;
use crate::games::Value;
use crate::verify::jobs::run::JobError;
use crate::verify::jobs::{JobsError, Splittable};
use std::collections::{BTreeMap, BTreeSet};

/// A deeper shard as this job sees it: the index in its `.pos` of each
/// child this job's forward job numbered for it, and its values.
type Deeper<S> = (Vec<u32>, Values<S>);

/// Backward job `task` of `game`'s folder, within `budget`.
pub fn backward<G: Splittable>(
    game: &G,
    folder: &Folder,
    plan: &Plan,
    task: Task,
    budget: Budget,
) -> Result<Done, JobError> {
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
    let mut shards = BTreeMap::new();
    let mut inputs = (pos.len() + steps.len() + 16 * positions.len()) as u64;
    for (l, t) in needed {
        budget.check(inputs)?;
        let shard: Deeper<G::Score> = deeper(game, folder, plan, (d, s), (l, t))?;
        inputs += (4 * shard.0.len() + std::mem::size_of_val(&shard.1[..])) as u64;
        shards.insert((l, t), shard);
    }
    // Second pass: each position's value.
    let mut input = In::new(game, &steps_name, &steps)?;
    let mut out = Out::new();
    let mut children = 0u64;
    let mut values = Vec::new();
    for (i, bytes) in positions.iter().enumerate() {
        if i % 4096 == 0 {
            budget.check(inputs + out.size())?;
        }
        let bad = || JobsError::Bad(format!("{steps_name}: position {i}"));
        if input.u8()? == 0 {
            out.value(input.value()?);
            out.u32(u32::MAX);
            continue;
        }
        values.clear();
        for _ in 0..input.u32()? {
            values.push(match input.u8()? {
                0 => input.value()?,
                1 => {
                    let (l, t) = (input.u32()? as usize, input.u32()? as usize);
                    let (plies, number) = (input.u32()?, input.u32()? as usize);
                    let (map, valued): &Deeper<G::Score> = shards.get(&(l, t)).ok_or_else(bad)?;
                    let (v, _) = map.get(number).and_then(|&j| valued.get(j as usize)).ok_or_else(|| {
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
                _ => return Err(input.bad().into()),
            });
        }
        let (chosen, value) = choose(mover(bytes).ok_or_else(bad)?, &values).ok_or_else(bad)?;
        out.value(value);
        out.u32(chosen as u32);
    }
    if !input.done() {
        return Err(input.bad().into());
    }
    // The file is copied once more as it is finished.
    budget.check(inputs + 2 * out.size())?;
    let count = positions.len() as u64;
    let file = folder.write_layer_file(&file_name(d, s, "val"), &out.finish(game), count)?;
    Ok((count, children, vec![file]))
}

/// The deeper shard `to` as the job at `from` reads it: the map its
/// forward job wrote for `from`'s children, and the values its backward
/// job wrote.
fn deeper<G: Splittable>(
    game: &G,
    folder: &Folder,
    plan: &Plan,
    from: (usize, usize),
    to: (usize, usize),
) -> Result<Deeper<G::Score>, JobsError> {
    let (l, t) = to;
    let jobs = [plan.index(Phase::Forward, l, t), plan.index(Phase::Backward, l, t)];
    let [forward, valued]: [LayerResult; 2] = folder
        .layer_results(plan, &jobs)?
        .try_into()
        .expect("two results for two jobs");
    let names = [from_name(l, t, from.0, from.1), file_name(l, t, "val")];
    let map = folder.read_named(&forward, &names[0])?;
    let mut input = In::new(game, &names[0], &map)?;
    let mut numbers = Vec::new();
    while !input.done() {
        numbers.push(input.u32()?);
    }
    let values = read_values(game, &names[1], &folder.read_named(&valued, &names[1])?)?;
    Ok((numbers, values))
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
                    let (l, t) = (input.u32()? as usize, input.u32()? as usize);
                    let (_plies, _number) = (input.u32()?, input.u32()?);
                    each(l, t);
                }
                _ => return Err(input.bad()),
            }
        }
    }
    Ok(())
}
