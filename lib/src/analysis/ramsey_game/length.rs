//! `solve --rules R --by-tests`: the exact value of a graph Ramsey game
//! (who wins and after how many plies, an optimal line, the moves at the
//! start) by win-only tests on the length, the way MTD searches a value by
//! null-window tests: the score-only search (`engine::Decider`) finds the
//! winner `W`; then tests "does `W` win within `L` plies?"
//! ([`PlyHorizon`], asked [`FirstWins`], so with cutoffs) pin the length
//! `d` as the least `L` that holds (the argument is in
//! `games/ply_horizon.rs`). The tests run from the top down, since a Sim
//! game lasts nearly the whole board: `L` = free edges (every move colours
//! one edge at least, so it holds without a test), then `L - u`, `L - 2u`,
//! `L - 4u`, ... until one fails, then by halving; `u` is 2 where the rules
//! say who moves last in a won game, so that a win's length has a known
//! parity (`PlyHints::winner_moves_last`), else 1.
//!
//! The answer is the exact solver's: the same value, the same optimal line
//! and the same values of the moves at the start (`tests/by_tests.rs`
//! compares them on every small instance). The line is the exact solver's
//! choice at each turn, the first move in canonical order that keeps the
//! value: at a node of `W` with `r` plies to go, the first move after which
//! `W` still wins within `r - 1` (the test at `d`, from the start); at a
//! node of the loser, the first move after which `W` does not win within
//! `r - 1 - u` (the test at `d - u`). Both tests' tables are kept for it.
//! A move at the start whose value those two tables do not settle (other
//! boards than `K_n`, where the start has several orbits) is valued the
//! same way from its own position.
//!
//! Not for draws: where nobody wins, the length of a draw is the length of
//! the exact solver's first best line, which no test asks; the exact
//! solver answers instead ([`ByTests::tests`] is then empty).
//!
//! Positions: the sum of what the searches stored (the score-only search's
//! and each test's), not the exact solver's count of every reachable
//! position; each test's count is reported. Memory: the memory cap is
//! shared by the tables alive at once (the score-only search's, then at
//! most two tests'): each gets half of it.

use super::halves::{fastest_certificate, holdout_certificate, TestSolver};
use super::records::{Recording, TestHook};
use super::winner_decider;
use crate::core::board::{Edge, Player, Position};
use crate::engine::{inverse, solve, Counters, Limits, MoveValue, NoHook, SolveReport, Solver, Stopped};
use crate::games::horizon::Horizoned;
use crate::games::ply_horizon::{PlyHints, PlyHorizon};
use crate::games::prelude::*;
use crate::games::ramsey::{Outcome, RamseyGame};
use crate::games::{FirstWins, Value};
use crate::verify::cert::game::solved_game_certificate;
use crate::verify::cert::Certificate;
use std::marker::PhantomData;
use std::time::Instant;

/// One test: whether the winner wins within `plies` plies, from the start
/// or from a move at the start.
#[derive(Clone, Debug)]
pub struct LengthTest {
    /// The horizon, in plies from the position tested.
    pub plies: u32,
    /// Whether the winner wins within it.
    pub wins: bool,
    /// Positions the test stored (the same on every run).
    pub positions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The exact value found by tests, with what each search cost.
#[derive(Clone, Debug)]
pub struct ByTests {
    /// The exact solver's report: value, optimal line, moves at the
    /// start; `positions` is the sum over the searches below.
    pub report: SolveReport<RamseyGame>,
    /// Positions stored by the score-only searches that found the winners.
    pub winner_positions: u64,
    /// The tests, in the order run; empty where the exact solver answered
    /// (a draw).
    pub tests: Vec<LengthTest>,
    /// Where asked for: the winner's strategy winning within the length
    /// (version 3, read off the test that holds), or on a draw
    /// both players' non-losing strategies (version 5, off the exact
    /// solver).
    pub certificate: Option<Certificate>,
    /// Where asked for and someone wins: the loser's half, "the winner
    /// does not win within `d - gap` plies" (version 14, read off the
    /// failing test; `halves.rs`), with those plies.
    pub lower: Option<(u32, Certificate)>,
}

/// The tests that pinned a length `d`: the one at `d` (holds) and at
/// `d - gap` (fails; none where `d` is the least length possible), both
/// from the same position; `gap` is 2 where lengths have a known parity.
struct Pinned<'g, H: TestHook> {
    length: u32,
    gap: u32,
    holds: TestSolver<'g, H>,
    fails: Option<TestSolver<'g, H>>,
}

