//! Small textual mutations of a generated program (a type, a dimension or an integer changed on
//! one line), which mostly make it invalid: they exercise the verifiers, so that the test can
//! compare which programs Mica and mlir-opt reject.

use crate::rng::Rng;

/// Element types and the ones a mutation puts in their place.
const SWAPS: [(&str, &str); 6] = [
    ("f32", "f16"),
    ("i32", "i64"),
    ("index", "i32"),
    ("f16", "f32"),
    ("i64", "i32"),
    ("i1", "i8"),
];

/// `text` with one mutation on one of its op lines, if one applies.
pub fn mutate(rng: &mut Rng, text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let candidates: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(" : ") && !lines[i].trim_start().starts_with("func.func"))
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let i = *rng.pick(&candidates);
    let line = lines[i];
    let mutated = match rng.below(3) {
        0 => {
            let (from, to) = *rng.pick(&SWAPS);
            replace_word(line, from, to, rng)?
        }
        1 => {
            // A static dimension or integer changed.
            let digits: Vec<usize> = line
                .char_indices()
                .filter(|(k, c)| c.is_ascii_digit() && !line[..*k].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '%' || p == '#'))
                .map(|(k, _)| k)
                .collect();
            if digits.is_empty() {
                return None;
            }
            let k = *rng.pick(&digits);
            let end = line[k..].find(|c: char| !c.is_ascii_digit()).map_or(line.len(), |e| k + e);
            let n: u64 = line[k..end].parse().ok()?;
            format!("{}{}{}", &line[..k], n + 1 + rng.below(3) as u64, &line[end..])
        }
        _ => {
            // The type after the last colon replaced by another one.
            let at = line.rfind(" : ")?;
            let (from, to) = *rng.pick(&SWAPS);
            let tail = replace_word(&line[at..], from, to, rng)?;
            format!("{}{tail}", &line[..at])
        }
    };
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    out[i] = mutated;
    Some(out.join("\n") + "\n")
}

/// `line` with one whole-word occurrence of `from` replaced by `to`.
fn replace_word(line: &str, from: &str, to: &str, rng: &mut Rng) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let hits: Vec<usize> = line
        .match_indices(from)
        .map(|(k, _)| k)
        .filter(|&k| {
            !line[..k].ends_with(word) && !line[k + from.len()..].starts_with(word) && !line[..k].ends_with('%')
        })
        .collect();
    if hits.is_empty() {
        return None;
    }
    let k = *rng.pick(&hits);
    Some(format!("{}{to}{}", &line[..k], &line[k + from.len()..]))
}
