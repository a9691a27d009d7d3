//! Bodlaender's colouring games ("On the complexity of some coloring
//! games", RUU-CS-89-27, 1989) as one more game ([`crate::games::Rules`]): a vertex
//! game searched by the same engine as the edge games.
//!
//! Our reading of the paper (section numbers are the paper's):
//! - Every game (Section 1, Section 5): two players colour vertices of a
//!   graph G with colours from a set C of k colours; a vertex may never get
//!   a colour one of its neighbours already has. This is a rule: a move
//!   that would break it is not a move at all, never a way to lose.
//! - Ordered games (Section 1): a linear order f fixes which vertex is
//!   coloured at move t (vertex f^-1(t)). Without owners the players
//!   alternate, player 1 colouring f^-1(1), f^-1(3), ... With an owner
//!   function (Section 1, "each vertex is owned by a player") the owner of
//!   f^-1(t) colours it at move t; the paper leaves open who wins the SCG
//!   when every vertex gets coloured, and we let the player who coloured
//!   the last vertex win (the other player, "to move", cannot), which is
//!   the paper's rule "player 1 loses iff n is even" (end of Section 3's
//!   algorithm) when owners alternate.
//! - SEQUENTIAL COLORING GAME, SCG ([`Rules::Scg`], Section 1): ordered;
//!   the first player unable to move loses (no vertex left, or the vertex
//!   due has every colour on a neighbour).
//! - SEQUENTIAL COLORING CONSTRUCTION GAME, SCCG ([`Rules::Sccg`],
//!   Section 1): ordered; player 1 wins iff every vertex ends up coloured.
//! - COLORING GAME, CG ([`Rules::Cg`], Section 5): a move colours any
//!   uncoloured vertex with any colour none of its neighbours has; the
//!   first player unable to move loses. With k = 1 this is Node Kayles
//!   (Theorem 5.1).
//! - COLORING CONSTRUCTION GAME, CCG ([`Rules::Ccg`], Section 5): moves as
//!   in the CG; player 1 wins iff the game ends with every vertex coloured.
//! - Game chromatic number (Section 5, "chromatic game number"): the
//!   least k for which player 1 wins the CCG with k colours.
//!
//! Construction games end as soon as the winner is certain: when some
//! uncoloured vertex has every colour on a neighbour (it can never be
//! coloured: player 2 has won), or when every uncoloured vertex has more
//! free colours than uncoloured neighbours (a move takes at most one
//! colour and one neighbour from a vertex, so this stays true and every
//! vertex will be coloured: player 1 has won). This only shortens lines,
//! it never changes a winner (the brute-force tests play to the end).
//!
//! All four rule sets treat the colours alike, so positions are put in
//! canonical form up to automorphisms of G *and* permutations of the
//! colours, merging on the way positions proved to have the same value
//! ([`canonical`]).

pub mod canonical;
pub mod game;
pub mod graph;
pub mod input;
pub mod linear;
pub mod order;
pub mod position;
pub mod reductions;
pub mod separation;

pub use game::{ColourMove, ColouringError, ColouringGame, Rules, Winner};
pub use graph::{parse_graph, Graph};
pub use input::{FamilyError, GraphError};
pub use order::{parse_order, parse_owners, OrderError};
pub use position::ColourPosition;
