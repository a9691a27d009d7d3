//! The game chromatic number (Section 5): the least k for which player 1
//! wins the COLORING CONSTRUCTION GAME with k colours, with a line of each
//! side's win, and the paper's bounds chi(G) <= chi_g(G) <= Delta(G) + 1.
//!
//! Every k from 1 up is solved until player 1 wins: whether a win at k
//! implies a win at k + 1 is not assumed, so "least" is checked, not
//! inferred. Only who wins each level matters, so each is asked of the
//! score-only search with cutoffs ([`Decider`]) on the game's form for
//! winner-only searches ([`ColouringGame::for_winner_only`]): lengths of
//! optimal play are not computed (`colour --game ccg --colours k` gives
//! them for one k).

use crate::core::board::{members, Player, MAX_VERTICES};
use crate::core::words::count;
use crate::engine::{Decider, Limits, Stopped};
use crate::games::colouring::game::{ColouringGame, Rules, Winner};
use crate::games::colouring::graph::Graph;
use crate::games::colouring::{ColourMove, ColourPosition};
use crate::games::prelude::*;
pub use crate::verify::cert::colouring::MAX_CERT_COLOURS;
use crate::verify::cert::colouring::{
    colouring_certificate, strategy_from, ColouringCertificate, ColouringClaim, Ends, LevelStrategy, Search,
};
use std::time::Instant;

/// Why chi_g of a graph is not computed: the question has no answer, or
/// the games it needs do not fit the canonical form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChromaticError {
    /// chi_g of the graph without vertices is not defined.
    #[error("the graph has no vertices")]
    NoVertices,
    /// Up to Delta + 1 colours may be needed, and they do not fit beside
    /// the vertices.
    #[error(
        "chi_g may need Delta + 1 = {} beside {}: at most {MAX_VERTICES} together",
        count(.colours, "colour", "colours"),
        count(.n, "vertex", "vertices")
    )]
    TooLarge {
        /// Delta + 1.
        colours: usize,
        /// Vertices.
        n: usize,
    },
}

/// Whether [`game_chromatic`] can answer for `graph` (it panics where this
/// fails, so check first what a user gave).
pub fn chromatic_fits(graph: &Graph) -> Result<(), ChromaticError> {
    if graph.n() == 0 {
        return Err(ChromaticError::NoVertices);
    }
    let colours = graph.max_degree() + 1;
    if graph.n() + colours > MAX_VERTICES {
        return Err(ChromaticError::TooLarge { colours, n: graph.n() });
    }
    Ok(())
}

/// One level of chi_g: the CCG with `colours` colours, asked only who
/// wins (the engine's score-only search with cutoffs), with a line the
/// winner wins.
#[derive(Clone, Debug)]
pub struct Level {
    /// k.
    pub colours: usize,
    /// Who wins with optimal play.
    pub winner: Winner,
    /// A line that `winner` wins, from the start until the game is decided:
    /// the winner's moves are winning moves, the loser's the first the
    /// search tried ([`construction_order`]). Not a shortest or longest
    /// line: lengths are not asked.
    pub line: Vec<ColourMove>,
    /// Positions stored, up to isomorphism (positions decided without a
    /// search, such as those where the mover wins at once, not counted).
    pub positions: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// chi_g(G) and what proves it.
#[derive(Clone, Debug)]
pub struct GameChromatic {
    /// The graph G.
    pub graph: Graph,
    /// The game chromatic number.
    pub chi_g: usize,
    /// The chromatic number (lower bound).
    pub chi: usize,
    /// Largest degree plus one (upper bound).
    pub degree_bound: usize,
    /// The CCG for k = 1, ..., chi_g: player 2 wins all but the last.
    pub levels: Vec<Level>,
    /// The certificate of chi_g (format version 12: each level's winning
    /// strategy), when asked for ([`game_chromatic_certified`]).
    pub certificate: Option<ColouringCertificate>,
}

/// The CCG with `k` colours on `graph`, for searches that ask only who wins.
pub(super) fn level_game(graph: &Graph, k: usize) -> ColouringGame {
    ColouringGame::new(graph.clone(), k, Rules::Ccg, None, None)
        .expect("k >= 1 fits beside n")
        .for_winner_only()
}

/// The CCG with `k` colours on `graph` for a search a certificate is read
/// off ([`ColouringGame::for_certified_search`]: the certificate's forms).
fn certified_level_game(graph: &Graph, k: usize) -> ColouringGame {
    level_game(graph, k).for_certified_search()
}

/// The score-only search of a level's game, its table capped at `limits`'
/// memory cap, trying construction moves first ([`construction_order`]);
/// recording its winning moves if `recording` (for a certificate read off
/// it, [`read_strategy`]).
pub(super) fn level_search(game: &ColouringGame, limits: Limits, recording: bool) -> Decider<'_, ColouringGame> {
    let decider = Decider::new(game, Winner::First, Winner::Second)
        .with_order(Box::new(construction_order))
        .with_limits(limits);
    match recording {
        true => decider.recording(),
        false => decider,
    }
}

