//! A strategy with a table of moves that override it: `Patched`.
//!
//! A patch table maps *situations* (the canonical form of position, memory
//! and his last edge, exactly as the engine shows them to a strategy) to the
//! edge she claims there instead of the strategy's own move. Because the key
//! is the canonical form, an entry applies to every isomorphic situation and
//! the patched strategy stays isomorphism-invariant, like any strategy.
//! Tables are written by `ramsey-verify repair` (`crate::verify::repair`) and kept
//! as text beside the strategy they patch, one entry per line:
//!
//! ```text
//! RED:BLUE words names last => u-v
//! ```
//!
//! with `RED:BLUE` the canonical position in graph6, `words` the memory's
//! words (comma-separated), `names` its named vertices (`-` for an empty
//! slot), `last` his last edge (`-` if none) and `u-v` her edge, all in the
//! canonical labels. Lines starting with `#` are comments.
//!
//! A table file starts with a header, `field: value` lines before the first
//! entry, naming what the table was written for ([`TableHeader`]):
//!
//! ```text
//! strategy: k4-guarded
//! game: K4
//! board: inf
//! bound: 21
//! ```
//!
//! `strategy` (the name of the strategy the entries patch) and `game` (its
//! target, `Kk`) are required, and a table is used only with that strategy
//! ([`PatchFile::table_for`]): its keys hold that strategy's memory, and
//! its moves answer that strategy's play. `board` and `bound`, where the
//! table was found, are information (a table found on `K_aleph0` may serve
//! on `K_17`).
//!
//! An entry may instead pick one of the strategy's own open choices
//! ([`Strategy::choices`]), as `verify --choices some --resolution-out`
//! writes a winning resolution:
//!
//! ```text
//! RED:BLUE words names last => u-v option I
//! ```
//!
//! plays option `I` (counted from 1 in the strategy's order) with the
//! memory the strategy gives it, so options with the same edge and
//! different memories are told apart; `u-v` is that option's edge, checked
//! when it is played (a table written for another strategy is an error of
//! the strategy, reported as such, not a silent other move).

use crate::core::board::{Board, Edge, Player};
use crate::core::canon::canonical_form;
use crate::core::graph6::{decode_position, situation_key};
use crate::core::memory::Memory;
use crate::verify::amend::{Amended, Amendment};
use crate::verify::search::Resolution;
use crate::verify::strategy::{Move, Strategy, StrategyError, View};
use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, LazyLock};

mod header;
use header::{header_field, HeaderFields};
pub use header::{PatchFile, TableHeader, WrongTable};

/// Situation key -> her move, in the situation's canonical labels.
pub type PatchTable = BTreeMap<String, Patch>;

/// One entry of a patch table: her edge, or one of the strategy's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patch {
    /// Her edge.
    pub edge: Edge,
    /// `Some(i)`: option `i` (from 0) of the strategy's `choices`, whose
    /// edge is `edge`, with its memory; `None`: `edge` instead of the
    /// strategy's move.
    pub option: Option<usize>,
}

impl From<Edge> for Patch {
    fn from(edge: Edge) -> Patch {
        Patch { edge, option: None }
    }
}

impl std::fmt::Display for Patch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.option {
            None => write!(f, "{}", self.edge),
            Some(i) => write!(f, "{} option {}", self.edge, i + 1),
        }
    }
}