impl<'g, H: TestHook> Pinned<'g, H> {
    /// Whether the winner wins within `left` plies after the loser's move
    /// `m` at the canonical `position` (`left`: the plies to go there
    /// less `1 + gap`), by the failing test.
    fn loser_keeps(&self, game: &RamseyGame, position: &Position, m: &Vec<Edge>, left: u32) -> Result<bool, Stopped> {
        let fails = self
            .fails
            .as_ref()
            .expect("a length above the least has a failing test");
        Ok(!after(fails, game, position, m, left)?)
    }
}

/// The searches of one answer: the game, limits for each table, and what
/// they cost so far; the tests' hook `H` records for a certificate writer
/// (`records.rs`) where a certificate is asked for.
struct Tests<'g, H> {
    game: &'g RamseyGame,
    limits: Limits,
    winner_positions: u64,
    done: Vec<LengthTest>,
    hook: PhantomData<H>,
}

/// The exact value of `game` from its start by tests (module docs), and
/// with `certify` its certificate ([`ByTests::certificate`]), with
/// `lower` the loser's half too ([`ByTests::lower`]; the game's moves
/// must colour one edge each, so that the plies played are the edges
/// coloured).
pub fn solve_by_tests(game: &RamseyGame, limits: Limits, certify: bool, lower: bool) -> Result<ByTests, Stopped> {
    match certify || lower {
        true => by_tests::<Recording>(game, limits, certify, lower),
        false => by_tests::<NoHook>(game, limits, certify, lower),
    }
}

/// [`solve_by_tests`], the tests run with the hook `H`.
fn by_tests<H: TestHook>(game: &RamseyGame, limits: Limits, certify: bool, lower: bool) -> Result<ByTests, Stopped> {
    let started = Instant::now();
    let half = limits.with_max_memory(limits.max_memory() / 2);
    let mut tests = Tests::<H>::new(game, half);
    let start = game.start();
    let Some(winner) = tests.winner(&start)? else {
        let solver = Solver::new(game).with_limits(limits);
        let report = solve(&solver)?;
        let certificate = certify.then(|| solved_game_certificate(&solver)).transpose()?;
        return Ok(ByTests {
            report,
            winner_positions: tests.winner_positions,
            tests: vec![],
            certificate,
            lower: None,
        });
    };
    let pinned = tests.pin(&start, winner)?;
    let line = tests.line(&start, winner, &pinned)?;
    let moves = tests.start_moves(&start, winner, &pinned)?;
    let certificate = certify
        .then(|| fastest_certificate(game, winner, &pinned.holds, pinned.length))
        .transpose()?;
    let lower = match lower {
        true => Some(tests.lower_half(&start, winner, &pinned)?),
        false => None,
    };
    let stored: u64 = tests.done.iter().map(|t| t.positions).sum();
    let report = SolveReport {
        value: Value {
            score: Outcome::win_for(winner),
            plies: pinned.length,
        },
        to_move: game.to_move(&start),
        line,
        moves,
        positions: tests.winner_positions + stored,
        seconds: started.elapsed().as_secs_f64(),
    };
    Ok(ByTests {
        report,
        winner_positions: tests.winner_positions,
        tests: tests.done,
        certificate,
        lower,
    })
}

/// One test alone: "does `player` win within `plies` plies from the
/// start?" (`solve --within-plies`), its table under the whole memory cap.
/// Where the rules fix who moves last in a won game, a win's length has a
/// known parity, so a failing test at `d - 2` and a holding one at `d` pin
/// the length `d` (module docs): a length too long to pin in one
/// `--by-tests` run is pinned by such tests run one at a time. With
/// `certify`, the test's certificate: where it holds her strategy
/// (version 3, depths: her moves in the plies left), where it fails his
/// (version 14); single-edge moves only.
pub fn wins_within(
    game: &RamseyGame,
    player: Player,
    plies: u32,
    limits: Limits,
    certify: bool,
) -> Result<(LengthTest, Option<Certificate>), Stopped> {
    match certify {
        true => within(Tests::<Recording>::new(game, limits), player, plies, certify),
        false => within(Tests::<NoHook>::new(game, limits), player, plies, certify),
    }
}

/// [`wins_within`] by `tests`, whose hook records where `certify`.
fn within<H: TestHook>(
    mut tests: Tests<'_, H>,
    player: Player,
    plies: u32,
    certify: bool,
) -> Result<(LengthTest, Option<Certificate>), Stopped> {
    let game = tests.game;
    let (wins, solver) = tests.test(&game.start(), player, plies)?;
    let certificate = match (certify, wins) {
        (false, _) => None,
        (true, true) => Some(fastest_certificate(game, player, &solver, plies)?),
        (true, false) => Some(holdout_certificate(game, player, &solver, plies)?),
    };
    Ok((tests.done.pop().expect("the test just run is recorded"), certificate))
}

