//! Fits the evaluation weights to game records (Texel-style logistic regression).
//!
//! ```sh
//! cargo run --release --example tune -- [--epochs N] [--rate R] [--l2 L] [--judged L] [--judge-scale S] [--threats-only] [--counts-only] [--symmetric] [--valid held-out.sgf] games.sgf...
//! ```
//!
//! Input: SGF collections as written by c-gomoku-cli (`SZ`, `RU` rule code, `RE[B+…]`,
//! `RE[W+…]` or a draw, moves `;B[hh]`). Every position after the opening stones where nothing
//! is forced (no five to make or block, no open four for the side to move) becomes a sample:
//! the evaluation's features for the side to move, labelled with the game's result for that
//! side. The score is linear in the weights (see `sente::eval`), so the model is
//! `P(win) = sigmoid(w · features / (SCALE · K))`; K is fitted first with the current weights,
//! then the weights by Adam on the log loss with an L2 pull towards the current values. Besides
//! the engine's own weights (a value per pattern set, the threat table, the threat counts) the
//! fit moves offsets shared by the pattern sets that hold a line pattern or make a shape, and
//! prints each set's value with its offsets added in (see `LINE_ATTACK`).
//!
//! A game's result is a noisy label for a position long before the end. Where a move's comment
//! carries a stronger engine's search score of the position before it (`judge=<score>` in the
//! comment as `examples/judge.rs` writes it, or `rapfi=<score>` in older records; side to
//! move's view, ±30000 for a found win or loss), the label can blend in that engine's
//! judgement: `--judged L` trains on
//! `(1 − L) · result + L · sigmoid(score / S)`, with the judge's scale S fitted to the results
//! first, or given with `--judge-scale` (for positions off the game's line, as
//! `examples/tree_positions.rs` draws them, whose game's result says little about them; K is
//! then fitted to the blended labels too).
//! Losses are reported against the results, so runs with and without the judge compare, and
//! the held-out games' loss also against their own blended labels.
//!
//! `--threats-only` fits the threat-mask table alone and leaves the pattern-set values as they
//! are, for small sets of games: on 700 games of self-play a refit of all the weights made the
//! held-out loss worse, one of the threat table alone better (strength log, tenth session).
//!
//! `--counts-only` fits the threat-count values alone (`Weights::counts`: what it is worth to
//! hold a threat on one, two, three or four cells), the rest kept as they are.
//!
//! `--symmetric` ties each attack value to its defence value (both start at their mean and
//! move together), so that the pattern part of the score only changes sign with the side to
//! move, as Rapfi's does, and the threat table alone carries the move.
//! The logistic scale K is still fitted with the current weights, so the result stays in the
//! search's units (strength log, fourteenth session: 36-38-6, not kept).
//!
//! The games must all be of one rule family: freestyle and standard games fit the one set both
//! colours share, renju games the black and the white set together (a position's features
//! fall in the side to move's set for its own cells and the threat term, in the other colour's
//! for its cells). Prints the fitted sets as the Rust source of the family's weights file:
//! `cargo run --release --example tune -- games.sgf > src/eval/gomoku_weights.rs` (or
//! `renju_weights.rs` for renju games).

use sente::board::{Board, Color, Pos};
use sente::eval::{self, Weights, COUNTED, COUNT_CAP, THREAT_MASKS};
use sente::pattern::{
    combination, pattern_code, pattern_set, pattern_set_patterns, shape, shape_patterns,
    LinePattern, Threat, PATTERN_SETS, SHAPES,
};
use sente::rules::Rule;

#[path = "common/adam.rs"]
mod adam;
#[path = "common/args.rs"]
mod args;
#[path = "common/quiet.rs"]
mod quiet;
#[path = "common/sgf.rs"]
mod sgf;
use adam::Adam;
use args::value;
use quiet::is_quiet;
use sgf::{read_games, Game};

