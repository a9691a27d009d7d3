//! A researcher's own `ramsey-verify`: the built-in strategies plus their
//! own (here the two other examples' strategies), with every command and
//! flag of the stock binary, without editing this crate.
//!
//! ```text
//! cargo run --release --example lab_tool -- strategies
//! cargo run --release --example lab_tool -- verify --strategy k3-screen --bound 4
//! cargo run --release --example lab_tool -- verify --strategy k3-screen --bound 4 --cert k3.cert
//! cargo run --release --example lab_tool -- refute --strategy k3-screen --bound 3 --at-round 2
//! ```
//!
//! In a crate of your own, `ramsey-verify` is a dependency and your
//! strategies are modules of that crate; here the examples are included
//! by path.

#[path = "k3_in_a_screen.rs"]
#[allow(dead_code)] // its `main`
mod k3_in_a_screen;
#[path = "k4_variant.rs"]
#[allow(dead_code)] // its `main`
mod k4_variant;

use ramsey_verify::verify::registry::{Registry, RegistryError};
use std::process::ExitCode;

/// mimalloc, as in the stock binary: the search allocates on every move.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The built-in strategies, `k4-cu-first`, then `k3-screen` (names must be new).
fn registry() -> Result<Registry, RegistryError> {
    k4_variant::registry().with(k3_in_a_screen::K3InAScreen)
}

fn main() -> ExitCode {
    match registry() {
        Ok(registry) => ramsey_verify::cli::main_with(registry),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
