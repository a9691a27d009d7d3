//! A forward job: gathers a level's shard and lists its positions' moves
//! (module docs of [`super`]).

use super::bucket::Bucket;
use super::codec::{decode_canonical, encode_canonical, Out};
use super::shard::{read_entries, Keys};
use super::{file_name, Budget, Folder, Phase, Plan, Task};
use crate::core::board::Position;
use crate::engine::layers::{steps, Step};
use crate::verify::jobs::run::JobError;
use crate::verify::jobs::{FileSum, JobsError, Splittable};
use rayon::prelude::*;
use std::collections::BTreeMap;

/// Positions labelled and expanded at a time (in parallel), then merged in
/// order: bounds the memory of the children not yet deduplicated.
const CHUNK: usize = 1 << 12;

/// A position's level: the edges coloured since the start.
pub fn level_of(start_free: usize, position: &Position) -> usize {
    start_free.saturating_sub(position.free_edge_count().unwrap_or(0))
}

/// The name of the file of children that the forward job at (`level`,
/// `shard`) writes for (`to_level`, `to_shard`).
pub fn to_name(level: usize, shard: usize, to_level: usize, to_shard: usize) -> String {
    file_name(level, shard, &format!("to-L{to_level:03}-S{to_shard:05}"))
}

/// The name of the file in which the forward job at (`level`, `shard`)
/// maps the children numbered by (`from_level`, `from_shard`) to its
/// positions (one index into its `.pos` per child of the `.to-` file).
pub fn from_name(level: usize, shard: usize, from_level: usize, from_shard: usize) -> String {
    file_name(level, shard, &format!("from-L{from_level:03}-S{from_shard:05}"))
}

/// What a job did: its positions, children, files.
pub type Done = (u64, u64, Vec<FileSum>);

/// A child file read: the job that wrote it (none for the start), its
/// name, its bytes.
type Source = (Option<(usize, usize)>, String, Vec<u8>);

/// Forward job `task` of `game`'s folder, within `budget`.
pub fn forward<G: Splittable>(
    game: &G,
    folder: &Folder,
    plan: &Plan,
    task: Task,
    budget: Budget,
) -> Result<Done, JobError> {
    let (d, s) = (task.level, task.shard);
    let start = game.start();
    let (board, start_free) = (start.board().clone(), start.free_edges().len());
    let read = sources(game, folder, plan, task)?;
    budget.check(read.iter().map(|(_, _, bytes)| bytes.len() as u64).sum())?;
    // Positions are taken as slices of the files read whole (no
    // allocation per position), with where each came from.
    let parsed: Vec<(Keys, Vec<&[u8]>)> = read
        .iter()
        .map(|(_, name, bytes)| read_entries(game, name, bytes, false))
        .collect::<Result<_, _>>()?;
    let mut gathered: Vec<(&[u64], &[u8], u32, u32)> = parsed
        .iter()
        .enumerate()
        .flat_map(|(f, (keys, positions))| {
            (0..keys.len()).map(move |i| (keys.get(i), positions[i], f as u32, i as u32))
        })
        .collect();
    // Sorted by key, the first copy in file order kept: the same choice
    // whatever the sort's algorithm.
    gathered.sort_unstable_by(|a, b| (a.0, a.2, a.3).cmp(&(b.0, b.2, b.3)));
    // Deduplicated in place, each file's children mapped to their index.
    let mut maps: Vec<Vec<u32>> = parsed.iter().map(|(keys, _)| vec![0; keys.len()]).collect();
    let mut kept = 0;
    for k in 0..gathered.len() {
        let (key, _, f, i) = gathered[k];
        if kept == 0 || gathered[kept - 1].0 != key {
            gathered[kept] = gathered[k];
            kept += 1;
        }
        maps[f as usize][i as usize] = (kept - 1) as u32;
    }
    gathered.truncate(kept);
    // What is held besides the buffers being filled: the files, the
    // positions found in them, the maps.
    let inputs: u64 = read.iter().map(|(_, _, bytes)| bytes.len() as u64).sum::<u64>()
        + parsed
            .iter()
            .map(|(keys, positions)| keys.size() + 16 * positions.capacity() as u64)
            .sum::<u64>()
        + (gathered.capacity() * std::mem::size_of::<(&[u64], &[u8], u32, u32)>()
            + 4 * maps.iter().map(Vec::len).sum::<usize>()) as u64;
    budget.check(inputs)?;
    let mut pos = Out::with_capacity(
        gathered
            .iter()
            .map(|(k, b, _, _)| 8 + 8 * k.len() + b.len())
            .sum::<usize>()
            + 64,
    );
    let mut out = Out::new();
    let mut buckets: BTreeMap<(usize, usize), Bucket<G::Score>> = BTreeMap::new();
    let mut children = 0u64;
    let held = |pos: &Out<_>, out: &Out<_>, buckets: &BTreeMap<_, Bucket<_>>| {
        inputs + pos.size() + out.size() + buckets.values().map(Bucket::size).sum::<u64>()
    };
    for chunk in gathered.chunks(CHUNK) {
        let expanded: Vec<_> = chunk
            .par_iter()
            .map(|(key, bytes, _, _)| expand(game, key, bytes, &board))
            .collect::<Result<_, _>>()?;
        budget.check(held(&pos, &out, &buckets))?;
        for ((key, bytes, _, _), (over, moves)) in chunk.iter().zip(expanded) {
            pos.key(key);
            pos.blob(bytes);
            if let Some(v) = over {
                out.u8(0);
                out.value(v);
                continue;
            }
            out.u8(1);
            out.u32(moves.len() as u32);
            for step in moves {
                match step {
                    Step::Known(v) => {
                        out.u8(0);
                        out.value(v);
                    }
                    Step::Child(canon, plies) => {
                        let level = level_of(start_free, &canon.position);
                        if level <= d || level >= plan.levels {
                            return Err(JobsError::Bad(format!(
                                "a move from level {d} leads to level {level}: this game's canonical \
                                 forms do not fall into levels (split it without --layers)"
                            ))
                            .into());
                        }
                        let shard = plan.shard_of(&canon.key);
                        let number = buckets
                            .entry((level, shard))
                            .or_insert_with(Bucket::new)
                            .number(&board, &canon);
                        out.u8(1);
                        out.u32(level as u32);
                        out.u32(shard as u32);
                        out.u32(plies);
                        out.u32(number);
                        children += 1;
                    }
                }
            }
        }
    }
    // Each file is copied once more as it is finished.
    budget.check(held(&pos, &out, &buckets) + pos.size().max(out.size()))?;
    let count = gathered.len() as u64;
    drop(gathered);
    drop(parsed);
    let mut files = vec![
        folder.write_layer_file(&file_name(d, s, "pos"), &pos.finish(game), count)?,
        folder.write_layer_file(&file_name(d, s, "steps"), &out.finish(game), count)?,
    ];
    for ((from, _, _), map) in read.iter().zip(maps) {
        if let Some((l, t)) = *from {
            let mut file = Out::<G::Score>::new();
            map.iter().for_each(|&i| file.u32(i));
            files.push(folder.write_layer_file(&from_name(d, s, l, t), &file.finish(game), map.len() as u64)?);
        }
    }
    for ((level, shard), bucket) in buckets {
        let (file, count) = bucket.finish();
        files.push(folder.write_layer_file(&to_name(d, s, level, shard), &file.finish(game), count)?);
    }
    Ok((count, children, files))
}

