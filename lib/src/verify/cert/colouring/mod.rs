//! Certificates of Bodlaender's colouring games (format version 7 for the
//! ordered games, 12 for the others, proofs/FORMAT.md): a claim "player P wins the game with k colours" is
//! P's strategy, one move per position (up to isomorphism) where P is to
//! move, every reply of the other player covered, down to the end of the
//! game. The game chromatic number chi_g = K is K claims: player 1 wins the
//! CCG with K colours, and player 2 wins it with each k < K (that a win at
//! k gives a win at k + 1 is not known, so every smaller k is claimed).
//!
//! The strategies are read off a search by [`crate::engine::extract::walk`]
//! on the game's certificate forms ([`ColouringGame::for_certificates`]):
//! the searches merge positions by simplifications that keep values
//! (tokens, parity; see `games::colouring::canonical`), the checker by
//! isomorphism, and in version 12 also up to tokens (safe components,
//! which keep the number of uncoloured vertices), never by parity. Where
//! the search ran on those very forms and recorded what it found
//! ([`Search::recorded`]: chi_g's searches), the walk reads its winning
//! move at a position of the prover and, at the other player's, skips the
//! replies whose positions it has met (their fingerprints recorded too)
//! without playing or labelling them, and after a new one plays the
//! prover's recorded answer without labelling the position between
//! ([`Prover::answer`]: one labelling per position of the other player,
//! none per entry); P4 x P7 (secured): +89% over the search alone in
//! instructions before, +66% now (docs/book/src/performance.md). Elsewhere,
//! at each position of the prover the move is: a move that
//! ends the game at once with the prover's win
//! ([`crate::games::Hints::ending_move`]: player 2 blocks a vertex, player 1
//! makes every vertex safe); else in a position where player 1 wins by
//! colouring the unsafe vertices in time, that plan's move
//! ([`ColouringGame::secured_move`], which the search decides without
//! searching, so its moves are spelt out here); else the first move, in
//! the caller's order, after which the search *knows* that the prover wins
//! without searching ([`Search::known`]: decided at once or in its table);
//! else the search's own choice ([`Search::choice`]: the move its value
//! came from). So the walk follows the search's proof and asks it little
//! it has not stored already: asking it which moves win, in the caller's
//! order, made it solve positions it never needed (P5 x P6 grew past 7
//! GB), and its own choice alone, in the labels of its reduced forms, met
//! fewer transpositions (P4 x P7: 419,340 entries instead of 190,556). Lines end where the
//! game is over, including the construction games' early end once every
//! uncoloured vertex is safe (the checker argues that one itself,
//! FORMAT.md).
//!
//! Memory: entries are kept as `n + 2` bytes each (the colouring's symbols,
//! the move; [`LevelStrategy`]), and the walk's fingerprints and waiting
//! positions, the search's table and what the caller holds are counted
//! together against one cap ([`Search::cap`]): past it the writer stops with
//! [`Stopped`] (a memory cap), as the search itself does. The text is never
//! held whole: [`ColouringCertificate::write`] streams it into the file from
//! the entries (module `body`).

mod body;

use crate::core::board::Player;
use crate::core::symmetry::Canonical;
use crate::engine::extract::{opening, Prover, Recorded, WalkSize};
use crate::engine::Stopped;
use crate::games::colouring::{ColourMove, ColourPosition, ColouringGame, Rules, Winner};
use crate::games::prelude::*;
pub use body::{ColouringCertificate, LevelStrategy};

/// Certificate format version of colouring games.
pub const COLOURING_FORMAT_VERSION: u32 = 7;

/// Format version of colouring certificates in parts: version 7 with a
/// `start` line (a part: one claim from a position) and leaf lines (an
/// opening: each leaf the start of a part file, named with its SHA-256).
pub const PARTS_FORMAT_VERSION: u32 = 11;

