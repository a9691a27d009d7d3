//! A subtree certificate of the K4 strategy: Stage 4 from a fixed position
//! at the end of Stage 3, written by the engine and re-proved by the
//! independent checker, so CI checks K4 code end to end on every run.

use ramsey_cert_check::{check, RejectionKind};
use ramsey_verify::core::board::{Board, Edge, Position};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::engine::Limits;
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategies::k4::fixtures::end_of_stage3;
use ramsey_verify::verify::cert::Recorder;
use ramsey_verify::verify::search::{Observer, Search, Value};

/// The certificate text and the most moves she needs.
fn stage4_certificate(bound: u32) -> (String, Value) {
    let k4 = by_name("k4").unwrap();
    let (position, memory) = end_of_stage3();
    let recorder = Recorder::new();
    let search = Search::new(k4.as_ref(), Board::Infinite, bound).with_observer(&recorder);
    let value = search.value(&canonical_form(&position, &memory, None)).unwrap();
    let certificate = recorder.certificate(k4.game(), Board::Infinite, bound, Some(&position));
    (certificate.text, value)
}

#[test]
fn stage4_subtree_certificate_is_accepted() {
    let (text, value) = stage4_certificate(21);
    let Value::Win(moves) = value else {
        panic!("the Stage 4 subtree fails: {value:?}")
    };
    assert!(text.lines().nth(5).unwrap().starts_with("start "), "{text:.300}");
    let summary = check(text.as_bytes(), 2).unwrap_or_else(|r| panic!("rejected: {}", r.message));
    assert_eq!(summary.moves, moves, "checker and engine agree on the moves she needs");
    assert!(summary.entries > 0 && summary.replies > 0);
}

#[test]
fn damaged_subtree_certificates_are_rejected() {
    let (text, _) = stage4_certificate(21);
    let Value::Win(moves) = stage4_certificate(21).1 else {
        unreachable!()
    };
    // A bound below what the subtree needs.
    let low = text.replacen("bound 21", &format!("bound {}", moves - 1), 1);
    let rejected = check(low.as_bytes(), 1).unwrap_err();
    assert_eq!(rejected.kind, RejectionKind::Invalid, "{}", rejected.message);
    // A start position that is not his turn (her last move removed).
    let start_line = text.lines().nth(5).unwrap().to_string();
    let not_his_turn = text.replacen(&start_line, "start Bo:?", 1);
    assert!(check(not_his_turn.as_bytes(), 1).is_err());
    // A missing start line makes the header unreadable.
    let missing = text.replacen(&format!("{start_line}\n"), "", 1);
    assert_eq!(
        check(missing.as_bytes(), 1).unwrap_err().kind,
        RejectionKind::Unreadable
    );
}

/// Her answers told one by one ([`Observer::her_move`] on the position
/// after his reply: each labelled by itself), not through the node's form.
struct OneByOne(Recorder);

impl Observer for OneByOne {
    fn her_move(&self, before: &Position, her: Edge, depth: u32) {
        self.0.her_move(before, her, depth);
    }
}

/// The certificate's body lines without their moves: `RED:BLUE DEPTH`.
fn positions_and_depths(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .skip(8)
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            format!("{} {}", fields[0], fields[2])
        })
        .collect();
    lines.sort();
    lines
}

/// Recording her answers through each node's bare labelling (the writer's
/// way: derived from the parent's, `cert/bare.rs`) gives the certificate
/// that labelling every position after his reply by itself gives, byte for
/// byte: her move is written as the least of its orbit, so it does not
/// depend on the isomorphism it was read through. The checker accepts it.
#[test]
fn answers_through_node_forms_give_the_same_entries() {
    let k4 = by_name("k4").unwrap();
    let (position, memory) = end_of_stage3();
    let one_by_one = OneByOne(Recorder::new());
    let search = Search::new(k4.as_ref(), Board::Infinite, 21).with_observer(&one_by_one);
    assert!(matches!(
        search.value(&canonical_form(&position, &memory, None)),
        Ok(Value::Win(_))
    ));
    let direct = one_by_one
        .0
        .certificate(k4.game(), Board::Infinite, 21, Some(&position));
    let (through_forms, _) = stage4_certificate(21);
    assert_eq!(positions_and_depths(&direct.text), positions_and_depths(&through_forms));
    assert_eq!(direct.text, through_forms);
    check(through_forms.as_bytes(), 2).unwrap_or_else(|r| panic!("rejected: {}", r.message));
}

/// A node's bare labelling depends on the parent it was first reached
/// from, which depends on the threads; the certificate must not.
#[test]
fn the_subtree_certificate_is_the_same_on_one_and_two_threads() {
    let on = |threads: usize| {
        let limits = Limits::default().with_threads(threads);
        limits.install(|| stage4_certificate(21).0).unwrap()
    };
    let one = on(1);
    assert_eq!(one, on(2));
    // A changed move is rejected with its line number.
    let (n, line) = one
        .lines()
        .enumerate()
        .skip(8)
        .find(|(_, l)| !l.ends_with(" 1"))
        .unwrap();
    let fields: Vec<&str> = line.split(' ').collect();
    let moved = format!("{} 0-1 {}", fields[0], fields[2]);
    let tampered = one.replacen(line, &moved, 1);
    let body = tampered.splitn(9, '\n').nth(8).unwrap();
    let sha = one.lines().nth(7).unwrap().to_string();
    let sealed = tampered.replacen(&sha, &format!("sha256 {}", sha256(body)), 1);
    let rejected = check(sealed.as_bytes(), 1).unwrap_err();
    assert!(
        rejected.message.contains(&format!("line {}", n + 1)),
        "{moved}: {}",
        rejected.message
    );
}

/// The `sha256` header line's hex digest of a certificate body.
fn sha256(body: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(body.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
