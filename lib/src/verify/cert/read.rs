//! Reading a strategy certificate (format version 2, proofs/FORMAT.md)
//! back as her moves, for a reader to walk down ([`super::walk`]).
//!
//! This is not a checker and shares no code with `checker/`: it trusts
//! nothing it cannot see at once (the header, the body's SHA-256, each
//! entry's syntax and the legality of her move), and finds her move at a
//! position by its canonical form, the engine's (so a certificate written
//! in any labelling is read). Whether the strategy really wins is the
//! checker's question; a walk that meets a position the certificate has no
//! move for says so.

use crate::core::board::{Board, Edge, Position, MAX_VERTICES};
use crate::core::canon::{canonical_form, Key};
use crate::core::graph6::decode_position;
use crate::core::memory::Memory;
use crate::verify::strategy::Game;
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Read;

/// The most text read (after gunzip): the checker's cap (FORMAT.md, Limits).
const MAX_TEXT: u64 = 128 << 20;

/// Her strategy as a certificate states it.
#[derive(Debug)]
pub struct StrategyCertificate {
    /// The board (`K_n` or `K_aleph0`).
    pub board: Board,
    /// The `K_k` game.
    pub game: Game,
    /// The claimed bound on her moves.
    pub bound: u32,
    /// Her move (canonical labels) and its depth, per position class.
    moves: HashMap<Key, (Edge, u32)>,
}

impl StrategyCertificate {
    /// Reads the certificate at `path` (gzipped or not); a one-line error
    /// if it cannot be read, is not version 2 from the empty board, or is
    /// damaged.
    pub fn read(path: &std::path::Path) -> Result<StrategyCertificate, String> {
        let fail = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
        let raw = std::fs::read(path).map_err(fail)?;
        let mut text = Vec::new();
        match raw.starts_with(&[0x1f, 0x8b]) {
            true => flate2::read::GzDecoder::new(&raw[..])
                .take(MAX_TEXT + 1)
                .read_to_end(&mut text)
                .map_err(fail)?,
            false => (&raw[..]).take(MAX_TEXT + 1).read_to_end(&mut text).map_err(fail)?,
        };
        if text.len() as u64 > MAX_TEXT {
            return Err(format!("{}: more than {MAX_TEXT} bytes of text", path.display()));
        }
        let text = String::from_utf8(text).map_err(|_| format!("{}: not text", path.display()))?;
        Self::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a certificate's text.
    pub fn parse(text: &str) -> Result<StrategyCertificate, String> {
        let mut header = text.splitn(9, '\n');
        let mut field = |key: &str| {
            let line = header.next().unwrap_or("");
            line.strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| format!("header line `{key} ...` expected, found `{}`", clip(line)))
        };
        let version = field("ramsey-cert")?;
        if version != "2" {
            return Err(format!(
                "format version {} is not a strategy of hers to walk (version 2, as `verify --cert` writes)",
                clip(&version)
            ));
        }
        field("tool")?;
        let board: Board = field("board")?.parse().map_err(|e| format!("board: {e}"))?;
        let target = field("target")?;
        let clique = target
            .strip_prefix('K')
            .and_then(|k| k.parse().ok())
            .filter(|k| (2..=16).contains(k))
            .ok_or_else(|| format!("target `{}` is not K2..K16", clip(&target)))?;
        let bound = field("bound")?
            .parse()
            .map_err(|_| "bound is not a number".to_string())?;
        if field("start")? != "empty" {
            return Err("walks start from the empty board (`start empty`); this certificate starts elsewhere".into());
        }
        let entries: usize = field("entries")?
            .parse()
            .map_err(|_| "entries is not a number".to_string())?;
        let sha = field("sha256")?;
        let body = header.next().unwrap_or("");
        if super::sha256_hex(body) != sha {
            return Err("the body's SHA-256 does not match the header: the file is damaged".into());
        }
        let lines: Vec<&str> = body.lines().collect();
        if lines.len() != entries {
            return Err(format!(
                "the header announces {entries} entries, the body has {}",
                lines.len()
            ));
        }
        let parsed: Result<Vec<_>, String> = lines
            .par_iter()
            .enumerate()
            .map(|(i, line)| entry(line, &board).map_err(|e| format!("line {}: {e}", i + 9)))
            .collect();
        let mut moves = HashMap::new();
        for (key, her, depth) in parsed? {
            let kept = moves.entry(key).or_insert((her, depth));
            if depth < kept.1 {
                *kept = (her, depth);
            }
        }
        let game = Game::clique(clique);
        Ok(StrategyCertificate {
            board,
            game,
            bound,
            moves,
        })
    }

    /// Her move at `position` (its labels) and the depth the certificate
    /// claims for it, if it has an entry for the position's class.
    pub fn her_move(&self, position: &Position) -> Option<(Edge, u32)> {
        let canon = canonical_form(position, &Memory::default(), None);
        let &(her, depth) = self.moves.get(&canon.key)?;
        let back = canon.to_canon.inverse();
        let (u, v) = her.ends();
        // A fresh end past the board's last vertex: no move on this board.
        let apply = |w: u8| back.map.get(w as usize).copied();
        Some((Edge::new(apply(u)?, apply(v)?), depth))
    }
}

/// One body line: the position's class, her move in its canonical labels
/// (untouched ends renamed `t`, `t + 1`) and the depth.
fn entry(line: &str, board: &Board) -> Result<(Key, Edge, u32), String> {
    let mut fields = line.split(' ');
    let (Some(position), Some(her), Some(depth), None) = (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(format!("`{}` is not `RED:BLUE U-V DEPTH`", clip(line)));
    };
    let position = decode_position(position, board.clone()).map_err(|e| e.to_string())?;
    let depth = depth
        .parse()
        .map_err(|_| format!("depth `{}` is not a number", clip(depth)))?;
    let vertex = |s: &str| {
        s.parse::<usize>()
            .ok()
            .filter(|&v| v < board.capacity().min(MAX_VERTICES))
    };
    let (u, v) = her
        .split_once('-')
        .and_then(|(u, v)| Some((vertex(u)?, vertex(v)?)))
        .filter(|(u, v)| u != v)
        .ok_or_else(|| format!("move `{}` is not two vertices of the board", clip(her)))?;
    let her = Edge::new(u as u8, v as u8);
    if !position.is_free(her) {
        return Err(format!("move {her} is not a free edge of the position"));
    }
    let canon = canonical_form(&position, &Memory::default(), None);
    let (u, v) = her.ends();
    let t = canon.position.touched_count() as u8;
    let her = super::first_fresh(Edge::new(canon.to_canon.apply(u), canon.to_canon.apply(v)), t);
    Ok((canon.key, her, depth))
}

/// At most 40 characters of `text`, for messages.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_text_is_an_error_not_a_panic() {
        let good = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../proofs/k3-inf.cert")).unwrap();
        assert!(StrategyCertificate::parse(&good).is_ok());
        let mut texts: Vec<String> = (0..good.len()).map(|n| good[..n].to_string()).collect();
        texts.push(good.replace("?:? 0-1 4", "?:? 0-0 4"));
        texts.push(good.replace("?:? 0-1 4", "?:? 0-200 4"));
        texts.push(good.replace("board inf", "board 1"));
        texts.push(good.replace("target K3", "target K99"));
        for text in texts {
            assert!(StrategyCertificate::parse(&text).is_err(), "{text}");
        }
    }
}
