//! Solving one colouring game with the engine, and what a user sees: the
//! winner, an optimal line, the first moves with their values, positions
//! and time.

use crate::core::board::Player;
use crate::core::words::count;
use crate::engine::{Limits, Solver, Stopped};
use crate::games::colouring::game::{ColourMove, ColouringGame, Winner};
use crate::games::colouring::linear::{fast_winner, linear_theorem};
use crate::games::colouring::ColourPosition;
use crate::games::prelude::*;
use crate::verify::cert::colouring::{
    colouring_certificate, winning_strategy, ColouringCertificate, ColouringClaim, Ends, Search,
};
use std::time::Instant;

/// The solved game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Who wins with optimal play.
    pub winner: Winner,
    /// Turns of optimal play (the winner hurries, the loser delays).
    pub plies: u32,
    /// One optimal line, from the start to the end of the game.
    pub line: Vec<ColourMove>,
    /// Each first move (one per orbit of vertex automorphisms and colour
    /// permutations) with the winner after it.
    pub first_moves: Vec<(ColourMove, Winner)>,
    /// Positions evaluated, up to isomorphism.
    pub positions: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Solves `game` from its start with the engine's exact solver, its table
/// capped at `limits`' memory cap.
pub fn solve(game: &ColouringGame, limits: Limits) -> Result<GameReport, Stopped> {
    Ok(solve_with(game, limits, None)?.0)
}

/// [`solve`], and with `certify` the winner's strategy read off the same
/// solver as a certificate (format version 12; 7 in ordered games), its lines ending there, its
/// time counted in the report's.
fn solve_with(
    game: &ColouringGame,
    limits: Limits,
    certify: Option<Ends>,
) -> Result<(GameReport, Option<ColouringCertificate>), Stopped> {
    let started = Instant::now();
    let solver = Solver::new(game).with_limits(limits);
    let start = game.start();
    let value = solver.value(&start)?;
    let first_moves = solver
        .move_values(&start)?
        .into_iter()
        .map(|mv| (mv.m, mv.value.score))
        .collect();
    let line = solver.optimal_line(&start)?;
    let certificate = match certify {
        Some(ends) => {
            let choice = |p: &ColourPosition| {
                Ok(solver
                    .chosen_move(p)?
                    .expect("the walk asks only where the game goes on"))
            };
            let search = Search {
                known: &|p| solver.known(p).map(|v| v.score),
                order: &|_, _| {},
                choice: &choice,
                recorded: &|_| None,
                forget: &|_| {},
                bytes: &|| solver.table_bytes(),
                held: 0,
                cap: limits.max_memory(),
            };
            let winner = value.score.player();
            let strategy = winning_strategy(game, winner, search, ends)?;
            let claim = ColouringClaim::Wins {
                winner,
                colours: game.colours(),
            };
            Some(colouring_certificate(game, claim, ends, vec![strategy]))
        }
        None => None,
    };
    let report = GameReport {
        winner: value.score,
        plies: value.plies,
        line,
        first_moves,
        positions: solver.positions(),
        seconds: started.elapsed().as_secs_f64(),
    };
    Ok((report, certificate))
}

impl GameReport {
    /// The player who moves first: player 1, except in an ordered game
    /// whose first vertex is player 2's (`--owner`). Players are named as
    /// in the paper, by their role (player 1 wins a construction game by
    /// colouring every vertex), not by who moves first.
    pub fn first_mover(&self, game: &ColouringGame) -> Player {
        game.to_move(&game.start())
    }

    /// The first moves that win for the player who makes them (the
    /// [`GameReport::first_mover`]); none when that player loses.
    pub fn winning_first_moves(&self, game: &ColouringGame) -> Vec<ColourMove> {
        let mover = Winner::of(self.first_mover(game));
        self.first_moves
            .iter()
            .filter(|(_, w)| *w == mover)
            .map(|(m, _)| *m)
            .collect()
    }

