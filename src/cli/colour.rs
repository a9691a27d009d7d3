//! `ramsey-verify colour`: Bodlaender's colouring games on a graph (winner,
//! optimal line, winning first moves), the game chromatic number with the
//! proof of both sides, and the census of chi_g over all small trees. The
//! questions and their answers' text and JSON are `analysis::colouring`
//! (`request`, `by_size`); this file parses the flags and prints.

use super::{output, Failure};
use crate::analysis::colouring::by_size::BySize;
use crate::analysis::colouring::parts::{PartsError, PartsRequest};
use crate::analysis::colouring::request::{ColourError, ColourRequest};
use crate::analysis::colouring::trees::CensusBySize;
use crate::analysis::colouring::trees53::CertifyBySize;
use crate::analysis::colouring::trees53_states::CertifiedTrees;
use crate::engine::{Limits, Stopped};
use crate::games::colouring::Rules;
use crate::render::colouring::answer_svg;
use crate::verify::cert::colouring::Ends;
use crate::verify::cert::family::graphs::GraphFamily;
use clap::Args;

/// The flags of `colour`.
#[derive(Args, Debug)]
#[group(id = "certificate", args = ["cert", "cert_parts"], multiple = false)]
pub struct ColourArgs {
    /// The game: scg, sccg (ordered), cg, ccg (any vertex).
    #[arg(long, value_parser = str::parse::<Rules>)]
    pub game: Option<Rules>,
    /// The graph: graph6; path:N, cycle:N, star:N, complete:N, empty:N;
    /// grid:MxN (P_M x P_N), torus:MxN (C_M x C_N);
    /// prufer:A,B,... or prufer:@FILE (the tree with that Prüfer code);
    /// random-tree:N[,SEED]; @FILE or @- (stdin): graph6 or an edge list,
    /// lines `u v` and optionally `vertices N` (the vertex count).
    #[arg(long)]
    pub graph: Option<String>,
    /// Number of colours k.
    #[arg(long)]
    pub colours: Option<usize>,
    /// Ordered games: the vertices in colouring order, comma-separated
    /// (default 0,1,...,n-1).
    #[arg(long)]
    pub order: Option<String>,
    /// Ordered games: who colours each vertex, one digit 1 or 2 per vertex
    /// in vertex order (default: players alternate along the order).
    #[arg(long)]
    pub owner: Option<String>,
    /// SCG/SCCG with 2 colours: Theorem 3.3/3.1 alone, no exact search
    /// (implied for graphs above the exact solver's size).
    #[arg(long)]
    pub linear_only: bool,
    /// Compute chi_g(G), the least k for which player 1 wins the CCG.
    #[arg(long)]
    pub game_chromatic: bool,
    /// chi_g of every tree with up to N vertices: distribution and the
    /// first trees reaching each value.
    #[arg(long, value_name = "N")]
    pub trees: Option<usize>,
    /// With --trees: how many trees to list per value of chi_g (more are
    /// counted as "and N more").
    #[arg(long, value_name = "K", default_value = "10")]
    pub examples: usize,
    /// Certify Theorem 5.3's strategy (5 colours, every tree with up to N
    /// vertices, every root, every reply, games played to the last vertex);
    /// with --cert, walked up to its states, which are the certificate.
    #[arg(long, value_name = "N")]
    pub certify_trees: Option<usize>,
    /// With --certify-trees: end each game once every vertex is safe (more
    /// free colours than uncoloured neighbours; the win is then certain)
    /// instead of playing to the last vertex. Faster, but then the
    /// strategy's later moves are not checked for legality.
    #[arg(long)]
    pub stop_when_safe: bool,
    /// Colours for --certify-trees (the theorem's 5; fewer to see it fail).
    #[arg(long, default_value = "5")]
    pub strategy_colours: usize,
    /// Also draw an optimal line as SVG into this file (with
    /// --game-chromatic: player 2's win with chi_g - 1 colours).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Write a proof certificate (plain or gzipped if the name ends in
    /// .gz) of the answer: the winner's strategy (--game), or each level's
    /// (--game-chromatic; format version 12, 7 in the ordered games scg
    /// and sccg); with --trees, one such
    /// certificate per tree in a family certificate (format version 8,
    /// whose checker enumerates the trees itself); with --certify-trees,
    /// Theorem 5.3's strategy's states on every tree and root (format
    /// version 10, whose checker has its own reading of the strategy's
    /// rules and enumerates the trees itself); with --game-chromatic
    /// --json-lines, one such certificate per graph of the stream in a
    /// family certificate (format version 8, family `graphs`: every graph
    /// on A to B vertices, which the checker counts itself); check it with
    /// `check FILE`.
    #[arg(long, value_name = "FILE", conflicts_with = "linear_only")]
    pub cert: Option<std::path::PathBuf>,
    /// With --game-chromatic: write the certificate in parts into this
    /// folder (format version 12): `opening.cert`, each level's strategy
    /// for the first --part-plies plies, and one part `kK-NNNN.cert.gz` per
    /// leaf, each read off a search of its own from the leaf, so the peak
    /// memory is the level's search or one part's; `check DIR/opening.cert`
    /// checks the opening and every part, `check PART` one part alone.
    #[arg(long, value_name = "DIR", requires = "game_chromatic", conflicts_with_all = ["cert", "json_lines", "trees", "certify_trees"])]
    pub cert_parts: Option<std::path::PathBuf>,
    /// With --cert-parts: plies of the opening (the leaves' depth).
    #[arg(long, value_name = "P", default_value = "2", requires = "cert_parts")]
    pub part_plies: usize,
    /// With --cert or --cert-parts (CCG): end player 1's lines where she
    /// wins by colouring the unsafe vertices in time (each, sorted by free
    /// colours, keeps enough of them; the checker re-derives that win)
    /// instead of writing her moves out until every vertex is safe: often
    /// far smaller.
    #[arg(long, requires = "certificate", conflicts_with = "certify_trees")]
    pub cert_secured: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// A census: `--graph @-` (or `@FILE`) is a stream of graph6 lines, as
    /// nauty's geng writes them; print one JSON object per graph, per line,
    /// in input order (progress on stderr).
    #[arg(long, conflicts_with_all = ["json", "svg", "trees", "certify_trees"])]
    pub json_lines: bool,
    /// With --json-lines: skip the first N graphs of the stream (to resume
    /// a census whose output already has N lines; not with --cert, whose
    /// family needs every graph).
    #[arg(long, value_name = "N", requires = "json_lines", conflicts_with = "cert")]
    pub skip: Option<u64>,
    /// Worker threads and the memory cap (of each search's table).
    #[command(flatten)]
    pub limits: super::args::LimitArgs,
}

