//! Certificates of open choices (format version 4, proofs/FORMAT.md): the
//! committed `k4-as-written` refutations are what `verify --cert` writes
//! and the independent checker accepts them; tampered copies (an option
//! dropped, a move changed, a leaf faked, a line dropped) are rejected,
//! with their hash and line count made right again so that only the change
//! itself can be the reason.

mod common;

use common::ramsey;
use sha2::{Digest, Sha256};

const HEADER: usize = 8;

/// The four committed certificates and their claims.
const COMMITTED: [(&str, &str); 4] = [
    ("proofs/k4-as-written-some-inf-21.cert", "every-option-loses"),
    ("proofs/k4-as-written-some-17-21.cert", "every-option-loses"),
    ("proofs/k4-as-written-all-inf-21.cert", "line-loses"),
    ("proofs/k4-as-written-all-17-21.cert", "line-loses"),
];

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// `text` with its body's lines replaced by `body`, the entry count and
/// the hash made to fit.
fn resealed(text: &str, body: &[String]) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let body: String = body.iter().map(|l| format!("{l}\n")).collect();
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut out: String = lines[..HEADER - 2].iter().map(|l| format!("{l}\n")).collect();
    out.push_str(&format!("entries {}\nsha256 {digest}\n{body}", body.lines().count()));
    out
}

fn body(text: &str) -> Vec<String> {
    text.lines().skip(HEADER).map(str::to_string).collect()
}

/// The checker's verdict: `Ok(claim)` or `Err(message)`.
fn check(text: &str) -> Result<String, String> {
    let summary = ramsey_cert_check::check(text.as_bytes(), 1).map_err(|r| r.message)?;
    Ok(ramsey_cert_check::verdict_json(&Ok(summary))["claim"]
        .as_str()
        .unwrap_or("wins")
        .to_string())
}

#[test]
fn committed_certificates_are_reproducible_and_accepted() {
    let dir = std::env::temp_dir().join(format!("ramsey-cert-choices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (path, claim) in COMMITTED {
        let text = read(path);
        assert_eq!(check(&text), Ok(claim.to_string()), "{path}");
        let name = path
            .trim_start_matches("proofs/k4-as-written-")
            .trim_end_matches("-21.cert");
        let (mode, board) = name.split_once('-').unwrap();
        let out = dir.join(format!("{name}.cert"));
        let args = [
            "verify",
            "--strategy",
            "k4-as-written",
            "--board",
            board,
            "--bound",
            "21",
        ];
        let (code, _, stderr) = ramsey(&[&args[..], &["--choices", mode, "--cert", out.to_str().unwrap()]].concat());
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            text,
            "{path} is not what verify writes"
        );
    }
}

#[test]
fn the_checker_command_names_the_claim() {
    let (code, stdout, _) = ramsey(&["check", "proofs/k4-as-written-some-inf-21.cert"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("every option of hers listed loses"), "{stdout}");
    let (code, stdout, _) = ramsey(&["check", "--json", "proofs/k4-as-written-all-17-21.cert"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("\"claim\":\"line-loses\""), "{stdout}");
}

/// The tree of `--choices some` on `K_aleph0`, changed by `change`, rejected
/// with a message containing `why`.
fn rejected(change: impl Fn(&mut Vec<String>), why: &str) {
    let text = read(COMMITTED[0].0);
    let mut lines = body(&text);
    change(&mut lines);
    let tampered = resealed(&text, &lines);
    match check(&tampered) {
        Err(message) => assert!(message.contains(why), "{message}"),
        Ok(_) => panic!("accepted a tampered tree:\n{tampered}"),
    }
}

/// The line of her situation with two options `0-5,3-5`.
fn fork(lines: &[String]) -> usize {
    lines.iter().position(|l| l.ends_with(" play 0-5,3-5")).unwrap()
}

#[test]
fn resealing_alone_changes_nothing() {
    let text = read(COMMITTED[0].0);
    assert_eq!(resealed(&text, &body(&text)), text);
}

#[test]
fn an_option_dropped_from_a_list_is_rejected() {
    // The second option's lines still name it: out of order.
    rejected(
        |lines| {
            let i = fork(lines);
            lines[i] = lines[i].replace("0-5,3-5", "0-5")
        },
        "out of order",
    );
    // An option listed without its answer.
    rejected(
        |lines| {
            let i = fork(lines);
            lines[i] = lines[i].replace("0-5,3-5", "0-5,3-5,3-6")
        },
        "has no line",
    );
}

#[test]
fn a_changed_move_is_rejected() {
    // Her option onto his edge 0-2.
    rejected(
        |lines| lines[1] = lines[1].replace("play 0-3", "play 0-2"),
        "already claimed",
    );
    // His reply onto her edge 0-1.
    rejected(
        |lines| lines[1] = lines[1].replace("0.0 0-2", "0.0 0-1"),
        "already claimed",
    );
    // An option listed twice.
    rejected(|lines| lines[0] = "- - play 0-1,0-1".into(), "twice");
}

#[test]
fn a_faked_leaf_is_rejected() {
    let last_none = |lines: &[String]| lines.iter().rposition(|l| l.contains(" none ")).unwrap();
    rejected(
        |lines| {
            let i = last_none(lines);
            lines[i] = format!("{} bound", prefix(&lines[i]))
        },
        "only",
    );
    rejected(
        |lines| {
            let i = last_none(lines);
            lines[i] = format!("{} blue", prefix(&lines[i]))
        },
        "no blue K4",
    );
    rejected(
        |lines| {
            let i = last_none(lines);
            lines[i] = format!("{} full", prefix(&lines[i]))
        },
        "not full",
    );
    // A leaf dropped: its option has no line.
    rejected(
        |lines| {
            lines.pop();
        },
        "has no line",
    );
}

/// `PARENT HIS` of a tree line.
fn prefix(line: &str) -> String {
    line.splitn(3, ' ').take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_line_certificate_lists_one_move_per_turn() {
    let text = read(COMMITTED[2].0);
    let mut lines = body(&text);
    lines[0] = "- - play 0-1,2-3".into();
    assert!(check(&resealed(&text, &lines))
        .unwrap_err()
        .contains("one move of hers per turn"));
}

#[test]
fn dropping_an_option_with_its_lines_is_accepted_and_visible() {
    // The documented limit: the checker proves that every *listed* option
    // loses; the lists are recorded for audit against the strategy.
    let text = read(COMMITTED[0].0);
    let lines = body(&text);
    let i = fork(&lines);
    let second = format!("{i}.1 ");
    let mut dropped: Vec<String> = Vec::new();
    let mut skipping = false;
    for line in &lines {
        // The second option's subtree runs from its first line to the end
        // (it is the last subtree of the tree in preorder).
        skipping |= line.starts_with(&second);
        if !skipping {
            dropped.push(line.clone());
        }
    }
    dropped[i] = dropped[i].replace("0-5,3-5", "0-5");
    assert!(dropped.len() < lines.len());
    assert_eq!(check(&resealed(&text, &dropped)), Ok("every-option-loses".to_string()));
}
