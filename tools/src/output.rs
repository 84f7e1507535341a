//! Writing output files whole or not at all: write to a temporary file beside the target,
//! then rename it over the target. A target that is not a regular file (`/dev/null`, a FIFO, a
//! terminal) is written directly, as there is nothing to keep whole and renaming over it would
//! replace the device; a symbolic link is followed, so the file it names is replaced.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `data` to `path` atomically (or to stdout when `path` is `-`).
pub fn write_atomically(path: &str, data: &[u8]) -> std::io::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(data)?;
        return out.flush();
    }
    let mut f = AtomicFile::create(path)?;
    f.write_all(data)?;
    f.commit()
}

/// A file written whole or not at all: what is written goes to a temporary file beside the
/// target, which [`AtomicFile::commit`] renames over the target. Dropped without a commit, the
/// temporary file is removed. Like mlir-opt, it does not wait for the data to reach the disk
/// (no fsync): what it guards against is a failing run, not a power cut.
pub struct AtomicFile {
    file: Option<std::fs::File>,
    /// The temporary file, or `None` when the target is written directly.
    tmp: Option<PathBuf>,
    target: PathBuf,
}

impl AtomicFile {
    /// Creates the temporary file for `path`.
    pub fn create(path: &str) -> std::io::Result<Self> {
        // The file a link names, so that the rename replaces it and not the link.
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path));
        if std::fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new().write(true).open(&target)?;
            return Ok(Self { file: Some(file), tmp: None, target });
        }
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
        let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
        let file = std::fs::File::create(&tmp)?;
        Ok(Self { file: Some(file), tmp: Some(tmp), target })
    }

    /// Flushes the temporary file and renames it over the target.
    pub fn commit(mut self) -> std::io::Result<()> {
        let Some(mut f) = self.file.take() else { return Ok(()) };
        let Some(tmp) = self.tmp.take() else { return f.flush() };
        let result = f.flush().and_then(|_| replace(&tmp, &self.target));
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

/// Puts the file `tmp` in the place of `target`, atomically. On Linux, an existing target is
/// swapped with `tmp` (`RENAME_EXCHANGE`) and its old contents removed under the temporary
/// name: renaming over an existing file makes ext4 allocate and start writing the new file's
/// blocks inside the rename (its replace-via-rename safeguard), which took 7 ms for a 10 MB
/// output, twice the time of the swap and removal.
fn replace(tmp: &Path, target: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    if let (Ok(from), Ok(to)) = (path_cstring(tmp), path_cstring(target)) {
        // SAFETY: two valid NUL-terminated paths; renameat2 only reads them.
        let swapped = unsafe { libc::renameat2(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), libc::RENAME_EXCHANGE) } == 0;
        if swapped {
            // The target has the new contents; what is left under `tmp` is the old file.
            let _ = std::fs::remove_file(tmp);
            return Ok(());
        }
        // No target yet, or a file system without the exchange: a plain rename.
    }
    std::fs::rename(tmp, target)
}

#[cfg(target_os = "linux")]
fn path_cstring(p: &Path) -> Result<std::ffi::CString, std::ffi::NulError> {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::CString::new(p.as_os_str().as_bytes())
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.file.as_mut() {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("file already committed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().map_or(Ok(()), |f| f.flush())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let (Some(_), Some(tmp)) = (self.file.take(), self.tmp.take()) {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the target's temporary directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mica-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn regular_file_is_replaced_whole_or_left_alone() {
        let dir = scratch("regular");
        let target = dir.join("out.mlir");
        std::fs::write(&target, "old").unwrap();
        let mut f = AtomicFile::create(target.to_str().unwrap()).unwrap();
        f.write_all(b"half").unwrap();
        drop(f);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the temporary file is removed");
        write_atomically(target.to_str().unwrap(), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the old contents are removed");
        // A target that does not exist yet.
        let fresh = dir.join("fresh.mlir");
        write_atomically(fresh.to_str().unwrap(), b"first").unwrap();
        assert_eq!(std::fs::read_to_string(&fresh).unwrap(), "first");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn symbolic_link_is_followed() {
        let dir = scratch("link");
        let file = dir.join("real.mlir");
        let link = dir.join("link.mlir");
        std::fs::write(&file, "old").unwrap();
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_atomically(link.to_str().unwrap(), b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn fifo_is_written_through_and_stays_a_fifo() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo is not available: skipped");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write_atomically(fifo.to_str().unwrap(), b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
