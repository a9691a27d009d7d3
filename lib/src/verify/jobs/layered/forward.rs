//! A forward job: gathers a level's shard and lists its positions' moves
//! (module docs of [`super`]).

use super::codec::{decode_canonical, encode_canonical, Out};
use super::shard::{read_positions, Keys};
use super::{file_name, Folder, Phase, Plan, Task};
use crate::core::board::Position;
use crate::engine::layers::{steps, Step};
use crate::verify::jobs::{FileSum, JobsError, Splittable};
use foldhash::fast::FixedState;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};

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

/// What a job did: its positions, children, files.
pub type Done = (u64, u64, Vec<FileSum>);

/// Children of one destination: canonical key to position bytes.
type Bucket = HashMap<Box<[u64]>, Vec<u8>, FixedState>;

/// Forward job `task` of `game`'s folder.
pub fn forward<G: Splittable>(game: &G, folder: &Folder, plan: &Plan, task: Task) -> Result<Done, JobsError> {
    let (d, s) = (task.level, task.shard);
    let start = game.start();
    let (board, start_free) = (start.board().clone(), start.free_edges().len());
    // The files read whole, then positions taken as slices of them (no
    // allocation per position).
    let mut read = Vec::new();
    if d == 0 {
        let canon = game.canonical(&start);
        if plan.shard_of(&canon.key) == s {
            let mut root = Out::<G::Score>::new();
            root.key(&canon.key);
            root.blob(&encode_canonical(&board, &canon));
            read.push(("the start".to_string(), root.finish(game)));
        }
    } else {
        let sources: Vec<usize> = (0..d)
            .flat_map(|l| (0..plan.shards).map(move |t| plan.index(Phase::Forward, l, t)))
            .collect();
        for r in folder.layer_results(plan, &sources)? {
            let name = to_name(r.level, r.shard, d, s);
            if r.files.iter().any(|f| f.file == name) {
                read.push((name.clone(), folder.read_named(&r, &name)?));
            }
        }
    }
    let parsed: Vec<(Keys, Vec<&[u8]>)> = read
        .iter()
        .map(|(name, bytes)| read_positions(game, name, bytes))
        .collect::<Result<_, _>>()?;
    let mut gathered: Vec<(&[u64], &[u8])> = parsed
        .iter()
        .flat_map(|(keys, positions)| (0..keys.len()).map(move |i| (keys.get(i), positions[i])))
        .collect();
    gathered.sort_unstable_by(|a, b| a.0.cmp(b.0));
    gathered.dedup_by(|a, b| a.0 == b.0);
    let mut pos = Out::new();
    let mut out = Out::new();
    let mut buckets: BTreeMap<(usize, usize), Bucket> = BTreeMap::new();
    let mut children = 0u64;
    for chunk in gathered.chunks(CHUNK) {
        let expanded: Vec<_> = chunk
            .par_iter()
            .map(|(key, bytes)| expand(game, key, bytes, &board))
            .collect::<Result<_, _>>()?;
        for ((key, bytes), (over, moves)) in chunk.iter().zip(expanded) {
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
                            )));
                        }
                        let shard = plan.shard_of(&canon.key);
                        out.u8(1);
                        out.u32(level as u32);
                        out.u32(shard as u32);
                        out.u32(plies);
                        out.key(&canon.key);
                        children += 1;
                        let bucket = buckets.entry((level, shard)).or_default();
                        if let std::collections::hash_map::Entry::Vacant(e) = bucket.entry(canon.key.clone()) {
                            e.insert(encode_canonical(&board, &canon));
                        }
                    }
                }
            }
        }
    }
    let count = gathered.len() as u64;
    drop(gathered);
    drop(parsed);
    drop(read);
    let mut files = vec![
        folder.write_layer_file(&file_name(d, s, "pos"), &pos.finish(game), count)?,
        folder.write_layer_file(&file_name(d, s, "steps"), &out.finish(game), count)?,
    ];
    for ((level, shard), bucket) in buckets {
        let mut sorted: Vec<_> = bucket.into_iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut file = Out::new();
        for (key, bytes) in &sorted {
            file.key(key);
            file.blob(bytes);
        }
        let name = to_name(d, s, level, shard);
        files.push(folder.write_layer_file(&name, &file.finish(game), sorted.len() as u64)?);
    }
    Ok((count, children, files))
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