/// Runs `colour`.
pub fn run(args: ColourArgs) -> Result<(), Failure> {
    let limits = args.limits.limits(false);
    super::args::on_pool(&limits, || run_on_pool(&args, limits))
}

fn run_on_pool(args: &ColourArgs, limits: Limits) -> Result<(), Failure> {
    if let (Some(n), Some(path)) = (args.certify_trees, &args.cert) {
        return certified_trees(args, n, path, limits);
    }
    if let Some(n) = args.certify_trees {
        by_size(
            &CertifyBySize::new(n, args.strategy_colours, !args.stop_when_safe)?,
            args.json,
        )?;
        return Ok(());
    }
    if let Some(path) = &args.cert {
        output::check_writable(path)?;
    }
    if let Some(n) = args.trees {
        return tree_census(args, CensusBySize::new(n, args.examples, limits)?);
    }
    if args.json_lines {
        return census(args, limits);
    }
    let answer = request(args).answer(limits)?;
    if let (Some(path), Some(cert)) = (&args.cert, ColourRequest::certificate_of(&answer)) {
        super::erdos::certificate_written(cert.entries, cert.write(path), path)?;
    }
    if let Some(path) = &args.svg {
        // The request refuses a picture where the answer has no line.
        output::write_file(path, answer_svg(&answer).expect("an answer with a line"))?;
    }
    match args.json {
        true => output::println(answer.to_json()),
        false => output::println(answer.to_text()),
    }
}

