//! The engine's name as `id name` and the tools say it: `Sumito 0.1.0`, with the build when the
//! binary names it (`Sumito 0.1.0 (dea672e)`), so that two builds of one version are told
//! apart in records and tables.

use std::sync::OnceLock;

/// The build: the commit, `+` after it when the tree had changes; set once at start.
static BUILD: OnceLock<String> = OnceLock::new();

/// Names this process's build (the binary does, from its build script); empty: unknown. Only
/// the first call counts.
pub fn set_build(build: &str) {
    let _ = BUILD.set(build.to_string());
}

/// The version with the build: `0.1.0 (dea672e)`, or `0.1.0` when the build is unknown.
pub fn version() -> String {
    version_of(BUILD.get().map_or("", String::as_str))
}

/// The version with `build` (none when empty).
fn version_of(build: &str) -> String {
    let version = env!("CARGO_PKG_VERSION");
    match build {
        "" => version.to_string(),
        build => format!("{version} ({build})"),
    }
}

/// The engine's name: `Sumito 0.1.0 (dea672e)`.
pub fn name() -> String {
    format!("Sumito {}", version())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_carries_the_build_when_known() {
        let version = env!("CARGO_PKG_VERSION");
        assert_eq!(version_of(""), version);
        assert_eq!(version_of("abc1234+"), format!("{version} (abc1234+)"));
    }
}
