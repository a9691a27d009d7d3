//! The game families a job folder holds: how each is stated in the
//! manifest, how its scores are written in results, and whether its jobs
//! and merge write certificates.

use super::layered::merge::LayerMerge;
use super::merge::Merge;
use super::JobsError;
use super::Manifest;
use crate::core::board::{Player, Position};
use crate::core::graph6::encode;
use crate::engine::bounded::BoundedSolver;
use crate::engine::split::Glued;
use crate::engine::{Limits, Solver, Stopped};
use crate::games::pattern::Pattern;
use crate::games::ramsey::{Outcome, RamseyGame, Rules as RuleSet};
use crate::games::scoring::{Points, Scoring, ScoringGame, PROBES};
use crate::games::statement::{colour_start, parse_board};
use crate::games::{Hints, Notation, Rules, Symmetric, Value};
use crate::verify::cert::game::{colouring, position_certificate};
use crate::verify::cert::scoring::{scoring_certificate, Claims};
use crate::verify::cert::Certificate;
use serde::{Deserialize, Serialize};

/// A game as the manifest states it, so a job on another machine rebuilds
/// exactly the game that was split.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "family", rename_all = "snake_case")]
pub enum GameSpec {
    /// A graph Ramsey game (`solve --rules`).
    Ramsey(RamseySpec),
    /// One of Erdős' scoring games (`erdos`).
    Erdos(ErdosSpec),
    /// A strategy verified against every reply (`split --strategy`;
    /// [`super::strategy`]).
    Strategy(super::strategy::StrategySpec),
}

/// A graph Ramsey game as its certificate header states it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RamseySpec {
    /// The rule set's name.
    pub rules: String,
    /// The board, graph6.
    pub board: String,
    /// Red's target, graph6.
    pub target_red: String,
    /// Blue's target, graph6.
    pub target_blue: String,
    /// Who moves first: `red` or `blue`.
    pub first: String,
    /// The start colouring, `RED:BLUE`.
    pub start: String,
}

/// One of Erdős' scoring games: the game, the board, the head start (the
/// start's red edges) and who moves first.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ErdosSpec {
    /// `clique`, `star`, `vc` or `colex`.
    pub game: String,
    /// The board, graph6.
    pub board: String,
    /// The start colouring, `RED:BLUE` (the head start is red).
    pub start: String,
    /// Who moves first: `red` (Alice) or `blue` (Bob).
    pub first: String,
}

/// A game family whose searches split into a job folder: a game on the
/// engine with edge positions, stated in the manifest, with its scores
/// written in results.
pub trait Splittable: Symmetric<Position = Position> + Hints + Notation + Sized {
    /// The game's statement.
    fn spec(&self) -> GameSpec;
    /// The game a statement states (an error if it is another family's).
    fn from_spec(spec: &GameSpec) -> Result<Self, JobsError>;
    /// A score as results write it.
    fn score_code(&self, score: Self::Score) -> serde_json::Value;
    /// A score read back from a result; `None` if it is not one.
    fn score_from(&self, code: &serde_json::Value) -> Option<Self::Score>;
    /// A job's search of its position `from` (in the start's labels)
    /// within `limits`, and what `manifest` asks beside its value: the
    /// certificate of `from` (if the family has certificates a merge can
    /// join) and the keys of the positions stored.
    fn search_job(&self, from: &Position, limits: Limits, manifest: &Manifest) -> Result<Searched<Self>, Stopped>;
    /// The merged certificate of a folder, if the family has them.
    fn merged(merge: &Merge<Self>, solver: &Solver<Glued<Self>>) -> Option<Result<Certificate, JobsError>>;
    /// The certificate of a layered folder whose start has `value`, if
    /// the family has them.
    fn layered(merge: &LayerMerge<Self>, value: Value<Self::Score>) -> Option<Result<Certificate, JobsError>>;
}

