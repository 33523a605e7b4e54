//! Shell wildcards for `sumito match --merge`, for a pattern that reached the program
//! unexpanded (quoted, or from a script): `*` (any run of characters), `?` (one character) and
//! `[…]` (one of a set: `[abc]`, ranges `[0-9]`, negated `[!…]` or `[^…]`). As in the shell,
//! wildcards never match `/`, and a name starting with `.` is matched only by a pattern that
//! starts with `.`.

use std::path::{Component, Path, PathBuf};

/// Does `text` hold a wildcard?
pub fn has_wildcards(text: &str) -> bool {
    text.contains(['*', '?', '['])
}

/// Does the file name `name` match the one-component `pattern`?
pub fn matches(pattern: &str, name: &str) -> bool {
    if name.starts_with('.') && !pattern.starts_with('.') {
        return false;
    }
    let pattern: Vec<char> = pattern.chars().collect();
    let name: Vec<char> = name.chars().collect();
    matches_from(&pattern, &name)
}

/// Matching with backtracking over the last `*` only, which is enough for one component.
fn matches_from(pattern: &[char], name: &[char]) -> bool {
    let (mut p, mut n) = (0, 0);
    // Where the last `*` was, and the name position it has swallowed up to.
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        if p < pattern.len() && pattern[p] == '*' {
            star = Some((p, n));
            p += 1;
            continue;
        }
        if p < pattern.len()
            && let Some(width) = one_char(&pattern[p..], name[n])
        {
            p += width;
            n += 1;
            continue;
        }
        match star {
            Some((at, swallowed)) => {
                p = at + 1;
                n = swallowed + 1;
                star = Some((at, n));
            }
            None => return false,
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

/// If the pattern's next element (a literal, `?` or a set) matches `c`, how many pattern
/// characters it takes.
fn one_char(pattern: &[char], c: char) -> Option<usize> {
    match pattern[0] {
        '?' => Some(1),
        '[' => match set(pattern) {
            Some((matched, width)) => matched(c).then_some(width),
            // An unclosed `[` is a literal.
            None => (c == '[').then_some(1),
        },
        literal => (literal == c).then_some(1),
    }
}

/// A set `[…]` at the start of `pattern`: its test and its width, `None` if not closed.
fn set(pattern: &[char]) -> Option<(impl Fn(char) -> bool, usize)> {
    let mut i = 1;
    let negated = matches!(pattern.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let first = i;
    // A `]` right after the opening is a member, not the end.
    while i < pattern.len() && (pattern[i] != ']' || i == first) {
        i += 1;
    }
    if i >= pattern.len() {
        return None;
    }
    let members: Vec<char> = pattern[first..i].to_vec();
    let test = move |c: char| {
        let mut found = false;
        let mut k = 0;
        while k < members.len() {
            if k + 2 < members.len() && members[k + 1] == '-' {
                found |= (members[k]..=members[k + 2]).contains(&c);
                k += 3;
            } else {
                found |= members[k] == c;
                k += 1;
            }
        }
        found != negated
    };
    Some((test, i + 1))
}

/// Every existing path that `pattern` matches, sorted. Wildcards may stand in any component
/// (`runs/*/shard-*.txt`).
pub fn expand(pattern: &str) -> Vec<PathBuf> {
    let mut found = vec![PathBuf::new()];
    for component in Path::new(pattern).components() {
        let part = component.as_os_str().to_string_lossy();
        let wild = matches!(component, Component::Normal(_)) && has_wildcards(&part);
        found = found
            .into_iter()
            .flat_map(|base| {
                if !wild {
                    return vec![base.join(component)];
                }
                let dir = if base.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    base.as_path()
                };
                let Ok(entries) = std::fs::read_dir(dir) else {
                    return Vec::new();
                };
                entries
                    .flatten()
                    .filter(|entry| matches(&part, &entry.file_name().to_string_lossy()))
                    .map(|entry| base.join(entry.file_name()))
                    .collect()
            })
            .filter(|path| path.exists())
            .collect();
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_match_as_in_the_shell() {
        let cases = [
            ("*.txt", "shard-1.txt", true),
            ("*.txt", "shard-1.txt.bak", false),
            ("shard-?.txt", "shard-7.txt", true),
            ("shard-?.txt", "shard-12.txt", false),
            ("shard-*-of-*.txt", "shard-3-of-8.txt", true),
            ("shard-[0-9].txt", "shard-4.txt", true),
            ("shard-[!0-9].txt", "shard-4.txt", false),
            ("shard-[^ab].txt", "shard-c.txt", true),
            ("*", ".hidden", false),
            (".*", ".hidden", true),
            ("a*b*c", "aXXbYYc", true),
            ("a*b*c", "aXXbYY", false),
            ("[abc", "[abc", true),
            ("[]]x", "]x", true),
            ("*", "", true),
        ];
        for (pattern, name, expected) in cases {
            assert_eq!(matches(pattern, name), expected, "{pattern} {name}");
        }
        assert!(has_wildcards("out/*.txt"));
        assert!(!has_wildcards("out/games.txt"));
    }

    #[test]
    fn patterns_expand_to_existing_files_in_any_component() {
        let dir = std::env::temp_dir().join(format!("sumito-glob-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["run-a", "run-b", "other"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
            std::fs::write(dir.join(sub).join("games.txt"), "").unwrap();
        }
        let pattern = format!("{}/run-*/games.txt", dir.display());
        let found = expand(&pattern);
        assert_eq!(
            found,
            [
                dir.join("run-a").join("games.txt"),
                dir.join("run-b").join("games.txt")
            ]
        );
        assert!(expand(&format!("{}/none-*/games.txt", dir.display())).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
