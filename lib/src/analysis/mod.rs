//! Questions asked of games, answered with the engine's searches: who wins
//! an Erdős scoring game, the budget (horizon) question of a strategy's
//! position, and the colouring games' reports, game chromatic numbers and
//! tree censuses.

pub mod budget;
pub mod colouring;
pub mod who_wins;