/// Format version of colouring certificates of unordered games (CG, CCG),
/// whole or in parts: version 11's layout, positions compared up to tokens
/// (the vertices of safe components, counted), so far fewer entries than
/// version 7's isomorphism alone: P4 x P7 (secured) 51,246 instead of
/// 298,498, and about as many as the search's own table.
pub const TOKENS_FORMAT_VERSION: u32 = 12;

/// The colour symbols of a body line: colour `c` is `SYMBOLS[c]`, `0` an
/// uncoloured vertex; so at most [`MAX_CERT_COLOURS`] colours.
pub const SYMBOLS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The most colours a colouring certificate can write (one symbol each).
pub const MAX_CERT_COLOURS: usize = SYMBOLS.len() - 1;

/// Sorts moves, the likeliest winners for the mover first.
pub type Order<'a> = &'a (dyn Fn(&ColourPosition, &mut [ColourMove]) + Sync);

/// The search a strategy is read off, and the memory the writer may use.
#[derive(Clone, Copy)]
pub struct Search<'a> {
    /// Who wins a position (any labels), if the search knows it without
    /// searching (over, decided at once, or in its table).
    pub known: &'a (dyn Fn(&ColourPosition) -> Option<Winner> + Sync),
    /// The order in which moves are probed with `known`.
    pub order: Order<'a>,
    /// The search's move at a position (any labels) whose player it says
    /// wins: a winning move if the search is right (a certificate of a
    /// wrong answer fails the check).
    pub choice: &'a (dyn Fn(&ColourPosition) -> Result<ColourMove, Stopped> + Sync),
    /// What the search recorded as it went at the position whose canonical
    /// form (the certificate's, [`ColouringGame::for_certificates`]) is
    /// given, in that position's labels ([`crate::engine::Decider::recorded`]):
    /// a recorded move is taken before anything else, so no move is probed
    /// there, and recorded replies spare the walk labelling the positions
    /// it has met already.
    pub recorded: &'a (dyn Fn(&Canonical<ColourPosition>) -> Option<Recorded<ColourMove>> + Sync),
    /// Drops the record of the position whose canonical key has the given
    /// fingerprint, once the walk keeps it ([`Prover::kept`],
    /// [`crate::engine::Decider::forget`]).
    pub forget: &'a (dyn Fn(u64) + Sync),
    /// Bytes the search holds now (its table, which grows if the walk asks
    /// about positions it has not stored).
    pub bytes: &'a (dyn Fn() -> u64 + Sync),
    /// Bytes the caller holds already (earlier levels' strategies).
    pub held: u64,
    /// The cap on all of it, in bytes (`--max-memory`).
    pub cap: u64,
}

impl<'a> Search<'a> {
    /// `choice` with no table and no cap (tests, forged strategies).
    pub fn unlimited(choice: &'a (dyn Fn(&ColourPosition) -> Result<ColourMove, Stopped> + Sync)) -> Search<'a> {
        Search {
            known: &|_| None,
            order: &|_, _| {},
            choice,
            recorded: &|_| None,
            forget: &|_| {},
            bytes: &|| 0,
            held: 0,
            cap: u64::MAX,
        }
    }
}

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
    /// (P4 x P6: 2,006 entries instead of 29,191).
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

/// The prover's choice, as the module docs say.
struct Follower<'a> {
    game: &'a ColouringGame,
    player: Player,
    search: Search<'a>,
    ends: Ends,
    /// Bytes of one position waiting in the walk.
    position_bytes: u64,
}