/// `player`'s strategy in `game` from `start` for `plies` plies (all of it
/// with `usize::MAX`), read off `decider`, which has found that `player`
/// wins there; with the frontier after `plies` plies
/// ([`crate::verify::cert::colouring::strategy_from`]). The search's
/// table, the walk and `held` bytes count against `limits`' cap.
pub(super) fn read_strategy(
    game: &ColouringGame,
    decider: &Decider<'_, ColouringGame>,
    (start, player, plies): (&ColourPosition, Player, usize),
    ends: Ends,
    held: u64,
    limits: Limits,
) -> Result<(LevelStrategy, Vec<ColourPosition>), Stopped> {
    let choice = |p: &ColourPosition| {
        Ok(decider
            .chosen_move(p)?
            .expect("the walk asks only where the game goes on"))
    };
    let search = Search {
        known: &|p| decider.known(p),
        order: &construction_order,
        choice: &choice,
        recorded: &|canon| decider.recorded(canon),
        forget: &|f| decider.forget(f),
        bytes: &|| decider.table_bytes(),
        held,
        cap: limits.max_memory(),
    };
    strategy_from(game, start, player, search, ends, plies)
}

/// How a level's winner's strategy is written, once its search has found
/// the winner: from the level's game, that search, the winner and the
/// bytes earlier levels hold.
pub(super) type Certify<'c, E> =
    dyn FnMut(&ColouringGame, &Decider<'_, ColouringGame>, Winner, u64) -> Result<LevelStrategy, E> + 'c;

/// Solves the CCG with `k` colours on `graph` by the score-only search,
/// its table capped at `limits`' memory cap; with its line if `line`, and
/// with `certify` the winner's strategy read off the same search (its time
/// counted in the level's), `held` bytes of earlier levels given to it.
fn level<E: From<Stopped>>(
    graph: &Graph,
    k: usize,
    limits: Limits,
    line: bool,
    certify: Option<(&mut Certify<'_, E>, u64)>,
) -> Result<Solved, E> {
    let started = Instant::now();
    let game = match certify.is_some() {
        true => certified_level_game(graph, k),
        false => level_game(graph, k),
    };
    let decider = level_search(&game, limits, certify.is_some());
    let winner = decider.score(&game.start())?;
    let line = match line {
        true => decider.line(&game.start())?,
        false => Vec::new(),
    };
    let strategy = match certify {
        Some((certify, held)) => Some(certify(&game, &decider, winner, held)?),
        None => None,
    };
    let level = Level {
        colours: k,
        winner,
        line,
        positions: decider.positions(),
        seconds: started.elapsed().as_secs_f64(),
    };
    Ok((level, strategy))
}

/// A level solved, with its winner's strategy when asked for.
type Solved = (Level, Option<LevelStrategy>);

/// The levels k = 1, 2, ... up to the first that player 1 wins, with their
/// lines if `lines` and their winners' strategies if `certify`. Player 1
/// wins at k = Delta + 1 at the latest, so this stops there; whether a win
/// at k implies a win at k + 1 is not assumed.
pub(super) fn levels<E: From<Stopped>>(
    graph: &Graph,
    limits: Limits,
    lines: bool,
    mut certify: Option<&mut Certify<'_, E>>,
) -> Result<Vec<Solved>, E> {
    let mut levels: Vec<Solved> = Vec::new();
    for k in 1..=graph.n().max(1) {
        let held = levels
            .iter()
            .filter_map(|(_, s)| s.as_ref())
            .map(LevelStrategy::bytes)
            .sum();
        let solved = level(graph, k, limits, lines, certify.as_mut().map(|c| (&mut **c, held)))?;
        let won = solved.0.winner == Winner::First;
        levels.push(solved);
        if won {
            break;
        }
    }
    Ok(levels)
}

/// chi_g of `graph` (at least one vertex), solving the CCG for k = 1, 2, ...
/// with the score-only search, each level with a line its winner wins;
/// panics if `n + Delta + 1` exceeds [`MAX_VERTICES`] ([`chromatic_fits`]
/// says beforehand). Each solve's table is capped at `limits`' memory cap.
pub fn game_chromatic(graph: &Graph, limits: Limits) -> Result<GameChromatic, Stopped> {
    chromatic(graph, limits, None)
}

/// [`game_chromatic`] with its certificate (format version 12,
/// [`colouring_certificate`]): each level's winner's strategy, read off
/// that level's search (player 2's for k < chi_g, player 1's for chi_g),
/// player 1's lines ending as `ends` says. The colours must fit the
/// format's symbols (at most [`MAX_CERT_COLOURS`]: Delta + 1 colours may
/// be needed).
pub fn game_chromatic_certified(graph: &Graph, limits: Limits, ends: Ends) -> Result<GameChromatic, Stopped> {
    chromatic(graph, limits, Some(ends))
}

fn chromatic(graph: &Graph, limits: Limits, certify: Option<Ends>) -> Result<GameChromatic, Stopped> {
    let mut whole = |game: &ColouringGame, decider: &Decider<'_, ColouringGame>, winner: Winner, held| {
        let from = (&game.start(), winner.player(), usize::MAX);
        Ok(read_strategy(game, decider, from, certify.unwrap_or_default(), held, limits)?.0)
    };
    let certifier: Option<&mut Certify<Stopped>> = match certify {
        Some(_) => Some(&mut whole),
        None => None,
    };
    let (levels, strategies): (Vec<Level>, Vec<Option<LevelStrategy>>) =
        levels(graph, limits, true, certifier)?.into_iter().unzip();
    let chi_g = levels.len();
    let strategies: Vec<LevelStrategy> = strategies.into_iter().flatten().collect();
    let certificate = certify.map(|ends| {
        let claim = ColouringClaim::GameChromatic(chi_g);
        colouring_certificate(&level_game(graph, chi_g), claim, ends, strategies)
    });
    Ok(GameChromatic {
        graph: graph.clone(),
        chi_g,
        chi: graph.chromatic_number(),
        degree_bound: graph.max_degree() + 1,
        levels,
        certificate,
    })
}

impl GameChromatic {
    /// The CCG with `k` colours on the graph, whose solve is
    /// `levels[k - 1]` (`1 <= k <= chi_g`).
    pub fn level_game(&self, k: usize) -> ColouringGame {
        level_game(&self.graph, k)
    }

    /// chi_g with the paper's bounds, then the solved games on both sides:
    /// player 1's win with chi_g colours and player 2's with one fewer.
    pub fn to_text(&self) -> String {
        let k = self.chi_g;
        let mut text = format!(
            "chi_g = {k}   (chi = {}, Delta + 1 = {}; the paper's bounds chi <= chi_g <= Delta + 1)\n",
            self.chi, self.degree_bound
        );
        text += &self.level_text(k);
        if k > 1 {
            text += "\n";
            text += &self.level_text(k - 1);
        }
        text
    }

    /// The solved game with `k` colours.
    fn level_text(&self, k: usize) -> String {
        let level = &self.levels[k - 1];
        let game = self.level_game(k);
        let player = level.winner.player() as usize + 1;
        let line: Vec<String> = level.line.iter().map(|m| game.move_text(m)).collect();
        format!(
            "\nwith k = {}, player {player} wins:\n{}: {}\na line player {player} wins (vertex:colour; the other player's moves are the first tried): {}\npositions: {}   time: {:.3}s\n",
            count(k, "colour", "colours"),
            game.describe(),
            game.score_text(level.winner).to_uppercase(),
            line.join(" "),
            level.positions,
            level.seconds
        )
    }

    /// One JSON object: chi_g, the bounds, and every level solved.
    pub fn to_json(&self) -> serde_json::Value {
        let levels: Vec<_> = self
            .levels
            .iter()
            .map(|level| {
                serde_json::json!({
                    "colours": level.colours,
                    "winner": level.winner.player() as usize + 1,
                    "line": level.line.iter().map(|m| [m.v as usize, m.c as usize]).collect::<Vec<_>>(),
                    "positions": level.positions,
                    "seconds": level.seconds,
                })
            })
            .collect();
        serde_json::json!({
            "graph": self.graph.graph6(),
            "game_chromatic_number": self.chi_g,
            "chromatic_number": self.chi,
            "max_degree_plus_one": self.degree_bound,
            "levels": levels,
        })
    }
}

/// chi_g of `graph` by the winner alone (no lines), for bulk searches.
/// Same search and limits as [`game_chromatic`].
pub fn game_chromatic_number(graph: &Graph, limits: Limits) -> Result<usize, Stopped> {
    Ok(levels::<Stopped>(graph, limits, false, None)?.len())
}

/// Move ordering for construction games (only the speed of the search
/// depends on it). Colouring `v` with `c` changes the slack (free colours
/// minus uncoloured neighbours) only of the uncoloured neighbours `w` of
/// `v`: by +1 where `c` is forbidden at `w` already, by 0 where `c` is free
/// there (`w` then has one free colour fewer). So no move lowers a slack,
/// and player 2 can block only a vertex of slack at most 0 (*in danger*,
/// by 1 - slack), by taking its free colours one by one. Player 1 first
/// colours a vertex in danger, or a neighbour of vertices in danger with a
/// colour they have lost already (their slack rises); player 2 first takes
/// a free colour from neighbours in danger, the fewer colours they have
/// left the better, and avoids colouring a vertex in danger (which would
/// make it safe from him) or raising his neighbours' slack. Ties keep the
/// order given. The weights were tuned on small grids and tori: on P4 x P5
/// with 4 colours the search stores 453 positions with this order and
/// 24,538 with the previous one (the weakest vertex and its neighbours
/// first).
pub fn construction_order(p: &ColourPosition, moves: &mut [ColourMove]) {
    let mut danger = [0i64; MAX_VERTICES];
    for v in members(p.uncoloured()) {
        danger[v as usize] = (1 - p.slack(v) as i64).max(0);
    }
    let first = p.to_move() == Player::First;
    let score = |m: &ColourMove| {
        let touched = members(p.neighbours(m.v)).map(|w| {
            let (d, free) = (danger[w as usize], p.free_colours(w));
            match (first, free >> m.c & 1 == 1) {
                (true, false) => 2 * d + 1,
                (true, true) => -d,
                (false, true) if d > 0 => 64 >> free.count_ones().min(6),
                (false, true) => 1,
                (false, false) => -2 * d,
            }
        });
        let own = if first { 4 } else { -4 } * danger[m.v as usize];
        own + touched.sum::<i64>()
    };
    moves.sort_by_cached_key(|m| -score(m));
}
