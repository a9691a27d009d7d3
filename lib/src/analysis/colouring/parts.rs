//! chi_g's certificate in parts (format version 12, proofs/FORMAT.md:
//! version 11's parts, positions compared up to tokens), for graphs
//! whose certificate is too large to keep, or to write, whole: an
//! *opening* file and one *part* file per leaf of it, in one folder.
//!
//! Each level k (player 2 wins with k < chi_g colours, player 1 with
//! chi_g; two or more claims, as in version 7) is solved from the start
//! by the level's one search, as [`super::chromatic`] does; its winner's
//! strategy is read off that search for the first `plies` plies only (the
//! opening, [`crate::engine::extract::opening`]), and the positions still
//! open there (the frontier, up to equivalence) are its leaves. The
//! search is then dropped, and each leaf gets a search of its own from the
//! leaf, with the same engine and move order, and the strategy read off it
//! from the leaf to the end is the leaf's part (claim `wins P k`, `start`
//! the leaf), written and dropped before the next. So the peak memory is
//! the larger of the level's search (which finds the winner and the
//! opening's moves) and one part's search and walk, not the whole
//! strategy's; the price is the parts' searches, which share no table.
//! Both claims of chi_g are covered the same way: every level's leaves
//! are parts, and the opening file holds every level's opening. A part
//! already in the folder is kept (`kept`): a stopped run, started again
//! with the same command, resumes after its last part; the opening is
//! written last.

use super::chromatic::{level_game, level_search, levels, read_strategy, GameChromatic, Level};
use crate::engine::{Decider, Limits, Stopped};
use crate::games::colouring::{ColourPosition, ColouringGame, Graph, Winner};
use crate::games::prelude::*;
use crate::verify::cert::colouring::{
    colouring_certificate_in_parts, colouring_text, ColouringClaim, Ends, Leaf, LevelStrategy, Parts,
};
use crate::verify::cert::{sha256_hex, CertWriteError};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Where and how to write chi_g's certificate in parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartsRequest {
    /// The folder: the opening `opening.cert` and the parts
    /// `kK-NNNN.cert.gz` (created if missing).
    pub dir: PathBuf,
    /// Plies of the opening (the leaves' depth).
    pub plies: usize,
}

/// What was written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartsWritten {
    /// Entries of the opening (its leaves not counted).
    pub opening: usize,
    /// Parts written, one per leaf.
    pub parts: usize,
    /// Entries of all parts together.
    pub entries: usize,
    /// Entries of the largest part.
    pub largest: usize,
    /// Bytes of all files together.
    pub bytes: u64,
}

impl PartsWritten {
    /// One line of text.
    pub fn to_text(&self) -> String {
        format!(
            "certificate in parts: opening {} entries, {} parts, {} entries (largest {}), {} bytes\n",
            self.opening, self.parts, self.entries, self.largest, self.bytes
        )
    }

    /// One JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "opening_entries": self.opening, "parts": self.parts, "entries": self.entries,
            "largest_part_entries": self.largest, "bytes": self.bytes,
        })
    }
}

/// Why chi_g's certificate in parts was not written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartsError {
    /// A search or walk reached the memory cap.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// A file could not be written: the path and the system's error.
    #[error("{0}")]
    Write(String),
}

impl From<CertWriteError> for PartsError {
    fn from(e: CertWriteError) -> PartsError {
        PartsError::Write(e.to_string())
    }
}

/// The name of the opening's file in the folder.
pub const OPENING_FILE: &str = "opening.cert";

