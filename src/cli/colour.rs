//! `ramsey-verify colour`: Bodlaender's colouring games on a graph (winner,
//! optimal line, winning first moves), the game chromatic number with the
//! proof of both sides, and the census of chi_g over all small trees.

use super::{output, Failure};
use crate::analysis::colouring::chromatic::game_chromatic;
use crate::analysis::colouring::report::solve;
use crate::analysis::colouring::trees::census;
use crate::core::board::Player;
use crate::core::words::count;
use crate::games::colouring::input::{read_graph, EdgeList};
use crate::games::colouring::linear::OrderedGame;
use crate::games::colouring::linear::{fast_winner, sccg2, scg2};
use crate::games::colouring::{ColouringGame, Graph, GraphError, Rules};
use crate::render::colouring::svg;
use clap::Args;

#[derive(Args, Debug)]
pub struct ColourArgs {
    /// The game: scg, sccg (ordered), cg, ccg (any vertex).
    #[arg(long, value_parser = str::parse::<Rules>)]
    pub game: Option<Rules>,
    /// The graph: graph6; path:N, cycle:N, star:N, complete:N, empty:N;
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
    /// vertices, every root, every reply, games played to the last vertex).
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
    /// Transposition-table cap in MiB (past it: no verdict, exit code 3).
    #[arg(long, default_value = "4096")]
    pub memory_mib: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = super::args::parse_threads)]
    pub threads: Option<usize>,
}

pub fn run(args: ColourArgs) -> Result<(), Failure> {
    super::args::on_threads(args.threads, || run_on_pool(&args))
}

fn run_on_pool(args: &ColourArgs) -> Result<(), Failure> {
    if let Some(n) = args.certify_trees {
        return certify_53(n, args.strategy_colours, !args.stop_when_safe, args.json);
    }
    if let Some(n) = args.trees {
        return tree_census(n, args.examples, args.json);
    }
    let text = args.graph.as_deref().ok_or_else(|| "--graph is required".to_string())?;
    let list = read_graph(text).map_err(|e| e.to_string())?;
    let graph = match Graph::from_edge_list(&list) {
        Ok(graph) if !args.linear_only => graph,
        fits => return linear_only(args, text, &list, fits.err()),
    };
    let memory = args.memory_mib.saturating_mul(1 << 20);
    let no_verdict = |e: crate::engine::MemoryCapReached| Failure::NoVerdict(e.to_string());
    if args.game_chromatic {
        return chromatic(&graph, memory, args.svg.as_deref(), args.json);
    }
    let rules = args
        .game
        .ok_or_else(|| "give --game scg|sccg|cg|ccg, or --game-chromatic".to_string())?;
    let k = args
        .colours
        .ok_or_else(|| "--colours is required with --game".to_string())?;
    let order = args.order.as_deref().map(parse_order).transpose()?;
    let owners = args.owner.as_deref().map(parse_owners).transpose()?;
    let game = ColouringGame::new(graph, k, rules, order, owners).map_err(|e| e.to_string())?;
    let report = solve(&game, memory).map_err(no_verdict)?;
    if let Some(path) = &args.svg {
        let title = format!("{}: optimal play", game.graph().graph6());
        output::write_file(path, svg(&game, &report.line, &title))?;
    }
    let fast = fast_winner(&game).map(|p| p as usize + 1);
    if args.json {
        let mut json = report.to_json(&game);
        json["linear_time_winner"] = serde_json::json!(fast);
        output::println(json)?;
    } else {
        output::println(report.to_text(&game))?;
        if let Some(player) = fast {
            let agree = player == report.winner.player() as usize + 1;
            let theorem = if game.rules() == Rules::Sccg { "3.1" } else { "3.3" };
            output::println(format!(
                "Theorem {theorem} (linear time): player {player} wins ({})",
                if agree { "agrees" } else { "DISAGREES" }
            ))?;
        }
    }
    Ok(())
}

