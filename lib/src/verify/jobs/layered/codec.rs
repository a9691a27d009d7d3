//! The binary files of a layered folder: canonical keys, positions, moves
//! and values, little-endian, each file with its own table of the scores
//! it uses (written as results write scores, [`Splittable::score_code`]),
//! after its entries (so that a file is finished without being copied),
//! then the table's offset.
//! Reading never panics: a short or inconsistent file is an error (a file
//! is checksummed against its job's result before it is read, so this is
//! only met with a file the program did not write).

use crate::core::board::{Board, Edge, Player, Position, Vertex};
use crate::core::symmetry::Canonical;
use crate::games::Value;
use crate::verify::jobs::{JobsError, Splittable};

/// Bytes being written, with the scores met so far.
pub struct Out<S> {
    bytes: Vec<u8>,
    scores: Vec<S>,
}

impl<S: Copy + Eq> Out<S> {
    /// Nothing written yet.
    pub fn new() -> Out<S> {
        Out::with_capacity(0)
    }

    /// Nothing written yet, room for `bytes` (allocated once, not grown).
    pub fn with_capacity(bytes: usize) -> Out<S> {
        Out {
            bytes: Vec::with_capacity(bytes),
            scores: Vec::new(),
        }
    }

    /// Bytes written so far (what it holds, for the memory cap).
    pub fn size(&self) -> u64 {
        self.bytes.capacity() as u64
    }

    /// A byte.
    pub fn u8(&mut self, x: u8) {
        self.bytes.push(x);
    }

    /// A 32-bit number.
    pub fn u32(&mut self, x: u32) {
        self.bytes.extend_from_slice(&x.to_le_bytes());
    }

    /// A canonical key: its length, then its words.
    pub fn key(&mut self, key: &[u64]) {
        self.u32(key.len() as u32);
        for w in key {
            self.bytes.extend_from_slice(&w.to_le_bytes());
        }
    }

    /// Raw bytes with their length.
    pub fn blob(&mut self, blob: &[u8]) {
        self.blob_with(|bytes| bytes.extend_from_slice(blob));
    }

    /// Raw bytes that `write` appends, with their length (written in
    /// place: no buffer per blob).
    pub fn blob_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        let at = self.bytes.len();
        self.u32(0);
        write(&mut self.bytes);
        let len = (self.bytes.len() - at - 4) as u32;
        self.bytes[at..at + 4].copy_from_slice(&len.to_le_bytes());
    }

    /// A value: its score's number in the table, then its plies.
    pub fn value(&mut self, value: Value<S>) {
        let i = match self.scores.iter().position(|&s| s == value.score) {
            Some(i) => i,
            None => {
                self.scores.push(value.score);
                self.scores.len() - 1
            }
        };
        self.u32(i as u32);
        self.u32(value.plies);
    }

    /// The file: the entries, the score table (one JSON text each), then
    /// where the table starts.
    pub fn finish<G: Splittable<Score = S>>(mut self, game: &G) -> Vec<u8> {
        let table = self.bytes.len() as u64;
        self.u32(self.scores.len() as u32);
        for s in std::mem::take(&mut self.scores) {
            self.blob(game.score_code(s).to_string().as_bytes());
        }
        self.bytes.extend_from_slice(&table.to_le_bytes());
        self.bytes
    }
}

/// Bytes being read, with the file's score table.
pub struct In<'a, S> {
    bytes: &'a [u8],
    at: usize,
    scores: Vec<S>,
    name: &'a str,
}

impl<'a, S: Copy> In<'a, S> {
    /// The file `name` (for errors): its score table is read at once.
    pub fn new<G: Splittable<Score = S>>(game: &G, name: &'a str, bytes: &'a [u8]) -> Result<In<'a, S>, JobsError> {
        let mut input = In {
            bytes,
            at: bytes.len().saturating_sub(8),
            scores: Vec::new(),
            name,
        };
        let table = usize::try_from(input.u64()?).map_err(|_| input.bad())?;
        let end = input.bytes.len() - 8;
        if table > end {
            return Err(input.bad());
        }
        input.bytes = &bytes[..end];
        input.at = table;
        for _ in 0..input.u32()? {
            let text = input.blob()?;
            let code = serde_json::from_slice(text).map_err(|_| input.bad())?;
            let score = game.score_from(&code).ok_or_else(|| input.bad())?;
            input.scores.push(score);
        }
        if !input.done() {
            return Err(input.bad());
        }
        input.bytes = &bytes[..table];
        input.at = 0;
        Ok(input)
    }

    /// The error of a file that is not as written.
    pub fn bad(&self) -> JobsError {
        JobsError::Bad(format!("{}: unreadable at byte {}", self.name, self.at))
    }

    /// Whether everything was read.
    pub fn done(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], JobsError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| self.bad())?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    /// A byte.
    pub fn u8(&mut self) -> Result<u8, JobsError> {
        Ok(self.take(1)?[0])
    }

    /// A 32-bit number.
    pub fn u32(&mut self) -> Result<u32, JobsError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, JobsError> {
        let b = self.take(8)?;
        Ok(u64::from_le_bytes(b.try_into().expect("eight bytes")))
    }

    /// A key, appended to `words`.
    pub fn key_into(&mut self, words: &mut Vec<u64>) -> Result<(), JobsError> {
        let len = self.u32()? as usize;
        let bytes = self.take(len.checked_mul(8).ok_or_else(|| self.bad())?)?;
        words.extend(
            bytes
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().expect("eight bytes"))),
        );
        Ok(())
    }

    /// Raw bytes written with their length.
    pub fn blob(&mut self) -> Result<&'a [u8], JobsError> {
        let len = self.u32()? as usize;
        self.take(len)
    }

    /// A value.
    pub fn value(&mut self) -> Result<Value<S>, JobsError> {
        let i = self.u32()? as usize;
        let score = *self.scores.get(i).ok_or_else(|| self.bad())?;
        Ok(Value {
            score,
            plies: self.u32()?,
        })
    }
}

