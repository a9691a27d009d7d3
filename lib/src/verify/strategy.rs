//! The interface between the engine and a first-player strategy.
//!
//! A strategy is a `Box<dyn Strategy>`. Everything it remembers between
//! moves lives in [`Memory`]: vertex-free words (stage, counters, plan type)
//! and named vertices (a, b, c, m, n, p0, ...). The engine owns the memory,
//! relabels it together with the position, and always calls the strategy on
//! the *canonical form* of (position, memory, his last edge). Two calls whose
//! inputs are isomorphic therefore see identical inputs, so every tie-break
//! a strategy makes ("pick any fresh vertex", "one of the two with the
//! biggest S-degree") is isomorphism-invariant. That invariance is what makes
//! exploring one reply per orbit sound.

use crate::core::board::{Edge, Player, Position, Vertex};
use crate::core::memory::Memory;
use crate::games::ramsey::Rules;
use serde::{Deserialize, Serialize};

/// The game a strategy is verified in: a `K_k` building game under one of
/// the building rule sets of [`Rules`] (the statement of
/// [`crate::games::ramsey`], on `K_n` or `K_aleph0`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Game {
    /// Size of the complete graph both players try to build.
    pub clique: usize,
    /// The rules: [`Rules::Achieve`] (first to own a `K_k` wins),
    /// [`Rules::AchieveSecond`] (the same; a draw is his win, which for her
    /// is the same failure) or [`Rules::Maker`] (his `K_k` does not count).
    pub rules: Rules,
}

/// The rule sets the strategy verifier plays: games in which the first
/// player builds. Avoidance and misère games are solved with
/// [`crate::engine`] (`solve --rules`).
pub const VERIFIABLE_RULES: [Rules; 3] = [Rules::Achieve, Rules::AchieveSecond, Rules::Maker];

/// Rules the verifier does not play (not in [`VERIFIABLE_RULES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the verifier checks building strategies under {}, not {rules}; solve other games with `solve --rules`",
    VERIFIABLE_RULES.map(Rules::name).join(", ")
)]
pub struct UnverifiableRules {
    /// The rules asked for.
    pub rules: Rules,
}

impl Game {
    /// The strong `K_k` game.
    pub fn clique(k: usize) -> Game {
        Game {
            clique: k,
            rules: Rules::Achieve,
        }
    }

    /// The same target under other rules, if the verifier plays them.
    pub fn under(self, rules: Rules) -> Result<Game, UnverifiableRules> {
        if !VERIFIABLE_RULES.contains(&rules) {
            return Err(UnverifiableRules { rules });
        }
        Ok(Game { rules, ..self })
    }

    /// Whether his completed `K_k` ends the game (not in the weak game).
    pub fn second_builds(&self) -> bool {
        self.rules.second_builds()
    }

    /// The target graph's name, e.g. `K4`.
    pub fn target_name(&self) -> String {
        format!("K{}", self.clique)
    }

    /// One line per threatening player in `position`: the kind of threat
    /// and the edges completing it, written by `name` (what pictures and
    /// step-through pages show after a move).
    pub fn threat_texts(&self, position: &Position, name: impl Fn(Edge) -> String) -> Vec<String> {
        let mut out = Vec::new();
        for player in [Player::First, Player::Second] {
            let threats = position.threats(player, self.clique);
            if threats.is_empty() {
                continue;
            }
            let kind = if threats.len() >= 2 { "double threat" } else { "threat" };
            let edges: Vec<String> = threats.iter().map(|&e| name(e)).collect();
            out.push(format!(
                "{} {kind}: {} completed by {}",
                player.colour_name(),
                self.target_name(),
                edges.join(" or ")
            ));
        }
        out
    }
}

/// What the strategy sees when it is her turn. Always canonical: the engine
/// has relabelled position, memory and `last_reply` together.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The game being verified (the strategy's own game, under the run's rules).
    pub game: Game,
    /// The position, her to move.
    pub position: &'a Position,
    /// Her memory after her previous move.
    pub memory: &'a Memory,
    /// The second player's previous edge (`None` before her first move).
    pub last_reply: Option<Edge>,
}

impl View<'_> {
    /// Her move number about to be played (1 for her first move).
    pub fn move_number(&self) -> usize {
        self.position.edge_count(crate::core::board::Player::First) + 1
    }
}

/// Her decision: the edge to claim and the memory to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The edge she claims.
    pub edge: Edge,
    /// Her memory after the move.
    pub memory: Memory,
}

/// A strategy that cannot produce a move. The verifier reports this as a
/// counterexample line, never as a crash.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    /// A rule needs an untouched vertex and the finite board has none.
    #[error("no fresh vertex left on the board")]
    NoFreshVertex,
    /// No rule of the strategy covers the situation (the text says why).
    #[error("rule does not apply: {0}")]
    RuleDoesNotApply(String),
}

impl From<crate::core::memory::Unnamed> for StrategyError {
    fn from(e: crate::core::memory::Unnamed) -> StrategyError {
        StrategyError::RuleDoesNotApply(e.to_string())
    }
}

/// A first-player strategy.
pub trait Strategy: Send + Sync {
    /// Short name used on the command line.
    fn name(&self) -> &'static str;
    /// One line saying what the strategy is and where it comes from.
    fn description(&self) -> &'static str;
    /// The game the strategy plays.
    fn game(&self) -> Game;
    /// Memory before her first move.
    fn initial_memory(&self) -> Memory;
    /// Her move in the given (canonical) situation, or an error saying why
    /// there is none (a counterexample to the strategy). An illegal move
    /// or a panic is a bug in the strategy: `verify` gives no verdict
    /// ([`crate::verify::VerifyError::Contract`]).
    fn play(&self, view: &View) -> Result<Move, StrategyError>;
    /// Every move the strategy *as written* allows in the given (canonical)
    /// situation: where the paper leaves a choice open ("any fresh vertex",
    /// "one of", a tie in a rule), one move per admissible resolution, in a
    /// fixed order, each with the memory it leads to. `verify --choices all`
    /// checks that every resolution wins, `--choices some` that one does.
    /// The default allows exactly the move of [`Strategy::play`], so a
    /// strategy without open choices needs nothing more. Must contain the
    /// move `play` returns whenever `play` returns one.
    fn choices(&self, view: &View) -> Result<Vec<Move>, StrategyError> {
        self.play(view).map(|m| vec![m])
    }
    /// Name of the part of the strategy the memory is in (e.g. "stage 3"),
    /// for statistics and pictures. Empty when the strategy has no parts.
    fn phase(&self, _memory: &Memory) -> &'static str {
        ""
    }
    /// Whether the strategy always completes the target when it can (the
    /// K4 paper's standing assumption). When true the engine plays such a
    /// winning edge itself, without canonical labelling or a call to
    /// `play`: the outcome is the same whichever winning edge she takes.
    /// Return true only if `play` would indeed always take a win, and
    /// every move of [`Strategy::choices`] then completes the target too
    /// (checked on a sample: [`crate::verify::search::contract`]).
    fn completes_when_possible(&self) -> bool {
        false
    }
    /// Human-readable names of the memory's vertex slots (`a`, `b`, `p0`, ...),
    /// used to label pictures.
    fn slot_names(&self) -> &'static [&'static str] {
        &[]
    }
}

/// Picks a fresh vertex or fails with [`StrategyError::NoFreshVertex`].
pub fn fresh(position: &Position) -> Result<Vertex, StrategyError> {
    position.fresh_vertex().ok_or(StrategyError::NoFreshVertex)
}