/// SCG or SCCG with two colours by Theorem 3.3 or 3.1 alone: `--linear-only`,
/// or a graph too large for the exact solver (`too_large` says why).
fn linear_only(args: &ColourArgs, text: &str, list: &EdgeList, too_large: Option<GraphError>) -> Result<(), Failure> {
    let why = too_large.map_or("--linear-only".to_string(), |e| e.to_string());
    let rules = args.game.filter(|r| r.ordered() && args.colours == Some(2));
    let Some(rules) = rules.filter(|_| !args.game_chromatic && args.svg.is_none()) else {
        return Err(Failure::BadInput(format!(
            "{why}: only --game scg|sccg --colours 2 (Theorems 3.1, 3.3), without --game-chromatic or --svg"
        )));
    };
    let started = std::time::Instant::now();
    let order = args.order.as_deref().map(parse_order).transpose()?;
    let owners = args.owner.as_deref().map(parse_owners).transpose()?;
    let game = OrderedGame::new(list, order.as_deref(), owners).map_err(|e| e.to_string())?;
    let (theorem, winner, spoiler) = match rules {
        Rules::Sccg => {
            let analysis = sccg2(&game.graph, &game.second);
            ("3.1", analysis.winner, analysis.spoiler.map(|t| game.vertex(t)))
        }
        _ => ("3.3", scg2(&game.graph, &game.second), None),
    };
    let seconds = started.elapsed().as_secs_f64();
    let player = winner as usize + 1;
    if args.json {
        return output::println(serde_json::json!({
            "game": rules.name(),
            "graph": text,
            "vertices": list.n,
            "edges": list.edges.len(),
            "colours": 2,
            "winner": player,
            "method": format!("theorem {theorem}"),
            "spoiling_source": spoiler,
            "seconds": seconds,
        }));
    }
    output::println(format!(
        "{rules} on {text} ({}, {}) with 2 colours: PLAYER {player} WINS\n\
         by Theorem {theorem} (linear time; no exact search: {why}){}\ntime: {seconds:.3}s",
        count(list.n, "vertex", "vertices"),
        count(list.edges.len(), "edge", "edges"),
        spoiler.map_or(String::new(), |v| format!("\nplayer 2 spoils at source {v}")),
    ))
}

fn chromatic(graph: &Graph, memory: u64, picture: Option<&std::path::Path>, json: bool) -> Result<(), Failure> {
    if graph.n() == 0 {
        return Err(Failure::BadInput("the graph has no vertices".into()));
    }
    if graph.n() + graph.max_degree() + 1 > crate::core::board::MAX_VERTICES {
        return Err(Failure::BadInput(format!(
            "chi_g may need Delta + 1 = {} beside {}: at most {} together",
            count(graph.max_degree() + 1, "colour", "colours"),
            count(graph.n(), "vertex", "vertices"),
            crate::core::board::MAX_VERTICES
        )));
    }
    let result = game_chromatic(graph, memory).map_err(|e| Failure::NoVerdict(e.to_string()))?;
    let game = |k: usize| ColouringGame::new(graph.clone(), k, Rules::Ccg, None, None).expect("valid");
    if let Some(path) = picture {
        // Player 2's win with one colour fewer shows why chi_g is not less.
        let k = result.chi_g.saturating_sub(1).max(1);
        let title = format!(
            "{}: chi_g = {}; CCG with {}, optimal play",
            graph.graph6(),
            result.chi_g,
            count(k, "colour", "colours")
        );
        output::write_file(path, svg(&game(k), &result.levels[k - 1].line, &title))?;
    }
    if json {
        let levels: Vec<_> = result
            .levels
            .iter()
            .enumerate()
            .map(|(i, r)| r.to_json(&game(i + 1)))
            .collect();
        let out = serde_json::json!({
            "graph": graph.graph6(),
            "game_chromatic_number": result.chi_g,
            "chromatic_number": result.chi,
            "max_degree_plus_one": result.degree_bound,
            "levels": levels,
        });
        output::println(out)?;
        return Ok(());
    }
    output::println(format!(
        "chi_g = {}   (chi = {}, Delta + 1 = {}; the paper's bounds chi <= chi_g <= Delta + 1)",
        result.chi_g, result.chi, result.degree_bound
    ))?;
    let k = result.chi_g;
    output::println(format!("\nwith k = {}, player 1 wins:", count(k, "colour", "colours")))?;
    output::println(result.levels[k - 1].to_text(&game(k)))?;
    if k > 1 {
        output::println(format!(
            "\nwith k = {}, player 2 wins:",
            count(k - 1, "colour", "colours")
        ))?;
        output::println(result.levels[k - 2].to_text(&game(k - 1)))?;
    }
    Ok(())
}

/// A comma-separated list of vertices.
fn parse_order(text: &str) -> Result<Vec<usize>, String> {
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.trim()
                .parse()
                .map_err(|_| format!("--order: `{s}` is not a vertex number"))
        })
        .collect()
}

