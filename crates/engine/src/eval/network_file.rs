//! Reading a network file named by the protocol (`EvalFile`, `SeatsEvalFile`) or a command
//! line: only a regular file of a network's size. A device or a pipe (`/dev/stdin`, a FIFO)
//! would block the engine's command loop, reading its own input, or fill its memory
//! (`/dev/zero`).

use std::io::Read;

/// The largest file taken: far above any network's (today's are under 100 KB), far below
/// what would strain the memory.
pub const MAX_BYTES: u64 = 64 << 20;

/// The bytes of the file at `path`, or why they cannot be had.
pub fn read(path: &str) -> Result<Vec<u8>, String> {
    // Checked before opening: opening a FIFO for reading waits for a writer.
    let metadata = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("not a regular file".into());
    }
    let too_large = || format!("larger than {} MiB: no network is", MAX_BYTES >> 20);
    if metadata.len() > MAX_BYTES {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    // Read no further than the limit, should the file have grown since.
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_of_a_network_s_size_are_read() {
        let dir = std::env::temp_dir().join(format!("sumito-network-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small.nnue");
        std::fs::write(&small, b"abc").unwrap();
        assert_eq!(read(small.to_str().unwrap()).unwrap(), b"abc");
        let large = dir.join("large.nnue");
        let file = std::fs::File::create(&large).unwrap();
        file.set_len(MAX_BYTES + 1).unwrap();
        assert!(
            read(large.to_str().unwrap())
                .unwrap_err()
                .contains("larger than 64 MiB")
        );
        assert_eq!(
            read(dir.to_str().unwrap()).unwrap_err(),
            "not a regular file"
        );
        assert_eq!(read("/dev/zero").unwrap_err(), "not a regular file");
        assert!(read(dir.join("missing").to_str().unwrap()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