const LINES: usize = LinePattern::COUNT;
/// Offsets of the feature groups within a weight set: first those of `Weights::to_vec`, in its
/// order, then the line and shape offsets.
const SET_ATTACK: usize = 0;
const SET_DEFENCE: usize = PATTERN_SETS;
const THREAT_MASK: usize = 2 * PATTERN_SETS;
/// Line and shape offsets (attack, then defence): fitted values shared by every pattern set
/// holding a line pattern, or of a shape (see `sente::pattern::shape`), which start at zero and
/// are folded into the sets' values when the weights are printed. Most of the 3,060 pattern
/// sets are rare; through its lines and its shape a rare set still learns what its kind of cell
/// is worth (strength log, nineteenth session).
const LINE_ATTACK: usize = THREAT_MASK + THREAT_MASKS;
const LINE_DEFENCE: usize = LINE_ATTACK + LINES;
const SHAPE_ATTACK: usize = LINE_DEFENCE + LINES;
const SHAPE_DEFENCE: usize = SHAPE_ATTACK + SHAPES;
/// Threat-count features: per side (to move, other) and threat of `eval::COUNTED`, the steps
/// of `Weights::counts` from n − 1 to n cells; a sample has the first min(count, cap) of them.
const COUNTS: usize = SHAPE_DEFENCE + SHAPES;
const COUNT_FEATURES: usize = 2 * COUNTED.len() * COUNT_CAP;
/// Features of one weight set.
const FEATURES: usize = COUNTS + COUNT_FEATURES;

/// A rule family: the weight sets its games fit, in feature order, with their names in the
/// generated source.
struct Family {
    rule: Rule,
    sets: Vec<(Color, &'static str, &'static str)>,
}

impl Family {
    /// The family of `rule`'s games. Freestyle, standard and caro share one set.
    fn of(rule: Rule) -> Family {
        let sets = if rule == Rule::Renju {
            vec![
                (Color::Black, "RENJU_BLACK", "Renju, black."),
                (Color::White, "RENJU_WHITE", "Renju, white."),
            ]
        } else {
            vec![(
                Color::Black,
                "GOMOKU",
                "Freestyle, standard and caro, both colours.",
            )]
        };
        Family { rule, sets }
    }

    /// Offset of `color`'s weight set in the feature vector (the one set, when both colours
    /// share it).
    fn offset(&self, color: Color) -> usize {
        self.sets
            .iter()
            .position(|&(c, ..)| c == color)
            .unwrap_or(0)
            * FEATURES
    }

    /// The current weights of every set, one vector, with the line and shape offsets at zero.
    fn weights(&self) -> Vec<f64> {
        self.sets
            .iter()
            .flat_map(|&(color, ..)| {
                let weights = Weights::of(self.rule, color);
                let mut set = weights.to_vec();
                set.resize(COUNTS, 0.0);
                set.extend(weights.count_steps());
                set
            })
            .collect()
    }
}

struct Sample {
    features: Vec<(u16, f32)>,
    /// The game's result for the side to move: 1 won, 0 lost, 0.5 drawn.
    result: f64,
    /// The judge's score of the position, side to move's view.
    judged: Option<f64>,
    /// What the fit aims at: the result, or its blend with the judge's win probability.
    target: f64,
}

