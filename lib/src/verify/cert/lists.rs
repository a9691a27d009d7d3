//! Certificates of `verify --choices all` (format version 4, claim
//! `every-option-wins`): per position up to isomorphism, every list of
//! options the strategy gave there (one list per memory that led there,
//! as far as the lists differ), each with the smallest depth proven.
//!
//! Closed as in version 2: a list of depth `d` was proven with every
//! option winning, every reply after it leading to a situation whose list
//! won within `d - 1`; that list is written (with its depth or a smaller
//! one), so the checker finds an entry of depth at most `d - 1`. A list is
//! not merged with the lists of other memories at the same position: their
//! depths may differ, and a union would not be closed. Lists whose every
//! option completes her target (depth 1) are left out, as in version 2.

use super::{first_fresh, seal, Certificate, CHOICES_VERSION};
use crate::core::board::{Board, Edge, Player, Position};
use crate::core::canon::{canonical_form, Key};
use crate::core::graph6::encode_position;
use crate::core::memory::Memory;
use crate::verify::search::Observer;
use crate::verify::strategy::Game;
use dashmap::DashMap;
use std::collections::BTreeMap;

/// Collects her proven option lists during a `--choices all` search.
#[derive(Default)]
pub struct ListRecorder {
    /// Per canonical position: the position, and each list with its depth.
    entries: DashMap<Key, (Position, BTreeMap<Vec<Edge>, u32>)>,
}

impl Observer for ListRecorder {
    fn her_move(&self, before: &Position, her: Edge, depth: u32) {
        self.her_options(before, &[her], depth);
    }

    fn her_options(&self, before: &Position, options: &[Edge], depth: u32) {
        if depth == 1 {
            return;
        }
        let canon = canonical_form(before, &Memory::default(), None);
        let t = canon.position.touched_count() as u8;
        let mut list: Vec<Edge> = options
            .iter()
            .map(|e| first_fresh(e.map(|v| canon.to_canon.apply(v)), t))
            .collect();
        list.sort_unstable();
        list.dedup();
        let mut entry = self
            .entries
            .entry(canon.key)
            .or_insert_with(|| (canon.position, BTreeMap::new()));
        let known = entry.1.entry(list).or_insert(depth);
        *known = (*known).min(depth);
    }

    fn forget(&self) {
        self.entries.clear();
    }
}

impl ListRecorder {
    /// A recorder with nothing recorded.
    pub fn new() -> ListRecorder {
        ListRecorder::default()
    }

    /// The certificate of a verified `--choices all` run of `game` on
    /// `board` within `bound`.
    pub fn certificate(&self, game: Game, board: Board, bound: u32) -> Certificate {
        let mut lines = Vec::new();
        for entry in self.entries.iter() {
            let (position, lists) = entry.value();
            for (list, depth) in lists {
                let moves: Vec<String> = list.iter().map(|e| e.to_string()).collect();
                let line = format!("{} {} {depth}\n", encode_position(position), moves.join(","));
                lines.push((position.edge_count(Player::First), line));
            }
        }
        seal(CHOICES_VERSION, "claim every-option-wins", game, board, bound, lines)
    }
}
