//! Questions about Bodlaender's colouring games
//! ([`crate::games::colouring`]): solving reports, the game chromatic
//! number, censuses over trees, and the `colour` command's questions as a
//! program states them ([`request`]), each answer with its text and JSON.

pub mod by_size;
pub mod chromatic;
pub mod linear_only;
pub mod linear_strategy;
pub mod parts;
pub mod report;
pub mod request;
pub mod trees;
pub mod trees53;
pub mod trees53_states;
