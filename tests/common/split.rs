//! The Ramsey games the split tests (`tests/split.rs`, `tests/split_layers.rs`)
//! split, and what one process gives for each: the value, the distinct
//! position count and the certificate's entries that every way of
//! splitting must give again.

use ramsey_verify::analysis::ramsey_game::Statement;
use ramsey_verify::engine::Solver;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::ramsey::{Outcome, RamseyGame};
use ramsey_verify::games::Value;
use ramsey_verify::verify::cert::game::solved_game_certificate;
use ramsey_verify::verify::cert::Certificate;
use std::path::Path;

/// The game `rules` on `K_board` with target graph `target` (`"K3"`, ...).
pub fn game(rules: &str, board: usize, target: &str) -> RamseyGame {
    let statement = Statement {
        target: Some(target.into()),
        ..Statement::default()
    };
    statement.game(rules, &board.to_string()).unwrap()
}

/// A game every split must reproduce, and how each split test splits it.
pub struct Row {
    rules: &'static str,
    n: usize,
    target: &'static str,
    /// The depth a plain split (`tests/split.rs`) cuts it at, if it is
    /// split so.
    pub depth: Option<u32>,
    /// The shards per level of a layered split (`tests/split_layers.rs`).
    pub shards: u32,
}

/// The games: one of each rule set (three of `achieve`), a draw among them.
const ROWS: [Row; 10] = [
    row("misere", 6, "K3", Some(3), 3),
    row("achieve", 5, "K3", Some(2), 2),
    row("avoid", 5, "K3", Some(4), 1),
    row("achieve", 4, "P3", Some(2), 2),
    row("maker", 5, "K3", Some(3), 3),
    row("achieve-second", 4, "C4", Some(2), 2),
    row("avoid-plus", 5, "K3", Some(1), 2),
    row("misere-plus", 4, "P3", Some(2), 3),
    row("shared-avoid", 6, "K3", None, 2),
    row("achieve", 4, "K3", Some(9), 5),
];

/// A row of [`ROWS`], written on one line.
const fn row(rules: &'static str, n: usize, target: &'static str, depth: Option<u32>, shards: u32) -> Row {
    Row {
        rules,
        n,
        target,
        depth,
        shards,
    }
}

/// One case of a split test, solved by one process.
pub struct Case {
    /// The rule set's name.
    pub rules: &'static str,
    /// The board's vertices.
    pub n: usize,
    /// The target graph.
    pub target: &'static str,
    /// The game.
    pub game: RamseyGame,
    /// One process's value.
    pub value: Value<Outcome>,
    /// One process's distinct positions.
    pub positions: u64,
    /// Entries of one process's certificate.
    pub entries: usize,
}

impl Case {
    /// A name for the case's folder: `rules-n-target`.
    pub fn name(&self) -> String {
        format!("{}-{}-{}", self.rules, self.n, self.target)
    }

    /// The case for messages: `rules Kn target`.
    pub fn what(&self) -> String {
        format!("{} K{} {}", self.rules, self.n, self.target)
    }

    /// Asserts that a merged certificate has one process's entries and
    /// that the independent checker accepts it with as many.
    pub fn assert_accepted(&self, merged: &Certificate, what: &str) {
        assert_eq!(merged.entries, self.entries, "{what}");
        let summary = ramsey_cert_check::check(merged.text.as_bytes(), 1).unwrap_or_else(|r| panic!("{what}: {r:?}"));
        assert_eq!(summary.entries, self.entries, "{what}");
    }
}

/// Solves each game that `knob` (how the test splits a game, if it
/// does) picks in one process and hands it, with its knob, to `check`; a
/// draw (certificate version 5) must be among them.
pub fn each_case(knob: impl Fn(&Row) -> Option<u32>, mut check: impl FnMut(&Case, u32)) {
    let mut draws = 0;
    for row in &ROWS {
        let Some(knob) = knob(row) else { continue };
        let (rules, n, target) = (row.rules, row.n, row.target);
        let game = game(rules, n, target);
        let one = Solver::new(&game);
        let value = one.value(&game.start()).unwrap();
        let entries = solved_game_certificate(&one).unwrap().entries;
        let positions = one.positions();
        draws += usize::from(value.score == Outcome::Draw);
        let case = Case {
            rules,
            n,
            target,
            game,
            value,
            positions,
            entries,
        };
        check(&case, knob);
    }
    assert!(draws > 0, "a draw (version 5) among the cases");
}

/// `ramsey-verify split` with `args` (its folder given by `--out`), which
/// must succeed: the number of jobs it made (its answer's first word).
pub fn split_cli(args: &[&str]) -> usize {
    let (code, out, err) = super::ramsey(&[&["split"], args].concat());
    assert_eq!(code, 0, "{out}{err}");
    out.split(' ').next().unwrap().parse().unwrap()
}

/// Runs jobs `0..jobs` of the folder `d` in turn, one thread each; each
/// must succeed.
pub fn run_jobs(d: &str, jobs: usize) {
    for i in 0..jobs {
        let (code, out, err) = super::ramsey(&["job", d, &i.to_string(), "--threads", "1"]);
        assert_eq!(code, 0, "{out}{err}");
    }
}

/// After all `jobs` jobs of the folder `dir` ran: `jobs --json` counts
/// them all done, and `merge --json --cert` writes `dir/merged.cert`. The
/// merge's answer, and the certificate's path.
pub fn merge_cli(dir: &Path, jobs: usize) -> (serde_json::Value, String) {
    let d = dir.to_str().unwrap();
    let (code, out, _) = super::ramsey(&["jobs", d, "--json"]);
    assert_eq!(code, 0);
    let status: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(status["done"], jobs);
    let cert = dir.join("merged.cert").to_str().unwrap().to_string();
    let (code, out, err) = super::ramsey(&["merge", d, "--json", "--cert", &cert]);
    assert_eq!(code, 0, "{err}");
    (serde_json::from_str(&out).unwrap(), cert)
}
