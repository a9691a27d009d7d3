//! The order and the owners of an ordered game (SCG, SCCG) as a user
//! writes them (the command line's `--order` and `--owner`), read into
//! what [`super::ColouringGame::new`] and [`super::linear::OrderedGame::new`]
//! take. Whether they fit the graph (a permutation, one owner per vertex)
//! is those constructors' check; here only the words are read.

use crate::core::board::Player;

/// Why an order or an owner list cannot be read, with the message the
/// command line shows (it names the flag, so the user knows which to fix).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    /// An entry of the order is not a number.
    #[error("--order: `{0}` is not a vertex number")]
    NotAVertex(String),
    /// An owner is neither `1` nor `2`.
    #[error("--owner: `{0}` is not 1 or 2")]
    NotAnOwner(char),
}

/// The vertices in colouring order, comma-separated (`4,3,2,1,0`); empty
/// entries are skipped and spaces around numbers allowed, so `0, 2, 1`
/// reads as written.
pub fn parse_order(text: &str) -> Result<Vec<usize>, OrderError> {
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().parse().map_err(|_| OrderError::NotAVertex(s.to_string())))
        .collect()
}

/// Who colours each vertex, one digit `1` or `2` per vertex in vertex
/// order (`121`); commas and spaces are ignored, so `1,2,1` reads too.
pub fn parse_owners(text: &str) -> Result<Vec<Player>, OrderError> {
    text.chars()
        .filter(|c| !matches!(c, ',' | ' '))
        .map(|c| match c {
            '1' => Ok(Player::First),
            '2' => Ok(Player::Second),
            _ => Err(OrderError::NotAnOwner(c)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_read_with_spaces_and_empty_entries() {
        assert_eq!(parse_order("0, 2,,1"), Ok(vec![0, 2, 1]));
        assert_eq!(parse_order(""), Ok(vec![]));
        let err = parse_order("0,x").unwrap_err();
        assert_eq!(err.to_string(), "--order: `x` is not a vertex number");
        // The entry is quoted as written, spaces and all.
        assert_eq!(parse_order("0, y").unwrap_err(), OrderError::NotAVertex(" y".into()));
    }

    #[test]
    fn owners_read_digits_and_skip_separators() {
        let (one, two) = (Player::First, Player::Second);
        assert_eq!(parse_owners("1 2,1"), Ok(vec![one, two, one]));
        assert_eq!(
            parse_owners("1x2").unwrap_err().to_string(),
            "--owner: `x` is not 1 or 2"
        );
    }
}
