//! Everything Sente prints besides plain moves and `OK`: the ABOUT line, FORBID lists, live
//! search output and answers with more than one move. Pure formatting.

use crate::board::geometry::to_letter_number;
use crate::board::{Board, Pos};
use crate::search::{score, Iteration, SearchEvent, Swap2Answer};
use std::time::Duration;

/// A move as the protocol prints it: `x,y`.
pub fn xy(pos: Pos) -> String {
    format!("{},{}", pos.x(), pos.y())
}

/// Moves separated by spaces (`x1,y1 x2,y2 …`), for answers with several moves.
pub fn moves(list: &[Pos]) -> String {
    list.iter().map(|&p| xy(p)).collect::<Vec<_>>().join(" ")
}

/// The Swap2 answer line.
pub fn swap2_line(answer: &Swap2Answer) -> String {
    match answer {
        Swap2Answer::Stones(stones) => moves(stones),
        Swap2Answer::Swap => "SWAP".into(),
        Swap2Answer::Move(mv) => xy(*mv),
    }
}

/// The MESSAGE lines `show_detail` asks for about a search event, `elapsed` into the move:
/// with bit 2, one summary per iteration (and per line in multi-PV) in the format client
/// libraries parse; with bit 1, Yixin-Board's realtime lines, from depth 8 and 200 ms into the
/// move (as GUIs expect).
pub fn progress_lines(event: &SearchEvent, detail: i64, elapsed: Duration) -> Vec<String> {
    let realtime =
        |depth: u32| detail & 1 != 0 && depth >= 8 && elapsed >= Duration::from_millis(200);
    let mut lines = Vec::new();
    match event {
        SearchEvent::Iteration(it) => {
            if detail & 2 != 0 {
                lines.extend(summary_lines(it));
            }
            if realtime(it.depth) {
                if let Some(best) = it.lines.first() {
                    lines.push("MESSAGE REALTIME REFRESH".into());
                    lines.push(format!("MESSAGE REALTIME BEST {}", xy(best.mv)));
                }
            }
        }
        SearchEvent::RootMoveStarted { mv, depth } if realtime(*depth) => {
            lines.push(format!("MESSAGE REALTIME POS {}", xy(*mv)));
        }
        SearchEvent::RootMoveDone {
            mv,
            depth,
            score,
            best,
        } if realtime(*depth) => {
            lines.push(format!("MESSAGE REALTIME DONE {}", xy(*mv)));
            if *score <= -score::PROVEN {
                lines.push(format!("MESSAGE REALTIME LOST {}", xy(*mv)));
            } else if *best {
                lines.push(format!("MESSAGE REALTIME BEST {}", xy(*mv)));
            }
        }
        _ => {}
    }
    lines
}

/// `MESSAGE depth D-SD [multipv K] ev E n N n/ms S tm T pv m1 m2 …` for each line of an
/// iteration: E in score units or `+M<n>`/`-M<n>` (a win or loss in n of our moves), N nodes
/// with a K/M/G suffix, S nodes per millisecond, T milliseconds, moves in letter-number
/// notation.
pub fn summary_lines(it: &Iteration) -> Vec<String> {
    let ms = it.elapsed.as_millis() as u64;
    let speed = it.nodes / ms.max(1);
    let multipv = it.lines.len() > 1;
    it.lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let pv: Vec<String> = line.pv.iter().map(|&p| to_letter_number(p)).collect();
            format!(
                "MESSAGE depth {}-{}{} ev {} n {} n/ms {speed} tm {ms} pv {}",
                it.depth,
                it.seldepth,
                if multipv {
                    format!(" multipv {}", i + 1)
                } else {
                    String::new()
                },
                score::format(line.score),
                nodes_text(it.nodes),
                pv.join(" ")
            )
        })
        .collect()
}

/// Node counts as client libraries expect them: exact below 10 000, then thousands (K),
/// millions (M), billions (G).
pub fn nodes_text(nodes: u64) -> String {
    match nodes {
        0..=9_999 => nodes.to_string(),
        10_000..=9_999_999 => format!("{}K", nodes / 1_000),
        10_000_000..=99_999_999_999 => format!("{}M", nodes / 1_000_000),
        _ => format!("{}G", nodes / 1_000_000_000),
    }
}

/// The ABOUT line. The version says which build is running: its target and the vector
/// instructions it was compiled for (e.g. `0.1.0 (x86_64-pc-windows-gnu avx2)`).
pub fn about() -> String {
    format!(
        "name=\"Sente\", version=\"{} ({})\", author=\"Sente developers\", country=\"International\"",
        env!("CARGO_PKG_VERSION"),
        build()
    )
}

/// Target triple and instruction set of this build.
pub fn build() -> String {
    let features = if cfg!(target_feature = "avx2") {
        "avx2"
    } else if cfg!(target_feature = "sse4.1") {
        "sse4.1"
    } else {
        "baseline"
    };
    format!("{} {features}", env!("SENTE_TARGET"))
}

/// `FORBID xxyy….`: black's renju fouls, each as two-digit x then two-digit y.
pub fn forbid_line(board: &Board) -> String {
    let mut line = String::from("FORBID ");
    for pos in board.forbidden_points() {
        line.push_str(&format!("{:02}{:02}", pos.x(), pos.y()));
    }
    line.push('.');
    line
}
