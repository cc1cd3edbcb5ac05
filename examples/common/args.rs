//! Command-line flags of the fitting and measuring examples (`tune`, `order_fit`, `matesuite`,
//! `balanced_openings`).

use anyhow::{anyhow, Context};
use std::str::FromStr;

/// The value after `flag`, taken from `args` and parsed; an error names the flag.
pub fn value<T>(args: &mut impl Iterator<Item = String>, flag: &str) -> anyhow::Result<T>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let text = args.next().ok_or_else(|| anyhow!("{flag} needs a value"))?;
    text.parse()
        .with_context(|| format!("{flag}: cannot read '{text}'"))
}