/// `--json-lines`: the question asked of every graph of the stream
/// (`super::stream`); with `--cert`, the family certificate of them all
/// (`GraphFamily`).
fn census(args: &ColourArgs, limits: Limits) -> Result<(), Failure> {
    let mut family = match &args.cert {
        Some(_) if !args.game_chromatic => {
            return Err(Failure::BadInput(
                "--json-lines --cert writes a family certificate of chi_g: add --game-chromatic".into(),
            ))
        }
        Some(_) => Some(GraphFamily::default()),
        None => None,
    };
    super::stream::each_graph(args.graph.as_deref(), "--graph", args.skip.unwrap_or(0), |graph6| {
        let limits = match &family {
            Some(family) => family.room(limits).map_err(no_verdict)?,
            None => limits,
        };
        let question = ColourRequest {
            graph: Some(graph6.to_string()),
            ..request(args)
        };
        let answer = question.answer(limits)?;
        if let Some(family) = family.as_mut() {
            let cert = ColourRequest::certificate_of(&answer).map(|c| c.to_certificate());
            family.add(graph6, cert).map_err(Failure::BadInput)?;
        }
        Ok(answer.to_json())
    })?;
    if let (Some(family), Some(path)) = (family, &args.cert) {
        let written = family.write(path).map_err(|why| Failure::BadInput(why.into()))?;
        super::erdos::certificate_written(family.entries(), written, path)?;
    }
    Ok(())
}

/// `--trees`: the census, and with `--cert` its family certificate.
fn tree_census(args: &ColourArgs, question: CensusBySize) -> Result<(), Failure> {
    let question = match args.cert {
        Some(_) => question.certified(ends(args)),
        None => question,
    };
    let rows = by_size(&question, args.json)?;
    if let (Some(path), Some(cert)) = (&args.cert, question.certificate(&rows)) {
        super::erdos::write_certificate(&cert, path)?;
    }
    Ok(())
}

/// `--certify-trees N --cert FILE`: the strategy walked up to its states
/// (`analysis::colouring::trees53_states`), the verdict, and on a
/// verified run the certificate.
fn certified_trees(args: &ColourArgs, n: usize, path: &std::path::Path, limits: Limits) -> Result<(), Failure> {
    output::check_writable(path)?;
    let run = CertifiedTrees::run(n, args.strategy_colours, !args.stop_when_safe, limits.max_memory())?
        .map_err(no_verdict)?;
    match run.certificate() {
        Some(cert) => super::erdos::write_certificate(&cert, path)?,
        None => output::note(format_args!("no certificate: the strategy is refuted")),
    }
    match args.json {
        true => output::println(run.to_json()),
        false => output::println(run.to_text()),
    }
}

/// Where player 1's lines of a certificate end (`--cert-secured`).
fn ends(args: &ColourArgs) -> Ends {
    match args.cert_secured {
        true => Ends::Secured,
        false => Ends::Safe,
    }
}

/// The question the flags ask.
fn request(args: &ColourArgs) -> ColourRequest {
    ColourRequest {
        game: args.game,
        graph: args.graph.clone(),
        colours: args.colours,
        order: args.order.clone(),
        owner: args.owner.clone(),
        linear_only: args.linear_only,
        game_chromatic: args.game_chromatic,
        picture: args.svg.is_some(),
        certificate: (args.cert.is_some() || args.cert_parts.is_some()).then(|| ends(args)),
        parts: args.cert_parts.as_ref().map(|dir| PartsRequest {
            dir: dir.clone(),
            plies: args.part_plies,
        }),
    }
}

/// Prints each size's row as soon as it is done, then the closing verdict;
/// with `json`, one object at the end instead. Returns the rows.
fn by_size<Q: BySize>(question: &Q, json: bool) -> Result<Vec<Q::Row>, Failure> {
    let mut rows = Vec::new();
    for n in question.sizes() {
        let row = question.row(n).map_err(no_verdict)?;
        if !json {
            output::println(question.row_text(&row))?;
        }
        rows.push(row);
    }
    match (json, question.closing_text(&rows)) {
        (true, _) => output::println(question.to_json(&rows))?,
        (false, Some(text)) => output::println(text)?,
        (false, None) => {}
    }
    Ok(rows)
}

fn no_verdict(e: Stopped) -> Failure {
    Failure::NoVerdict(e.to_string())
}

/// A stopped search has no verdict (exit code 3); anything else was bad
/// input (exit code 2).
impl From<ColourError> for Failure {
    fn from(e: ColourError) -> Failure {
        match e {
            ColourError::Stopped(stopped) | ColourError::Parts(PartsError::Stopped(stopped)) => no_verdict(stopped),
            ColourError::Parts(PartsError::Write(e)) => Failure::Output(e),
            e => Failure::BadInput(e.to_string()),
        }
    }
}
