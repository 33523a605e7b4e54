//! The checks every record takes, of two players or more: its move limit (`MaxPlies`), its
//! ply count (`PlyCount`) and its result token, the tag's equal to the movetext's.

use super::{Record, RecordsError};

/// The move limit of the record's `MaxPlies` tag (0, none, without one).
pub(super) fn max_plies(record: &Record) -> Result<u32, RecordsError> {
    match record.tag("MaxPlies") {
        Some(text) => text.parse().map_err(|_| RecordsError::BadTag {
            tag: "MaxPlies",
            value: text.to_string(),
        }),
        None => Ok(0),
    }
}

/// A `PlyCount` tag, if any, must count the moves of the movetext.
pub(super) fn check_ply_count(record: &Record) -> Result<(), RecordsError> {
    match record.tag("PlyCount") {
        Some(count) if count != record.moves.len().to_string() => {
            Err(RecordsError::PlyCountMismatch {
                count: count.to_string(),
                moves: record.moves.len(),
            })
        }
        _ => Ok(()),
    }
}

/// The result token of the movetext, checked equal to the `Result` tag.
pub(super) fn checked_result(record: &Record) -> Result<&str, RecordsError> {
    let tag_result = record.required_tag("Result")?;
    let result = record
        .result
        .as_deref()
        .ok_or(RecordsError::NoMovetextResult)?;
    if tag_result != result {
        return Err(RecordsError::ResultMismatch {
            tag: tag_result.to_string(),
            movetext: result.to_string(),
        });
    }
    Ok(result)
}
