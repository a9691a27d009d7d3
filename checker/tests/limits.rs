//! The reader's caps (proofs/FORMAT.md, "Limits"): hostile input is rejected
//! as unreadable with a one-line message that quotes at most a few dozen
//! characters, in bounded memory; the committed certificates fit.

mod common;

use common::{header_and_body, invalid_resealed, rejected, reseal, K3_INF};
use flate2::write::GzEncoder;
use flate2::Compression;
use ramsey_cert_check::{check, check_reader, Limits, RejectionKind};
use std::io::{Read, Write};

/// `repeat` copies of `chunk` after `prefix`, gzipped as they are written.
fn gzip_of(prefix: &[u8], chunk: &[u8], repeat: usize) -> Vec<u8> {
    // The default level: zlib-rs's fastest level matches so little that
    // 1 GiB of zeros stays 10 MB, no bomb.
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(prefix).unwrap();
    for _ in 0..repeat {
        gz.write_all(chunk).unwrap();
    }
    gz.finish().unwrap()
}

/// A reader that counts the bytes taken from it.
struct Counted<'a> {
    bytes: &'a [u8],
    taken: usize,
}

impl Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (&self.bytes[self.taken..]).read(buf)?;
        self.taken += n;
        Ok(n)
    }
}

/// A message is one short line that does not echo a long run of `filler`.
fn assert_short(message: &str, filler: char) {
    assert!(!message.contains('\n') && message.len() < 160, "{message}");
    assert!(
        !message.contains(&filler.to_string().repeat(41)),
        "echoes the input: {message}"
    );
}

#[test]
fn a_gzip_bomb_of_zeros_is_rejected_at_its_first_line() {
    // 1 GiB of zeros in about 1 MB: rejected after one line of 4 KiB, having
    // read only the start of the compressed stream.
    let bomb = gzip_of(b"", &[0; 1 << 20], 1 << 10);
    assert!(bomb.len() < 8 << 20, "the bomb is {} bytes", bomb.len());
    let mut input = Counted { bytes: &bomb, taken: 0 };
    let r = check_reader(&mut input, 1, &Limits::default()).unwrap_err();
    assert_eq!(r.kind, RejectionKind::Unreadable);
    assert_eq!(r.message, "line 1 is longer than 4096 bytes");
    assert_eq!(r.line, Some(1));
    assert_short(&r.message, '\0');
    assert!(input.taken < 64 << 10, "read {} of {} bytes", input.taken, bomb.len());
    // The same through `check`, which reads a byte slice.
    rejected(&bomb, RejectionKind::Unreadable, "line 1 is longer than 4096 bytes");
}

#[test]
fn a_gzip_bomb_of_short_lines_stops_at_the_byte_cap() {
    // A readable header announcing many entries, then 64 MiB of short lines:
    // with a 1 MiB cap the reader stops after 1 MiB of text.
    let (mut header, _) = header_and_body(K3_INF);
    header[6] = "entries 2000000".into();
    let prefix = format!("{}\n", header.join("\n"));
    let bomb = gzip_of(prefix.as_bytes(), &b"?:? 0-1 1\n".repeat(1 << 10), 1 << 13);
    let limits = Limits {
        max_bytes: 1 << 20,
        ..Limits::default()
    };
    let mut input = Counted { bytes: &bomb, taken: 0 };
    let r = check_reader(&mut input, 1, &limits).unwrap_err();
    assert_eq!(r.kind, RejectionKind::Unreadable);
    assert_eq!(
        r.message,
        "the certificate is longer than 1048576 bytes (after gunzip; a larger cap: --max-text-mib MIB)"
    );
    assert!(
        input.taken < bomb.len() / 8,
        "read {} of {} bytes",
        input.taken,
        bomb.len()
    );
}

