//! The answers of `solve --rules` (the exact value, a win within a budget,
//! the census of positions), each headed by the game's statement and
//! written as text or as one JSON object. Here rather than in the command
//! line so a program asking the same question gets the same report.

use super::{
    ramsey_census, solve_by_tests, winner_dfpn, winner_only, wins_within, within_budget, ByTests, CensusClass,
    LengthTest, Proved, WinSearch, WinnerOnly, WithinBudget,
};
use crate::core::board::Player;
use crate::core::graph6;
use crate::core::words::count;
use crate::engine::{solve, Counters, Decider, Limits, SolveReport, Solver, Stopped};
use crate::games::prelude::*;
use crate::games::ramsey::RamseyGame;
use crate::verify::cert::Certificate;
use std::collections::BTreeMap;

/// How the census counts, stated in every census report so the numbers can
/// be compared with other counts (Slany's, say) without guessing.
const CENSUS_CONVENTION: &str = "positions reachable from the start by legal play, one per isomorphism class (vertex permutations keeping the board, both colours and the player to move); the start and finished positions are included";

/// What `solve --rules` found about a game.
#[derive(Clone, Debug)]
pub enum Answer {
    /// The exact value from the start, with an optimal line and the moves
    /// at the start.
    Value(SolveReport<RamseyGame>),
    /// Whether the first player wins within `budget` of her moves.
    Budget {
        /// The budget asked.
        budget: u32,
        /// Whether the board is `K_aleph0` (answered on a finite `K_N`).
        aleph0: bool,
        /// The search's answer.
        found: WithinBudget,
    },
    /// The positions reachable from the start, counted by class.
    Census(BTreeMap<CensusClass, u64>),
    /// Who wins, without the length of play (`--winner-only`).
    Winner(WinnerOnly),
    /// The exact value found by tests on the length (`--by-tests`).
    ByTests(ByTests),
    /// Whether `player` wins within `test.plies` plies (`--within-plies`).
    Within {
        /// The player the test is about.
        player: Player,
        /// The test's answer.
        test: LengthTest,
        /// Where asked for: her strategy where the test holds (version 3),
        /// his where it fails (version 14).
        certificate: Option<Certificate>,
    },
}

/// An [`Answer`] with the game it is about and the worker threads its
/// search used (which JSON reports), ready to be written.
#[derive(Clone, Debug)]
pub struct GameAnswer<'g> {
    /// The game asked about.
    pub game: &'g RamseyGame,
    /// Worker threads of the search.
    pub threads: usize,
    /// What was found.
    pub answer: Answer,
}

impl<'g> GameAnswer<'g> {
    /// The exact value of `solver`'s game, the progress line of `limits`
    /// showing the solver's counters (the solver is the caller's, so it can
    /// still write a certificate afterwards).
    pub fn value(solver: &'g Solver<'g, RamseyGame>, limits: Limits) -> Result<Self, Stopped> {
        let counters = || Counters {
            visited: solver.visited(),
            table_bytes: solver.table_bytes(),
            ..Counters::default()
        };
        let report = limits.watch(counters, || solve(solver))?;
        let answer = Answer::Value(report);
        Ok(GameAnswer {
            game: solver.game(),
            threads: limits.threads(),
            answer,
        })
    }

    /// The exact value of `game` by tests on the length
    /// ([`solve_by_tests`]: sequential searches, so one thread).
    /// With `certify`, the certificate is in the answer
    /// ([`ByTests::certificate`]), and with `lower` the loser's half
    /// ([`ByTests::lower`]).
    pub fn by_tests(game: &'g RamseyGame, limits: Limits, certify: bool, lower: bool) -> Result<Self, Stopped> {
        let answer = Answer::ByTests(solve_by_tests(game, limits, certify, lower)?);
        Ok(GameAnswer {
            game,
            threads: 1,
            answer,
        })
    }

    /// Whether `player` wins within `plies` plies from the start
    /// ([`wins_within`]: one test, one thread), with `certify` the test's
    /// certificate.
    pub fn wins_within(
        game: &'g RamseyGame,
        player: Player,
        plies: u32,
        limits: Limits,
        certify: bool,
    ) -> Result<Self, Stopped> {
        let (test, certificate) = wins_within(game, player, plies, limits, certify)?;
        Ok(GameAnswer {
            game,
            threads: 1,
            answer: Answer::Within {
                player,
                test,
                certificate,
            },
        })
    }

    /// Whether the first player wins `game` within `budget` of her moves
    /// ([`within_budget`]: a sequential search, so one thread).
    pub fn within_budget(
        game: &'g RamseyGame,
        budget: u32,
        aleph0: bool,
        search: WinSearch,
        limits: Limits,
    ) -> Result<Self, Stopped> {
        let found = within_budget(game, budget, search, limits)?;
        let answer = Answer::Budget { budget, aleph0, found };
        Ok(GameAnswer {
            game,
            threads: 1,
            answer,
        })
    }

