//! Records the target triple, so ABOUT can say which build is running.
fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=SENTE_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
}
