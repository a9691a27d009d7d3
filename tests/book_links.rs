//! Every relative link of the documentation resolves: `README.md`,
//! `docs/**/*.md` (the user guide in `docs/book/src/` included),
//! `proofs/*.md` and `strategies/**/*.md`.
//!
//! A link `[text](path#anchor)` (or an image, or a reference definition
//! `[name]: path`) with no URL scheme must name an existing file or folder,
//! relative to the page; an `#anchor` must be the id of a heading of the
//! target page (or of this page, for `#anchor` alone), made by the rule
//! GitHub and mdBook share: the heading's text, lower-cased, letters,
//! digits, `_` and `-` kept, each space made `-`, everything else dropped;
//! a repeated id gets `-1`, `-2`, ... . Links inside code are not links.
//!
//! The guide's pages (`docs/book/src/*.md`) are checked as mdBook renders
//! them: `{{#include FILE}}` is replaced by the file (which must exist), so
//! the links of an included file are resolved from the including page. A
//! page may link to another `.md` file only inside the book, because mdBook
//! turns every `x.md` link into `x.html` and renders only its own pages;
//! files of other kinds (pictures, JSON, source) are reached by relative
//! paths, which work from the built book too (`docs/book/book/` sits at
//! the same depth as `docs/book/src/`). Every page must be in `SUMMARY.md`.
//!
//! `mdbook build docs/book` (in `.ci/run`) builds the same pages.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn book_src() -> PathBuf {
    root().join("docs/book/src")
}