fn main() -> anyhow::Result<()> {
    let mut epochs = 300usize;
    let mut rate = 2.0f64;
    let mut l2 = 1e-4f64;
    let mut judged = 0.0f64;
    let mut judge_scale = None;
    let mut threats_only = false;
    let mut symmetric = false;
    let mut counts_only = false;
    let mut files = Vec::new();
    let mut valid_files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--epochs" => epochs = value(&mut args, &arg)?,
            "--rate" => rate = value(&mut args, &arg)?,
            "--l2" => l2 = value(&mut args, &arg)?,
            "--judged" => judged = value(&mut args, &arg)?,
            "--judge-scale" => judge_scale = Some(value::<f64>(&mut args, &arg)?),
            "--threats-only" => threats_only = true,
            "--symmetric" => symmetric = true,
            "--counts-only" => counts_only = true,
            "--valid" => valid_files.push(value(&mut args, &arg)?),
            _ => files.push(arg),
        }
    }
    anyhow::ensure!(
        !files.is_empty(),
        "usage: tune [--epochs N] [--rate R] [--l2 L] [--judged L] [--judge-scale S] [--threats-only] [--counts-only] [--symmetric] [--valid held-out.sgf] games.sgf..."
    );
    anyhow::ensure!(
        (0.0..=1.0).contains(&judged),
        "--judged takes a weight from 0 to 1"
    );

    let games = read_games(&files)?;
    let valid_games = read_games(&valid_files)?;
    let family = Family::of(games.first().map_or(Rule::Freestyle, |g| g.rule));
    let renju = |g: &Game| g.rule == Rule::Renju;
    anyhow::ensure!(
        games
            .iter()
            .chain(&valid_games)
            .all(|g| renju(g) == (family.rule == Rule::Renju)),
        "renju games and games of other rules fit different weights: tune them apart"
    );
    let mut samples = samples(&games, &family);
    let mut valid = self::samples(&valid_games, &family);
    if judged > 0.0 {
        let scale = judge_scale.unwrap_or_else(|| fit_judge_scale(&samples));
        let with_score = samples.iter().filter(|s| s.judged.is_some()).count();
        eprintln!("judge's scale S = {scale:.0}: {with_score} samples have a judged score");
        for s in samples.iter_mut().chain(&mut valid) {
            if let Some(score) = s.judged {
                s.target = (1.0 - judged) * s.result + judged * sigmoid(score / scale);
            }
        }
    }
    let mut start = family.weights();
    eprintln!(
        "{} games, {} samples, {} features",
        games.len(),
        samples.len(),
        start.len()
    );
    anyhow::ensure!(!samples.is_empty(), "no usable positions");

    // Positions off the game's line are fitted to the judge alone, and K with them: their
    // game's result would flatten it, and the fit would then inflate every weight.
    let k = if judge_scale.is_some() {
        fit_scale(&samples, &start, |s| s.target)
    } else {
        fit_scale(&samples, &start, |s| s.result)
    };
    eprintln!(
        "K = {k:.1}: loss {:.5} with the current weights",
        loss(&samples, &start, k)
    );
    // The scale is the current weights' (the search's margins are in those units); a
    // symmetric fit starts from their symmetric version and keeps that scale.
    if symmetric {
        tie(&mut start, |a, d| (a + d) / 2.0);
        eprintln!("symmetric start: loss {:.5}", loss(&samples, &start, k));
    }
    let settings = FitSettings {
        epochs,
        rate,
        l2,
        threats_only,
        symmetric,
        counts_only,
    };
    let fitted = fit_weights(&samples, &valid, &start, k, &settings);
    eprintln!("loss {:.5} after fitting", loss(&samples, &fitted, k));
    if !valid.is_empty() {
        eprintln!(
            "held-out loss {:.5} before, {:.5} after ({} samples)",
            loss(&valid, &start, k),
            loss(&valid, &fitted, k),
            valid.len()
        );
        if judged > 0.0 {
            eprintln!(
                "held-out loss against the blended labels {:.5} before, {:.5} after",
                target_loss(&valid, &start, k),
                target_loss(&valid, &fitted, k)
            );
        }
    }
    print_sets(&family, &fitted);
    Ok(())
}

/// The quiet positions of every game, with their features and results.
fn samples(games: &[Game], family: &Family) -> Vec<Sample> {
    let weights = family.weights();
    let mut samples = Vec::new();
    let mut checked = 0;
    for game in games {
        let mut board = Board::new(game.size, game.size, game.rule);
        for (ply, &(x, y)) in game.moves.iter().enumerate() {
            if ply >= game.opening.max(4) && is_quiet(&board) {
                let us = board.to_move();
                let dense = features(&mut board, family);
                // The features must reproduce the engine's own evaluation exactly.
                if checked < 2000 {
                    let total: f64 = dense.iter().zip(&weights).map(|(f, w)| f * w).sum();
                    let engine = eval::score(&board.eval_side(us), &board.eval_side(us.opponent()));
                    assert_eq!(
                        total as i32 / eval::SCALE,
                        engine,
                        "features out of step with eval::score"
                    );
                    checked += 1;
                }
                let result = if us == Color::Black {
                    game.black_score
                } else {
                    1.0 - game.black_score
                };
                let features = dense
                    .iter()
                    .enumerate()
                    .filter(|(_, &f)| f != 0.0)
                    .map(|(i, &f)| (i as u16, f as f32))
                    .collect();
                samples.push(Sample {
                    features,
                    result,
                    judged: game.judged[ply],
                    target: result,
                });
            }
            let pos = Pos::new(x, y);
            if !board.is_empty(pos) {
                break;
            }
            board.make(pos);
        }
    }
    samples
}

