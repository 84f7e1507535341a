//! lit's `%` substitutions in RUN commands: `%s` (test file), `%S` and `%p` (its
//! directory), `%t` (a temporary path for the test), `%T` (that path's directory),
//! `%{pathsep}` and `%%`.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

/// The `%t` path of a test: unique per test file and per process, the same for every
/// RUN line of the test.
pub(crate) fn temp_path_for(test_path: &Path) -> PathBuf {
    let mut hasher = DefaultHasher::new();
    test_path.hash(&mut hasher);
    let name = test_path
        .file_name()
        .map_or_else(|| "test".into(), |n| n.to_string_lossy());
    std::env::temp_dir()
        .join(format!("mica-lit-{}", std::process::id()))
        .join(format!("{name}-{:016x}.tmp", hasher.finish()))
}

/// Applies the substitutions in one left-to-right pass (so `%%s` is `%s`).
pub(crate) fn substitute(command: &str, test_path: &Path, temp_path: &Path) -> String {
    let dir = |p: &Path| {
        p.parent()
            .map_or_else(|| ".".to_string(), |d| d.display().to_string())
    };
    let mut out = String::with_capacity(command.len());
    let mut rest = command;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (replacement, used) = match after.chars().next() {
            Some('s') => (test_path.display().to_string(), 1),
            Some('S' | 'p') => (dir(test_path), 1),
            Some('t') => (temp_path.display().to_string(), 1),
            Some('T') => (dir(temp_path), 1),
            Some('%') => ("%".to_string(), 1),
            _ if after.starts_with("{pathsep}") => (":".to_string(), "{pathsep}".len()),
            _ => ("%".to_string(), 0),
        };
        out.push_str(&replacement);
        rest = &after[used..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitutes_paths() {
        let got = substitute(
            "a %s %S %p %t %T %% %%s %{pathsep} %x",
            Path::new("/d/t.mlir"),
            Path::new("/tmp/x/t.tmp"),
        );
        assert_eq!(got, "a /d/t.mlir /d /d /tmp/x/t.tmp /tmp/x % %s : %x");
    }

    #[test]
    fn temp_paths_are_stable_and_distinct() {
        let a = temp_path_for(Path::new("/d/a.mlir"));
        assert_eq!(a, temp_path_for(Path::new("/d/a.mlir")));
        assert_ne!(a, temp_path_for(Path::new("/e/a.mlir")));
        assert!(
            a.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("a.mlir-")
        );
    }
}