    /// Who wins `decider`'s game ([`winner_only`]: a sequential search, so
    /// one thread), the progress line of `limits` showing its counters.
    pub fn winner_only(
        decider: &Decider<'g, RamseyGame>,
        game: &'g RamseyGame,
        limits: Limits,
    ) -> Result<Self, Stopped> {
        let counters = || Counters {
            visited: decider.visited(),
            table_bytes: decider.table_bytes(),
            ..Counters::default()
        };
        let found = limits.watch(counters, || winner_only(decider, game))?;
        Ok(GameAnswer {
            game,
            threads: 1,
            answer: Answer::Winner(found),
        })
    }

    /// Who wins `game` by proof-number search ([`winner_dfpn`]: sequential,
    /// so one thread), with the search that proved the winner's claim (for
    /// a certificate, with the winner; `None` on a draw).
    pub fn winner_dfpn(game: &'g RamseyGame, limits: Limits) -> Result<(Self, Option<Proved<'g>>), Stopped> {
        let (found, search) = winner_dfpn(game, limits)?;
        let answer = GameAnswer {
            game,
            threads: 1,
            answer: Answer::Winner(found),
        };
        Ok((answer, search))
    }

    /// The census of `game`'s positions ([`ramsey_census`]).
    pub fn census(game: &'g RamseyGame, limits: Limits) -> Result<Self, Stopped> {
        let answer = Answer::Census(ramsey_census(game, limits)?);
        Ok(GameAnswer {
            game,
            threads: limits.threads(),
            answer,
        })
    }

    /// The answer as text, the statement's line first; every line ends in
    /// a newline.
    pub fn to_text(&self) -> String {
        let (game, header) = (self.game, header_text(self.game));
        match &self.answer {
            Answer::Value(report) => format!("{header}\n{}", report.to_text(game)),
            Answer::Budget { budget, aleph0, found } => budget_text(game, *budget, *aleph0, found),
            Answer::Census(counts) => census_text(game, counts),
            Answer::Winner(found) => winner_text(game, &header, found),
            Answer::ByTests(found) => format!("{header}\n{}{}", found.report.to_text(game), tests_text(found)),
            Answer::Within { player, test, .. } => format!(
                "{header}\n{} {} within {} plies\npositions: {}   time: {:.3}s\n",
                player.colour_name().to_uppercase(),
                if test.wins { "WINS" } else { "does NOT win" },
                test.plies,
                test.positions,
                test.seconds
            ),
        }
    }

    /// The answer as one JSON object: the statement's fields
    /// ([`header_json`]) and the answer's.
    pub fn to_json(&self) -> serde_json::Value {
        let game = self.game;
        let fields = match &self.answer {
            Answer::Value(report) => report.to_json(game),
            Answer::Budget { budget, aleph0, found } => serde_json::json!({
                "board": if *aleph0 { "inf".to_string() } else { game.start().vertex_count().to_string() },
                "board_vertices": game.start().vertex_count(),
                "budget": budget,
                "wins": found.wins,
                "winning_move": found.winning_move.as_ref().map(|m| game.move_json(m)),
                "positions": found.positions,
                "seconds": found.seconds,
            }),
            Answer::Census(counts) => census_json(counts),
            Answer::ByTests(found) => {
                let mut fields = found.report.to_json(game);
                let map = fields.as_object_mut().expect("the report is an object");
                map.insert("by_tests".into(), tests_json(found));
                fields
            }
            Answer::Within { player, test, .. } => serde_json::json!({
                "player": player.colour_name(),
                "within_plies": test.plies,
                "wins": test.wins,
                "positions": test.positions,
                "seconds": test.seconds,
            }),
            Answer::Winner(found) => serde_json::json!({
                "value": game.score_json(found.outcome),
                "winner_only": true,
                "search": if found.evicted.is_some() { "pn" } else { "score-only" },
                "positions": found.positions,
                "table_bytes": found.table_bytes,
                "evicted": found.evicted,
                "seconds": found.seconds,
            }),
        };
        let mut object = header_json(game, self.threads);
        let map = object.as_object_mut().expect("the header is an object");
        map.extend(fields.as_object().expect("the fields are an object").clone());
        object
    }
}

