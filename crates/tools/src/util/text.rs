//! Counts in words for the tools' messages.

/// `n` and `noun`, plural unless `n` is 1: "1 game", "7 games".
pub fn quantity(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(quantity(1, "game"), "1 game");
        assert_eq!(quantity(0, "file"), "0 files");
        assert_eq!(quantity(12, "position"), "12 positions");
    }
}
