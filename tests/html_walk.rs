//! `show --cert FILE --html PAGE`: a strategy certificate as a page to walk
//! down, her moves as the certificate says and his replies (one per orbit)
//! picked by the reader. In headless Chromium (`.ci/run` installs it): a
//! chosen reply shows, Back undoes it, the end of a line shows her win, a
//! cut page says so; certificates the walk cannot trust are refused, and a
//! page whose data was tampered with shows an error instead of a board.

mod common;
use common::browser::{dom as open, edges, scratch, screenshot, text_of};
use common::{bad_input, ramsey};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const K3_INF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/k3-inf.cert");

/// Writes the walk of `cert` (with `more` flags) to `name` in `dir`; its
/// path and the command's standard output.
fn walk(dir: &Path, name: &str, cert: &str, more: &[&str]) -> (PathBuf, String) {
    let page = dir.join(name);
    let args = [&["show", "--cert", cert, "--html", page.to_str().unwrap()][..], more].concat();
    let (code, out, err) = ramsey(&args);
    assert_eq!(code, 0, "{out}{err}");
    (page, out)
}

/// The replies offered on a dumped page: (index, edge text).
fn replies(dom: &str) -> Vec<(usize, String, bool)> {
    dom.split("<button type=\"button\" class=\"reply")
        .skip(1)
        .map(|b| b.split("</button>").next().unwrap())
        // The script's own template has `${` where a page's reply has text.
        .filter(|b| !b.contains("${"))
        .map(|b| {
            let chosen = b.starts_with(" chosen");
            let index = b.split("data-index=\"").nth(1).unwrap().split('"').next().unwrap();
            let edge = b.split('>').nth(1).unwrap().split('<').next().unwrap();
            (index.parse().unwrap(), edge.to_string(), chosen)
        })
        .collect()
}

#[test]
fn reader_picks_his_reply_steps_back_and_reaches_her_win() {
    let dir = scratch("walk");
    let (page, out) = walk(&dir, "k3.html", K3_INF, &[]);
    assert!(out.contains("every turn of the strategy is on the page"), "{out}");
    // The title states what the certificate proves (the empty board's
    // depth), beside the header's looser bound.
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("she wins within 4 of her moves (bound 50)"), "title");
    // After her first move he has a reply at her vertex and one away from it.
    let Some(dom) = open(&page, "do=f") else { return };
    assert_eq!(edges(&dom), 1, "{dom}");
    let offered = replies(&dom);
    assert_eq!(offered.len(), 2, "{dom}");
    assert!(
        offered[0].2 && !offered[1].2,
        "the first reply is chosen until the reader picks"
    );
    let second = &offered[1].1;
    let Some(dom) = open(&page, "do=f,c1") else { return };
    assert_eq!(edges(&dom), 2, "{dom}");
    assert!(text_of(&dom, "p", "moves").contains(&format!("blue {second}")), "{dom}");
    assert!(
        text_of(&dom, "p", "caption").starts_with("move 2, red to move"),
        "{dom}"
    );
    let Some(dom) = open(&page, "do=f,c1,b") else { return };
    assert_eq!(edges(&dom), 1, "{dom}");
    assert!(replies(&dom)[1].2, "back keeps the reply picked: {dom}");
    let Some(dom) = open(&page, "do=f,c1,e") else { return };
    assert_eq!(text_of(&dom, "p", "end"), "red wins: her K3 is complete", "{dom}");
    assert!(text_of(&dom, "span", "stage").contains("she completes her K3"), "{dom}");
    // The picture shows the reply picked.
    let (Some(first), Some(second)) = (screenshot(&page, "do=f,c0"), screenshot(&page, "do=f,c1")) else {
        return;
    };
    assert_ne!(first, second, "another reply, another picture");
    // The path of replies in the URL reopens the same place.
    let Some(again) = open(&page, "path=0.1") else { return };
    assert_eq!(
        text_of(&again, "p", "moves"),
        text_of(&open(&page, "do=f,c1").unwrap(), "p", "moves")
    );
}

#[test]
fn a_full_page_says_where_it_was_cut_and_a_line_walks_on() {
    let dir = scratch("walk");
    let (page, out) = walk(&dir, "cut.html", K3_INF, &["--walk-turns", "3"]);
    assert!(out.contains("cut where the page was full"), "{out}");
    if let Some(dom) = open(&page, "do=e") {
        assert!(
            text_of(&dom, "p", "end").starts_with("cut: the page ends here"),
            "{dom}"
        );
        assert_eq!(edges(&dom), 2, "{dom}");
    }
    // From the moves of a cut, `--line` walks on to her win.
    let (page, _) = walk(&dir, "on.html", K3_INF, &["--line", "0-1,1-2", "--walk-turns", "40"]);
    let Some(dom) = open(&page, "do=e") else { return };
    assert_eq!(text_of(&dom, "p", "end"), "red wins: her K3 is complete", "{dom}");
}

/// `text` as a certificate file in `dir`, its body's hash made right.
fn certificate(dir: &Path, name: &str, header: &str, body: &str) -> String {
    let sha: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(name);
    std::fs::write(&path, format!("{header}sha256 {sha}\n{body}")).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn certificates_the_walk_cannot_trust_are_refused() {
    let dir = scratch("walk");
    let page = dir.join("refused.html");
    let text = std::fs::read_to_string(K3_INF).unwrap();
    let (header, body) = text.split_at(text.find("sha256").unwrap());
    let body = body.split_once('\n').unwrap().1;
    // One entry fewer (the header says 4): a position she reaches has no move.
    let header4 = header.replace("entries 5", "entries 4");
    let holed = certificate(&dir, "holed.cert", &header4, &body.replace("CB:CK 3-4 2\n", ""));
    let tampered = dir.join("tampered.cert");
    std::fs::write(&tampered, text.replace("BG:BO 2-3 3", "BG:BO 2-4 3")).unwrap();
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/certs/sim.cert");
    for (cert, why) in [
        (holed.as_str(), "has no move for a position it reaches"),
        (tampered.to_str().unwrap(), "SHA-256 does not match"),
        (game, "format version 3 is not a strategy"),
        ("/nonexistent/k3.cert", "cannot read"),
    ] {
        let (code, out, err) = ramsey(&["show", "--cert", cert, "--html", page.to_str().unwrap()]);
        assert!(bad_input(code, &err, (cert, out)).contains(why), "{cert}: {err}");
        assert!(!page.exists(), "no page for a refused certificate");
    }
    let (code, _, err) = ramsey(&[
        "show",
        "--cert",
        K3_INF,
        "--line",
        "0-2",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(
        bad_input(code, &err, "--line 0-2").contains("is not the certificate's"),
        "{err}"
    );
}

#[test]
fn a_page_whose_data_was_tampered_with_shows_an_error() {
    let dir = scratch("walk");
    let (page, _) = walk(&dir, "k3.html", K3_INF, &[]);
    let text = std::fs::read_to_string(&page).unwrap();
    let bad = dir.join("bad.html");
    // The root's first next turn made to point outside the tree.
    let tampered = text.replacen("\"next\":[1]", "\"next\":[99999]", 1);
    assert_ne!(tampered, text);
    std::fs::write(&bad, tampered).unwrap();
    let Some(dom) = open(&bad, "do=e") else { return };
    assert!(
        text_of(&dom, "p", "error").starts_with("this page's data is damaged"),
        "{dom}"
    );
    assert_eq!(edges(&dom), 0, "{dom}");
    let Some(good) = open(&page, "do=e") else { return };
    assert_eq!(text_of(&good, "p", "error"), "");
}
