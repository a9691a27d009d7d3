//! What a strategy remembers, as vertex-labelled data: the engine relabels
//! it together with the position, so a strategy's memory is part of the
//! canonical form of a situation ([`crate::core::canon`]).

use crate::core::board::Vertex;
use serde::{Deserialize, Serialize};

/// What a strategy remembers, as data the engine can relabel.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Memory {
    /// Vertex-free state: stage number, counters, plan kinds. Kept verbatim.
    pub words: Vec<u32>,
    /// Named vertices by slot; the strategy decides what slot `i` means.
    /// Relabelled with the position. A name must refer to a touched vertex
    /// once her move is on the board (checked by the engine).
    pub names: Vec<Option<Vertex>>,
}

impl Memory {
    /// Memory with `words` zeroed words and `slots` empty name slots.
    #[inline]
    pub fn new(words: usize, slots: usize) -> Memory {
        Memory {
            words: vec![0; words],
            names: vec![None; slots],
        }
    }

    /// The vertex named by `slot`, if any.
    #[inline]
    pub fn name(&self, slot: usize) -> Option<Vertex> {
        self.names.get(slot).copied().flatten()
    }

    /// The vertex named by `slot`, or an error saying the rule needs it
    /// (a strategy's `?` turns it into a "rule does not apply" error).
    #[inline]
    pub fn require(&self, slot: usize, what: &str) -> Result<Vertex, Unnamed> {
        self.name(slot).ok_or_else(|| Unnamed { what: what.to_string() })
    }

    /// Names `v` by `slot` (`None` forgets the slot's vertex).
    ///
    /// # Panics
    /// If the memory has no slot `slot`.
    #[inline]
    pub fn set_name(&mut self, slot: usize, v: Option<Vertex>) {
        self.names[slot] = v;
    }

    /// The memory with every named vertex mapped through `f`.
    #[inline]
    pub fn relabel(&self, f: impl Fn(Vertex) -> Vertex) -> Memory {
        Memory {
            words: self.words.clone(),
            names: self.names.iter().map(|n| n.map(&f)).collect(),
        }
    }
}

/// A memory slot a rule needs holds no vertex.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("vertex {what} is not named")]
pub struct Unnamed {
    /// What the slot's vertex is to the strategy (e.g. "the hub").
    pub what: String,
}
