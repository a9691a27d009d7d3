//! `ramsey-verify bench`: every workload reports, as text or JSON lines,
//! and bad input is a one-line error with exit code 2.

mod common;
use common::{bad_input, ramsey};

#[test]
fn bench_reports_every_workload_as_json_lines() {
    let (code, out, err) = ramsey(&["bench", "--runs", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 6);
    for line in &lines {
        assert_eq!(line["runs"], 1);
        assert!(line["items"].as_u64().unwrap() > 0, "{line}");
        assert!(line["cpu_seconds"].as_f64().unwrap() >= 0.0);
    }
    let slice = lines
        .iter()
        .find(|l| l["workload"].as_str().unwrap().contains("slice [0, 1, 2] bound 21"))
        .expect("the K4 certification slice is measured");
    assert_eq!(slice["items"], 32887, "the slice is a fixed workload");
}

#[test]
fn bench_rejects_zero_runs() {
    let (code, _, err) = ramsey(&["bench", "--runs", "0"]);
    bad_input(code, &err, "--runs 0");
}
