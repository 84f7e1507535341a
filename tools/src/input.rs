//! Reading a tool's input text: standard input, or a file. A large regular file is mapped into
//! memory rather than copied: the text is then the page cache's own pages (no copy, and a page
//! fault maps many pages at once), as LLVM's `MemoryBuffer` does for mlir-opt. Text that is not
//! UTF-8 is read with replacement characters.

use std::ops::Deref;

/// Files at least this large are mapped; smaller ones are cheaper to read.
const MAP_THRESHOLD: u64 = 1 << 16;

/// Input text, owned or mapped.
pub struct InputText(Text);

enum Text {
    /// Read into memory.
    Owned(String),
    /// A mapped file whose bytes are valid UTF-8 (only [`read_input`] makes one).
    Mapped(memmap2::Mmap),
}

impl InputText {
    /// Whether the text is a mapped file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.0, Text::Mapped(_))
    }
}

impl Deref for InputText {
    type Target = str;

    fn deref(&self) -> &str {
        match &self.0 {
            Text::Owned(s) => s,
            // SAFETY: `read_input` maps only files whose bytes it checked to be UTF-8.
            Text::Mapped(m) => unsafe { std::str::from_utf8_unchecked(m) },
        }
    }
}

fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Whether reading `path` (`-`: standard input) may take long enough to do something else
/// meanwhile: standard input, or a file large enough to be mapped.
pub fn is_large(path: &str) -> bool {
    path == "-" || std::fs::metadata(path).is_ok_and(|m| m.len() >= MAP_THRESHOLD)
}

/// Reads standard input (`-`) or the file at `path`.
pub fn read_input(path: &str) -> std::io::Result<InputText> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)?;
        return Ok(InputText(Text::Owned(lossy(bytes))));
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_file() && meta.len() >= MAP_THRESHOLD {
        // SAFETY: the map is read-only and private to this process. As with any mapped input
        // (LLVM's tools map theirs too), a file truncated by another process while it is being
        // read is outside what this guards against.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            if std::str::from_utf8(&map).is_ok() {
                return Ok(InputText(Text::Mapped(map)));
            }
            return Ok(InputText(Text::Owned(lossy(map.to_vec()))));
        }
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::io::Read::read_to_end(&mut &file, &mut bytes)?;
    Ok(InputText(Text::Owned(lossy(bytes))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_large_and_invalid_files_read_the_same() {
        let dir = std::env::temp_dir().join(format!("mica-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let small = dir.join("small.mlir");
        std::fs::write(&small, "module {}\n").unwrap();
        assert!(!read_input(small.to_str().unwrap()).unwrap().is_mapped());
        assert_eq!(&*read_input(small.to_str().unwrap()).unwrap(), "module {}\n");

        let big_text = "// x\n".repeat(20_000);
        let big = dir.join("big.mlir");
        std::fs::write(&big, &big_text).unwrap();
        let read = read_input(big.to_str().unwrap()).unwrap();
        assert!(read.is_mapped());
        assert_eq!(&*read, big_text);

        let mut bad = big_text.clone().into_bytes();
        bad[7] = 0xff;
        let invalid = dir.join("invalid.mlir");
        std::fs::write(&invalid, &bad).unwrap();
        let read = read_input(invalid.to_str().unwrap()).unwrap();
        assert_eq!(read.len(), bad.len() + 2, "one byte became U+FFFD");
        assert!(read.contains('\u{fffd}'));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
