//! `proofs/check-all.sh` on the committed certificates of at most 100 kB
//! (every one but the K4 certificates and the largest Erdős ones, which
//! `proofs/check-all.sh` without a cap checks in about two minutes): their
//! sizes and SHA-256 match `proofs/CERTIFICATES.md`, and the independent
//! checker accepts each. A changed byte in the index fails the script.

use sha2::{Digest, Sha256};
use std::process::Command;

fn check_all(root: &std::path::Path) -> std::process::Output {
    Command::new("bash")
        .arg(root.join("proofs/check-all.sh"))
        .args(["--max-bytes", "100000"])
        .env("RAMSEY_VERIFY", env!("CARGO_BIN_EXE_ramsey-verify"))
        .output()
        .expect("bash runs")
}

#[test]
fn the_small_committed_certificates_are_valid() {
    let out = check_all(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let summary = text.lines().last().unwrap_or_default();
    let valid: usize = summary.split(' ').next().unwrap().parse().unwrap();
    assert!(valid >= 90, "{summary}");
    assert!(summary.contains(" 0 failed"), "{summary}");
}

#[test]
fn a_file_that_differs_from_the_index_or_a_wrong_certificate_fails() {
    let root = std::env::temp_dir().join(format!("ramsey-check-all-{}", std::process::id()));
    std::fs::create_dir_all(root.join("proofs/certs")).unwrap();
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    std::fs::copy(here.join("check-all.sh"), root.join("proofs/check-all.sh")).unwrap();
    // Sim_a with blue's win claimed instead of red's: a wrong certificate.
    let good = std::fs::read_to_string(here.join("certs/sim-a.cert")).unwrap();
    let wrong = good.replacen("winner red", "winner blue", 1);
    std::fs::write(root.join("proofs/certs/sim-a.cert"), &wrong).unwrap();
    let row = |sha: &str| format!("| `certs/sim-a.cert` | x | {} | `{sha}` | `x` |\n", wrong.len());
    let index = root.join("proofs/CERTIFICATES.md");
    for (sha, says) in [
        (hex(good.as_bytes()), "SHA-256 differs"),
        (hex(wrong.as_bytes()), "invalid certificate"),
    ] {
        std::fs::write(&index, row(&sha)).unwrap();
        let out = check_all(&root);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(says), "{err}");
    }
    std::fs::remove_dir_all(root).unwrap();
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