/// A canonical form as bytes: who moves, its board (none if it is
/// `board`, the start's), each colour's edges, and the generators of its
/// automorphisms (so that the job expanding it need not label it again).
/// Canonical forms of positions on a graph board are on a relabelled
/// board, so the board is written then. Appended to `out`.
pub fn encode_canonical(out: &mut Vec<u8>, board: &Board, canon: &Canonical<Position>) {
    let position = &canon.position;
    out.push(position.to_move() as u8);
    let edges = |out: &mut Vec<u8>, edges: Vec<Edge>| {
        out.extend_from_slice(&(edges.len() as u32).to_le_bytes());
        for e in edges {
            let (u, v) = e.ends();
            out.extend_from_slice(&[u, v]);
        }
    };
    match position.board() == board {
        true => out.push(0),
        false => {
            out.extend_from_slice(&[1, position.vertex_count() as u8]);
            edges(out, position.board_edges());
        }
    }
    edges(out, position.edges(Player::First));
    edges(out, position.edges(Player::Second));
    out.extend_from_slice(&(canon.generators.len() as u32).to_le_bytes());
    for g in &canon.generators {
        out.extend_from_slice(&(g.len() as u32).to_le_bytes());
        out.extend_from_slice(g);
    }
}

/// The canonical form [`encode_canonical`] wrote, with `key` (its labels
/// are canonical: `to_canon` is the identity); `None` if the bytes are not
/// one.
pub fn decode_canonical(board: &Board, bytes: &[u8], key: &[u64]) -> Option<Canonical<Position>> {
    let mut at = 0;
    let mut byte = || {
        at += 1;
        bytes.get(at - 1).copied()
    };
    let to_move = match byte()? {
        0 => Player::First,
        1 => Player::Second,
        _ => return None,
    };
    let edges = |byte: &mut dyn FnMut() -> Option<u8>| -> Option<Vec<Edge>> {
        let len = u32::from_le_bytes([byte()?, byte()?, byte()?, byte()?]);
        (0..len)
            .map(|_| Edge::checked(byte()? as usize, byte()? as usize))
            .collect()
    };
    let board = match byte()? {
        0 => board.clone(),
        1 => {
            let n = byte()? as usize;
            let edges = edges(&mut byte)?;
            if n > crate::core::board::MAX_VERTICES || edges.iter().any(|e| e.ends().1 as usize >= n) {
                return None;
            }
            Board::graph(n, edges)
        }
        _ => return None,
    };
    let mut position = Position::empty(board);
    for player in [Player::First, Player::Second] {
        for e in edges(&mut byte)? {
            position.claim(e, player).ok()?;
        }
    }
    position.set_to_move(to_move);
    let word = |byte: &mut dyn FnMut() -> Option<u8>| Some(u32::from_le_bytes([byte()?, byte()?, byte()?, byte()?]));
    let mut generators = Vec::new();
    for _ in 0..word(&mut byte)? {
        let len = word(&mut byte)?;
        let g: Vec<u8> = (0..len).map(|_| byte()).collect::<Option<_>>()?;
        if g.iter().any(|&v| v as usize >= g.len()) {
            return None;
        }
        generators.push(g);
    }
    let n = position.vertex_count();
    (at == bytes.len()).then(|| Canonical {
        position,
        key: key.into(),
        to_canon: (0..n as Vertex).collect(),
        generators,
    })
}

/// Who moves at a position [`encode_canonical`] wrote (its first byte).
pub fn mover(bytes: &[u8]) -> Option<Player> {
    match bytes.first()? {
        0 => Some(Player::First),
        1 => Some(Player::Second),
        _ => None,
    }
}
