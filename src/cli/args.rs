//! Argument parsers and options shared by several subcommands.

use crate::core::board::Board;
use crate::engine::limits::{self, Limits};
use crate::verify::registry::Registry;
use crate::verify::strategy::Strategy;
use std::io::IsTerminal;
use std::sync::Arc;

pub fn parse_board(s: &str) -> Result<Board, String> {
    s.parse().map_err(|e: crate::core::board::BoardError| e.to_string())
}

pub use crate::verify::parse_bound;

/// `--threads N`: a number from 1 to [`crate::engine::limits::MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    limits::parse_threads(s).map_err(|e| e.to_string())
}

/// `--max-memory MIB`, in bytes: at least 1 MiB, and not so many that the
/// bytes overflow.
pub fn parse_max_memory(s: &str) -> Result<u64, String> {
    limits::parse_max_memory(s).map_err(|e| e.to_string())
}

/// `--threads N` and `--max-memory MIB`: the same two flags, with the same
/// defaults, on every subcommand that runs a search. They become one
/// [`Limits`], built once per run and passed to every search of it.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct LimitArgs {
    /// Worker threads [default: all cores]. Results never depend on it.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Cap on each search's transposition table, in MiB [default: half the
    /// machine's memory]. A search that reaches it stops without a verdict
    /// (exit code 3); results never depend on it otherwise.
    #[arg(long, value_name = "MIB", value_parser = parse_max_memory)]
    pub max_memory: Option<u64>,
}

impl LimitArgs {
    /// The limits the flags give (defaults: [`Limits::default`]), with the
    /// spinner on stderr if `progress` and stderr is a terminal.
    pub fn limits(&self, progress: bool) -> Limits {
        let mut limits = Limits::default();
        if let Some(threads) = self.threads {
            limits = limits.with_threads(threads);
        }
        if let Some(bytes) = self.max_memory {
            limits = limits.with_max_memory(bytes);
        }
        match progress && std::io::stderr().is_terminal() {
            true => limits.with_progress(&super::progress::SPINNER),
            false => limits,
        }
    }
}

/// Runs `work` on the run's one thread pool ([`Limits::install`]).
pub fn on_pool<T: Send>(
    limits: &Limits,
    work: impl FnOnce() -> Result<T, super::Failure> + Send,
) -> Result<T, super::Failure> {
    limits
        .install(work)
        .map_err(|e| super::Failure::BadInput(e.to_string()))?
}

pub fn parse_positions(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("the position limit must be a positive number, not `{s}`")),
    }
}

/// The options every search-running subcommand shares.
#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    /// Strategy name (see `ramsey-verify strategies`).
    #[arg(long)]
    pub strategy: String,
    /// `inf` for K_aleph0, or the number of vertices n of K_n.
    #[arg(long, default_value = "inf", value_parser = parse_board)]
    pub board: Board,
    /// Largest number of her moves allowed.
    #[arg(long, default_value_t = 50, value_parser = parse_bound)]
    pub bound: u32,
    /// Worker threads and the memory cap.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Do not let the engine take immediate wins for strategies that declare
    /// the standing assumption (to measure what the shortcut saves).
    #[arg(long)]
    pub no_shortcuts: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Play the moves of this patch table (written by `repair`) where its
    /// situations arise, on top of the strategy.
    #[arg(long, value_name = "TABLE")]
    pub patches: Option<std::path::PathBuf>,
    /// Use the `--patches` table even if its header names another strategy
    /// or game (its keys hold that strategy's memory: most will not match).
    #[arg(long, requires = "patches")]
    pub patches_for_any_strategy: bool,
}

impl SearchArgs {
    /// The strategy of `registry` named by `--strategy`, with `--patches`
    /// applied.
    pub fn strategy(&self, registry: &Registry) -> Result<Arc<dyn Strategy>, String> {
        let strategy = registry.get(&self.strategy)?;
        let Some(path) = &self.patches else {
            return Ok(strategy);
        };
        let table = read_table(path, strategy.as_ref(), self.patches_for_any_strategy)?;
        // Names are `&'static str`; one patched strategy per run.
        let name: &'static str = Box::leak(format!("{}+{}", self.strategy, path.display()).into_boxed_str());
        let description = "a strategy with a patch table (--patches)";
        Ok(Arc::new(crate::verify::patch::Patches::over(
            strategy,
            name,
            description,
            table,
        )))
    }
}

/// Reads a patch table file written for `strategy` (its header names the
/// strategy and its game), or for any strategy with `any_strategy`; errors
/// name the file and the line, or both strategies.
pub fn read_table(
    path: &std::path::Path,
    strategy: &dyn Strategy,
    any_strategy: bool,
) -> Result<crate::verify::patch::PatchTable, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file = crate::verify::patch::PatchFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if any_strategy {
        return Ok(file.table);
    }
    file.table_for(strategy)
        .map_err(|e| format!("{}: {e}; --patches-for-any-strategy uses it anyway", path.display()))
}