/// The Markdown files whose links are checked.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md")];
    markdown_under(&root.join("docs"), &mut files);
    markdown_under(&root.join("strategies"), &mut files);
    for entry in fs::read_dir(root.join("proofs")).expect("proofs/ is readable") {
        let path = entry.expect("a proofs/ entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            // The built book (`mdbook build` output) is not source.
            if path != root().join("docs/book/book") {
                markdown_under(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// `a/./b/../c` as `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A page's text as the reader sees it: for a page of the book,
/// `{{#include FILE}}` lines replaced by the file. Errors for includes
/// whose file is missing.
fn rendered(page: &Path, book: &Path, errors: &mut Vec<String>) -> String {
    let text = fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    if !page.starts_with(book) {
        return text;
    }
    let mut out = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("{{#include ").and_then(|r| r.strip_suffix("}}")) {
            let file = rest.trim().split(':').next().unwrap_or_default();
            let path = normalize(&page.parent().unwrap().join(file));
            match fs::read_to_string(&path) {
                Ok(included) => {
                    out.push_str(&included);
                    out.push('\n');
                }
                Err(e) => errors.push(format!("{}: {{{{#include {file}}}}}: {e}", page.display())),
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The lines of `text` outside fenced code blocks, with their numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match fence {
            Some(f) if trimmed.starts_with(f) => fence = None,
            Some(_) => {}
            None if trimmed.starts_with("```") => fence = Some("```"),
            None if trimmed.starts_with("~~~") => fence = Some("~~~"),
            None => lines.push((i + 1, line)),
        }
    }
    lines
}

/// `line` with each inline code span replaced by `f(content)`.
fn map_code(line: &str, f: impl Fn(&str) -> String) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        // The closing run has the same length.
        let mut j = i + run;
        let mut closed = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let r = chars[j..].iter().take_while(|&&c| c == '`').count();
                if r == run {
                    closed = Some(j);
                    break;
                }
                j += r;
            } else {
                j += 1;
            }
        }
        match closed {
            Some(end) => {
                out.push_str(&f(&chars[i + run..end].iter().collect::<String>()));
                i = end + run;
            }
            None => {
                out.extend(&chars[i..i + run]);
                i += run;
            }
        }
    }
    out
}

/// The link targets of one line of prose: inline links and images
/// `[text](target "title")`, and reference definitions `[name]: target`.
fn link_targets(line: &str) -> Vec<String> {
    let line = map_code(line, |_| String::from("code"));
    let mut targets = Vec::new();
    let trimmed = line.trim_start();
    if trimmed.starts_with('[') {
        if let Some(close) = trimmed.find("]:") {
            if !trimmed[..close].contains('(') {
                if let Some(target) = trimmed[close + 2..].split_whitespace().next() {
                    targets.push(target.trim_matches(['<', '>']).to_string());
                }
            }
        }
    }
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i + 1 < chars.len() {
        if chars[i] == ']' && chars[i + 1] == '(' {
            let mut depth = 1;
            let mut j = i + 2;
            while j < chars.len() && depth > 0 {
                match chars[j] {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            let inside: String = chars[i + 2..j.saturating_sub(1).max(i + 2)].iter().collect();
            let target = inside.split_whitespace().next().unwrap_or_default();
            targets.push(target.trim_matches(['<', '>']).to_string());
            i = j;
        } else {
            i += 1;
        }
    }
    targets
}

/// The id mdBook and GitHub give a heading with this (Markdown) text.
fn slug(heading: &str) -> String {
    // Links show their text; images their alt text; code its content.
    let mut text = String::new();
    let chars: Vec<char> = map_code(heading, str::to_string).chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == ']' && chars.get(i + 1) == Some(&'(') {
            // Skip the link's target.
            let mut depth = 0;
            i += 1;
            while i < chars.len() {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        } else if chars[i] == '<' {
            // An HTML tag: skip it.
            while i < chars.len() && chars[i] != '>' {
                i += 1;
            }
        } else {
            text.push(chars[i]);
        }
        i += 1;
    }
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The ids of a page's headings (repeats numbered), and of explicit
/// `id="..."` / `name="..."` attributes.
fn anchors(text: &str) -> HashSet<String> {
    let mut used = HashSet::new();
    let lines = prose_lines(text);
    let mut previous: Option<&str> = None;
    let mut headings = Vec::new();
    for &(_, line) in &lines {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix('#') {
            let level = 1 + rest.chars().take_while(|&c| c == '#').count();
            let rest = rest.trim_start_matches('#');
            if level <= 6 && (rest.is_empty() || rest.starts_with(' ')) {
                headings.push(rest.trim().trim_end_matches('#').trim().to_string());
            }
        } else if !trimmed.is_empty() && (trimmed.chars().all(|c| c == '=') || trimmed.chars().all(|c| c == '-')) {
            // A setext heading underlines a line of paragraph text.
            if let Some(p) = previous {
                let p = p.trim();
                let paragraph = !p.is_empty()
                    && !p.starts_with(['#', '|', '*', '-', '>', '{'])
                    && !p.chars().next().is_some_and(|c| c.is_ascii_digit());
                if paragraph {
                    headings.push(p.to_string());
                }
            }
        }
        for attr in ["id=\"", "name=\""] {
            let mut rest = line;
            while let Some(at) = rest.find(attr) {
                rest = &rest[at + attr.len()..];
                if let Some(end) = rest.find('"') {
                    used.insert(rest[..end].to_string());
                }
            }
        }
        previous = Some(line);
    }
    for heading in headings {
        let id = slug(&heading);
        if used.insert(id.clone()) {
            continue;
        }
        let mut n = 1;
        while !used.insert(format!("{id}-{n}")) {
            n += 1;
        }
    }
    used
}

/// Every broken relative link of `page` (as `file:line: message`), the
/// book's pages being those under `book`.
fn broken_links(page: &Path, book: &Path) -> Vec<String> {
    let mut errors = Vec::new();
    let text = rendered(page, book, &mut errors);
    let dir = page.parent().unwrap();
    let in_book = page.starts_with(book);
    let own_anchors = anchors(&text);
    for (number, line) in prose_lines(&text) {
        for target in link_targets(line) {
            let here = format!("{}:{number}: `{target}`", page.display());
            if target.is_empty() {
                errors.push(format!("{here}: an empty link"));
                continue;
            }
            let scheme = target.split_once(':').is_some_and(|(s, _)| {
                !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
            });
            if scheme {
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let resolved = if path.is_empty() {
                page.to_path_buf()
            } else {
                normalize(&dir.join(path))
            };
            if !resolved.exists() {
                errors.push(format!("{here}: no such file or folder {}", resolved.display()));
                continue;
            }
            let is_markdown = resolved.extension().is_some_and(|e| e == "md");
            if in_book && is_markdown && !resolved.starts_with(book) {
                errors.push(format!(
                    "{here}: a page of the book links to a Markdown file outside it, which the built book does not have (include it as a page, or link its folder)"
                ));
            }
            let Some(fragment) = fragment else { continue };
            let ids = if path.is_empty() {
                own_anchors.clone()
            } else if is_markdown {
                let mut ignored = Vec::new();
                anchors(&rendered(&resolved, book, &mut ignored))
            } else {
                errors.push(format!("{here}: an anchor into a file that is not Markdown"));
                continue;
            };
            if !ids.contains(fragment) {
                let mut known: Vec<_> = ids.into_iter().collect();
                known.sort();
                errors.push(format!(
                    "{here}: no heading with id `{fragment}` (ids: {})",
                    known.join(", ")
                ));
            }
        }
    }
    errors
}

#[test]
fn every_relative_link_resolves() {
    let pages = pages();
    assert!(pages.len() > 20, "found only {} pages", pages.len());
    let book = book_src();
    let errors: Vec<String> = pages.iter().flat_map(|p| broken_links(p, &book)).collect();
    assert!(
        errors.is_empty(),
        "{} broken links:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

#[test]
fn every_page_of_the_book_is_in_the_summary() {
    let summary = fs::read_to_string(book_src().join("SUMMARY.md")).unwrap();
    let listed: BTreeSet<String> = prose_lines(&summary)
        .into_iter()
        .flat_map(|(_, line)| link_targets(line))
        .collect();
    let mut missing = Vec::new();
    for entry in fs::read_dir(book_src()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") && name != "SUMMARY.md" && !listed.contains(&name) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "pages not in docs/book/src/SUMMARY.md (mdBook would not render them): {missing:?}"
    );
}

#[test]
fn the_readme_gives_the_test_command_ci_runs() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let ci = fs::read_to_string(root().join(".ci/run")).unwrap();
    let command = "cargo test --release --workspace";
    assert!(
        readme.lines().any(|l| l.trim() == command),
        "README.md gives `{command}` on a line of its own"
    );
    assert!(ci.lines().any(|l| l.trim() == command), ".ci/run runs `{command}`");
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; the guide (docs/book) takes the rest"
    );
}

#[test]
fn ids_follow_the_github_and_mdbook_rule() {
    assert_eq!(
        slug("Beck's strategies (Bowler & Gut, Section 3)"),
        "becks-strategies-bowler--gut-section-3"
    );
    assert_eq!(slug("`solve --json`"), "solve---json");
    assert_eq!(slug("Erdős' scoring games"), "erdős-scoring-games");
    assert_eq!(slug("What `--cert` costs (issue 17)"), "what---cert-costs-issue-17");
    assert_eq!(slug("A [linked](x.md) `K_aleph0` heading"), "a-linked-k_aleph0-heading");
    let ids = anchors("# Results\n\ntext\n\n## Results\n\n```\n# not a heading\n```\n\nSetext\n------\n");
    let expected: HashSet<String> = ["results", "results-1", "setext"].map(String::from).into();
    assert_eq!(ids, expected);
}

/// The checker fails where it must: a missing file, a missing anchor, a
/// book page linking to Markdown outside the book, a missing include.
#[test]
fn a_broken_link_is_reported() {
    let dir = root().join("target/book_links_selftest");
    let book = dir.join("book/src");
    fs::create_dir_all(&book).unwrap();
    let page = dir.join("page.md");
    fs::write(
        &page,
        "# Top\n\n[ok](#top) [gone](nope.md) [bad anchor](#nowhere) `[in code](nope.md)`\n\n```\n[in a block](nope.md)\n```\n",
    )
    .unwrap();
    let errors = broken_links(&page, &book);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(
        errors[0].contains("nope.md") && errors[0].contains("no such file"),
        "{errors:#?}"
    );
    assert!(errors[1].contains("nowhere"), "{errors:#?}");

    let chapter = book.join("chapter.md");
    fs::write(
        &chapter,
        "[outside](../../page.md)\n\n{{#include ../../no-such-file.md}}\n",
    )
    .unwrap();
    let errors = broken_links(&chapter, &book);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors.iter().any(|e| e.contains("no-such-file.md")), "{errors:#?}");
    assert!(errors.iter().any(|e| e.contains("outside it")), "{errors:#?}");
}
