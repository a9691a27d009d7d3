//! `ramsey-table --open-problems`: Slany's Open Problems 1 and 2 answered
//! by `analysis::open_problems` (the reading and the argument are there),
//! printed or saved.

use super::{command_line, emit, TableArgs};
use crate::analysis::open_problems::open_problems;
use crate::cli::Failure;
use crate::engine::Limits;
use crate::games::pattern::Pattern;

/// Runs `ramsey-table --open-problems`.
pub(super) fn run(args: &TableArgs, targets: &[Pattern], limits: Limits) -> Result<(), Failure> {
    let report = open_problems(args.boards, targets, args.graphs_up_to, limits)
        .map_err(|e| Failure::NoVerdict(e.to_string()))?;
    let command = command_line();
    emit(args, &report.to_json(&command), &report.to_markdown(&command))
}
