//! Theorem 5.3's certificates (format version 10): `colour --certify-trees
//! N --cert F` lists the strategy's states on every tree up to N vertices
//! and every root, and the independent checker, with its own reading of
//! the rules and its own tree enumeration, accepts them. The walk agrees
//! with the engine's labelled certification (same verdicts, any number of
//! colours); the writer's state text is the checker's own code of the
//! state; copies with a state dropped, a rule's move changed or made
//! illegal, a larger family, fewer colours or a stronger end are rejected
//! with the line at fault; too few colours write no certificate.

mod cert_common;
mod common;
use cert_common::{accepted, edited, rejected, same_for_any_threads, scratch, with_field, written_by};
use common::{bad_input, ramsey};
use ramsey_cert_check::theorem53::state::{code, parse};
use ramsey_verify::analysis::colouring::trees53::certify_trees;
use ramsey_verify::analysis::colouring::trees53_states::invariant;

/// Lines of the version-10 header.
const HEADER: usize = 9;

/// The certificate of the trees up to 8 vertices, games played out,
/// written once (the same with 1 and 2 threads).
fn played_out8() -> String {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| same_for_any_threads("colour", &["--certify-trees", "8"]))
        .clone()
}

/// The body's lines.
fn states(text: &str) -> Vec<&str> {
    text.lines().skip(HEADER).collect()
}

#[test]
fn the_strategy_is_certified_on_every_tree_up_to_8_vertices_and_the_checker_agrees() {
    let text = played_out8();
    let ramsey_cert_check::Claim::Theorem53(s) = accepted(&text).claim else {
        panic!("not a Theorem 5.3 certificate")
    };
    // 1 + 1 + 1 + 2 + 3 + 6 + 11 + 23 trees; their vertices summed are the roots.
    assert_eq!(
        (s.sizes, s.colours, s.safe, s.trees, s.roots),
        ((1, 8), 5, false, 48, 326)
    );
    // The writer's text of each state is the checker's own code of it.
    for line in states(&text) {
        assert_eq!(code(&parse(line.as_bytes(), 5).unwrap()), line.as_bytes());
    }
}

#[test]
fn the_walk_agrees_with_the_engines_labelled_certification() {
    for colours in 2..=5 {
        for (max_n, played_out) in [(6, true), (7, false)] {
            let engine_fails = (1..=max_n).any(|n| !certify_trees(n, colours, played_out).failures.is_empty());
            let walk = invariant(max_n, colours, played_out, u64::MAX).unwrap();
            assert_eq!(
                walk.is_err(),
                engine_fails,
                "k = {colours}, n <= {max_n}, played out {played_out}"
            );
        }
    }
    // Ending once every vertex is safe needs fewer states.
    let states = |played_out| invariant(8, 5, played_out, u64::MAX).unwrap().unwrap().states.len();
    assert!(states(false) < states(true));
}

