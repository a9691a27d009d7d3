//! Certificates of Bodlaender's colouring games (format version 7,
//! proofs/FORMAT.md): a claim "player P wins the game with k colours" is
//! P's strategy, one move per position (up to isomorphism) where P is to
//! move, every reply of the other player covered, down to the end of the
//! game. The game chromatic number chi_g = K is K claims: player 1 wins the
//! CCG with K colours, and player 2 wins it with each k < K (that a win at
//! k gives a win at k + 1 is not known, so every smaller k is claimed).
//!
//! The strategies are read off a search by
//! [`crate::engine::extract::strategy`] on the game's exact forms
//! ([`ColouringGame::with_exact_forms`]): the searches merge positions by
//! simplifications that keep values (tokens, parity; see
//! `games::colouring::canonical`), the checker only by isomorphism. The
//! search is asked only who wins a position (a [`Judge`]); at each position
//! of the prover the move is: a move that ends the game at once with the
//! prover's win ([`crate::games::Hints::ending_move`]: player 2 blocks a vertex, player 1
//! makes every vertex safe); else in a position where player 1 wins by
//! colouring the unsafe vertices in time, that plan's move
//! ([`ColouringGame::secured_move`], which the search decides without
//! searching, so its moves are spelt out here); else the first move, in
//! the caller's order, after which the judge says the prover wins. Lines
//! end where the game is over, including the construction games' early
//! end once every uncoloured vertex is safe (the checker argues that one
//! itself, FORMAT.md).

use super::{sha256_hex, Certificate};
use crate::core::board::Player;
use crate::engine::extract::{strategy, Prover};
use crate::engine::Stopped;
use crate::games::colouring::{ColourMove, ColourPosition, ColouringGame, Rules, Winner};
use crate::games::prelude::*;

/// Certificate format version of colouring games.
pub const COLOURING_FORMAT_VERSION: u32 = 7;

/// The colour symbols of a body line: colour `c` is `SYMBOLS[c]`, `0` an
/// uncoloured vertex; so at most [`MAX_CERT_COLOURS`] colours.
pub const SYMBOLS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The most colours a colouring certificate can write (one symbol each).
pub const MAX_CERT_COLOURS: usize = SYMBOLS.len() - 1;

/// Who wins a position (any labels) of the game being certified, as a
/// search says (exactly: a certificate of a wrong answer fails the check).
pub type Judge<'a> = &'a (dyn Fn(&ColourPosition) -> Result<Winner, Stopped> + Sync);

/// Sorts moves, the likeliest winners for the mover first (speed only).
pub type Order<'a> = &'a (dyn Fn(&ColourPosition, &mut [ColourMove]) + Sync);

/// Where a certificate's lines of player 1's wins in the CCG end (the
/// checker argues both ends itself, FORMAT.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ends {
    /// Where every uncoloured vertex is safe (the game's own early end):
    /// her plan's moves in secured positions are written out.
    #[default]
    Safe,
    /// Already where she wins by colouring the unsafe vertices in time
    /// ([`ColouringGame::secured`]): smaller certificates, often by far
    /// (P4 x P6: 2,856 entries instead of 115,917).
    Secured,
}

/// What a colouring certificate claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColouringClaim {
    /// chi_g = K (CCG): player 1 wins with K colours, player 2 with each k < K.
    GameChromatic(usize),
    /// `winner` wins the game with `colours` colours.
    Wins {
        /// The winner.
        winner: Player,
        /// The number of colours.
        colours: usize,
    },
}

impl ColouringClaim {
    /// The claims one by one: (colours, winner).
    pub fn levels(self) -> Vec<(usize, Player)> {
        match self {
            ColouringClaim::GameChromatic(k) => (1..=k)
                .map(|j| (j, if j == k { Player::First } else { Player::Second }))
                .collect(),
            ColouringClaim::Wins { winner, colours } => vec![(colours, winner)],
        }
    }

    /// The header's `claim` line's value.
    fn text(self) -> String {
        match self {
            ColouringClaim::GameChromatic(k) => format!("chi-g {k}"),
            ColouringClaim::Wins { winner, colours } => format!("wins {} {colours}", winner as usize + 1),
        }
    }
}

/// One claim's strategy: its number of colours and the prover's entries.
#[derive(Clone, Debug)]
pub struct LevelStrategy {
    /// The number of colours of the game.
    pub colours: usize,
    /// The prover's positions, each with its move.
    pub entries: Vec<(ColourPosition, ColourMove)>,
}