/// The winner-only answer as text, after the statement's line `header`.
fn winner_text(game: &RamseyGame, header: &str, found: &WinnerOnly) -> String {
    let winner = game.score_text(found.outcome);
    let mb = found.table_bytes.div_ceil(1 << 20);
    match found.evicted {
        None => format!(
            "{header}\nWINNER: {winner} (winner only: no length searched)\npositions: {}   table: {mb} MB   time: {:.3}s\n",
            found.positions, found.seconds
        ),
        Some(evicted) => format!(
            "{header}\nWINNER: {winner} (winner only, proof-number search: no length searched)\n\
             expansions: {}   table peak: {mb} MB   evicted: {evicted}   time: {:.3}s\n",
            found.positions, found.seconds
        ),
    }
}

/// What the tests of `--by-tests` cost, one line each.
fn tests_text(found: &ByTests) -> String {
    if found.tests.is_empty() {
        return "by tests: a draw, answered by the exact solver\n".into();
    }
    let mut out = format!(
        "by tests: winner by the score-only search, {} positions\n",
        found.winner_positions
    );
    for t in &found.tests {
        let verdict = if t.wins { "holds" } else { "fails" };
        out += &format!(
            "  within {:>3} plies: {verdict}   positions: {}   time: {:.3} s\n",
            t.plies, t.positions, t.seconds
        );
    }
    out
}

/// The tests of `--by-tests` as JSON.
fn tests_json(found: &ByTests) -> serde_json::Value {
    let tests: Vec<_> = found
        .tests
        .iter()
        .map(|t| serde_json::json!({"plies": t.plies, "wins": t.wins, "positions": t.positions, "seconds": t.seconds}))
        .collect();
    serde_json::json!({"winner_positions": found.winner_positions, "tests": tests})
}

/// The statement of `game` in one line: rules, board, targets, first mover.
pub fn header_text(game: &RamseyGame) -> String {
    let start = game.start();
    format!(
        "game: {} on a board of {} and {} ({} free), target {} for red and {} for blue, {} moves first",
        game.rules(),
        count(start.vertex_count(), "vertex", "vertices"),
        count(start.board_edges().len(), "edge", "edges"),
        start.free_edges().len(),
        game.target(Player::First),
        game.target(Player::Second),
        game.first().colour_name()
    )
}

/// The statement of `game` as JSON fields, with the worker threads.
pub fn header_json(game: &RamseyGame, threads: usize) -> serde_json::Value {
    let start = game.start();
    serde_json::json!({
        "rules": game.rules().name(),
        // Any graph can be the board here, so it is given in graph6 (and not
        // as `board`, which is `inf` or `n` in every other command).
        "board_graph6": graph6::encode(start.vertex_count(), &start.board_edges()),
        "target_red": game.target(Player::First).name(),
        "target_blue": game.target(Player::Second).name(),
        "first": game.first().colour_name(),
        "threads": threads,
    })
}

/// The budget answer as text: the verdict and her first winning move.
fn budget_text(game: &RamseyGame, budget: u32, aleph0: bool, found: &WithinBudget) -> String {
    let solved_on = match aleph0 {
        true => format!(" (K_aleph0, answered on K_{})", game.start().vertex_count()),
        false => String::new(),
    };
    let verdict = match &found.winning_move {
        Some(m) => format!(
            "FIRST PLAYER WINS within {budget} of her moves; first winning move: {}",
            game.move_text(m)
        ),
        None => format!("NO WIN of the first player within {budget} of her moves"),
    };
    format!(
        "{}{solved_on}\n{verdict}\npositions: {}   time: {:.3}s\n",
        header_text(game),
        found.positions,
        found.seconds
    )
}

/// The census as a table: coloured edges, who owns a target, who is to
/// move, positions; then the total.
fn census_text(game: &RamseyGame, counts: &BTreeMap<CensusClass, u64>) -> String {
    let mut text = format!(
        "{}\ncounting: {CENSUS_CONVENTION}\n{:>14} {:>12} {:>8} {:>10}\n",
        header_text(game),
        "coloured edges",
        "owns target",
        "to move",
        "positions"
    );
    for ((edges, owns, to_move), count) in counts {
        text.push_str(&format!("{edges:>14} {owns:>12} {to_move:>8} {count:>10}\n"));
    }
    let total: u64 = counts.values().sum();
    text + &format!("total: {total}\n")
}

/// The census's JSON fields: the convention, the total and one row per
/// class.
fn census_json(counts: &BTreeMap<CensusClass, u64>) -> serde_json::Value {
    let rows: Vec<_> = counts
        .iter()
        .map(|((edges, owns, to_move), count)| {
            serde_json::json!({"coloured_edges": edges, "owns_target": owns, "to_move": to_move, "positions": count})
        })
        .collect();
    let total: u64 = counts.values().sum();
    serde_json::json!({"convention": CENSUS_CONVENTION, "total": total, "census": rows})
}