/// Why a patch table cannot be read: the line (1-based) and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("patch table line {line}: {reason}")]
pub struct PatchTableError {
    /// The line of the table that is wrong, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Reads the entries of a patch table, with or without its header (a
/// header given is read and must be well formed); the error names the line
/// that is wrong. Every key must be a situation written exactly as
/// [`situation_key`] writes it (a key written any other way could never
/// match, and its entry would be silently dead). To know what the table
/// was written for, read it with [`PatchFile::parse`].
pub fn parse_table(text: &str) -> Result<PatchTable, PatchTableError> {
    parse(text, false).map(|(_, table)| table)
}

/// Reads a table and its header; with `require_header`, a table without
/// `strategy` and `game` before its first entry (or at its end) is wrong.
fn parse(text: &str, require_header: bool) -> Result<(HeaderFields, PatchTable), PatchTableError> {
    let mut table = PatchTable::new();
    let mut header = HeaderFields::default();
    let mut lines = 0;
    for (number, line) in text.lines().enumerate() {
        lines = number + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason: String| PatchTableError {
            line: number + 1,
            reason,
        };
        if let Some((field, value)) = header_field(line) {
            if !table.is_empty() {
                return Err(bad(format!(
                    "header field `{field}` after the first entry: the header comes first"
                )));
            }
            header.read(field, value).map_err(bad)?;
            continue;
        }
        let (key, entry) = line.split_once(" => ").ok_or_else(|| {
            bad("expected `KEY => u-v` or `KEY => u-v option I` (or a header line `FIELD: VALUE`)".into())
        })?;
        if table.is_empty() && require_header {
            header.complete().map_err(bad)?;
        }
        let (edge, option) = match entry.trim().split_once(" option ") {
            None => (entry.trim(), None),
            Some((edge, i)) => match i.parse::<usize>() {
                Ok(i @ 1..) => (edge, Some(i - 1)),
                _ => return Err(bad(format!("option `{i}` is not a number from 1"))),
            },
        };
        let (u, v) = edge.split_once('-').ok_or_else(|| bad("edge must be `u-v`".into()))?;
        let edge = match (u.parse::<usize>(), v.parse::<usize>()) {
            (Ok(u), Ok(v)) => {
                Edge::try_new(u, v).map_err(|e| bad(format!("edge is not a pair of distinct vertices: {e}")))?
            }
            _ => return Err(bad("edge ends must be vertex numbers".into())),
        };
        let key = key.trim();
        check_key(key).map_err(bad)?;
        if table.insert(key.to_string(), Patch { edge, option }).is_some() {
            return Err(bad("situation listed twice".into()));
        }
    }
    if table.is_empty() && require_header {
        header.complete().map_err(|reason| PatchTableError {
            line: lines.max(1),
            reason,
        })?;
    }
    Ok((header, table))
}

/// Checks that `key` is a situation written as [`situation_key`] writes it.
fn check_key(key: &str) -> Result<(), String> {
    let (g6, rest) = key.split_once(' ').unwrap_or((key, ""));
    let position = decode_position(g6, Board::Infinite).map_err(|e| format!("bad position `{g6}`: {e}"))?;
    // Words or names may be empty, so the fields are split from both ends.
    let fields = rest.rsplit_once(' ').and_then(|(middle, last)| {
        let (words, names) = middle.split_once(' ')?;
        Some((words, names, last))
    });
    let Some((words, names, last)) = fields else {
        return Err(format!("a situation is `RED:BLUE words names last`, not `{key}`"));
    };
    let list = |text: &str| -> Vec<String> { text.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect() };
    let words = list(words)
        .iter()
        .map(|w| {
            w.parse::<u32>()
                .map_err(|_| format!("memory word `{w}` is not a number"))
        })
        .collect::<Result<_, _>>()?;
    let names = list(names)
        .iter()
        .map(|n| match n.as_str() {
            "-" => Ok(None),
            n => vertex(n).map(Some),
        })
        .collect::<Result<_, _>>()?;
    let last = match last {
        "-" => None,
        e => {
            let (u, v) = e
                .split_once('-')
                .ok_or_else(|| format!("his last edge must be `u-v` or `-`, not `{e}`"))?;
            Some(Edge::try_new(vertex(u)? as usize, vertex(v)? as usize).map_err(|e| e.to_string())?)
        }
    };
    let rebuilt = situation_key(&position, &Memory { words, names }, last);
    if rebuilt != key {
        return Err(format!(
            "situation `{key}` is not written canonically (expected `{rebuilt}`)"
        ));
    }
    Ok(())
}

/// A vertex number in a situation key.
fn vertex(text: &str) -> Result<crate::core::board::Vertex, String> {
    match text.parse::<usize>() {
        Ok(v) if v < crate::core::board::MAX_VERTICES => Ok(v as crate::core::board::Vertex),
        _ => Err(format!("`{text}` is not a vertex number")),
    }
}

/// Her and his edge counts in the position of a situation key, or why the
/// key's `RED:BLUE` part is not a position.
fn key_counts(key: &str) -> Result<(usize, usize), String> {
    let g6 = key.split(' ').next().unwrap_or_default();
    let position = decode_position(g6, Board::Infinite).map_err(|e| format!("bad position `{g6}`: {e}"))?;
    Ok((position.edge_count(Player::First), position.edge_count(Player::Second)))
}

/// Writes a patch table's entries in the format [`parse_table`] reads,
/// after the given comment lines, without a header ([`PatchFile::to_text`]
/// writes one).
pub fn format_table(table: &PatchTable, comments: &[String]) -> String {
    let mut out: String = comments.iter().map(|c| format!("# {c}\n")).collect();
    for (key, patch) in table {
        out.push_str(&format!("{key} => {patch}\n"));
    }
    out
}

/// Why a `--choices some` resolution gives no table ([`resolution_table`]).
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResolutionError {
    /// The strategy gives no options in a situation of the resolution.
    #[error("at `{key}`: {error}")]
    Strategy {
        /// The situation ([`situation_key`]).
        key: String,
        /// The strategy's error.
        error: StrategyError,
    },
    /// The strategy gives another number of options than the search saw.
    #[error("at `{key}` the strategy now gives {now} options, not {searched}")]
    Options {
        /// The situation ([`situation_key`]).
        key: String,
        /// The options it gives now.
        now: usize,
        /// The options the search saw.
        searched: usize,
    },
}

/// The table of a `--choices some` resolution ([`Resolution`]): at each
/// situation with several options, the option she takes, as the strategy
/// numbers it in the situation's canonical view (the view [`Patched`]
/// shows it). Fails if the strategy gives other options than the search saw.
pub fn resolution_table(strategy: &dyn Strategy, resolution: &[Resolution]) -> Result<PatchTable, ResolutionError> {
    let mut table = PatchTable::new();
    for r in resolution {
        let canon = canonical_form(&r.position, &r.memory, r.last_reply);
        let view = View {
            game: strategy.game(),
            position: &canon.position,
            memory: &canon.memory,
            last_reply: canon.marked,
        };
        let key = situation_key(&canon.position, &canon.memory, canon.marked);
        let options = match strategy.choices(&view) {
            Ok(options) => options,
            Err(error) => return Err(ResolutionError::Strategy { key, error }),
        };
        let Some(chosen) = options.get(r.option).filter(|_| options.len() == r.options) else {
            return Err(ResolutionError::Options {
                key,
                now: options.len(),
                searched: r.options,
            });
        };
        let patch = Patch {
            edge: chosen.edge,
            option: Some(r.option),
        };
        table.insert(key, patch);
    }
    Ok(table)
}

/// The memory she keeps when she plays `edge` instead of her own move:
/// what the strategy would have kept (its stage, plans and names), less the
/// names of vertices that `edge` leaves untouched (a vertex the strategy
/// meant to take fresh). If the strategy has no move, her memory is kept.
pub fn memory_for(own: &Result<Move, StrategyError>, view: &View, edge: Edge) -> Memory {
    let Ok(own) = own else {
        return view.memory.clone();
    };
    let (a, b) = edge.ends();
    let touched = view.position.touched() | 1u128 << a | 1u128 << b;
    let mut memory = own.memory.clone();
    for name in memory.names.iter_mut() {
        if name.is_some_and(|v| touched >> v & 1 == 0) {
            *name = None;
        }
    }
    memory
}

/// `inner` with the moves of a patch table played where their situations
/// arise: an [`Amended`] strategy whose amendment is the table.
pub type Patched = Amended<Patches>;

/// A patch table as an [`Amendment`]: where an entry's situation arises,
/// its move replaces the strategy's, also where the strategy has none (the
/// situations `repair` patches are often ones where it fails).
///
/// The table is made (and indexed) on first use, not when the strategy is:
/// every run of the program builds the registry of built-in strategies,
/// and parsing their tables (about 12,000 entries) took 0.1 s of CPU even
/// for runs that never play them (Erdős' games: a seventh of K7's time).
pub struct Patches {
    table: LazyLock<Indexed, Box<dyn FnOnce() -> Indexed + Send>>,
}

/// A patch table and the (her, his) edge counts of its situations:
/// building a key costs more than the strategy's own move, so it is only
/// built where an entry can match.
struct Indexed {
    table: PatchTable,
    counts: HashSet<(usize, usize)>,
}

impl Patches {
    /// The amendment that plays `table`'s moves.
    pub fn new(table: PatchTable) -> Patches {
        Patches::lazy(move || table)
    }

