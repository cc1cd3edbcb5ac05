//! `pbrain-sente analyze`: searches one position given on the command line and prints the best
//! move, score, principal variation, the n best moves and the renju fouls, as text or JSON.

use super::{board_from_moves, Options};
use crate::board::geometry::to_letter_number;
use crate::board::{Board, Pos};
use crate::rules::Rule;
use crate::search::{score, SearchEvent, SearchLimits, SearchResult, Searcher, TimeBudget};
use anyhow::{anyhow, bail, Context};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
pbrain-sente analyze: search one position and print the best moves

USAGE:
    pbrain-sente analyze [OPTIONS] [MOVES]

MOVES is the game so far, black first: letter-number moves (h8i9j10 or \"h8 i9 j10\") or
numeric x,y pairs (\"7,7 8,8\"). An empty list analyses the empty board.

OPTIONS:
    --rule R        freestyle|standard|renju|caro|standard-caro or a Gomocup code (default 0)
    --size N        square board side, 5..32 (default 15); or --size WxH
    --time MS       thinking time in milliseconds (default 3000)
    --depth D       stop after depth D instead (no time limit unless --time is also given)
    --nodes N       stop after N nodes instead (no time limit unless --time is also given);
                    with one thread the same position and N give the same answer every run
    --nbest K       score the K best moves exactly (default 1)
    --threads N     search threads (default 1)
    --json          print one JSON object instead of text
    --verbose       also print every finished depth
    -h, --help      this text";

/// The analysis-only options, on top of the shared ones.
struct Analysis {
    options: Options,
    nbest: usize,
    nodes: Option<u64>,
    json: bool,
    verbose: bool,
}

fn parse_options(args: &[String]) -> anyhow::Result<Option<Analysis>> {
    let mut a = Analysis {
        options: Options::default(),
        nbest: 1,
        nodes: None,
        json: false,
        verbose: false,
    };
    let mut shared = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--nbest" => a.nbest = at_least_one(it.next(), "--nbest")?,
            "--nodes" => a.nodes = Some(at_least_one(it.next(), "--nodes")?),
            "--json" => a.json = true,
            "--verbose" => a.verbose = true,
            _ => shared.push(arg.clone()),
        }
    }
    a.options.parse(&shared, USAGE)?;
    Ok(Some(a))
}

/// The value of a count flag (`--nbest`, `--nodes`), which must be a number of at least 1.
fn at_least_one<T>(value: Option<&String>, flag: &str) -> anyhow::Result<T>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let v = value.ok_or_else(|| anyhow!("{flag} needs a value"))?;
    let n: T = v
        .parse()
        .with_context(|| format!("{flag} needs a number"))?;
    if n < T::from(1) {
        bail!("{flag} must be at least 1");
    }
    Ok(n)
}

pub fn run(args: &[String]) -> anyhow::Result<()> {
    let Some(a) = parse_options(args)? else {
        println!("{USAGE}");
        return Ok(());
    };
    let o = &a.options;
    let board =
        board_from_moves(o.width, o.height, o.rule, &o.moves).map_err(anyhow::Error::msg)?;
    let start = Instant::now();
    let budget = match (o.time, o.depth.is_some() || a.nodes.is_some()) {
        (None, true) => TimeBudget::unlimited(start),
        (time, _) => TimeBudget::fixed(start, Duration::from_millis(time.unwrap_or(3000))),
    };
    let mut limits = SearchLimits::new(budget);
    limits.multipv = a.nbest;
    limits.threads = o.threads;
    if let Some(depth) = o.depth {
        limits.max_depth = depth;
    }
    if let Some(nodes) = a.nodes {
        limits.max_nodes = nodes;
    }
    let mut searcher = Searcher::new(256 << 20);
    let stop = AtomicBool::new(false);
    let verbose = a.verbose && !a.json;
    let mut report = |event: SearchEvent| {
        if let (true, SearchEvent::Iteration(it)) = (verbose, &event) {
            for line in crate::protocol::summary_lines(it) {
                println!("{}", line.trim_start_matches("MESSAGE "));
            }
        }
    };
    let result = searcher
        .search(&board, &limits, &stop, &mut report)
        .ok_or_else(|| anyhow!("the board is full: no move to analyse"))?;
    let fouls = board.forbidden_points();
    if a.json {
        println!("{}", json(&board, &result, &fouls));
    } else {
        print!("{}", text(&board, &result, &fouls));
    }
    Ok(())
}

fn name(pos: Pos) -> String {
    to_letter_number(pos)
}

fn text(board: &Board, r: &SearchResult, fouls: &[Pos]) -> String {
    let mut out = String::new();
    out.push_str(&format!("{board}"));
    out.push_str(&format!(
        "{} to move, {} {}x{}\n",
        board.to_move().name(),
        board.rule(),
        board.width(),
        board.height()
    ));
    out.push_str(&format!(
        "best {} ({},{})  score {}  depth {}-{}  nodes {}  time {} ms\n",
        name(r.best),
        r.best.x(),
        r.best.y(),
        score::format(r.score),
        r.depth,
        r.seldepth,
        r.nodes,
        r.elapsed.as_millis()
    ));
    let pv: Vec<String> = r.pv.iter().map(|&p| name(p)).collect();
    out.push_str(&format!("pv {}\n", pv.join(" ")));
    if r.lines.len() > 1 {
        for (i, line) in r.lines.iter().enumerate() {
            let pv: Vec<String> = line.pv.iter().map(|&p| name(p)).collect();
            out.push_str(&format!(
                "{:>2}. {:<4} {:>6}  {}\n",
                i + 1,
                name(line.mv),
                score::format(line.score),
                pv.join(" ")
            ));
        }
    }
    if board.rule() == Rule::Renju {
        let list: Vec<String> = fouls.iter().map(|&p| name(p)).collect();
        out.push_str(&format!(
            "black fouls: {}\n",
            if list.is_empty() {
                "none".into()
            } else {
                list.join(" ")
            }
        ));
    }
    out
}

/// JSON without a JSON library: every value is a number, a string of letters and digits, or an
/// array of those, so no escaping is ever needed.
fn json(board: &Board, r: &SearchResult, fouls: &[Pos]) -> String {
    let moves = |list: &[Pos]| -> String {
        let items: Vec<String> = list.iter().map(|&p| format!("\"{}\"", name(p))).collect();
        format!("[{}]", items.join(","))
    };
    let lines: Vec<String> = r
        .lines
        .iter()
        .map(|l| {
            format!(
                "{{\"move\":\"{}\",\"x\":{},\"y\":{},\"score\":\"{}\",\"pv\":{}}}",
                name(l.mv),
                l.mv.x(),
                l.mv.y(),
                score::format(l.score),
                moves(&l.pv)
            )
        })
        .collect();
    format!(
        "{{\"rule\":\"{}\",\"width\":{},\"height\":{},\"to_move\":\"{}\",\"best\":\"{}\",\"x\":{},\"y\":{},\"score\":\"{}\",\"depth\":{},\"seldepth\":{},\"nodes\":{},\"time_ms\":{},\"pv\":{},\"lines\":[{}],\"forbidden\":{}}}",
        board.rule(),
        board.width(),
        board.height(),
        board.to_move().name(),
        name(r.best),
        r.best.x(),
        r.best.y(),
        score::format(r.score),
        r.depth,
        r.seldepth,
        r.nodes,
        r.elapsed.as_millis(),
        moves(&r.pv),
        lines.join(","),
        moves(fouls)
    )
}
