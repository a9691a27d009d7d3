//! Numbers with their nouns in output text: "1 position", "2 positions".

/// `n` and the noun that goes with it: `one` if `n` is 1, else `many`
/// (`count(1, "entry", "entries")` is "1 entry", `count(0, ...)` "0
/// entries"). `n` is any integer.
pub fn count(n: impl std::fmt::Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u64, "position", "positions"), "1 position");
        assert_eq!(count(0usize, "entry", "entries"), "0 entries");
        assert_eq!(count(11u32, "move", "moves"), "11 moves");
        assert_eq!(count(-1i32, "edge", "edges"), "-1 edges");
    }
}