/// The evaluation's features for the side to move, in the order of `Family::weights`. The
/// cell-value features are blended with those of the position before the last move, seen from
/// the side that was to move there, as `eval::score` blends the sums.
fn features(board: &mut Board, family: &Family) -> Vec<f64> {
    let us = board.to_move();
    let them = us.opponent();
    let mut f = vec![0.0; FEATURES * family.sets.len()];
    let before = Weights::of(board.rule(), us).quarters_before as f64 / 4.0;
    add_cell_features(board, family, us, 1.0 - before, &mut f);
    if let Some(last) = board.last_move().filter(|_| before > 0.0) {
        board.unmake();
        add_cell_features(board, family, them, -before, &mut f);
        board.make(last);
    }
    let (own, opponent) = (board.eval_side(us), board.eval_side(them));
    f[family.offset(us) + THREAT_MASK + eval::threat_mask(&own, &opponent)] = 1.0;
    for (side, cells) in [&own, &opponent].into_iter().enumerate() {
        for (level, n) in eval::count_levels(cells).enumerate() {
            let at = family.offset(us) + COUNTS + (side * COUNTED.len() + level) * COUNT_CAP;
            f[at..at + n].fill(1.0);
        }
    }
    f
}

/// Adds `scale` times the cell-value features of `us` (attack values) and of the other side
/// (defence values, which the score subtracts) to `f`.
fn add_cell_features(board: &Board, family: &Family, us: Color, scale: f64, f: &mut [f64]) {
    let them = us.opponent();
    for pos in board.empty_cells() {
        // The defence sums are subtracted in the score.
        for (color, lines, sets, shapes, sign) in [
            (us, LINE_ATTACK, SET_ATTACK, SHAPE_ATTACK, scale),
            (them, LINE_DEFENCE, SET_DEFENCE, SHAPE_DEFENCE, -scale),
        ] {
            if board.threat(color, pos) == Threat::Forbidden {
                continue;
            }
            let set = family.offset(color);
            let patterns: [LinePattern; 4] =
                std::array::from_fn(|d| board.line_pattern(color, pos, d));
            for pattern in patterns {
                f[set + lines + pattern as usize] += sign;
            }
            f[set + sets + pattern_set(pattern_code(patterns))] += sign;
            f[set + shapes + shape(combination(patterns))] += sign;
        }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn predict(sample: &Sample, weights: &[f64], k: f64) -> f64 {
    let total: f64 = sample
        .features
        .iter()
        .map(|&(i, f)| weights[i as usize] * f as f64)
        .sum();
    sigmoid(total / (eval::SCALE as f64 * k))
}

/// The mean log loss against the games' results.
fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    mean_loss(samples, weights, k, |s| s.result)
}

/// The mean log loss against what the fit aims at (the result, or its blend with the judge).
fn target_loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    mean_loss(samples, weights, k, |s| s.target)
}

fn mean_loss(samples: &[Sample], weights: &[f64], k: f64, label: fn(&Sample) -> f64) -> f64 {
    samples
        .iter()
        .map(|s| log_loss(predict(s, weights, k), label(s)))
        .sum::<f64>()
        / samples.len() as f64
}

/// The log loss of predicting a win with probability `p` when the result was `result`.
fn log_loss(p: f64, result: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
}