impl<'g, H: TestHook> Tests<'g, H> {
    /// No searches yet, each table under `limits`.
    fn new(game: &'g RamseyGame, limits: Limits) -> Self {
        Tests {
            game,
            limits,
            winner_positions: 0,
            done: vec![],
            hook: PhantomData,
        }
    }

    /// Who wins from `position` (`None`: a draw), by the score-only search.
    fn winner(&mut self, position: &Position) -> Result<Option<Player>, Stopped> {
        let decider = winner_decider(self.game, self.limits);
        let counters = || Counters {
            visited: decider.visited(),
            table_bytes: decider.table_bytes(),
            ..Counters::default()
        };
        let outcome = self.limits.watch(counters, || decider.score(position))?;
        self.winner_positions += decider.positions();
        self.limits
            .note(&format!("winner: {outcome:?}, {} positions", decider.positions()));
        Ok(outcome.winner())
    }

    /// The test "does `winner` win within `plies` plies from `position`?".
    fn test(&mut self, position: &Position, winner: Player, plies: u32) -> Result<(bool, TestSolver<'g, H>), Stopped> {
        let started = Instant::now();
        let horizon = PlyHorizon::new(self.game, winner, plies, Outcome::winner);
        let at = horizon.at(position.clone(), plies);
        let solver = Solver::owning_asking(horizon, FirstWins)
            .with_hook(H::asking(winner))
            .with_entry_bytes(H::ENTRY_BYTES)
            .with_limits(self.limits)
            .with_parallel_plies(0);
        let counters = || Counters {
            visited: solver.visited(),
            table_bytes: solver.table_bytes(),
            ..Counters::default()
        };
        let wins = self.limits.watch(counters, || solver.value(&at))?.score;
        let test = LengthTest {
            plies,
            wins,
            positions: solver.positions(),
            seconds: started.elapsed().as_secs_f64(),
        };
        let verdict = if wins { "holds" } else { "fails" };
        self.limits.note(&format!(
            "test: within {plies} plies {verdict}, {} positions, {:.1} s",
            test.positions, test.seconds
        ));
        self.done.push(test);
        Ok((wins, solver))
    }

