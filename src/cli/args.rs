//! Argument parsers and options shared by several subcommands.

use crate::core::board::Board;
use crate::verify::registry::Registry;
use crate::verify::strategy::Strategy;
use std::sync::Arc;

pub fn parse_board(s: &str) -> Result<Board, String> {
    s.parse().map_err(|e: crate::core::board::BoardError| e.to_string())
}

pub fn parse_bound(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(0) => Err("the bound must be at least 1".into()),
        Ok(b) if b > 200 => Err("the bound must be at most 200".into()),
        Ok(b) => Ok(b),
        Err(_) => Err(format!("the bound must be a positive number, not `{s}`")),
    }
}

pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(t) if (1..=256).contains(&t) => Ok(t),
        _ => Err(format!("threads must be a number from 1 to 256, not `{s}`")),
    }
}

/// The default number of worker threads: every core the system offers
/// (results are the same for any thread count; only the time changes).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(256))
}

/// Runs `work` on a pool of `threads` workers (all cores if `None`).
pub fn on_threads<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> Result<T, super::Failure> + Send,
) -> Result<T, super::Failure> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| super::Failure::BadInput(e.to_string()))?;
    pool.install(work)
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
    /// Worker threads [default: all cores]; results do not depend on it.
    #[arg(long, default_value_t = default_threads(), hide_default_value = true, value_parser = parse_threads)]
    pub threads: usize,
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
