//! `--json-lines`: one question asked of every graph of a graph6 stream
//! (`@-` for standard input, `@FILE` for a file), as nauty users pipe
//! `nauty-geng` into a tool. One JSON object per graph and per line, in
//! input order, each printed as soon as it is answered, so a stopped census
//! is resumed with `--skip N` (N = the lines already written). Progress
//! goes to stderr. A bad line or a stopped search ends the census, naming
//! the line (`line 12: ...`).

use super::{output, Failure};
use crate::core::graph6_stream::{Graph6Lines, StreamGraph};
use std::io::BufRead;

/// Answers every graph of the stream `source` (`@-` or `@FILE`) after the
/// first `skip` with `answer`, printing each answer as one JSON line.
/// `flag` names the option that gave the source, for the error when it is
/// not a stream.
pub fn each_graph(
    source: Option<&str>,
    flag: &str,
    skip: u64,
    mut answer: impl FnMut(&str) -> Result<serde_json::Value, Failure>,
) -> Result<(), Failure> {
    let mut progress = super::progress::Counting::new("graphs");
    for graph in Graph6Lines::new(open(source, flag)?).skip(skip as usize) {
        let graph = graph.map_err(|e| Failure::BadInput(e.to_string()))?;
        let json = answer(&graph.text).map_err(|e| at(&graph, e))?;
        output::println(serde_json::to_string(&json).expect("JSON values serialise"))?;
        progress.one_more();
    }
    progress.done();
    Ok(())
}

/// The stream named by `source`.
fn open(source: Option<&str>, flag: &str) -> Result<Box<dyn BufRead>, Failure> {
    match source {
        Some("@-") => Ok(Box::new(std::io::stdin().lock())),
        Some(path) if path.len() > 1 && path.starts_with('@') => {
            let file =
                std::fs::File::open(&path[1..]).map_err(|e| Failure::BadInput(format!("{}: {e}", &path[1..])))?;
            Ok(Box::new(std::io::BufReader::new(file)))
        }
        _ => Err(Failure::BadInput(format!(
            "--json-lines reads graph6 lines: give {flag} @- or {flag} @FILE"
        ))),
    }
}

/// `failure`, naming the line of the graph it is about.
fn at(graph: &StreamGraph, failure: Failure) -> Failure {
    match failure {
        Failure::BadInput(why) => Failure::BadInput(graph.at(why)),
        Failure::NoVerdict(why) => Failure::NoVerdict(graph.at(why)),
        other => other,
    }
}