impl Prover<ColouringGame> for Follower<'_> {
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
        (self.search.order)(p, &mut moves);
        let wins = |m: &ColourMove| (self.search.known)(&self.game.play(p, m)) == Some(Winner::of(self.player));
        match moves.into_iter().find(wins) {
            Some(m) => Ok(m),
            None => (self.search.choice)(p),
        }
    }
    /// The search's recorded move, where it recorded one. Positions with
    /// one key may differ in the free colours of their tokens (which are
    /// not part of the form), so the search's colour for a token may not
    /// be free here: then any free colour of the vertex, which leads to
    /// the same form (a safe component less one vertex is still safe,
    /// `games::colouring::canonical`); a move that is illegal otherwise is
    /// not taken ([`Prover::choose`] is asked).
    fn recorded(&self, p: &ColourPosition, canon: &Canonical<ColourPosition>) -> Option<Recorded<ColourMove>> {
        match (self.search.recorded)(canon)? {
            Recorded::Move(m) => legal(p, m).map(Recorded::Move),
            replies => Some(replies),
        }
    }
    /// The recorded answer after a reply, made legal as a recorded move is
    /// ([`Prover::recorded`]): the search's form and this position share
    /// a key, not their tokens' free colours.
    fn answer(&self, p: &ColourPosition, answer: ColourMove) -> Option<ColourMove> {
        legal(p, answer)
    }
    fn kept(&self, f: u64) {
        (self.search.forget)(f)
    }
    /// The colouring, one byte per vertex: the rest follows from it
    /// ([`ColouringGame::position_with`]).
    fn pack(&self, p: &ColourPosition) -> Option<Box<[u8]>> {
        Some((0..p.n()).map(|v| p.colour(v as u8)).collect())
    }
    fn unpack(&self, colours: &[u8]) -> ColourPosition {
        self.game.position_with(colours)
    }
    /// The walk, the entries so far, the search's table and the caller's
    /// bytes together within the cap.
    fn within_memory(&self, size: WalkSize) -> Result<(), Stopped> {
        let record = self.game.graph().n() as u64 + 2;
        let reply = std::mem::size_of::<(ColourMove, u64, Option<ColourMove>)>() as u64;
        let walk = size.bytes(self.position_bytes, reply, record);
        match walk + (self.search.bytes)() + self.search.held > self.search.cap {
            true => Err(Stopped::certificate_cap(self.search.cap)),
            false => Ok(()),
        }
    }
}

/// `m`, read off a search's form of a position with `p`'s key, as a legal
/// move of `p`: itself if it is; on a vertex of a safe component (a token
/// of the form, whose free colours are no part of the key) any free
/// colour of it, which leads to the same form; else `None`.
fn legal(p: &ColourPosition, ColourMove { v, c }: ColourMove) -> Option<ColourMove> {
    let free = p.free_colours(v);
    match (p.colour(v), free >> c & 1) {
        (0, 1) => Some(ColourMove { v, c }),
        (0, _) if free != 0 && p.in_safe_component(v) => Some(ColourMove {
            v,
            c: free.trailing_zeros() as u8,
        }),
        _ => None,
    }
}

/// A position's colouring as a body line writes it: one symbol per vertex.
pub fn colouring_text(p: &ColourPosition) -> String {
    (0..p.n())
        .map(|v| SYMBOLS[p.colour(v as u8) as usize] as char)
        .collect()
}

/// `player`'s winning strategy in `game` from its start, read off
/// `search`, which must say `player` wins there; `ends` says where player
/// 1's lines end. Stops with [`Stopped`] past `search`'s memory cap.
pub fn winning_strategy(
    game: &ColouringGame,
    player: Player,
    search: Search,
    ends: Ends,
) -> Result<LevelStrategy, Stopped> {
    Ok(strategy_from(game, &game.start(), player, search, ends, usize::MAX)?.0)
}

/// [`winning_strategy`] from `start` (a part's start, or the game's), for
/// its first `plies` plies only: the strategy so far and the positions
/// still open after `plies` plies, up to equivalence (the frontier, each
/// the start of a part; [`crate::engine::extract::opening`]).
pub fn strategy_from(
    game: &ColouringGame,
    start: &ColourPosition,
    player: Player,
    search: Search,
    ends: Ends,
    plies: usize,
) -> Result<(LevelStrategy, Vec<ColourPosition>), Stopped> {
    let exact = game.clone().for_certificates();
    let prover = Follower {
        game: &exact,
        player,
        search,
        ends,
        // A packed position: its bytes, the box and the allocator's rounding.
        position_bytes: start.n() as u64 + 32,
    };
    let mut level = LevelStrategy::new(game.colours(), game.graph().n());
    let frontier = opening(
        &exact,
        start,
        player,
        &prover,
        |p| exact.canonical(p),
        plies,
        |p, m| level.push((0..p.n()).map(|v| SYMBOLS[p.colour(v as u8) as usize]), m.v, m.c),
    )?;
    let sorting = level.bytes() + level.sort_bytes() + (search.bytes)() + search.held;
    if sorting > search.cap {
        return Err(Stopped::certificate_cap(search.cap));
    }
    level.sort();
    Ok((level, frontier))
}