    /// Plain text, one fact a line.
    pub fn to_text(&self, game: &ColouringGame) -> String {
        let moves = |ms: &[ColourMove]| ms.iter().map(|m| game.move_text(m)).collect::<Vec<_>>().join(" ");
        let winning = self.winning_first_moves(game);
        let length = match (self.plies, game.rules().construction()) {
            (0, _) => "decided at the start".to_string(),
            (n, false) => format!("optimal play lasts {}", count(n, "move", "moves")),
            (n, true) => format!("decided after {} of optimal play", count(n, "move", "moves")),
        };
        let first_moves = match (winning.is_empty(), self.plies) {
            (_, 0) => "none needed".to_string(),
            (true, _) => "none".to_string(),
            (false, _) => moves(&winning),
        };
        let mut text = format!(
            "{}: {} ({length})\noptimal line (vertex:colour): {}\nwinning first moves of player {}, who moves first (one per orbit): {first_moves}\npositions: {}   time: {:.3}s",
            game.describe(),
            game.score_text(self.winner).to_uppercase(),
            moves(&self.line),
            self.first_mover(game) as usize + 1,
            self.positions,
            self.seconds
        );
        if game.rules().construction() && self.winner == Winner::First {
            // The game ends once no vertex can be blocked any more
            // (ColouringGame::outcome); say so where the line stops early.
            text += "\n(a construction game is decided once every uncoloured vertex has more free colours than uncoloured neighbours: it will be coloured whatever is played)";
        }
        text
    }

    /// One JSON object.
    pub fn to_json(&self, game: &ColouringGame) -> serde_json::Value {
        let pair = |m: &ColourMove| [m.v as usize, m.c as usize];
        serde_json::json!({
            "game": game.rules().name(),
            "graph": game.graph().graph6(),
            "colours": game.colours(),
            "winner": self.winner.player() as usize + 1,
            "first_mover": self.first_mover(game) as usize + 1,
            "plies": self.plies,
            "line": self.line.iter().map(pair).collect::<Vec<_>>(),
            "winning_first_moves": self.winning_first_moves(game).iter().map(pair).collect::<Vec<_>>(),
            "positions": self.positions,
            "seconds": self.seconds,
        })
    }
}

/// A game solved for the user who asked for it (`colour --game`): the
/// exact report, and beside it the winner by the paper's linear-time
/// theorem where one applies, so that every run of an ordered game with
/// two colours also checks the theorem against the search.
#[derive(Clone, Debug)]
pub struct SolvedGame {
    /// The game solved.
    pub game: ColouringGame,
    /// The exact solve.
    pub report: GameReport,
    /// The winner by Theorem 3.1 (SCCG) or 3.3 (SCG) with two colours
    /// ([`fast_winner`]); `None` for the other games.
    pub linear_time_winner: Option<Player>,
    /// The winner's strategy as a certificate (format version 12; 7 in ordered games), when
    /// asked for ([`SolvedGame::certified`]).
    pub certificate: Option<ColouringCertificate>,
}

impl SolvedGame {
    /// Solves `game` exactly ([`solve`]) and by the linear-time theorem.
    pub fn new(game: ColouringGame, limits: Limits) -> Result<SolvedGame, Stopped> {
        SolvedGame::with(game, limits, None)
    }

    /// [`SolvedGame::new`] with the winner's strategy as a certificate
    /// (format version 12; 7 in ordered games), read off the same solver. The colours must fit
    /// the format ([`crate::verify::cert::colouring::MAX_CERT_COLOURS`]);
    /// player 1's lines end as `ends` says.
    pub fn certified(game: ColouringGame, limits: Limits, ends: Ends) -> Result<SolvedGame, Stopped> {
        SolvedGame::with(game, limits, Some(ends))
    }

    fn with(game: ColouringGame, limits: Limits, certify: Option<Ends>) -> Result<SolvedGame, Stopped> {
        let (report, certificate) = solve_with(&game, limits, certify)?;
        let linear_time_winner = fast_winner(&game);
        Ok(SolvedGame {
            game,
            report,
            linear_time_winner,
            certificate,
        })
    }

    /// [`GameReport::to_text`], then whether the theorem agrees.
    pub fn to_text(&self) -> String {
        let mut text = self.report.to_text(&self.game);
        if let Some(player) = self.linear_time_winner {
            let agree = player == self.report.winner.player();
            let theorem = linear_theorem(self.game.rules()).expect("an ordered game");
            text += &format!(
                "\nTheorem {theorem} (linear time): player {} wins ({})",
                player as usize + 1,
                if agree { "agrees" } else { "DISAGREES" }
            );
        }
        text
    }

    /// [`GameReport::to_json`] with `linear_time_winner` (1, 2 or null).
    pub fn to_json(&self) -> serde_json::Value {
        let mut json = self.report.to_json(&self.game);
        json["linear_time_winner"] = serde_json::json!(self.linear_time_winner.map(|p| p as usize + 1));
        json
    }
}