/// The files of children the shallower forward jobs wrote for `task`'s
/// shard (for level 0: the start, if it falls in this shard).
fn sources<G: Splittable>(game: &G, folder: &Folder, plan: &Plan, task: Task) -> Result<Vec<Source>, JobsError> {
    let (d, s) = (task.level, task.shard);
    let mut read = Vec::new();
    if d == 0 {
        let start = game.start();
        let canon = game.canonical(&start);
        if plan.shard_of(&canon.key) == s {
            let mut root = Out::<G::Score>::new();
            root.key(&canon.key);
            root.blob_with(|bytes| encode_canonical(bytes, start.board(), &canon));
            read.push((None, "the start".to_string(), root.finish(game)));
        }
        return Ok(read);
    }
    let sources: Vec<usize> = (0..d)
        .flat_map(|l| (0..plan.shards).map(move |t| plan.index(Phase::Forward, l, t)))
        .collect();
    for r in folder.layer_results(plan, &sources)? {
        let name = to_name(r.level, r.shard, d, s);
        if r.files.iter().any(|f| f.file == name) {
            let bytes = folder.read_named(&r, &name)?;
            read.push((Some((r.level, r.shard)), name, bytes));
        }
    }
    Ok(read)
}

/// A gathered position: its outcome if it is over, else its steps.
type Expanded<G> = (
    Option<crate::games::Value<<G as crate::games::Rules>::Score>>,
    Vec<Step<Position, <G as crate::games::Rules>::Score>>,
);

/// One gathered position (a canonical form, as the solver expands it):
/// its outcome if it is over, else its steps.
fn expand<G: Splittable>(
    game: &G,
    key: &[u64],
    bytes: &[u8],
    board: &crate::core::board::Board,
) -> Result<Expanded<G>, JobsError> {
    let canon = decode_canonical(board, bytes, key)
        .ok_or_else(|| JobsError::Bad("a gathered position is unreadable".into()))?;
    if let Some(score) = game.outcome(&canon.position) {
        return Ok((Some(crate::engine::layers::over(score)), vec![]));
    }
    Ok((None, steps(game, &canon)))
}
