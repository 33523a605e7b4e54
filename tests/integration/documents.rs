//! The documents keep their word: every command has its page, the README stays a short
//! entrance that links them, and no link between the documents leads nowhere.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The subcommands `sumito --help` lists (but `help`).
pub(crate) fn subcommands() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_sumito"))
        .arg("--help")
        .output()
        .expect("sumito --help runs");
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let listed = help
        .split_once("Commands:")
        .and_then(|(_, rest)| rest.split_once("Options:"))
        .expect("a list of commands")
        .0;
    listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_has_a_page_that_the_readme_links() {
    let readme = read(&root().join("README.md"));
    let commands = subcommands();
    assert!(
        commands.len() >= 13,
        "commands read from --help: {commands:?}"
    );
    for command in &commands {
        let page = format!("docs/{command}.md");
        let text = read(&root().join(&page));
        assert!(
            text.contains(&format!("sumito {command}")),
            "{page} shows no `sumito {command}`"
        );
        assert!(
            readme.contains(&format!("]({page})")),
            "README.md does not link {page}"
        );
    }
}

/// Two screens: a newcomer reads what Sumito is, the two commands and what each tool is for;
/// the detail lives in the pages.
#[test]
fn the_readme_is_an_entrance_of_two_screens() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 130, "README.md has {lines} lines");
    let first_block = readme
        .split("```sh")
        .nth(1)
        .expect("a command block")
        .split("```")
        .next()
        .unwrap_or_default();
    for command in ["cargo run --release", "cargo test --release"] {
        assert!(
            first_block.contains(command),
            "the README's first commands lack `{command}`"
        );
    }
}

/// The anchors a Markdown file's headings give, as GitHub makes them.
fn anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with('#'))
        .filter_map(|line| line.trim_start_matches('#').strip_prefix(' '))
        .map(|title| {
            title
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
}

/// The relative links `[text](target)` of a Markdown text, outside code blocks, with their
/// line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut in_code = false;
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = &rest[..end];
            if !target.contains("://") && !target.contains(' ') {
                found.push((number + 1, target.to_string()));
            }
        }
    }
    found
}

#[test]
fn every_link_between_the_documents_leads_somewhere() {
    let mut files: Vec<PathBuf> = [
        "README.md",
        "PROTOCOL.md",
        "GAMES.md",
        "RULES.md",
        "STRENGTH.md",
    ]
    .iter()
    .map(|name| root().join(name))
    .collect();
    let docs = std::fs::read_dir(root().join("docs")).expect("docs/");
    files.extend(
        docs.filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "md")),
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = read(file);
        for (line, target) in links(&text) {
            checked += 1;
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked = if path.is_empty() {
                file.clone()
            } else {
                file.parent().expect("a folder").join(path)
            };
            let fine = linked.exists()
                && (anchor.is_empty()
                    || linked.extension().is_none_or(|e| e != "md")
                    || anchors(&read(&linked)).iter().any(|a| a == anchor));
            if !fine {
                broken.push(format!("{}:{line}: {target}", file.display()));
            }
        }
    }
    assert!(checked >= 40, "only {checked} links found");
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
}