#[test]
fn an_overlong_line_is_rejected_without_echoing_it() {
    let long = "x".repeat(5000);
    let in_header = K3_INF.replacen("tool ramsey-verify 0.1.0", &format!("tool {long}"), 1);
    let r = rejected(
        in_header.as_bytes(),
        RejectionKind::Unreadable,
        "line 2 is longer than 4096 bytes",
    );
    assert_short(&r.message, 'x');
    let (header, mut body) = header_and_body(K3_INF);
    body[2] = long.clone();
    let r = rejected(
        reseal(&header, &body).as_bytes(),
        RejectionKind::Unreadable,
        "line 11 is longer than 4096 bytes",
    );
    assert_short(&r.message, 'x');
    // Under the cap, a long field is quoted clipped, and a long tool name
    // (informative only) is kept clipped.
    body[2] = "x".repeat(4000);
    let r = invalid_resealed(&header, &body, "line 11: expected");
    assert_short(&r.message, 'x');
    let tool = K3_INF.replacen("tool ramsey-verify 0.1.0", &format!("tool {}", "x".repeat(4000)), 1);
    let summary = check(tool.as_bytes(), 1).unwrap();
    assert_eq!(summary.tool, format!("{}...", "x".repeat(40)));
}

#[test]
fn boards_and_positions_beyond_128_vertices_are_rejected() {
    let (mut header, body) = header_and_body(K3_INF);
    header[2] = "board 129".into();
    rejected(
        reseal(&header, &body).as_bytes(),
        RejectionKind::Unreadable,
        "board size 129 outside 2..=128",
    );
    header[2] = "board 128".into();
    assert_eq!(check(reseal(&header, &body).as_bytes(), 2).unwrap().moves, 4);
    // An entry on 129 vertices (graph6 order prefix `~?A@`: 129 = 2 * 64 + 1).
    let (header, mut body) = header_and_body(K3_INF);
    let empty_129 = format!("~?A@{}", "?".repeat((129 * 128 / 2usize).div_ceil(6)));
    body.push(format!("{empty_129}:{empty_129} 0-1 1"));
    invalid_resealed(&header, &body, "graph6 order 129 exceeds 128");
}

#[test]
fn more_entries_than_the_cap_are_rejected_from_the_header() {
    let text = K3_INF.replacen("entries 5", "entries 4194305", 1);
    rejected(
        text.as_bytes(),
        RejectionKind::Unreadable,
        "header announces 4194305 entries, more than the 4194304 this checker reads (a larger cap: --max-entries N)",
    );
}

#[test]
fn each_cap_is_exact() {
    // k3-inf.cert: 222 bytes, longest line 71 bytes (sha256), 5 entries.
    let exactly = Limits {
        max_bytes: 222,
        max_line: 71,
        max_entries: 5,
    };
    assert!(check_reader(K3_INF.as_bytes(), 1, &exactly).is_ok());
    let below = [
        (
            Limits {
                max_bytes: 221,
                ..exactly
            },
            "longer than 221 bytes",
        ),
        (
            Limits {
                max_line: 70,
                ..exactly
            },
            "line 8 is longer than 70 bytes",
        ),
        (
            Limits {
                max_entries: 4,
                ..exactly
            },
            "more than the 4 this checker reads",
        ),
    ];
    for (limits, words) in below {
        let r = check_reader(K3_INF.as_bytes(), 1, &limits).unwrap_err();
        assert_eq!(r.kind, RejectionKind::Unreadable);
        assert!(r.message.contains(words), "{}", r.message);
    }
}

#[test]
fn the_committed_k4_certificate_fits_the_default_caps() {
    // Reading only (checking it takes minutes): the reader must get past
    // the caps to the hash, which a flipped hash line then fails.
    let gz = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../proofs/k4-inf.cert.gz")).unwrap();
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut text).unwrap();
    let at = text.windows(7).position(|w| w == b"sha256 ").unwrap() + 7;
    text[at] = if text[at] == b'0' { b'1' } else { b'0' };
    let r = check(&text, 1).unwrap_err();
    assert!(r.message.contains("SHA-256"), "{}", r.message);
}

#[test]
fn a_family_member_is_read_within_the_callers_entry_cap() {
    // (8, 2): one member, C8, whose certificate announces 13 entries. A
    // family is not capped by entries itself; each member is, by the cap
    // the caller chose (it once fell back to the default, so a big family
    // could not be checked even with `--max-entries` raised).
    let family = include_bytes!("../../proofs/certs/erdos-star-regular-8-2.cert.gz");
    let within = |entries| check_reader(&family[..], 1, &Limits::raised(Some(entries), None));
    let refused = within(12).expect_err("a member over the cap is read");
    assert_eq!(refused.kind, RejectionKind::Unreadable, "{}", refused.message);
    assert!(refused.message.contains("more than the 12"), "{}", refused.message);
    assert!(within(13).is_ok());
}
