//! The strategies a program knows, by name: [`Registry`].
//!
//! The command line never names a strategy itself: every subcommand that
//! takes `--strategy NAME` looks the name up in the registry handed to
//! `ramsey_verify::cli::main_with`. The stock `ramsey-verify` binary hands
//! it the built-in strategies (`ramsey_strategies::builtin()`); a
//! researcher's own binary hands it the built-in strategies plus their own,
//! and gets every command and flag for them without editing any crate:
//!
//! ```
//! use ramsey_verify_lib::core::board::Edge;
//! use ramsey_verify_lib::core::memory::Memory;
//! use ramsey_verify_lib::verify::registry::Registry;
//! use ramsey_verify_lib::verify::strategy::{Game, Move, Strategy, StrategyError, View};
//!
//! /// Claims `0-1` and nothing else: enough to be registered.
//! struct FirstEdge;
//!
//! impl Strategy for FirstEdge {
//!     fn name(&self) -> &'static str { "k3-first-edge" }
//!     fn description(&self) -> &'static str { "claims 0-1" }
//!     fn game(&self) -> Game { Game::clique(3) }
//!     fn initial_memory(&self) -> Memory { Memory::new(0, 0) }
//!     fn play(&self, view: &View) -> Result<Move, StrategyError> {
//!         Ok(Move { edge: Edge::new(0, 1), memory: view.memory.clone() })
//!     }
//! }
//!
//! let mut registry = Registry::new();
//! registry.add(FirstEdge).unwrap();
//! assert_eq!(registry.names().last(), Some("k3-first-edge"));
//!
//! // A name is taken once: adding it again fails and changes nothing.
//! let taken = registry.add(FirstEdge).unwrap_err();
//! assert_eq!(
//!     taken.to_string(),
//!     "a strategy named `k3-first-edge` is already registered; give the new one another name"
//! );
//! // An unknown name is an error that lists the known ones.
//! let unknown = registry.get("k5").err().unwrap().to_string();
//! assert_eq!(unknown, "unknown strategy `k5` (known: k3-first-edge)");
//! ```

use crate::verify::strategy::Strategy;
use std::sync::Arc;

/// Strategies by name, in the order they were added (the order in which
/// `ramsey-verify strategies` lists them). Names are unique.
#[derive(Clone, Default)]
pub struct Registry {
    strategies: Vec<Arc<dyn Strategy>>,
}

/// Why a strategy cannot be added to a [`Registry`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegistryError {
    /// Another strategy of the registry already has this name.
    #[error("a strategy named `{name}` is already registered; give the new one another name")]
    DuplicateName {
        /// The name both strategies have.
        name: String,
    },
}

/// A name that no strategy of the registry has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy `{name}` (known: {})", known.join(", "))]
pub struct UnknownStrategy {
    /// The name asked for.
    pub name: String,
    /// Every name the registry knows, in its order.
    pub known: Vec<String>,
}

impl From<UnknownStrategy> for String {
    fn from(e: UnknownStrategy) -> String {
        e.to_string()
    }
}

/// A strategy in any of the forms a program holds one: a value of a type
/// that implements [`Strategy`], a `Box<dyn Strategy>` or an
/// `Arc<dyn Strategy>` (e.g. one taken from another registry).
pub trait IntoStrategy {
    /// The strategy, shared.
    fn into_strategy(self) -> Arc<dyn Strategy>;
}

impl<S: Strategy + 'static> IntoStrategy for S {
    fn into_strategy(self) -> Arc<dyn Strategy> {
        Arc::new(self)
    }
}

impl IntoStrategy for Box<dyn Strategy> {
    fn into_strategy(self) -> Arc<dyn Strategy> {
        Arc::from(self)
    }
}

impl IntoStrategy for Arc<dyn Strategy> {
    fn into_strategy(self) -> Arc<dyn Strategy> {
        self
    }
}

impl Registry {
    /// A registry with no strategies.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds `strategy` after the ones already registered; fails, leaving
    /// the registry as it was, if its name is taken.
    pub fn add(&mut self, strategy: impl IntoStrategy) -> Result<&mut Registry, RegistryError> {
        let strategy = strategy.into_strategy();
        if self.strategies.iter().any(|s| s.name() == strategy.name()) {
            return Err(RegistryError::DuplicateName {
                name: strategy.name().to_string(),
            });
        }
        self.strategies.push(strategy);
        Ok(self)
    }

    /// The registry with `strategy` added (see [`Registry::add`]), for
    /// building one in a single expression.
    pub fn with(mut self, strategy: impl IntoStrategy) -> Result<Registry, RegistryError> {
        self.add(strategy)?;
        Ok(self)
    }

    /// The strategy called `name`; the error lists every known name.
    pub fn get(&self, name: &str) -> Result<Arc<dyn Strategy>, UnknownStrategy> {
        self.strategies
            .iter()
            .find(|s| s.name() == name)
            .cloned()
            .ok_or_else(|| UnknownStrategy {
                name: name.to_string(),
                known: self.names().map(str::to_string).collect(),
            })
    }

    /// The registered strategies, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Strategy>> {
        self.strategies.iter()
    }

    /// The registered names, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.strategies.iter().map(|s| s.name())
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}
