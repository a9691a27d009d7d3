//! Questions asked of games, answered with the engine's searches: who wins
//! an Erdős scoring game, the budget (horizon) question of a strategy's
//! position, the colouring games' reports, game chromatic numbers and
//! tree censuses, and the table of Slany's graph Ramsey games with his
//! open problems.

pub mod budget;
pub mod colouring;
pub mod erdos;
pub mod open_problems;
pub mod ramsey_game;
pub mod ramsey_table;
pub mod who_wins;
