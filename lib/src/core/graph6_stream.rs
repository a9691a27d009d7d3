//! Streams of graph6 lines, the way nauty's tools write them: one graph per
//! line (`nauty-geng 7 | ...`), read lazily so a census of millions of
//! graphs needs memory for one line at a time.
//!
//! Blank lines are skipped and so is nauty's optional header `>>graph6<<`
//! (written by `geng -h`), which may open the first line; each graph keeps
//! its line number in the input, so an error (or a result) names the line
//! a person can find with `sed -n Np`. What a line holds is not decoded
//! here: the caller decodes it as the question needs (a board, a graph to
//! colour), and its error names the line through [`StreamGraph::at`].

use std::io::BufRead;

/// One graph of a stream: its text and where it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamGraph {
    /// The line number in the input, counting from 1 (blank lines too).
    pub line: u64,
    /// The line's text without surrounding whitespace (and without the
    /// `>>graph6<<` header on the first line).
    pub text: String,
}

impl StreamGraph {
    /// `why`, prefixed with this graph's line number: the form of every
    /// error about one line of a stream (`line 12: ...`).
    pub fn at(&self, why: impl std::fmt::Display) -> String {
        format!("line {}: {why}", self.line)
    }
}

/// A line that could not be read: a read error or bytes that are not text.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct StreamError {
    /// The line number, counting from 1.
    pub line: u64,
    /// What went wrong.
    pub why: String,
}

/// The graphs of a stream of graph6 lines, in order; see the module docs.
pub struct Graph6Lines<R> {
    input: R,
    line: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> Graph6Lines<R> {
    /// Reads `input` from its start.
    pub fn new(input: R) -> Graph6Lines<R> {
        Graph6Lines {
            input,
            line: 0,
            buffer: Vec::new(),
        }
    }
}

impl<R: BufRead> Iterator for Graph6Lines<R> {
    type Item = Result<StreamGraph, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buffer.clear();
            self.line += 1;
            let line = self.line;
            let error = |why: String| Some(Err(StreamError { line, why }));
            match self.input.read_until(b'\n', &mut self.buffer) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return error(e.to_string()),
            }
            let Ok(text) = std::str::from_utf8(&self.buffer) else {
                return error("not text (UTF-8)".into());
            };
            let text = if line == 1 {
                text.trim_start_matches(">>graph6<<")
            } else {
                text
            };
            let text = text.trim();
            if !text.is_empty() {
                let text = text.to_string();
                return Some(Ok(StreamGraph { line, text }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Vec<Result<(u64, String), String>> {
        Graph6Lines::new(bytes)
            .map(|g| g.map(|g| (g.line, g.text)).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn lines_are_numbered_blank_lines_and_the_header_skipped() {
        let got = read(b">>graph6<<A_\n\n  Bw \r\nCF");
        assert_eq!(
            got,
            vec![Ok((1, "A_".into())), Ok((3, "Bw".into())), Ok((4, "CF".into()))]
        );
        assert!(read(b"").is_empty());
        assert!(read(b"\n\n").is_empty());
    }

    #[test]
    fn a_line_that_is_not_text_is_an_error_naming_it() {
        let got = read(b"A_\n\xff\xfe\nBw\n");
        assert_eq!(got[1], Err("line 2: not text (UTF-8)".into()));
        assert_eq!(got[2], Ok((3, "Bw".into())));
    }

    #[test]
    fn the_header_counts_only_on_the_first_line() {
        assert_eq!(read(b"A_\n>>graph6<<Bw\n")[1], Ok((2, ">>graph6<<Bw".into())));
    }
}