/// The prover's choice, as the module docs say.
struct Judged<'a> {
    game: &'a ColouringGame,
    player: Player,
    judge: Judge<'a>,
    order: Order<'a>,
    ends: Ends,
}

impl Prover<ColouringGame> for Judged<'_> {
    /// With [`Ends::Secured`], player 1's secured positions: the checker
    /// re-derives her win there.
    fn settled(&self, p: &ColourPosition) -> bool {
        self.ends == Ends::Secured && self.player == Player::First && self.game.secured(p)
    }
    fn choose(&self, p: &ColourPosition) -> Result<ColourMove, Stopped> {
        if let Some(Some(m)) = self.game.ending_move(p, Winner::of(self.player)) {
            return Ok(m);
        }
        if let Some(m) = self.game.secured_move(p).filter(|_| self.player == Player::First) {
            return Ok(m);
        }
        let mut moves = self.game.moves(p);
        (self.order)(p, &mut moves);
        for m in moves {
            if (self.judge)(&self.game.play(p, &m))? == Winner::of(self.player) {
                return Ok(m);
            }
        }
        unreachable!("the judge says the prover wins here, so some move keeps the win")
    }
}

/// `player`'s winning strategy in `game` from its start, which `judge`
/// must say `player` wins; moves tried in `order`; `ends` says where
/// player 1's lines end.
pub fn winning_strategy(
    game: &ColouringGame,
    player: Player,
    judge: Judge,
    order: Order,
    ends: Ends,
) -> Result<LevelStrategy, Stopped> {
    let exact = game.clone().with_exact_forms();
    let prover = Judged {
        game: &exact,
        player,
        judge,
        order,
        ends,
    };
    let entries = strategy(&exact, &exact.start(), player, &prover, |p| exact.canonical(p))?;
    Ok(LevelStrategy {
        colours: game.colours(),
        entries,
    })
}

/// The certificate (version 7) of `claim` about `game` (its rules, graph,
/// order and owners; its number of colours is the levels'), with one
/// strategy per claim of [`ColouringClaim::levels`].
/// `ends` is where player 1's lines end (the header's `ends` line).
pub fn colouring_certificate(
    game: &ColouringGame,
    claim: ColouringClaim,
    ends: Ends,
    levels: &[LevelStrategy],
) -> Certificate {
    let mut lines: Vec<(usize, usize, String)> = levels
        .iter()
        .flat_map(|level| level.entries.iter().map(move |(p, m)| (level.colours, p, m)))
        .map(|(k, p, m)| {
            let coloured = p.n() - p.uncoloured().count_ones() as usize;
            (k, coloured, format!("{k} {} {}:{}\n", colouring(p), m.v, m.c))
        })
        .collect();
    lines.sort_unstable();
    let body: String = lines.into_iter().map(|(_, _, line)| line).collect();
    let (order, owners) = match game.rules().ordered() {
        true => {
            let turns = game.turns();
            let order: Vec<String> = turns.iter().map(|(v, _)| v.to_string()).collect();
            let mut owners = vec![b'1'; turns.len()];
            for &(v, second) in &turns {
                owners[v as usize] = if second { b'2' } else { b'1' };
            }
            (order.join(","), String::from_utf8(owners).expect("digits"))
        }
        false => ("-".into(), "-".into()),
    };
    let entries = body.lines().count();
    let text = format!(
        "ramsey-cert {COLOURING_FORMAT_VERSION}\ntool ramsey-verify {}\ngame {}\ngraph {}\norder {order}\n\
         owners {owners}\nclaim {}\nends {}\nentries {entries}\nsha256 {}\n{body}",
        env!("CARGO_PKG_VERSION"),
        game.rules().name(),
        game.graph().graph6(),
        claim.text(),
        // Only the CCG has secured positions (ColouringGame::secured).
        match ends == Ends::Secured && game.rules() == Rules::Ccg {
            true => "secured",
            false => "safe",
        },
        sha256_hex(&body),
    );
    Certificate { text, entries }
}

/// The colouring of every vertex, one symbol each ([`SYMBOLS`]).
fn colouring(p: &ColourPosition) -> String {
    (0..p.n())
        .map(|v| SYMBOLS[p.colour(v as u8) as usize] as char)
        .collect()
}
