//! graph6 encoding (orders below 258048), the project's format for graphs.

/// The graph6 string of the graph on `0..n` whose edges `adjacent` tells.
pub fn encode(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> String {
    let mut out = Vec::new();
    if n < 63 {
        out.push(n as u8 + 63);
    } else {
        out.push(126);
        out.extend([12, 6, 0].map(|shift| (n >> shift & 63) as u8 + 63));
    }
    let mut bits = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for v in 1..n {
        bits.extend((0..v).map(|u| adjacent(u, v)));
    }
    for chunk in bits.chunks(6) {
        let byte = chunk
            .iter()
            .enumerate()
            .fold(0u8, |b, (i, &set)| b | (set as u8) << (5 - i));
        out.push(byte + 63);
    }
    String::from_utf8(out).expect("graph6 is printable ASCII")
}

#[cfg(test)]
mod tests {
    use super::encode;

    #[test]
    fn known_strings() {
        assert_eq!(encode(0, |_, _| false), "?");
        // The path 0-1-2: bits 1,0,1 padded to 101000 = 40, 40 + 63 = 'g'.
        assert_eq!(encode(3, |u, v| v - u == 1), "Bg");
        // K4 is "C~" in every graph6 reference.
        assert_eq!(encode(4, |_, _| true), "C~");
        assert_eq!(encode(63, |_, _| false).len(), 4 + (63 * 62 / 2usize).div_ceil(6));
    }
}
