use ramsey_verify::board::Board;
use ramsey_verify::graph6::decode_position;
use ramsey_verify::solve::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = if args[1].contains(',') {
        let mut p = ramsey_verify::board::Position::empty(Board::Infinite);
        for (i, m) in args[1].split(',').enumerate() {
            let (a, b) = m.split_once('-').unwrap();
            let e = ramsey_verify::board::Edge::new(a.parse().unwrap(), b.parse().unwrap());
            let pl = if i % 2 == 0 { ramsey_verify::board::Player::First } else { ramsey_verify::board::Player::Second };
            p.claim(e, pl).unwrap();
        }
        p
    } else {
        decode_position(&args[1], Board::Infinite).unwrap()
    };
    let from: u32 = args[2].parse().unwrap();
    let to: u32 = args[3].parse().unwrap();
    let max: u64 = args.get(4).map(|s| s.parse().unwrap()).unwrap_or(20_000_000);
    if let Ok(hub) = std::env::var("HUB") {
        let m = ramsey_verify::strategies::k4::hub_search::move_at_hub(&pos, hub.parse().unwrap(), 8);
        println!("hub move {:?}", m);
        let mut s2 = Solver::new(4, max);
        for b in 1..=6 { println!("all winning at {b}: {:?}", s2.winning_moves(&pos, b)); }
        return;
    }
    let mut solver = Solver::new(4, max);
    for b in from..=to {
        let t = Instant::now();
        let r = solver.her_turn(&pos, b);
        println!("budget {b}: {:?} {:?} {:.1}s", r, solver.stats, t.elapsed().as_secs_f64());
        if r == Ok(true) { break; }
    }
}
#[allow(dead_code)]
fn unused() {}
