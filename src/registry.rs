//! The strategies a program knows, by name: [`Registry`].
//!
//! The command line never names a strategy itself: every subcommand that
//! takes `--strategy NAME` looks the name up in the registry handed to
//! [`crate::cli::main_with`]. The stock `ramsey-verify` binary hands it
//! [`Registry::builtin`]; a researcher's own binary hands it the built-in
//! strategies plus their own, and gets every command and flag for them
//! without editing this crate:
//!
//! ```
//! use ramsey_verify::registry::Registry;
//! use ramsey_verify::strategy::{Game, Memory, Move, Strategy, StrategyError, View};
//!
//! /// Delegates to the built-in `k3` under another name.
//! struct Renamed(std::sync::Arc<dyn Strategy>);
//!
//! impl Strategy for Renamed {
//!     fn name(&self) -> &'static str { "k3-renamed" }
//!     fn description(&self) -> &'static str { "the built-in k3 under another name" }
//!     fn game(&self) -> Game { self.0.game() }
//!     fn initial_memory(&self) -> Memory { self.0.initial_memory() }
//!     fn play(&self, view: &View) -> Result<Move, StrategyError> { self.0.play(view) }
//! }
//!
//! let mut registry = Registry::builtin();
//! let k3 = registry.get("k3").unwrap();
//! registry.add(Renamed(k3.clone())).unwrap();
//! assert_eq!(registry.names().last(), Some("k3-renamed"));
//!
//! // A name is taken once: adding it again fails and changes nothing.
//! let taken = registry.add(Renamed(k3)).unwrap_err();
//! assert_eq!(
//!     taken.to_string(),
//!     "a strategy named `k3-renamed` is already registered; give the new one another name"
//! );
//! // An unknown name is an error that lists the known ones.
//! let unknown = registry.get("k5").err().unwrap().to_string();
//! assert!(unknown.starts_with("unknown strategy `k5` (known: k3, "));
//! ```

use crate::strategy::Strategy;
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

    /// The strategies of this crate (`strategies/`): the K3 building
    /// strategy of Bowler and Gut, its deliberately broken variants, and the
    /// K4 strategies.
    pub fn builtin() -> Registry {
        let mut registry = Registry::new();
        for strategy in crate::strategies::all() {
            registry
                .add(strategy)
                .expect("the built-in strategies have distinct names");
        }
        registry
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
