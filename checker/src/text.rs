//! The text primitives every part of the certificate reader uses: quoting
//! untrusted text in messages, header lines and numbers, and graph6. The
//! leaf of the checker: it imports nothing else of the checker but its
//! rejection type.

use crate::Rejection;

/// Most vertices of a board or a position: the engine's cap
/// (`MAX_VERTICES` in the library's `core/board.rs`). On `K_aleph0` a move may
/// also name the two untouched vertices `t` and `t + 1`.
pub const MAX_ORDER: usize = 128;
/// Most characters of untrusted text quoted in a message.
const QUOTE: usize = 40;

/// The value of header line `key ...`, the next of `lines`.
pub(crate) fn header_line<'a>(lines: &mut impl Iterator<Item = &'a str>, key: &str) -> Result<&'a str, Rejection> {
    let line = lines
        .next()
        .ok_or_else(|| Rejection::unreadable(format!("header ends before its `{key}` line")))?;
    line.strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(' '))
        .ok_or_else(|| Rejection::unreadable(format!("header line `{key} ...` expected, found `{}`", clip(line))))
}

/// `text` as a number, or a rejection naming `what` it was to be.
pub(crate) fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, Rejection> {
    text.parse()
        .map_err(|_| Rejection::unreadable(format!("header: {what} `{}` is not a number", clip(text))))
}

/// `n` and the noun that goes with it: `one` if `n` is 1, else `many`
/// ("1 line", "2 lines"). The checker shares no code with the engine, so
/// it has its own copy of `ramsey_verify::core::words::count`.
pub(crate) fn count(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

/// Decodes a graph6 string (orders up to [`MAX_ORDER`]): the order and the edges.
pub fn decode_graph6(s: &str) -> Result<(usize, Vec<(usize, usize)>), String> {
    let bytes = s.as_bytes();
    if bytes.iter().any(|&b| !(63..=126).contains(&b)) || bytes.is_empty() {
        return Err(format!("`{}` is not graph6", clip(s)));
    }
    let (n, rest) = if bytes[0] != 126 {
        ((bytes[0] - 63) as usize, &bytes[1..])
    } else if bytes.len() >= 4 && bytes[1] != 126 {
        let n = bytes[1..4].iter().fold(0usize, |n, &b| n << 6 | (b - 63) as usize);
        (n, &bytes[4..])
    } else {
        return Err("graph6 order is too large".into());
    };
    if n > MAX_ORDER {
        return Err(format!("graph6 order {n} exceeds {MAX_ORDER}"));
    }
    let pairs = n * n.saturating_sub(1) / 2;
    if rest.len() != pairs.div_ceil(6) {
        return Err(format!(
            "graph6 of order {n} needs {} data bytes, has {}",
            pairs.div_ceil(6),
            rest.len()
        ));
    }
    let mut bits = rest
        .iter()
        .flat_map(|&b| (0..6).rev().map(move |i| (b - 63) >> i & 1 == 1));
    let pairs = (1..n).flat_map(|v| (0..v).map(move |u| (u, v)));
    let edges = pairs.filter(|_| bits.next() == Some(true)).collect();
    Ok((n, edges))
}

/// At most 40 characters of untrusted text (control characters dropped), for messages.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(QUOTE).filter(|c| !c.is_control()).collect();
    if s.chars().nth(QUOTE).is_some() {
        out.push_str("...");
    }
    out
}

/// The item of `names` called `text`, if any (the rules and games a
/// header names).
pub(crate) fn named<T: Copy>(names: &[(T, &str)], text: &str) -> Option<T> {
    names.iter().find(|(_, name)| *name == text).map(|&(t, _)| t)
}

/// The name of `item` in `names` (`?` if it has none).
pub(crate) fn name_of<T: PartialEq>(names: &[(T, &'static str)], item: &T) -> &'static str {
    names.iter().find(|(t, _)| t == item).map_or("?", |&(_, n)| n)
}
