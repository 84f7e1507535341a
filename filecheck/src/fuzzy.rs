//! The "possible intended match here" hint: the place in the scanned input that is
//! closest (by edit distance, preferring earlier lines) to a pattern that failed.

/// How far into the scanned region the hint looks, in bytes.
const SEARCH_LIMIT: usize = 4096;

/// Levenshtein distance between two byte strings.
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// The offset in `hay` of the best approximate match of `example`, if one is close
/// enough to be worth showing and is not simply the start of `hay`.
pub(crate) fn possible_intended_match(example: &str, hay: &str) -> Option<usize> {
    let limit = hay.len().min(SEARCH_LIMIT);
    // Like FileCheck, give up on very long patterns rather than spend quadratic time.
    if SEARCH_LIMIT * 2048 < limit * example.len() {
        return None;
    }
    let bytes = hay.as_bytes();
    let mut lines_forward = 0usize;
    let mut best: Option<(usize, f64)> = None;
    for i in 0..limit {
        if bytes[i] == b'\n' {
            lines_forward += 1;
        }
        if bytes[i] == b' ' || bytes[i] == b'\t' || !hay.is_char_boundary(i) {
            continue;
        }
        let window = &bytes[i..(i + example.len()).min(bytes.len())];
        let window = window.split(|&b| b == b'\n').next().unwrap_or(window);
        let quality =
            edit_distance(window, example.as_bytes()) as f64 + lines_forward as f64 / 100.0;
        if best.is_none_or(|(_, q)| quality < q) {
            best = Some((i, quality));
        }
    }
    best.filter(|&(i, q)| i != 0 && q < 50.0).map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance(b"kitten", b"sitting"), 3);
        assert_eq!(edit_distance(b"", b"abc"), 3);
        assert_eq!(edit_distance(b"same", b"same"), 0);
    }

    #[test]
    fn points_at_the_closest_line() {
        let hay = "abc\nhello wrld\nxyz\n";
        assert_eq!(possible_intended_match("hello world", hay), Some(4));
        assert_eq!(possible_intended_match("", hay), None);
    }
}
