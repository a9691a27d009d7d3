//! `ramsey-verify ramsey-table`: parses the flags, builds the table with
//! `analysis::ramsey_table` (value and length of optimal play of Slany's
//! graph Ramsey games on `K_n`) or, with `--open-problems`, answers Slany's
//! Open Problems 1 and 2 with `analysis::open_problems`
//! (`table/open_problems.rs`), and prints or saves the report.

mod open_problems;

use super::args::{on_pool, LimitArgs};
use super::{output, Failure};
use crate::analysis::ramsey_table::{ramsey_table, TableSpec};
use crate::games::pattern::Pattern;
use crate::games::ramsey::Rules;
use clap::Args;

/// Options of `ramsey-table`.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Board sizes n of the complete boards K_n: `a..b` (inclusive) or one number.
    #[arg(long, default_value = "4..8", value_parser = parse_range)]
    pub boards: (usize, usize),
    /// Targets, separated by spaces (as `K1,3` has a comma): names or graph6.
    #[arg(long, default_value = "K3 P3 P4 C4 K1,3 2K2")]
    pub targets: String,
    /// Rule sets, comma-separated, or `all` (Slany's seven; the one-colour
    /// `shared-avoid` only when named).
    #[arg(long, default_value = "all")]
    pub rules: String,
    /// Set-move rules (avoid-plus, misere-plus) are not attempted on boards
    /// with more free edges than this (a move is any nonempty subset).
    #[arg(long, default_value_t = 15)]
    pub max_set_edges: usize,
    /// Worker threads and the memory cap (of each instance's table; an
    /// instance that reaches it gets "no verdict" in its row).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON object instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// Write BASE.md and BASE.json (both) instead of printing (so not with
    /// `--json`, which prints).
    #[arg(long, value_name = "BASE", conflicts_with = "json")]
    pub save: Option<String>,
    /// Write each exactly solved row's proof certificate into folder DIR
    /// (created if missing), with an index DIR/INDEX.md (claim, size,
    /// SHA-256 and the `solve` command of each); check one with `check`.
    #[arg(long, value_name = "DIR", conflicts_with = "open_problems")]
    pub cert: Option<std::path::PathBuf>,
    /// Answer Slany's Open Problems 1 and 2 (avoidance games) instead.
    #[arg(long)]
    pub open_problems: bool,
    /// With `--open-problems`: also try every graph with at most this many
    /// vertices as the board (empty start), for the smallest counterexample.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(1..=7))]
    pub graphs_up_to: u64,
}

fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("boards must be `a..b` or a number from 1 to 16, not `{s}`");
    let (a, b) = s.split_once("..").unwrap_or((s, s));
    let (a, b): (usize, usize) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a < 1 || b > 16 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// The targets named in `--targets`.
pub(crate) fn targets(text: &str) -> Result<Vec<Pattern>, String> {
    let list: Result<Vec<Pattern>, _> = text.split_whitespace().map(str::parse::<Pattern>).collect();
    let list = list.map_err(|e| e.to_string())?;
    if list.is_empty() {
        return Err("--targets needs at least one target".into());
    }
    Ok(list)
}

fn rules(text: &str) -> Result<Vec<Rules>, String> {
    if text == "all" {
        // Slany's table: his rule sets, not the one-colour game.
        return Ok(Rules::ALL.into_iter().filter(|r| !r.shared()).collect());
    }
    text.split(',')
        .map(|r| r.trim().parse::<Rules>().map_err(|e| e.to_string()))
        .collect()
}

/// The command line as typed (program name without its path).
pub(crate) fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("ramsey-verify {}", args.join(" "))
}

/// Runs `ramsey-table`.
pub fn run(args: TableArgs) -> Result<(), Failure> {
    let targets = targets(&args.targets)?;
    let rules = rules(&args.rules)?;
    for ext in args
        .save
        .iter()
        .flat_map(|base| [format!("{base}.json"), format!("{base}.md")])
    {
        output::check_writable(std::path::Path::new(&ext))?;
    }
    let limits = args.limits.limits(false);
    if args.open_problems {
        return on_pool(&limits, || open_problems::run(&args, &targets, limits));
    }
    let spec = TableSpec {
        boards: args.boards,
        targets,
        rules,
        max_set_edges: args.max_set_edges,
        certify: args.cert.is_some(),
    };
    if let Some(dir) = &args.cert {
        std::fs::create_dir_all(dir).map_err(|e| Failure::Output(format!("cannot write {}: {e}", dir.display())))?;
        output::check_writable(&dir.join("INDEX.md"))?;
    }
    let table = on_pool(&limits, || Ok(ramsey_table(&spec, limits)))?;
    let command = command_line();
    if let Some(dir) = &args.cert {
        let written = table
            .write_certificates(dir, &command)
            .map_err(|e| Failure::Output(e.to_string()))?;
        output::note(format_args!(
            "certificates: {} written to {} (index: INDEX.md)",
            crate::core::words::count(written, "certificate", "certificates"),
            dir.display()
        ));
    }
    emit(&args, &table.to_json(&command), &table.to_markdown(&command))
}

/// Prints the JSON object or the Markdown text, or with `--save BASE`
/// writes both to BASE.json and BASE.md.
pub(crate) fn emit(args: &TableArgs, object: &serde_json::Value, text: &str) -> Result<(), Failure> {
    let Some(base) = &args.save else {
        return match args.json {
            true => output::println(object),
            false => output::print(text),
        };
    };
    for (ext, content) in [("json", format!("{object}\n")), ("md", text.to_string())] {
        output::write_file(std::path::Path::new(&format!("{base}.{ext}")), content)?;
    }
    Ok(())
}
