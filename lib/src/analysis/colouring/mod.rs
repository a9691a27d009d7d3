//! Questions about Bodlaender's colouring games
//! ([`crate::games::colouring`]): solving reports, the game chromatic
//! number, and censuses over trees.

pub mod chromatic;
pub mod linear_strategy;
pub mod report;
pub mod trees;
pub mod trees53;