/// The judge's scale S (a judged score of S is about 73 % to win) that fits the results best.
fn fit_judge_scale(samples: &[Sample]) -> f64 {
    let judged: Vec<(f64, f64)> = samples
        .iter()
        .filter_map(|s| Some((s.judged?, s.result)))
        .collect();
    best_scale(5000.0, |scale| {
        judged
            .iter()
            .map(|&(score, result)| log_loss(sigmoid(score / scale), result))
            .sum()
    })
}

/// The score scale K (a score of K is about 73 % to win) at which the current weights best
/// predict `label`.
fn fit_scale(samples: &[Sample], weights: &[f64], label: fn(&Sample) -> f64) -> f64 {
    best_scale(2000.0, |k| mean_loss(samples, weights, k, label))
}

/// The scale, from 20 up to `max` in steps of 5 %, at which `loss` is least.
fn best_scale(max: f64, loss: impl Fn(f64) -> f64) -> f64 {
    let mut best = (f64::MAX, 100.0);
    let mut scale = 20.0;
    while scale <= max {
        let l = loss(scale);
        if l < best.0 {
            best = (l, scale);
        }
        scale *= 1.05;
    }
    best.1
}

/// Weights (by index within a set) that must not move: patterns and pattern sets that never
/// occur in quiet positions or carry no value by definition (fouls, dead lines, fives), and the
/// set of four dead lines (the reference the others are measured from).
fn frozen(index: usize) -> bool {
    let fixed_lines = [
        LinePattern::Dead,
        LinePattern::Overline,
        LinePattern::DoubleFourLine,
        LinePattern::Five,
    ];
    if fixed_lines
        .iter()
        .any(|&p| index == LINE_ATTACK + p as usize || index == LINE_DEFENCE + p as usize)
    {
        return true;
    }
    // The index within an attack group or the defence group after it, if it is in either.
    let within = |attack: usize, len: usize| {
        (attack..attack + 2 * len)
            .contains(&index)
            .then(|| (index - attack) % len)
    };
    let (entry, patterns) = if let Some(set) = within(SET_ATTACK, PATTERN_SETS) {
        (set, pattern_set_patterns(set))
    } else if let Some(shape) = within(SHAPE_ATTACK, SHAPES) {
        (shape, shape_patterns(shape))
    } else {
        return false;
    };
    let (threat, _) = sente::pattern::cell::combine(patterns, false);
    entry == 0 || threat >= Threat::Flex4
}

/// How `fit_weights` runs: Adam's epochs and step, the L2 pull towards the starting weights,
/// and whether only the threat-mask table may move.
struct FitSettings {
    epochs: usize,
    rate: f64,
    l2: f64,
    threats_only: bool,
    /// Each line and pattern-set value the same as attack and as defence (see `tie`).
    symmetric: bool,
    /// Only the threat-count values may move (see `COUNTS`).
    counts_only: bool,
}

/// Ties each line pattern's and pattern set's attack value to its defence value: both become
/// `combine(attack, defence)`. With the mean, the position's pattern part then changes sign,
/// not size, with the side to move, and only the threat table tells the two sides apart; with
/// the sum, a gradient becomes the gradient of the one tied value.
fn tie(values: &mut [f64], combine: fn(f64, f64) -> f64) {
    let pairs = (SET_ATTACK..SET_DEFENCE)
        .zip(SET_DEFENCE..THREAT_MASK)
        .chain((LINE_ATTACK..LINE_DEFENCE).zip(LINE_DEFENCE..SHAPE_ATTACK))
        .chain((SHAPE_ATTACK..SHAPE_DEFENCE).zip(SHAPE_DEFENCE..COUNTS));
    for set in values.chunks_mut(FEATURES) {
        for (a, d) in pairs.clone() {
            let tied = combine(set[a], set[d]);
            set[a] = tied;
            set[d] = tied;
        }
    }
}

