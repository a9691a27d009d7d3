//! `cargo bench`: the workloads of `ramsey-verify bench` and the full K4
//! certification on `K_aleph0` and `K_17` with one and two threads, each
//! with its spread. `cargo bench -- quick` runs only the short workloads.
//! Compare two versions by running both in the same window (README,
//! Performance): the machine is shared, so ratios mean more than times.

use ramsey_verify::bench::{
    canon_throughput, certification, failure_class_search, k4_solve, slice, strategy_calls, Measurement, K4_SLICE,
};
use ramsey_verify::core::board::Board;
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::{thread_pool, Request};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), String> {
    let quick = std::env::args().any(|a| a == "quick");
    let k4 = by_name("k4-patched").map_err(|e| e.to_string())?;
    let one = thread_pool(1)?;
    let show = |m: Result<Measurement, String>| m.map(|m| println!("{}", m.line()));
    show(canon_throughput(5000, 8, 5))?;
    show(canon_throughput(2000, 14, 5))?;
    show(canon_throughput(500, 20, 5))?;
    show(strategy_calls(k4.as_ref(), &K4_SLICE, 200, 5))?;
    show(one.install(|| slice(k4.as_ref(), &K4_SLICE, 21, 5)))?;
    show(k4_solve(5, 5))?;
    if quick {
        return Ok(());
    }
    for threads in [1, 2] {
        for board in [Board::Infinite, Board::Complete(17)] {
            show(certification(k4.as_ref(), Request::new(board, 21, threads), 3))?;
        }
        let regular = by_name("k4-regular").map_err(|e| e.to_string())?;
        show(failure_class_search(regular.as_ref(), 5, "stage 2", threads, 1))?;
    }
    Ok(())
}
