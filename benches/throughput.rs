//! `cargo bench`: the workloads of `ramsey-verify bench` and the full K4
//! certification on `K_aleph0` and `K_17` with one and two threads, each
//! with its spread. `cargo bench -- quick` runs only the short workloads.
//! Compare two versions by running both in the same window (README,
//! Performance): the machine is shared, so ratios mean more than times.

use ramsey_verify::bench::{
    canon_throughput, certification, failure_class_search, k4_solve, slice, strategy_calls, BenchError, Measurement,
    K4_SLICE,
};
use ramsey_verify::core::board::Board;
use ramsey_verify::engine::Limits;
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::Request;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), String> {
    let quick = std::env::args().any(|a| a == "quick");
    let k4 = by_name("k4-patched").map_err(|e| e.to_string())?;
    let show = |m: Result<Measurement, BenchError>| m.map(|m| println!("{}", m.line())).map_err(String::from);
    show(canon_throughput(5000, 8, 5))?;
    show(canon_throughput(2000, 14, 5))?;
    show(canon_throughput(500, 20, 5))?;
    show(strategy_calls(k4.as_ref(), &K4_SLICE, 200, 5))?;
    let one = Limits::default().with_threads(1);
    let sliced = one.install(|| slice(k4.as_ref(), &K4_SLICE, 21, one, 5));
    show(sliced.map_err(|e| e.to_string())?)?;
    show(k4_solve(5, one, 5))?;
    if quick {
        return Ok(());
    }
    for threads in [1, 2] {
        for board in [Board::Infinite, Board::Complete(17)] {
            show(certification(k4.as_ref(), Request::new(board, 21, threads), 3))?;
        }
        let regular = by_name("k4-regular").map_err(|e| e.to_string())?;
        let limits = Limits::default().with_threads(threads);
        show(failure_class_search(regular.as_ref(), 5, "stage 2", limits, 1))?;
    }
    Ok(())
}