/// A leaf of an opening: a position (either player to move) with
/// `colours` colours whose claim a part file proves.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Leaf {
    /// The claim's number of colours.
    pub colours: usize,
    /// The position, one symbol per vertex ([`colouring_text`]).
    pub colouring: String,
    /// The part's file name, in the opening's folder.
    pub file: String,
    /// The SHA-256 of the part's file, as written (gzipped or not).
    pub sha256: String,
}

/// What a certificate in parts (version 11, or 12) adds to version 7: where it
/// starts (a part) and which positions it leaves to parts (an opening).
#[derive(Clone, Copy, Debug, Default)]
pub struct Parts<'a> {
    /// A part's start; `None` for the game's start.
    pub start: Option<&'a ColourPosition>,
    /// The opening's leaves.
    pub leaves: &'a [Leaf],
}

/// The certificate (version 12; 7 in ordered games) of `claim` about `game` (its rules, graph,
/// order and owners; its number of colours is the levels'), with one
/// strategy per claim of [`ColouringClaim::levels`].
/// `ends` is where player 1's lines end (the header's `ends` line).
pub fn colouring_certificate(
    game: &ColouringGame,
    claim: ColouringClaim,
    ends: Ends,
    levels: Vec<LevelStrategy>,
) -> ColouringCertificate {
    certificate(game, claim, ends, levels, None)
}

/// [`colouring_certificate`] in parts (version 12; 11 in ordered games): a part (`claim` from
/// `parts.start`) or an opening (its leaves named); `levels` as there.
pub fn colouring_certificate_in_parts(
    game: &ColouringGame,
    claim: ColouringClaim,
    ends: Ends,
    levels: Vec<LevelStrategy>,
    parts: Parts,
) -> ColouringCertificate {
    certificate(game, claim, ends, levels, Some(parts))
}

/// The certificate: its header, then the body that
/// [`ColouringCertificate`] writes from `levels` and the leaves.
fn certificate(
    game: &ColouringGame,
    claim: ColouringClaim,
    ends: Ends,
    levels: Vec<LevelStrategy>,
    parts: Option<Parts>,
) -> ColouringCertificate {
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
    let start = |p: Option<Parts>| {
        let start = p.and_then(|p| p.start);
        format!("start {}\n", start.map_or("-".into(), colouring_text))
    };
    let (version, start) = match (game.rules().ordered(), parts) {
        (true, None) => (COLOURING_FORMAT_VERSION, String::new()),
        (true, Some(_)) => (PARTS_FORMAT_VERSION, start(parts)),
        (false, _) => (TOKENS_FORMAT_VERSION, start(parts)),
    };
    let head = format!(
        "ramsey-cert {version}\ntool ramsey-verify {}\ngame {}\ngraph {}\norder {order}\n\
         owners {owners}\nclaim {}\nends {}\n{start}",
        env!("CARGO_PKG_VERSION"),
        game.rules().name(),
        game.graph().graph6(),
        claim.text(),
        // Only the CCG has secured positions (ColouringGame::secured).
        match ends == Ends::Secured && game.rules() == Rules::Ccg {
            true => "secured",
            false => "safe",
        },
    );
    let leaves = parts.map_or(&[][..], |p| p.leaves).to_vec();
    ColouringCertificate::new(head, levels, leaves)
}
