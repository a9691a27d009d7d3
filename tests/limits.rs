//! The memory cap stops a run cleanly, without a verdict.

use ramsey_verify::core::board::Board;
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::{verify, Request, VerifyError};

#[test]
fn a_tiny_memory_cap_stops_without_a_verdict() {
    let strategy = by_name("k3").unwrap();
    let mut request = Request::new(Board::Infinite, 10, 2);
    request.max_memory = Some(100);
    match verify(strategy.as_ref(), request) {
        Err(VerifyError::MemoryLimit { positions, bytes }) => {
            assert!(positions >= 1);
            assert!(bytes > 100);
        }
        other => panic!("expected the memory limit, got {other:?}"),
    }
}

#[test]
fn a_sufficient_cap_changes_nothing() {
    let strategy = by_name("k3").unwrap();
    let mut request = Request::new(Board::Infinite, 10, 1);
    let free = verify(strategy.as_ref(), request).unwrap();
    request.max_memory = Some(1 << 20);
    let capped = verify(strategy.as_ref(), request).unwrap();
    assert_eq!(free.max_moves, capped.max_moves);
    assert_eq!(free.positions, capped.positions);
}
