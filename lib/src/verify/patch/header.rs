//! The header of a patch table file: what the table was written for.

use super::{format_table, parse, PatchTable, PatchTableError};
use crate::core::board::Board;
use crate::verify::strategy::Strategy;

/// What a patch table was written for: the strategy whose play its entries
/// patch, that strategy's game, and (as information) the board and bound
/// it was found on. A table file starts with it, as `field: value` lines:
/// `strategy: NAME`, `game: Kk`, `board: inf|n`, `bound: B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// The name of the strategy the table patches.
    pub strategy: String,
    /// The strategy's game: its target, `Kk`.
    pub game: String,
    /// The board the table was found on, if given (information only).
    pub board: Option<Board>,
    /// The bound it was found with, if given (information only).
    pub bound: Option<u32>,
}

impl TableHeader {
    /// The header of a table for `strategy`, found on `board` within `bound`.
    pub fn of(strategy: &dyn Strategy, board: Option<Board>, bound: Option<u32>) -> TableHeader {
        TableHeader {
            strategy: strategy.name().to_string(),
            game: strategy.game().target_name(),
            board,
            bound,
        }
    }

    /// Whether the table was written for `strategy`: its name and game.
    pub fn is_for(&self, strategy: &dyn Strategy) -> bool {
        self.strategy == strategy.name() && self.game == strategy.game().target_name()
    }

    /// The header's lines, each ending in a newline.
    pub fn to_text(&self) -> String {
        let mut text = format!("strategy: {}\ngame: {}\n", self.strategy, self.game);
        if let Some(board) = &self.board {
            text.push_str(&format!("board: {board}\n"));
        }
        if let Some(bound) = self.bound {
            text.push_str(&format!("bound: {bound}\n"));
        }
        text
    }
}

/// A patch table file: its header and its entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatchFile {
    /// What the table was written for.
    pub header: TableHeader,
    /// The entries.
    pub table: PatchTable,
}

impl PatchFile {
    /// Reads a table file: the header (`strategy` and `game` are required
    /// before the first entry) and the entries; the error names the line
    /// that is wrong.
    pub fn parse(text: &str) -> Result<PatchFile, PatchTableError> {
        let (fields, table) = parse(text, true)?;
        let header = TableHeader {
            strategy: fields.strategy.expect("a required field"),
            game: fields.game.expect("a required field"),
            board: fields.board,
            bound: fields.bound,
        };
        Ok(PatchFile { header, table })
    }

    /// The file's text: the comment lines, the header, the entries
    /// ([`PatchFile::parse`] reads it back).
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut text = format_table(&PatchTable::new(), comments);
        text.push_str(&self.header.to_text());
        text.push_str(&format_table(&self.table, &[]));
        text
    }

    /// The entries, if the table was written for `strategy` (its name and
    /// game); else why not, naming both.
    pub fn table_for(self, strategy: &dyn Strategy) -> Result<PatchTable, WrongTable> {
        if self.header.is_for(strategy) {
            return Ok(self.table);
        }
        Err(WrongTable {
            table_strategy: self.header.strategy,
            table_game: self.header.game,
            strategy: strategy.name().to_string(),
            game: strategy.game().target_name(),
        })
    }
}

/// A patch table written for another strategy or game than the one it is
/// applied to ([`PatchFile::table_for`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a patch table for {table_strategy} ({table_game}), not for {strategy} ({game})")]
pub struct WrongTable {
    /// The strategy named in the table's header.
    pub table_strategy: String,
    /// The game named in the table's header (`Kk`).
    pub table_game: String,
    /// The strategy it was applied to.
    pub strategy: String,
    /// That strategy's game (`Kk`).
    pub game: String,
}

/// The header fields read so far.
#[derive(Default)]
pub(super) struct HeaderFields {
    strategy: Option<String>,
    game: Option<String>,
    board: Option<Board>,
    bound: Option<u32>,
}

impl HeaderFields {
    /// Reads the line `field: value`.
    pub(super) fn read(&mut self, field: &str, value: &str) -> Result<(), String> {
        let twice = |given: bool| match given {
            true => Err(format!("header field `{field}` given twice")),
            false => Ok(()),
        };
        match field {
            "strategy" => {
                twice(self.strategy.is_some())?;
                if value.is_empty() {
                    return Err("`strategy:` needs the strategy's name".into());
                }
                self.strategy = Some(value.to_string());
            }
            "game" => {
                twice(self.game.is_some())?;
                match value.strip_prefix('K').map(str::parse::<usize>) {
                    Some(Ok(k)) if k >= 1 && format!("K{k}") == value => self.game = Some(value.to_string()),
                    _ => return Err(format!("`game:` is the target `Kk`, e.g. `K4`, not `{value}`")),
                }
            }
            "board" => {
                twice(self.board.is_some())?;
                let board = value.parse().map_err(|e| format!("`board: {value}`: {e}"))?;
                self.board = Some(board);
            }
            "bound" => {
                twice(self.bound.is_some())?;
                match value.parse::<u32>() {
                    Ok(b @ 1..) => self.bound = Some(b),
                    _ => return Err(format!("`bound:` is a number from 1, not `{value}`")),
                }
            }
            other => {
                return Err(format!(
                    "unknown header field `{other}` (the fields are strategy, game, board, bound)"
                ))
            }
        }
        Ok(())
    }

    /// Whether the required fields are there; else what is missing.
    pub(super) fn complete(&self) -> Result<(), String> {
        let missing: Vec<&str> = [
            (self.strategy.is_none(), "`strategy: NAME`"),
            (self.game.is_none(), "`game: Kk`"),
        ]
        .into_iter()
        .filter_map(|(gone, field)| gone.then_some(field))
        .collect();
        match missing.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "the header lacks {}: a patch table starts with the strategy and game it was written for, as `repair` writes it",
                missing.join(" and ")
            )),
        }
    }
}

/// The line as a header field `field: value` (a lowercase name), if it is
/// one. An entry is never one: it has ` => `.
pub(super) fn header_field(line: &str) -> Option<(&str, &str)> {
    if line.contains(" => ") {
        return None;
    }
    let (field, value) = line.split_once(':')?;
    let name = !field.is_empty() && field.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    name.then(|| (field, value.trim()))
}
