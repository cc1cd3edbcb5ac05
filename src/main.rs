//! `pbrain-sente`: with no arguments, a Gomocup engine on stdin/stdout; with a subcommand, one
//! of the command-line front ends.

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    sente::protocol::run();
}
