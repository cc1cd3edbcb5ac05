//! `pbrain-sente`: with no arguments, a Gomocup engine on stdin/stdout; with a subcommand, one
//! of the command-line front ends.

use sente::cli;

const USAGE: &str = "\
pbrain-sente: a Gomoku / Renju engine for the Gomocup (Piskvork) protocol

USAGE:
    pbrain-sente                 speak the protocol on stdin/stdout (what managers run)
    pbrain-sente bench [DEPTH]   search fixed positions to a fixed depth (default 10);
                                 prints node counts and nodes per second
    pbrain-sente analyze ...     search one position: best moves, score, line, fouls
                                 (pbrain-sente analyze --help)
    pbrain-sente play ...        play against Sente in the terminal
                                 (pbrain-sente play --help)
    pbrain-sente --help          this text
    pbrain-sente --version       the version

Logging goes to stderr; set RUST_LOG=info (or debug) to see it.";

const BENCH_USAGE: &str = "\
pbrain-sente bench: search fixed positions to a fixed depth on one thread

USAGE:
    pbrain-sente bench [DEPTH]   (default depth 10)

Prints each position's nodes and time, then the total node count (the search's signature:
identical from run to run until the search changes) and nodes per second, in total and apart
for the root's VCF/VCT searches and for the deepening main search. At the default depth the
root's threat searches hold most of the nodes; `bench 16` weighs the main search.";

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None => sente::protocol::run(),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some("-V" | "--version") => {
            println!(
                "pbrain-sente {} ({})",
                env!("CARGO_PKG_VERSION"),
                sente::protocol::build()
            );
            Ok(())
        }
        Some("bench") => match args.get(1).map(|d| d.parse::<u32>()) {
            None => cli::bench::run(cli::bench::DEFAULT_DEPTH),
            Some(_) if matches!(args[1].as_str(), "-h" | "--help") => {
                println!("{BENCH_USAGE}");
                Ok(())
            }
            Some(Ok(depth)) if depth > 0 => cli::bench::run(depth),
            Some(_) => Err(anyhow::anyhow!(
                "bench: DEPTH must be a positive whole number"
            )),
        },
        Some("analyze") => cli::analyze::run(&args[1..]),
        Some("play") => cli::play::run(&args[1..]),
        Some(other) => Err(anyhow::anyhow!("unknown subcommand '{other}'\n\n{USAGE}")),
    };
    if let Err(error) = result {
        eprintln!("error: {error:#}");
        std::process::exit(2);
    }
}
