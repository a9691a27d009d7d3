//! `cargo bench`: the fixed workloads of `ramsey-verify bench` and the full
//! K4 certification on `K_aleph0` and `K_17`, with one and two threads.

use ramsey_verify::bench::{canon_throughput, certification, failure_class_search, subtree};
use ramsey_verify::board::Board;
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategies::k4::fixtures::end_of_stage3;
use ramsey_verify::verify::Request;

fn main() {
    let mut results = vec![
        canon_throughput(5000, 8),
        canon_throughput(2000, 14),
        canon_throughput(500, 20),
    ];
    let k4 = by_name("k4").expect("registered");
    let (position, memory) = end_of_stage3();
    results.push(subtree("k4 Stage 4 subtree", k4.as_ref(), &position, &memory, 21).expect("verifies"));
    for threads in [1, 2] {
        // The full K4 certification (`k4-patched`, the certified K4 strategy).
        for (name, board, bound) in [
            ("k3", Board::Infinite, 4),
            ("k4-patched", Board::Infinite, 21),
            ("k4-patched", Board::Complete(17), 21),
        ] {
            let strategy = by_name(name).expect("registered");
            results.push(certification(strategy.as_ref(), Request::new(board, bound, threads)).expect("verifies"));
        }
        let regular = by_name("k4-regular").expect("registered");
        results.push(failure_class_search(regular.as_ref(), 5, "stage 2", threads).expect("searches"));
    }
    for m in results {
        println!(
            "{:<55} {:>10} items {:>9.3}s {:>12.0}/s",
            m.workload, m.items, m.seconds, m.per_second
        );
    }
}
