//! `ramsey-verify refute`: the failure classes after a given round.

use super::args::{on_pool, SearchArgs};
use super::line_input::checked_line;
use super::output::{self, write_file};
use super::show::show_unfinished;
use super::Failure;
use crate::core::board::Board;
use crate::core::board::{members, Player};
use crate::core::graph6::encode_position;
use crate::core::words::count;
use crate::render::svg::to_svg;
use crate::verify::classes::{failure_classes, ClassesError, FailureClass};
use crate::verify::line::PlayedMove;
use crate::verify::registry::Registry;
use crate::verify::strategy::{Game, Strategy};
use crate::verify::{fail_kind_name, new_search, Request};
use clap::Args;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct RefuteArgs {
    #[command(flatten)]
    pub search: SearchArgs,
    /// The round R after which positions are listed (her turn, R moves
    /// each). Repeat to list several rounds with one shared search.
    #[arg(long, required = true, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub at_round: Vec<u32>,
    /// Only positions where the strategy is in this phase before his last
    /// move (as `verify` reports phases, e.g. "stage 2").
    #[arg(long)]
    pub phase: Option<String>,
    /// Report progress on stderr.
    #[arg(long)]
    pub progress: bool,
    /// Also draw each class to DIR/round-R-class-I.svg, edges numbered from
    /// 0 in play order like the paper's Figures 5 and 6.
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,
}

/// Writes the picture of each class of `round` into `dir`.
fn draw_classes(dir: &Path, strategy: &str, game: Game, round: u32, classes: &[FailureClass]) -> Result<(), Failure> {
    for (i, class) in classes.iter().enumerate() {
        let moves = class
            .line
            .iter()
            .enumerate()
            .map(|(k, &edge)| PlayedMove {
                player: if k % 2 == 0 { Player::First } else { Player::Second },
                edge,
                forced: false,
                phase: String::new(),
            })
            .collect();
        let (moves, _) = checked_line(moves, Board::Infinite, game, None)?;
        let title = format!("{strategy}: failure class {} after round {round}", i + 1);
        let (_, figure) = show_unfinished(moves, BTreeMap::new(), game, &title, 0);
        let path = dir.join(format!("round-{round}-class-{}.svg", i + 1));
        write_file(&path, to_svg(&figure))?;
    }
    Ok(())
}

fn degrees(class: &FailureClass) -> Vec<(u32, u32)> {
    let p = &class.position;
    members(p.touched()).map(|v| (p.f_degree(v), p.s_degree(v))).collect()
}

fn class_json(class: &FailureClass) -> serde_json::Value {
    let line: Vec<_> = class.line.iter().map(|e| [e.ends().0, e.ends().1]).collect();
    let degrees: Vec<_> = degrees(class).iter().map(|(f, s)| json!({"f": f, "s": s})).collect();
    json!({
        "graph6": encode_position(&class.position),
        "edges_in_play_order": line,
        "degrees": degrees,
        "failure": fail_kind_name(class.kind),
        "his_moves_after": class.his_moves,
    })
}

fn class_text(i: usize, class: &FailureClass) -> String {
    let mut out = format!("class {}: {}\n  play order:", i + 1, encode_position(&class.position));
    for (k, e) in class.line.iter().enumerate() {
        let colour = if k % 2 == 0 { Player::First } else { Player::Second };
        out.push_str(&format!(" {k}:{}{}", &colour.colour_name()[..1], e));
    }
    out.push_str("\n  degrees (vertex F/S):");
    for (v, (f, s)) in degrees(class).iter().enumerate() {
        out.push_str(&format!(" {v}:{f}/{s}"));
    }
    out.push_str(&format!(
        "\n  {} after {} more of his moves\n",
        fail_kind_name(class.kind),
        class.his_moves
    ));
    out
}

pub fn run(refute: RefuteArgs, registry: &Registry) -> Result<(), Failure> {
    let args = &refute.search;
    let strategy = args.strategy(registry)?;
    if let Some(&round) = refute.at_round.iter().find(|&&r| r > args.bound) {
        return Err(Failure::BadInput(format!(
            "--at-round {round} is past --bound {}: she has at most {}",
            args.bound,
            count(args.bound, "move", "moves")
        )));
    }
    if let Some(dir) = &refute.svg_dir {
        std::fs::create_dir_all(dir).map_err(|e| Failure::Output(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut request = Request::new(args.board.clone(), args.bound, 1);
    request.limits = args.limits.limits(false);
    request.shortcuts = !args.no_shortcuts;
    on_pool(&request.limits, || classes(&refute, strategy.as_ref(), &request))
}

/// The failure classes of every round asked for, printed.
fn classes(refute: &RefuteArgs, strategy: &dyn Strategy, request: &Request) -> Result<(), Failure> {
    let args = &refute.search;
    let search = new_search(strategy, request);
    for &round in &refute.at_round {
        let start = std::time::Instant::now();
        let progress = |done: usize, total: usize| {
            if refute.progress {
                let secs = start.elapsed().as_secs_f64();
                let rate = search.visited() as f64 / secs.max(1e-9);
                output::note(format_args!(
                    "round {round}: {done}/{total} positions classified, {} searched, {secs:.0}s, {rate:.0}/s",
                    search.positions()
                ));
            }
        };
        let phase = refute.phase.as_deref();
        let classes = failure_classes(&search, round, phase, &progress).map_err(|e| match e {
            ClassesError::ContractBroken { .. } | ClassesError::Stopped(_) => Failure::NoVerdict(e.to_string()),
            _ => Failure::BadInput(e.to_string()),
        })?;
        if let Some(dir) = &refute.svg_dir {
            draw_classes(dir, &args.strategy, strategy.game(), round, &classes)?;
        }
        if args.json {
            let list: Vec<_> = classes.iter().map(class_json).collect();
            let out = json!({"strategy": args.strategy, "target": strategy.game().target_name(), "board": args.board.to_string(), "bound": args.bound,
                "round": round, "phase": refute.phase, "seconds": start.elapsed().as_secs_f64(), "count": classes.len(), "classes": list});
            output::println(out)?;
        } else {
            let mut text = format!(
                "{} of {} after round {round} (board {}, bound {})\n",
                count(classes.len(), "failure class", "failure classes"),
                args.strategy,
                args.board,
                args.bound
            );
            for (i, class) in classes.iter().enumerate() {
                text.push_str(&class_text(i, class));
            }
            output::print(&text)?;
        }
    }
    Ok(())
}