    /// The length of `winner`'s win from `position` (not over), with the
    /// tests at it and at the next length below of the same parity where
    /// the game knows it, else one below (module docs: down from the free
    /// edges by doubling steps, then halving). Tests are indexed: index
    /// `i` asks for `base + unit * i` plies.
    fn pin(&mut self, position: &Position, winner: Player) -> Result<Pinned<'g, H>, Stopped> {
        let mover = self.game.to_move(position);
        let (base, unit) = match self.game.winner_moves_last() {
            Some(last) => (u32::from((mover == winner) == last), 2),
            None => (0, 1),
        };
        let plies = |i: u32| base + unit * i;
        // Every move colours one free edge at least: she wins within them all.
        let free = position.free_edges().len() as u32;
        let mut holds: (u32, Option<TestSolver<'g, H>>) = (free.saturating_sub(base) / unit, None);
        // At most two tables at once: the passing test's and the one
        // running; a failing test's table is dropped when the next starts,
        // and the last failing test is run again at the end if it was not
        // the last test run.
        let mut fails: Option<(u32, Option<TestSolver<'g, H>>)> = None;
        let mut step = 1;
        while holds.0 > 0 && fails.is_none() {
            let i = holds.0 - step.min(holds.0);
            match self.test(position, winner, plies(i))? {
                (true, solver) => (holds, step) = ((i, Some(solver)), 2 * step),
                (false, solver) => fails = Some((i, Some(solver))),
            }
        }
        while let Some(lo) = fails.as_ref().map(|f| f.0).filter(|&lo| holds.0 - lo > 1) {
            let i = lo + (holds.0 - lo) / 2;
            fails = Some((lo, None));
            match self.test(position, winner, plies(i))? {
                (true, solver) => holds = (i, Some(solver)),
                (false, solver) => fails = Some((i, Some(solver))),
            }
        }
        let length = plies(holds.0);
        let holds = match holds.1 {
            Some(solver) => solver,
            None => self.test(position, winner, length)?.1,
        };
        let fails = match fails {
            Some((_, Some(solver))) => Some(solver),
            Some((i, None)) => Some(self.test(position, winner, plies(i))?.1),
            None => None,
        };
        Ok(Pinned {
            length,
            gap: unit,
            holds,
            fails,
        })
    }

    /// The loser's half of the length pinned from `position`: "`winner`
    /// does not win within `d - gap` plies", off the failing test (run
    /// here where the length is the least possible, so none was: then
    /// at `d - gap` or 0 plies, which fails since the game is not over).
    fn lower_half(
        &mut self,
        position: &Position,
        winner: Player,
        pinned: &Pinned<'g, H>,
    ) -> Result<(u32, Certificate), Stopped> {
        let plies = pinned.length.saturating_sub(pinned.gap);
        let certify = |fails: &TestSolver<'g, H>| holdout_certificate(self.game, winner, fails, plies);
        let certificate = match &pinned.fails {
            Some(fails) => certify(fails)?,
            None => certify(&self.test(position, winner, plies)?.1)?,
        };
        Ok((plies, certificate))
    }

    /// The exact solver's optimal line from `position` (module docs).
    fn line(&self, position: &Position, winner: Player, pinned: &Pinned<'g, H>) -> Result<Vec<Vec<Edge>>, Stopped> {
        let game = self.game;
        let (mut current, mut to_go, mut line) = (position.clone(), pinned.length, vec![]);
        while game.outcome(&current).is_none() {
            let canon = game.canonical(&current);
            let moves = game.orbit_moves(&canon.position, &canon.generators);
            let chosen = match game.to_move(&current) == winner {
                true => first_where(
                    &moves,
                    |m| after(&pinned.holds, game, &canon.position, m, to_go - 1),
                    true,
                )?,
                // The loser's last turn: every move loses at once.
                false if to_go <= pinned.gap => Some(0),
                false => first_where(
                    &moves,
                    |m| pinned.loser_keeps(game, &canon.position, m, to_go - 1 - pinned.gap),
                    true,
                )?,
            };
            let chosen = chosen.expect("a move keeps the value");
            let m = game.relabel_move(&moves[chosen], &inverse(&canon.to_canon));
            current = game.play(&current, &m);
            line.push(m);
            to_go -= 1;
        }
        Ok(line)
    }

    /// Every move at `position` (one per orbit, in its labels) with its
    /// exact value, as the exact solver lists them.
    fn start_moves(
        &mut self,
        position: &Position,
        winner: Player,
        pinned: &Pinned<'g, H>,
    ) -> Result<Vec<MoveValue<Vec<Edge>, Outcome>>, Stopped> {
        let game = self.game;
        let canon = game.canonical(position);
        let back = inverse(&canon.to_canon);
        let hers = game.to_move(position) == winner;
        let mut out = vec![];
        for m in game.orbit_moves(&canon.position, &canon.generators) {
            let child = game.play(&canon.position, &m);
            // The two tests settle a child that keeps the value.
            let keeps = match hers {
                true => after(&pinned.holds, game, &canon.position, &m, pinned.length - 1)?,
                false => {
                    let (length, gap) = (pinned.length, pinned.gap);
                    length <= gap || pinned.loser_keeps(game, &canon.position, &m, length - 1 - gap)?
                }
            };
            let value = match keeps {
                true => Value {
                    score: Outcome::win_for(winner),
                    plies: pinned.length - 1,
                },
                false => self.value(&child)?,
            };
            out.push(MoveValue {
                m: game.relabel_move(&m, &back),
                value: Value {
                    score: value.score,
                    plies: value.plies + game.plies(&m),
                },
            });
        }
        Ok(out)
    }

    /// The exact value of `position` by its own tests (the exact solver's
    /// where it is a draw).
    fn value(&mut self, position: &Position) -> Result<Value<Outcome>, Stopped> {
        if let Some(score) = self.game.outcome(position) {
            return Ok(Value { score, plies: 0 });
        }
        match self.winner(position)? {
            Some(winner) => Ok(Value {
                score: Outcome::win_for(winner),
                plies: self.pin(position, winner)?.length,
            }),
            None => Solver::new(self.game).with_limits(self.limits).value(position),
        }
    }
}

/// Whether, after move `m` at the canonical `position`, the prover of
/// `solver` wins within `left` plies.
fn after(
    solver: &TestSolver<'_, impl TestHook>,
    game: &RamseyGame,
    position: &Position,
    m: &Vec<Edge>,
    left: u32,
) -> Result<bool, Stopped> {
    let child: Horizoned<Position> = solver.game().at(game.play(position, m), left);
    Ok(solver.value(&child)?.score)
}

/// The index of the first move for which `test` gives `wanted`.
fn first_where<M>(
    moves: &[M],
    test: impl Fn(&M) -> Result<bool, Stopped>,
    wanted: bool,
) -> Result<Option<usize>, Stopped> {
    for (i, m) in moves.iter().enumerate() {
        if test(m)? == wanted {
            return Ok(Some(i));
        }
    }
    Ok(None)
}