    /// The amendment that plays the moves of the table `make` returns,
    /// called on first use.
    pub fn lazy(make: impl FnOnce() -> PatchTable + Send + 'static) -> Patches {
        let index = move || {
            let table = make();
            let counts = table.keys().filter_map(|key| key_counts(key).ok()).collect();
            Indexed { table, counts }
        };
        Patches {
            table: LazyLock::new(Box::new(index)),
        }
    }

    /// `inner` with `table` on top, under a new name and description.
    pub fn over(inner: Arc<dyn Strategy>, name: &'static str, description: &'static str, table: PatchTable) -> Patched {
        Amended::with_amendment(inner, name, description, Patches::new(table))
    }
}

impl Amendment for Patches {
    /// The table's edge where an entry matches, else `own`.
    fn amend(
        &self,
        inner: &dyn Strategy,
        view: &View,
        own: Result<Move, StrategyError>,
    ) -> Result<Move, StrategyError> {
        let counts = (
            view.position.edge_count(Player::First),
            view.position.edge_count(Player::Second),
        );
        if !self.table.counts.contains(&counts) {
            return own;
        }
        let key = situation_key(view.position, view.memory, view.last_reply);
        match self.table.table.get(&key) {
            Some(&Patch { edge, option: None }) if view.position.is_free(edge) => Ok(Move {
                edge,
                memory: memory_for(&own, view, edge),
            }),
            Some(&Patch { edge, option: Some(i) }) => option(inner, view, i, edge),
            _ => own,
        }
    }
}

/// Option `i` of `inner`'s choices at `view`, which the table says is
/// `edge`.
fn option(inner: &dyn Strategy, view: &View, i: usize, edge: Edge) -> Result<Move, StrategyError> {
    let options = inner.choices(view)?;
    match options.get(i) {
        Some(m) if m.edge == edge => Ok(m.clone()),
        found => Err(StrategyError::RuleDoesNotApply(format!(
            "patch table: option {} here is {}, not {edge} (a table for another strategy?)",
            i + 1,
            found.map_or("missing".to_string(), |m| m.edge.to_string())
        ))),
    }
}