fn fit_weights(
    samples: &[Sample],
    valid: &[Sample],
    start: &[f64],
    k: f64,
    settings: &FitSettings,
) -> Vec<f64> {
    let &FitSettings {
        epochs,
        rate,
        l2,
        threats_only,
        symmetric,
        counts_only,
    } = settings;
    let n = start.len();
    let mut w = start.to_vec();
    let mut adam = Adam::new(n, rate);
    let scale = eval::SCALE as f64 * k;
    // Which weights stay put, decided once rather than in every epoch (`frozen` rebuilds a
    // pattern set's patterns).
    let fixed: Vec<bool> = (0..n)
        .map(|i| {
            let threats = THREAT_MASK..LINE_ATTACK;
            frozen(i % FEATURES)
                || (threats_only && !threats.contains(&(i % FEATURES)))
                || (counts_only && i % FEATURES < COUNTS)
        })
        .collect();
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; n];
        for s in samples {
            let error = predict(s, &w, k) - s.target;
            for &(i, f) in &s.features {
                grad[i as usize] += error * f as f64 / scale;
            }
        }
        if symmetric {
            tie(&mut grad, |a, d| a + d);
        }
        for i in 0..n {
            grad[i] = grad[i] / samples.len() as f64 + l2 * (w[i] - start[i]) / scale;
            if fixed[i] {
                continue;
            }
            adam.step(i, &mut w[i], grad[i], epoch);
        }
        if epoch % 100 == 0 {
            let held_out = if valid.is_empty() {
                String::new()
            } else {
                format!(
                    ", held-out {:.5} (against the fit's labels {:.5})",
                    loss(valid, &w, k),
                    target_loss(valid, &w, k)
                )
            };
            eprintln!("epoch {epoch}: loss {:.5}{held_out}", loss(samples, &w, k));
        }
    }
    w
}

/// Prints the family's weights file (`src/eval/gomoku_weights.rs` or `renju_weights.rs`).
fn print_sets(family: &Family, w: &[f64]) {
    println!("// Generated by examples/tune.rs: evaluation weights, in score units times SCALE.");
    println!();
    println!("use super::Weights;");
    for (&(color, name, doc), set) in family.sets.iter().zip(w.chunks(FEATURES)) {
        println!();
        let quarters_before = Weights::of(family.rule, color).quarters_before;
        print_set(name, doc, set, quarters_before);
    }
}

/// A pattern set's (attack, defence) values with its line and shape offsets folded in.
fn folded(w: &[f64], set: usize) -> (f64, f64) {
    let patterns = pattern_set_patterns(set);
    let shape = shape(combination(patterns));
    let lines = |group: usize| patterns.iter().map(|&p| w[group + p as usize]).sum::<f64>();
    (
        w[SET_ATTACK + set] + w[SHAPE_ATTACK + shape] + lines(LINE_ATTACK),
        w[SET_DEFENCE + set] + w[SHAPE_DEFENCE + shape] + lines(LINE_DEFENCE),
    )
}

/// Prints one weight set as a `Weights` static.
fn print_set(name: &str, doc: &str, w: &[f64], quarters_before: i32) {
    let r = |x: f64| x.round() as i64;
    println!("/// {doc}");
    println!("#[rustfmt::skip]");
    println!("pub static {name}: Weights = Weights {{");
    println!("    pattern_set: [");
    for row in (0..PATTERN_SETS).collect::<Vec<_>>().chunks(8) {
        let pairs: Vec<String> = row
            .iter()
            .map(|&set| {
                let (attack, defence) = folded(w, set);
                format!("({}, {}),", r(attack), r(defence))
            })
            .collect();
        println!("        {}", pairs.join(" "));
    }
    println!("    ],");
    println!("    threat: [");
    for row in w[THREAT_MASK..LINE_ATTACK].chunks(16) {
        let values: Vec<String> = row.iter().map(|&v| format!("{},", r(v))).collect();
        println!("        {}", values.join(" "));
    }
    println!("    ],");
    println!("    counts: [");
    for side in w[COUNTS..].chunks(COUNTED.len() * COUNT_CAP) {
        println!("        [");
        for steps in side.chunks(COUNT_CAP) {
            let mut sum = 0.0;
            let mut values = vec!["0".to_string()];
            for step in steps {
                sum += step;
                values.push(r(sum).to_string());
            }
            println!("            [{}],", values.join(", "));
        }
        println!("        ],");
    }
    println!("    ],");
    println!("    quarters_before: {quarters_before},");
    println!("}};");
}
