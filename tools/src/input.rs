//! Reading an input file: a large one is mapped into memory rather than copied, as LLVM's
//! `MemoryBuffer::getFile` (which mlir-opt uses) does.
//!
//! Copying a file into a fresh buffer makes the kernel zero and charge every page of the
//! buffer before the copy fills it; a mapping reads the page cache in place. Like LLVM's
//! buffers, a mapped file must not be truncated while the tool runs (reading a page past the
//! new end faults the process).

use std::ops::Deref;

/// Files smaller than this are read into memory (a mapping costs more than it saves).
const MIN_MAPPED_BYTES: u64 = 1 << 16;

/// An input file's text (dereferences to `str`).
pub struct Input(Repr);

enum Repr {
    /// Read into memory (small files, or text that is not UTF-8 and was repaired).
    Owned(String),
    /// A read-only private mapping of `len` bytes of valid UTF-8 at `ptr`.
    Mapped { ptr: *const u8, len: usize },
}

impl Input {
    /// The text of the file at `path`.
    pub fn read(path: &str) -> std::io::Result<Input> {
        let file = std::fs::File::open(path)?;
        let meta = file.metadata()?;
        if !meta.is_file() || meta.len() < MIN_MAPPED_BYTES {
            return Self::read_owned(file);
        }
        let Ok(len) = usize::try_from(meta.len()) else { return Self::read_owned(file) };
        use std::os::fd::AsRawFd;
        // SAFETY: a private read-only mapping of an open file at an address the kernel picks;
        // the mapping outlives the file descriptor. (Not populated up front: the kernel maps
        // the page cache around each fault, which measured faster.)
        let ptr = unsafe { libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ, libc::MAP_PRIVATE, file.as_raw_fd(), 0) };
        if ptr == libc::MAP_FAILED {
            return Self::read_owned(file);
        }
        let mapped = Input(Repr::Mapped { ptr: ptr as *const u8, len });
        // SAFETY: the mapping is `len` readable bytes until it is dropped.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
        match std::str::from_utf8(bytes) {
            Ok(_) => Ok(mapped),
            Err(_) => Ok(Input(Repr::Owned(String::from_utf8_lossy(bytes).into_owned()))),
        }
    }

    fn read_owned(mut file: std::fs::File) -> std::io::Result<Input> {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut file, &mut bytes)?;
        Ok(Input(Repr::Owned(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))))
    }
}

impl From<String> for Input {
    fn from(text: String) -> Input {
        Input(Repr::Owned(text))
    }
}

impl Deref for Input {
    type Target = str;

    fn deref(&self) -> &str {
        match &self.0 {
            Repr::Owned(s) => s,
            // SAFETY: `read` checked that the mapped bytes are UTF-8, and they stay mapped
            // while `self` lives.
            Repr::Mapped { ptr, len } => unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(*ptr, *len)) },
        }
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        if let Repr::Mapped { ptr, len } = self.0 {
            // SAFETY: the mapping made by `read`, unmapped once.
            unsafe { libc::munmap(ptr as *mut libc::c_void, len) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_files_read_the_same_mapped() {
        let dir = std::env::temp_dir().join(format!("mica-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let big = dir.join("big.mlir");
        let text = "// é\n".repeat(20_000);
        std::fs::write(&big, &text).unwrap();
        let input = Input::read(big.to_str().unwrap()).unwrap();
        assert!(matches!(input.0, Repr::Mapped { .. }));
        assert_eq!(&*input, text);
        let bad = dir.join("bad.mlir");
        let mut bytes = text.clone().into_bytes();
        bytes[3] = 0xff;
        std::fs::write(&bad, &bytes).unwrap();
        let input = Input::read(bad.to_str().unwrap()).unwrap();
        assert!(matches!(input.0, Repr::Owned(_)));
        assert_eq!(&input[..3], "// ");
        let small = dir.join("small.mlir");
        std::fs::write(&small, "module {}\n").unwrap();
        assert_eq!(&*Input::read(small.to_str().unwrap()).unwrap(), "module {}\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
