//! Writing a trained network file whole or not at all.

use super::error::TuneError;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file beside it, so that an interrupted write
/// never leaves half a file under the name.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), TuneError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|source| {
            // No half-done file is left beside the name either.
            let _ = std::fs::remove_file(&temporary);
            TuneError::Write {
                path: path.to_path_buf(),
                source,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_names_the_file() {
        let path = Path::new("/nonexistent-sumito-dir/default.nnue");
        assert_eq!(
            write_bytes(path, b"x").unwrap_err().to_string(),
            "cannot write /nonexistent-sumito-dir/default.nnue: No such file or directory (os error 2)"
        );
    }
}