/// What a job's search found about its position, before the job's files
/// are written.
pub struct Searched<G: Rules> {
    /// The position's value.
    pub value: Value<G::Score>,
    /// One optimal line from the position, in the labels it was given in.
    pub line: Vec<G::Move>,
    /// Distinct positions the search stored.
    pub positions: u64,
    /// The position's certificate, if the manifest asks for one.
    pub certificate: Option<Certificate>,
    /// The stored positions' keys, sorted, if the manifest asks for them.
    pub keys: Option<Vec<Box<[u64]>>>,
}

/// The error of a manifest's game that cannot be built.
fn bad(e: impl std::fmt::Display) -> JobsError {
    JobsError::Bad(format!("manifest game: {e}"))
}

/// `red` or `blue` as a player.
pub(crate) fn colour(name: &str) -> Option<Player> {
    match name {
        "red" => Some(Player::First),
        "blue" => Some(Player::Second),
        _ => None,
    }
}

/// The board and start colouring of a statement.
fn board_and_start(board: &str, start: &str) -> Result<(Position, Position), JobsError> {
    let board = parse_board(board).map_err(bad)?;
    let (start, _) = colour_start(&board, start).map_err(bad)?;
    Ok((board, start))
}

impl Splittable for RamseyGame {
    fn spec(&self) -> GameSpec {
        let start = self.start();
        let target = |p: Player| {
            let t = self.target(p);
            encode(t.vertex_count(), &t.edges())
        };
        GameSpec::Ramsey(RamseySpec {
            rules: self.rules().name().to_string(),
            board: encode(start.vertex_count(), &start.board_edges()),
            target_red: target(Player::First),
            target_blue: target(Player::Second),
            first: self.first().colour_name().to_string(),
            start: colouring(&start),
        })
    }

    fn from_spec(spec: &GameSpec) -> Result<RamseyGame, JobsError> {
        let GameSpec::Ramsey(s) = spec else {
            return Err(bad("not a graph Ramsey game"));
        };
        let rules: RuleSet = s.rules.parse().map_err(bad)?;
        let (_, start) = board_and_start(&s.board, &s.start)?;
        let target = |t: &str| t.parse::<Pattern>().map_err(bad);
        let targets = [target(&s.target_red)?, target(&s.target_blue)?];
        let first = colour(&s.first).ok_or_else(|| bad(format!("first mover `{}`", s.first)))?;
        RamseyGame::new(start, targets, rules, first).map_err(bad)
    }

    /// `"red"`, `"blue"` (the winner) or `"draw"`.
    fn score_code(&self, score: Outcome) -> serde_json::Value {
        score.winner().map_or("draw", Player::colour_name).into()
    }