#[test]
fn the_command_line_writes_and_checks_it_and_too_few_colours_write_nothing() {
    let path = scratch("thm53-safe-9.cert.gz");
    let p = path.to_str().unwrap();
    let (code, out, err) = ramsey(&["colour", "--certify-trees", "9", "--stop-when-safe", "--cert", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("VERIFIED\n"), "{out}");
    let (code, out, _) = ramsey(&["check", p]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("VALID: Theorem 5.3's strategy wins the ccg with 5 colours on every tree on 1 to 9"));
    assert!(
        out.contains("each game ended once every uncoloured vertex is safe"),
        "{out}"
    );
    let fewer = scratch("thm53-4.cert");
    let f = fewer.to_str().unwrap();
    let (code, out, err) = ramsey(&["colour", "--certify-trees", "9", "--strategy-colours", "4", "--cert", f]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("REFUTED on ") && out.ends_with("REFUTED\n"), "{out}");
    assert!(err.contains("no certificate"), "{err}");
    // The failure reported is the first in order, whatever the threads.
    let args = [
        "colour",
        "--certify-trees",
        "9",
        "--strategy-colours",
        "4",
        "--threads",
        "1",
        "--cert",
        f,
    ];
    assert_eq!(ramsey(&args).1.lines().next(), out.lines().next());
    assert!(!fewer.exists());
    // The states past the memory cap: no verdict (exit code 3), no file.
    let (code, _, err) = ramsey(&["colour", "--certify-trees", "9", "--max-memory", "1", "--cert", f]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("memory cap") && !fewer.exists(), "{err}");
    for bad in [&["--strategy-colours", "10"][..], &["--cert-secured"][..]] {
        let (code, _, err) = ramsey(&[&["colour", "--certify-trees", "4", "--cert", f][..], bad].concat());
        bad_input(code, &err, bad);
    }
}

/// The first body line (0-based) with `pattern`, and the line edited.
fn tamper(text: &str, pattern: &str, with: &str) -> (usize, String) {
    let i = states(text)
        .iter()
        .position(|l| l.contains(pattern))
        .expect("a line with the pattern");
    (i, edited(text, i, Some(states(text)[i].replacen(pattern, with, 1))))
}

#[test]
fn a_rules_move_made_illegal_or_changed_is_rejected_on_its_line() {
    let text = played_out8();
    // Rule 2 names colour 1 at an even vertex whose child took colour 2;
    // with 1 forbidden there too, its move is illegal.
    let (i, bad) = tamper(&text, "(e2!1", "(e12!1");
    let r = rejected(&bad);
    assert!(
        r.message.contains("rule 2's move") && r.message.contains("is not legal"),
        "{}",
        r.message
    );
    assert_eq!(r.line, Some(HEADER + 1 + i));
    // Rule 2's colour changed: the state the rules reach is missing, and
    // the first state that reaches it is blamed.
    let (_, bad) = tamper(&text, "!2", "!1");
    let r = rejected(&bad);
    assert!(
        r.message.contains("missing state") || r.message.contains("not legal"),
        "{}",
        r.message
    );
    assert!(r.line.is_some_and(|l| l > HEADER), "{r:?}");
}

#[test]
fn a_dropped_state_or_a_duplicate_is_rejected_on_a_line() {
    let text = played_out8();
    // A small state is reached from larger ones, which come later.
    let r = rejected(&edited(&text, 40, None));
    assert!(r.message.contains("missing state"), "{}", r.message);
    assert!(r.line.is_some_and(|l| l > HEADER + 40), "{r:?}");
    let r = rejected(&edited(&text, 41, Some(states(&text)[40].to_string())));
    assert!(r.message.contains("the same state as line"), "{}", r.message);
    assert_eq!(r.line, Some(HEADER + 42));
}

#[test]
fn a_larger_family_fewer_colours_or_a_stronger_end_is_rejected() {
    let text = played_out8();
    // Trees on 9 vertices reach states the body does not list: blamed on
    // the header's `vertices` line, naming the tree and root.
    let r = rejected(&with_field(&text, "vertices", "1-9"));
    assert!(
        r.message.contains("on the tree H") && r.message.contains("missing state"),
        "{}",
        r.message
    );
    assert_eq!(r.line, Some(4));
    // A smaller family: its trees leave fewer vertices than some states have.
    let r = rejected(&with_field(&text, "vertices", "1-4"));
    assert!(r.message.contains("more than a tree on 4 leaves"), "{}", r.message);
    let r = rejected(&with_field(&text, "claim", "theorem-5.3 4"));
    assert!(r.line.is_some_and(|l| l > HEADER), "{r:?}");
    // A certificate of games ended when safe does not prove played-out games.
    let safe = written_by(
        "colour",
        "thm53-safe-7.cert",
        &["--certify-trees", "7", "--stop-when-safe"],
    );
    assert!(accepted(&safe).entries > 0);
    let r = rejected(&with_field(&safe, "ends", "played-out"));
    assert!(r.message.contains("missing state"), "{}", r.message);
    // The weaker claim of a played-out certificate holds too.
    accepted(&with_field(&text, "ends", "safe"));
}