/// One digit per vertex, `1` or `2` (commas and spaces ignored).
fn parse_owners(text: &str) -> Result<Vec<Player>, String> {
    text.chars()
        .filter(|c| !matches!(c, ',' | ' '))
        .map(|c| match c {
            '1' => Ok(Player::First),
            '2' => Ok(Player::Second),
            _ => Err(format!("--owner: `{c}` is not 1 or 2")),
        })
        .collect()
}

/// The largest tree size the census accepts.
const MAX_TREE_CENSUS: usize = 20;

fn tree_census(max_n: usize, keep: usize, json: bool) -> Result<(), Failure> {
    if !(1..=MAX_TREE_CENSUS).contains(&max_n) {
        return Err(Failure::BadInput(format!(
            "--trees takes 1..={MAX_TREE_CENSUS}, not {max_n}"
        )));
    }
    let mut rows = Vec::new();
    for n in 1..=max_n {
        let started = std::time::Instant::now();
        let census = census(n, keep);
        let seconds = started.elapsed().as_secs_f64();
        if json {
            rows.push(serde_json::json!({
                "n": n,
                "trees": census.trees,
                "distribution": census.distribution.iter().map(|(k, c)| [*k, *c]).collect::<Vec<_>>(),
                "examples": census.examples.iter().map(|(k, g)| (k.to_string(), serde_json::json!(g.iter().map(Graph::graph6).collect::<Vec<_>>()))).collect::<serde_json::Map<_, _>>(),
                "seconds": seconds,
            }));
            continue;
        }
        let dist: Vec<String> = census
            .distribution
            .iter()
            .map(|(k, c)| format!("chi_g={k}: {c}"))
            .collect();
        output::println(format!(
            "n={n:2}  trees={:5}  {}  ({seconds:.2}s)",
            census.trees,
            dist.join("  ")
        ))?;
        for (k, examples) in &census.examples {
            let list: Vec<String> = examples.iter().map(Graph::graph6).collect();
            let more = census.distribution[k] - examples.len();
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            output::println(format!("        chi_g={k}: {}{more}", list.join(" ")))?;
        }
    }
    if json {
        output::println(serde_json::json!({ "max_vertices": max_n, "sizes": rows }))?;
    }
    Ok(())
}

/// Theorem 5.3's strategy certified on every tree up to `max_n` vertices.
/// A failure is a verdict (REFUTED, exit code 0), like `verify`'s.
fn certify_53(max_n: usize, k: usize, played_out: bool, json: bool) -> Result<(), Failure> {
    if !(1..=MAX_TREE_CENSUS).contains(&max_n) || k == 0 {
        return Err(Failure::BadInput(format!(
            "--certify-trees takes 1..={MAX_TREE_CENSUS} and at least 1 colour"
        )));
    }
    let mut rows = Vec::new();
    let mut counterexample = None;
    for n in 1..=max_n {
        let started = std::time::Instant::now();
        let c = crate::analysis::colouring::trees53::certify_trees(n, k, played_out);
        let seconds = started.elapsed().as_secs_f64();
        let failure = c.failures.first().map(|(tree, root, line)| {
            let moves: Vec<[u8; 2]> = line.iter().map(|m| [m.v, m.c]).collect();
            (tree.graph6(), *root, moves)
        });
        if json {
            rows.push(serde_json::json!({
                "n": n, "trees": c.trees, "roots": c.roots, "checked": c.checked,
                "failures": c.failures.len(), "seconds": seconds,
            }));
        } else {
            output::println(format!(
                "n={n:2}  trees={:5}  roots={:6}  checked={:10}  failures={}  ({seconds:.2}s)",
                c.trees,
                c.roots,
                c.checked,
                c.failures.len(),
            ))?;
            if let Some((tree, root, moves)) = &failure {
                let moves: Vec<String> = moves.iter().map(|[v, c]| format!("{v}:{c}")).collect();
                output::println(format!(
                    "        REFUTED on {tree} rooted at {root}: {}",
                    moves.join(" ")
                ))?;
            }
        }
        counterexample = counterexample.or(failure);
    }
    let verdict = if counterexample.is_some() {
        "refuted"
    } else {
        "verified"
    };
    if json {
        let counterexample =
            counterexample.map(|(tree, root, line)| serde_json::json!({"tree": tree, "root": root, "line": line}));
        output::println(serde_json::json!({
            "colours": k, "played_out": played_out, "verdict": verdict,
            "sizes": rows, "counterexample": counterexample,
        }))?;
    } else {
        output::println(verdict.to_uppercase())?;
    }
    Ok(())
}
