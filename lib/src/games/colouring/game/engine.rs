//! The colouring game's capabilities as a game of the engine: its rules
//! ([`crate::games::Rules`]), symmetry, hints and notation. A child module
//! of `game`, so that it reads the game's private fields (the switches of
//! [`ColouringGame::for_certificates`] and its kin) without widening them.

use super::*;

/// The winner hurries, the loser delays.
impl FinalScore for Winner {
    fn hurries(self) -> Option<Player> {
        Some(self.player())
    }
}

impl crate::games::Rules for ColouringGame {
    type Position = ColourPosition;
    type Move = ColourMove;
    type Score = Winner;

    fn start(&self) -> ColourPosition {
        self.start.clone()
    }

    fn to_move(&self, p: &ColourPosition) -> Player {
        p.to_move
    }

    fn outcome(&self, p: &ColourPosition) -> Option<Winner> {
        let uncoloured = p.uncoloured();
        if self.rules.construction() {
            if uncoloured == 0 {
                return Some(Winner::First);
            }
            let blocked = members(uncoloured).any(|v| p.free_colours(v) == 0);
            if blocked {
                return Some(Winner::Second);
            }
            // Every vertex with more free colours than uncoloured
            // neighbours keeps that property whatever is played (a
            // neighbour's move takes at most one colour and one neighbour),
            // so every vertex will be coloured.
            let safe = self.early_win
                && members(uncoloured).all(|v| p.free_colours(v).count_ones() > p.slots[v as usize].row.count_ones());
            return safe.then_some(Winner::First);
        }
        let can_move = match self.rules.ordered() {
            true => next_due(p).is_some_and(|v| p.free_colours(v) != 0),
            false => members(uncoloured).any(|v| p.free_colours(v) != 0),
        };
        (!can_move).then(|| Winner::of(p.to_move.opponent()))
    }

    fn moves(&self, p: &ColourPosition) -> Vec<ColourMove> {
        let vertices: Vec<Vertex> = match self.rules.ordered() {
            true => next_due(p).into_iter().collect(),
            false => members(p.uncoloured()).collect(),
        };
        vertices
            .into_iter()
            .flat_map(|v| {
                let free = p.free_colours(v);
                (1..=p.colours)
                    .filter(move |c| free >> c & 1 == 1)
                    .map(move |c| ColourMove { v, c })
            })
            .collect()
    }

    fn play(&self, p: &ColourPosition, m: &ColourMove) -> ColourPosition {
        debug_assert!(p.slots[m.v as usize].colour == UNCOLOURED && p.free_colours(m.v) >> m.c & 1 == 1);
        let mut next = p.coloured(m.v, m.c);
        next.to_move = match self.rules.ordered() {
            true => next_due(&next).map_or(p.to_move.opponent(), |v| owner(&next, v)),
            false => p.to_move.opponent(),
        };
        next
    }
}

impl Symmetric for ColouringGame {
    fn canonical(&self, p: &ColourPosition) -> Canonical<ColourPosition> {
        let ordered = self.rules.ordered();
        p.canonical_form(Form {
            ordered,
            parity: self.winner_only && !ordered && !self.exact && !self.whole_tokens,
            exact: self.exact,
        })
    }

    /// One move per orbit, with the tokens' and unused colours' symmetries
    /// that the generators leave out (`games::colouring::canonical`).
    fn orbit_moves(&self, p: &ColourPosition, generators: &[Vec<Vertex>]) -> Vec<ColourMove> {
        crate::games::colouring::canonical::orbit_moves(p, crate::games::Rules::moves(self, p), generators, self.exact)
    }

    fn relabel_move(&self, m: &ColourMove, perm: &[Vertex]) -> ColourMove {
        let n = self.graph.n();
        let colour_vertex = n + m.c as usize - 1;
        let c = match perm.get(colour_vertex) {
            Some(&image) => (image as usize - n + 1) as u8,
            None => m.c,
        };
        ColourMove {
            v: perm[m.v as usize],
            c,
        }
    }
}

/// The CCG tells at once whether a move ends it
/// (`ColourPosition::blocking_move` and the securing move) and, asked
/// only who wins, some of player 1's wins.
impl crate::games::Hints for ColouringGame {
    /// In the CCG asked only who wins ([`ColouringGame::for_winner_only`]):
    /// player 1's win where she can colour the unsafe vertices in time
    /// (`ColourPosition::secured`), with no length (it is not known).
    fn quick_value(&self, p: &ColourPosition) -> Option<Value<Winner>> {
        let sure = self.winner_only && self.secured(p);
        sure.then_some(Value {
            score: Winner::First,
            plies: 0,
        })
    }

    fn ending_move(&self, p: &ColourPosition, score: Winner) -> Option<Option<ColourMove>> {
        if self.rules != Rules::Ccg {
            return None;
        }
        Some(match score {
            Winner::Second => p.blocking_move(),
            // Colouring the last vertex, or making every vertex safe.
            Winner::First if !self.early_win => {
                let v = p.uncoloured().trailing_zeros() as Vertex;
                let last = p.uncoloured().count_ones() == 1 && p.free_colours(v) != 0;
                last.then(|| ColourMove {
                    v,
                    c: p.free_colours(v).trailing_zeros() as u8,
                })
            }
            Winner::First => p.securing_move(),
        })
    }
}

impl Notation for ColouringGame {
    fn move_text(&self, m: &ColourMove) -> String {
        format!("{}:{}", m.v, m.c)
    }

    fn score_text(&self, score: Winner) -> String {
        match score {
            Winner::First => "player 1 wins".into(),
            Winner::Second => "player 2 wins".into(),
        }
    }
}
