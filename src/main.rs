//! The `ramsey-verify` program: the command line of the library
//! ([`ramsey_verify::cli::main_with`]) for the built-in strategies.

use std::process::ExitCode;

/// mimalloc instead of the system allocator: the search allocates small
/// positions and memories on every move, and glibc's malloc was a fifth of
/// a K4 certification's time (README, Performance).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ramsey_verify::cli::main_with(ramsey_verify::strategies::builtin())
}
