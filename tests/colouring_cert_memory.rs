//! Colouring certificates of grids under a memory cap, and tampered grid
//! certificates. The writer counts its walk, its entries and the search's
//! table against `--max-memory`: under a tight cap a run either writes a
//! certificate the checker accepts or stops with the one-line "no verdict"
//! error and exit code 3, never killed, never a panic. A grid certificate
//! with a claim off by one, a dropped entry or a changed move is rejected.

mod cert_common;
mod common;
use cert_common::{accepted, body, edited, header_len, rejected, same_for_any_threads, scratch, with_field};
use common::{bad_input, one_line_error, ramsey};
use ramsey_verify::analysis::colouring::chromatic::game_chromatic_certified;
use ramsey_verify::engine::{Limits, StopReason};
use ramsey_verify::games::colouring::parse_graph;
use ramsey_verify::verify::cert::colouring::Ends;

#[test]
fn under_every_cap_a_grid_certificate_checks_or_the_writer_stops_at_the_cap() {
    let grid = parse_graph("grid:4x6").unwrap();
    let (mut written, mut writer_stopped) = (0, 0);
    for kib in (32..=1536).step_by(64) {
        let limits = Limits::default().with_threads(1).with_max_memory(kib << 10);
        match limits
            .install(|| game_chromatic_certified(&grid, limits, Ends::Secured))
            .unwrap()
        {
            Ok(solved) => {
                assert_eq!(solved.chi_g, 4);
                accepted(&solved.certificate.unwrap().text());
                written += 1;
            }
            Err(stopped) => match stopped.reason {
                // The search's own stop (none is met on this grid: the
                // walk of player 2's level comes first, and stops there).
                StopReason::MemoryCap { bytes } if bytes == kib << 10 => {}
                StopReason::CertificateCap { bytes } if bytes == kib << 10 => writer_stopped += 1,
                other => panic!("{kib} KiB: {other:?}"),
            },
        }
    }
    // Both outcomes are met: the cap reaches the writer's own memory, not
    // only the search's.
    assert!(
        written > 0 && writer_stopped > 0,
        "{written} written, {writer_stopped} writers stopped"
    );
}

#[test]
fn the_command_line_stops_a_certificate_at_the_cap_with_one_line_and_exit_3() {
    let out = scratch("capped.cert");
    let out = out.to_str().unwrap();
    let args = ["colour", "--game-chromatic", "--graph", "grid:4x6", "--cert", out];
    let (code, stdout, err) = ramsey(&[&args[..], &["--max-memory", "1", "--threads", "1"]].concat());
    let line = one_line_error(3, code, &err, &stdout);
    assert!(
        line.starts_with("error: no verdict: writing the certificate reached the memory cap of 1 MiB"),
        "{err}"
    );
    assert!(!stdout.contains("chi_g ="), "no verdict printed: {stdout}");
    let (code, _, err) = ramsey(&[&args[..], &["--max-memory", "64", "--threads", "1"]].concat());
    assert_eq!(code, 0, "{err}");
    accepted(&std::fs::read_to_string(out).unwrap());
}

#[test]
fn a_tampered_grid_certificate_is_rejected() {
    let text = same_for_any_threads("colour", &["--game-chromatic", "--graph", "grid:4x5", "--cert-secured"]);
    accepted(&text);
    for wrong in ["chi-g 3", "chi-g 5", "wins 1 3"] {
        rejected(&with_field(&text, "claim", wrong));
    }
    let lines = body(&text);
    let header = header_len(&text);
    // Dropped entries, each of either player: some reply then finds none.
    for k in ["3", "4"] {
        let i = lines.iter().position(|l| l[0] == k).unwrap();
        rejected(&edited(&text, i, None));
    }
    // A move on a coloured vertex, and one with a colour beyond the claim's.
    let i = lines.iter().rposition(|l| l[0] == "4" && l[1].contains('1')).unwrap();
    let coloured = lines[i][1].bytes().position(|c| c != b'0').unwrap();
    let free = lines[i][2].split(':').next().unwrap();
    for mv in [format!("{coloured}:1"), format!("{free}:5")] {
        let r = rejected(&edited(&text, i, Some(format!("4 {} {mv}", lines[i][1]))));
        assert_eq!(r.line, Some(header + i + 1), "{}", r.message);
    }
}

#[test]
fn check_reads_as_many_entries_as_it_is_told_and_refuses_more_with_exit_2() {
    let file = "proofs/certs/chi-g-grid-4x4.cert";
    let (code, out, err) = ramsey(&["check", file, "--threads", "1", "--max-entries", "195"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("VALID: chi_g = 4"), "{out}");
    let (code, _, err) = ramsey(&["check", file, "--threads", "1", "--max-entries", "194"]);
    assert!(
        bad_input(code, &err, "--max-entries 194").contains("more than the 194"),
        "{err}"
    );
    for bad in [["--max-entries", "0"], ["--max-text-mib", "0"], ["--max-entries", "x"]] {
        let (code, _, err) = ramsey(&[&["check", file][..], &bad[..]].concat());
        bad_input(code, &err, bad);
    }
}

/// The certificate streamed into a file (plain, and gzipped) is its text
/// byte for byte, and its body is in the format's order (colours, coloured
/// vertices, then text), which the writer makes in place, level by level,
/// from the walk's order.
#[test]
fn a_grid_certificate_streamed_to_a_file_is_its_text_in_the_body_order() {
    use std::io::Read;
    let grid = parse_graph("grid:4x6").unwrap();
    let solved = game_chromatic_certified(&grid, Limits::default().with_threads(1), Ends::Safe).unwrap();
    let cert = solved.certificate.unwrap();
    let text = cert.text();
    let key = |line: &Vec<String>| {
        let coloured = line[1].bytes().filter(|&s| s != b'0').count();
        (line[0].parse::<usize>().unwrap(), coloured, line[1].clone())
    };
    let keys: Vec<_> = body(&text).iter().map(key).collect();
    assert!(keys.len() > 1000 && keys.windows(2).all(|w| w[0] < w[1]));
    let (plain, gz) = (scratch("grid.cert"), scratch("grid.cert.gz"));
    assert_eq!(cert.write(&plain).unwrap(), text.len() as u64);
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), text);
    let bytes = cert.write(&gz).unwrap();
    assert_eq!(std::fs::metadata(&gz).unwrap().len(), bytes);
    let mut unzipped = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&gz).unwrap())
        .read_to_string(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, text);
    accepted(&text);
}
