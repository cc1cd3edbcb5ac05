//! The `bench` front end: the node count is the same from run to run, and the speed is given
//! apart for the root's threat searches and the deepening main search, whose nodes add up to
//! the total.

mod common;
use common::front_end_output;

fn bench(depth: &str) -> String {
    front_end_output("bench", &[depth])
}

/// The first number after `label` on the line that starts with it.
fn figure(text: &str, label: &str) -> u64 {
    text.lines()
        .find(|line| line.starts_with(label))
        .and_then(|line| {
            line[label.len()..]
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| !w.is_empty())
        })
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no `{label}` line with a number in\n{text}"))
}

#[test]
fn bench_nodes_repeat_and_split_into_threat_search_and_deepening() {
    let first = bench("4");
    let total = figure(&first, "nodes searched");
    let threats = figure(&first, "root VCF/VCT");
    let deepening = figure(&first, "deepening");
    assert_eq!(threats + deepening, total, "{first}");
    assert!(threats > 0 && deepening > 0, "{first}");
    assert!(figure(&first, "nodes/second") > 0, "{first}");
    // The signature: a second run searches exactly as many nodes.
    assert_eq!(figure(&bench("4"), "nodes searched"), total);
}
