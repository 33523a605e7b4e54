//! How a UAP engine is started and set up: its command line, split like a shell would, and
//! the options sent to it after the handshake.

use super::EngineError;

/// How an engine is started and set up.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name in the records and the report.
    pub name: String,
    /// The program and its arguments.
    pub program: String,
    pub args: Vec<String>,
    /// `setoption` pairs sent after the handshake (a button has no value).
    pub options: Vec<(String, Option<String>)>,
}

impl EngineSpec {
    /// An engine started by `command` (split like a shell would, unless it names an existing
    /// file whole), named after its program, with no options.
    pub fn from_command_line(command: &str) -> Result<EngineSpec, EngineError> {
        // A path with blanks (a clone under `~/my code/`) is that program, unquoted too: no
        // program and arguments split from it would name that file.
        let words = match std::path::Path::new(command).is_file() {
            true => vec![command.to_string()],
            false => split_command(command)?,
        };
        let mut words = words.into_iter();
        let program = words.next().ok_or(EngineError::NoProgram)?;
        let args: Vec<String> = words.collect();
        Ok(EngineSpec {
            name: engine_name(&program, &args),
            program,
            args,
            options: Vec::new(),
        })
    }

    /// The command line as typed (for messages).
    pub fn command_line(&self) -> String {
        std::iter::once(self.program.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The options set, as [`parse_option`] reads them: `Name=value, …` (a button as its
    /// name); `None` without options.
    pub fn options_text(&self) -> Option<String> {
        let words: Vec<String> = self
            .options
            .iter()
            .map(|(name, value)| match value {
                Some(value) => format!("{name}={value}"),
                None => name.clone(),
            })
            .collect();
        (!words.is_empty()).then(|| words.join(", "))
    }

    /// Was this option set on the command line (names compared without regard to case)?
    pub fn sets_option(&self, name: &str) -> bool {
        self.options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
    }
}

/// Splits a command line into words the way a shell would for simple cases: blanks separate
/// words, single quotes keep everything, double quotes keep everything but `\"` and `\\`, and a
/// backslash outside quotes keeps the next character.
pub fn split_command(line: &str) -> Result<Vec<String>, EngineError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let unclosed = |quote| EngineError::UnclosedQuote {
        quote,
        line: line.to_string(),
    };
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(unclosed('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(unclosed('"')),
                        },
                        Some(c) => word.push(c),
                        None => return Err(unclosed('"')),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.push(chars.next().unwrap_or('\\'));
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(EngineError::EmptyCommand);
    }
    Ok(words)
}

/// Reads `Name=value` (or a bare `Name` for a button).
pub fn parse_option(text: &str) -> Result<(String, Option<String>), EngineError> {
    let (name, value) = match text.split_once('=') {
        Some((name, value)) => (name.trim(), Some(value.trim().to_string())),
        None => (text.trim(), None),
    };
    if name.is_empty() || name.contains(['\n', '\r']) {
        return Err(EngineError::BadOption {
            text: text.to_string(),
        });
    }
    if value.as_deref().is_some_and(|v| v.contains(['\n', '\r'])) {
        return Err(EngineError::MultilineOptionValue {
            text: text.to_string(),
        });
    }
    Ok((name.to_string(), value))
}

/// Programs that run an engine written as a script or a package: such an engine is named after
/// the script, not after its interpreter.
const INTERPRETERS: [&str; 13] = [
    "sh", "bash", "dash", "zsh", "ksh", "python", "python3", "perl", "ruby", "node", "java",
    "mono", "wine",
];

/// The name of the engine `program args` starts: the program's (`target/release/sumito`
/// gives `sumito`), or for an interpreter its script's (`sh tests/engines/mute.sh` gives
/// `mute`, `java -jar engine.jar` gives `engine`).
fn engine_name(program: &str, args: &[String]) -> String {
    let name = program_name(program);
    let script = args.iter().find(|arg| !arg.starts_with('-'));
    match script {
        Some(script) if INTERPRETERS.contains(&name.as_str()) => program_name(script),
        _ => name,
    }
}

/// The part of a program path that names it: `target/release/sumito` gives `sumito`.
fn program_name(program: &str) -> String {
    std::path::Path::new(program)
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .filter(|stem| !stem.is_empty())
        .unwrap_or_else(|| program.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_is_named_after_its_program_or_its_script() {
        let name = |command: &str| EngineSpec::from_command_line(command).unwrap().name;
        assert_eq!(name("target/release/sumito --threads 2"), "sumito");
        assert_eq!(name("sh '/my dir/tests/engines/mute.sh'"), "mute");
        assert_eq!(name("python3 -u engine.py"), "engine");
        assert_eq!(name("java -jar abalone.jar"), "abalone");
        assert_eq!(name("bash"), "bash");
    }

    #[test]
    fn an_existing_file_with_blanks_in_its_path_is_one_program() {
        let dir = std::env::temp_dir().join(format!("sumito spec {}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let program = dir.join("my engine");
        std::fs::write(&program, "").unwrap();
        let path = program.to_str().unwrap();
        let spec = EngineSpec::from_command_line(path).unwrap();
        assert_eq!((spec.program.as_str(), spec.args.len()), (path, 0));
        // With an argument it is a command line again, to be quoted.
        let spec = EngineSpec::from_command_line(&format!("'{path}' --threads 2")).unwrap();
        assert_eq!((spec.program.as_str(), spec.args.len()), (path, 2));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(split_command("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            split_command(r#"'/my dir/eng' "x \"y\"" z\ w"#).unwrap(),
            ["/my dir/eng", "x \"y\"", "z w"]
        );
        assert_eq!(split_command("''").unwrap(), [""]);
        assert!(split_command("   ").is_err());
        assert!(split_command("'open").is_err());
        assert!(split_command("\"open").is_err());
    }

    #[test]
    fn options_are_name_and_value() {
        assert_eq!(
            parse_option(" Hash = 32 ").unwrap(),
            ("Hash".to_string(), Some("32".to_string()))
        );
        assert_eq!(
            parse_option("Clear Hash").unwrap(),
            ("Clear Hash".to_string(), None)
        );
        assert!(parse_option("=3").is_err());
        assert!(parse_option("Name=a\nb").is_err());
        let mut spec = EngineSpec::from_command_line("sumito").unwrap();
        assert_eq!(spec.options_text(), None);
        spec.options = ["Skill=3", "Clear Hash"]
            .map(|text| parse_option(text).unwrap())
            .to_vec();
        assert_eq!(spec.options_text().as_deref(), Some("Skill=3, Clear Hash"));
    }
}