    fn score_from(&self, code: &serde_json::Value) -> Option<Outcome> {
        match code.as_str()? {
            "red" => Some(Outcome::RedWins),
            "blue" => Some(Outcome::BlueWins),
            "draw" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// The exact search ([`Solver`]): the value with the length of
    /// optimal play, which a graph Ramsey game's merge ranks.
    fn search_job(&self, from: &Position, limits: Limits, manifest: &Manifest) -> Result<Searched<Self>, Stopped> {
        let solver = Solver::new(self).with_limits(limits);
        let certificate = manifest.certificates.then(|| position_certificate(&solver, from));
        Ok(Searched {
            value: solver.value(from)?,
            line: solver.optimal_line(from)?,
            positions: solver.positions(),
            certificate: certificate.transpose()?,
            keys: manifest.keys.then(|| solver.keys()),
        })
    }

    fn merged(merge: &Merge<RamseyGame>, solver: &Solver<Glued<RamseyGame>>) -> Option<Result<Certificate, JobsError>> {
        Some(super::parts::certificate(merge, solver))
    }

    fn layered(merge: &LayerMerge<RamseyGame>, value: Value<Outcome>) -> Option<Result<Certificate, JobsError>> {
        Some(super::layered::cert::certificate(merge, value))
    }
}

impl Splittable for ScoringGame {
    fn spec(&self) -> GameSpec {
        let start = self.start();
        GameSpec::Erdos(ErdosSpec {
            game: self.scoring().name().to_string(),
            board: encode(start.vertex_count(), &start.board_edges()),
            start: colouring(&start),
            first: start.to_move().colour_name().to_string(),
        })
    }

    fn from_spec(spec: &GameSpec) -> Result<ScoringGame, JobsError> {
        let GameSpec::Erdos(s) = spec else {
            return Err(bad("not one of Erdős' scoring games"));
        };
        let scoring = Scoring::from_name(&s.game).ok_or_else(|| bad(format!("game `{}`", s.game)))?;
        let (board, start) = board_and_start(&s.board, &s.start)?;
        let game = ScoringGame::new(scoring, &board, &start.edges(Player::First)).map_err(bad)?;
        match colour(&s.first) {
            Some(Player::First) => Ok(game),
            Some(Player::Second) => Ok(game.bob_first()),
            None => Err(bad(format!("first mover `{}`", s.first))),
        }
    }

    /// `[a, b]`: Alice's points and Bob's.
    fn score_code(&self, score: Points) -> serde_json::Value {
        serde_json::json!([score.alice, score.bob])
    }

    fn score_from(&self, code: &serde_json::Value) -> Option<Points> {
        let points = |i: usize| code.get(i)?.as_u64()?.try_into().ok();
        match code.as_array()?.len() {
            2 => Some(Points {
                alice: points(0)?,
                bob: points(1)?,
            }),
            _ => None,
        }
    }

    /// The exact outcome as `erdos` finds the start's (the same threshold
    /// search, [`BoundedSolver::value`] with the same [`PROBES`], whose
    /// bounds prune; `analysis::erdos` itself stands above this module),
    /// and its certificate as `erdos --cert` writes it
    /// ([`scoring_certificate`], format 6 for every game, both claims). No keys: the
    /// positions a threshold search stores depend on the order of its tests
    /// (`split --erdos --keys` is refused, [`super::run::run_job`]).
    ///
    /// Why the merge still gives one process's value: the glue
    /// ([`crate::engine::split`]) needs every frontier position's exact
    /// value, which is a function of the position alone, whichever search
    /// finds it. Nor is the length of play needed: scoring games end with
    /// the board full, so every line from a position has its free edges'
    /// length, and the glue ranks no lengths ([`Points`] hurries no one).
    ///
    /// Why a job answers no less than the exact value. The thresholds one
    /// process tests at a frontier position depend on the values of the
    /// positions searched before it (an alpha-beta window), so jobs run in
    /// one batch, before any value is known, cannot be asked for them.
    /// What they could be asked for is the value clamped to a window known
    /// to hold the start's value: the maximum and minimum commute with a
    /// monotone clamp, so the glue's root value would be unchanged (a job
    /// past the window would certify only the side its prover needs).
    /// But the one window known before the jobs run is the start's static
    /// bounds, and they are wide (on C(22) VC `erdos` still has to test
    /// whether Alice gets (1, 0)), so the jobs would find their exact
    /// values anyway. Several rounds of jobs (the glue's test of one
    /// threshold at a time, MTD-style) would pay each round's searches
    /// again, with no table kept between processes.
    fn search_job(&self, from: &Position, limits: Limits, manifest: &Manifest) -> Result<Searched<Self>, Stopped> {
        let solver = BoundedSolver::new(self).with_limits(limits);
        let outcome = solver.value(from, &PROBES)?;
        let line = solver.optimal_line(from, outcome)?;
        // Counted before the certificate's tests, as `erdos` counts them.
        let positions = solver.counts().positions;
        let claims = Claims {
            at_least: Some(outcome),
            at_most: Some(outcome),
        };
        let certificate = manifest
            .certificates
            .then(|| scoring_certificate(&solver, from, claims));
        Ok(Searched {
            value: Value {
                score: outcome,
                plies: line.len() as u32,
            },
            line,
            positions,
            certificate: certificate.transpose()?,
            keys: None,
        })
    }

    fn merged(
        merge: &Merge<ScoringGame>,
        solver: &Solver<Glued<ScoringGame>>,
    ) -> Option<Result<Certificate, JobsError>> {
        Some(super::parts::certificate(merge, solver))
    }

    fn layered(_: &LayerMerge<ScoringGame>, _: Value<Points>) -> Option<Result<Certificate, JobsError>> {
        None
    }
}