/// chi_g of `graph` with its certificate in parts, written to
/// `request.dir`, player 1's lines ending as `ends` says; each search
/// capped at `limits`' memory cap (module docs).
pub fn game_chromatic_in_parts(
    graph: &Graph,
    limits: Limits,
    ends: Ends,
    request: &PartsRequest,
) -> Result<(GameChromatic, PartsWritten), PartsError> {
    std::fs::create_dir_all(&request.dir).map_err(|source| CertWriteError {
        path: request.dir.clone(),
        source,
    })?;
    let mut leaves: Vec<Leaf> = Vec::new();
    let mut written = PartsWritten::default();
    let mut opening = |game: &ColouringGame, decider: &Decider<'_, ColouringGame>, winner: Winner, held| {
        let from = (&game.start(), winner.player(), request.plies);
        let (strategy, frontier) = read_strategy(game, decider, from, ends, held, limits)?;
        for leaf in frontier {
            let file = format!("k{}-{:04}.cert.gz", game.colours(), written.parts + 1);
            let (entries, bytes, sha256) = part(game, &leaf, winner, ends, limits, &request.dir.join(&file))?;
            written.parts += 1;
            written.entries += entries;
            written.largest = written.largest.max(entries);
            written.bytes += bytes;
            let colouring = colouring_text(&leaf);
            let colours = game.colours();
            leaves.push(Leaf {
                colours,
                colouring,
                file,
                sha256,
            });
        }
        Ok::<LevelStrategy, PartsError>(strategy)
    };
    let (levels, strategies): (Vec<Level>, Vec<Option<LevelStrategy>>) =
        levels(graph, limits, true, Some(&mut opening))?.into_iter().unzip();
    let chi_g = levels.len();
    let strategies: Vec<LevelStrategy> = strategies.into_iter().flatten().collect();
    written.opening = strategies.iter().map(LevelStrategy::len).sum();
    let parts = Parts {
        start: None,
        leaves: &leaves,
    };
    let claim = ColouringClaim::GameChromatic(chi_g);
    let cert = colouring_certificate_in_parts(&level_game(graph, chi_g), claim, ends, strategies, parts);
    written.bytes += cert.write(&request.dir.join(OPENING_FILE))?;
    let chromatic = GameChromatic {
        graph: graph.clone(),
        chi_g,
        chi: graph.chromatic_number(),
        degree_bound: graph.max_degree() + 1,
        levels,
        certificate: None,
    };
    Ok((chromatic, written))
}

/// The part from `leaf`: a search of its own, the winner's strategy read
/// off it, written to `path`; returns its entries, bytes and SHA-256.
fn part(
    game: &ColouringGame,
    leaf: &ColourPosition,
    winner: Winner,
    ends: Ends,
    limits: Limits,
    path: &Path,
) -> Result<(usize, u64, String), PartsError> {
    if let Some(kept) = kept(path) {
        return Ok(kept);
    }
    let decider = level_search(game, limits, true);
    // The level's search proved the winner wins at every leaf; a search
    // of the leaf alone that disagreed would write a part the checker
    // rejects, never a false certificate.
    decider.score(leaf)?;
    let (strategy, _) = read_strategy(game, &decider, (leaf, winner.player(), usize::MAX), ends, 0, limits)?;
    drop(decider);
    let claim = ColouringClaim::Wins {
        winner: winner.player(),
        colours: game.colours(),
    };
    let parts = Parts {
        start: Some(leaf),
        leaves: &[],
    };
    let cert = colouring_certificate_in_parts(game, claim, ends, vec![strategy], parts);
    let fail = |source| CertWriteError {
        path: path.to_path_buf(),
        source,
    };
    let bytes = cert.encode(path).map_err(fail)?;
    // Written whole under another name, then renamed: a part file in the
    // folder is always complete, so a stopped run can resume ([`kept`]).
    let unfinished = path.with_extension("partial");
    std::fs::write(&unfinished, &bytes).map_err(fail)?;
    std::fs::rename(&unfinished, path).map_err(fail)?;
    Ok((cert.entries, bytes.len() as u64, sha256_hex(&bytes)))
}

/// A part already in the folder, from a run that was stopped (the same
/// command resumes it: leaves are numbered in the same order every run):
/// kept as it is, with its entries (its header's) and SHA-256. Whether it
/// is the leaf's part is the checker's to say (its start, claim, graph).
fn kept(path: &Path) -> Option<(usize, u64, String)> {
    let bytes = std::fs::read(path).ok()?;
    let mut head = Vec::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .take(4096)
        .read_to_end(&mut head)
        .ok()?;
    let entries = String::from_utf8_lossy(&head)
        .lines()
        .find_map(|l| l.strip_prefix("entries ")?.parse().ok())?;
    Some((entries, bytes.len() as u64, sha256_hex(&bytes)))
}
