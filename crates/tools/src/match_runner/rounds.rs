//! Which rounds a set of records holds: the rounds missing from 1 to the highest, and those
//! held more than once, for `sumito match --merge` to report.

/// The rounds of a merge, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundCheck {
    /// The highest round.
    pub highest: u64,
    /// Rounds from 1 to `highest` that no record holds.
    pub missing: Vec<u64>,
    /// Rounds that more than one record holds.
    pub repeated: Vec<u64>,
}

impl RoundCheck {
    /// Checks the rounds of the records (in any order).
    pub fn new(rounds: &[u64]) -> RoundCheck {
        let mut sorted = rounds.to_vec();
        sorted.sort_unstable();
        let highest = sorted.last().copied().unwrap_or(0);
        let mut check = RoundCheck {
            highest,
            ..RoundCheck::default()
        };
        let mut expected = 1;
        for (index, &round) in sorted.iter().enumerate() {
            if index > 0 && sorted[index - 1] == round {
                if check.repeated.last() != Some(&round) {
                    check.repeated.push(round);
                }
                continue;
            }
            check.missing.extend(expected..round);
            expected = round + 1;
        }
        check
    }

    /// Is every round from 1 to the highest there exactly once?
    pub fn is_complete(&self) -> bool {
        self.missing.is_empty() && self.repeated.is_empty()
    }

    /// One line for the report: `Rounds 1 to 200: each once.`, or the missing and repeated
    /// rounds as ranges (`missing 5-8, 13 (5 rounds)`).
    pub fn summary(&self) -> String {
        if self.is_complete() {
            return format!("Rounds 1 to {}: each once.", self.highest);
        }
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            parts.push(format!(
                "missing {} ({} rounds)",
                ranges(&self.missing),
                self.missing.len()
            ));
        }
        if !self.repeated.is_empty() {
            parts.push(format!(
                "more than once {} ({} rounds)",
                ranges(&self.repeated),
                self.repeated.len()
            ));
        }
        format!("Rounds 1 to {}: {}.", self.highest, parts.join("; "))
    }
}

/// Sorted numbers as ranges: `1-3, 7, 9-10`.
fn ranges(numbers: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut index = 0;
    while index < numbers.len() {
        let start = numbers[index];
        let mut end = start;
        while index + 1 < numbers.len() && numbers[index + 1] == end + 1 {
            index += 1;
            end += 1;
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        index += 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_rounds_in_any_order() {
        let check = RoundCheck::new(&[3, 1, 4, 2]);
        assert!(check.is_complete());
        assert_eq!(check.summary(), "Rounds 1 to 4: each once.");
    }

    #[test]
    fn missing_and_repeated_rounds_are_named_as_ranges() {
        let check = RoundCheck::new(&[2, 3, 3, 3, 9, 4, 12, 12]);
        assert_eq!(check.missing, [1, 5, 6, 7, 8, 10, 11]);
        assert_eq!(check.repeated, [3, 12]);
        assert_eq!(
            check.summary(),
            "Rounds 1 to 12: missing 1, 5-8, 10-11 (7 rounds); more than once 3, 12 (2 rounds)."
        );
        assert_eq!(RoundCheck::new(&[]).highest, 0);
    }
}
