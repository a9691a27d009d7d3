//! `ramsey-table --cert DIR`: a folder with one certificate per exactly
//! solved row (a win: format 3, a draw: format 5; proofs/FORMAT.md) and
//! an index, `INDEX.md`, that gives each file's claim, size, SHA-256 and
//! the `solve` command that writes the same certificate on its own.

use super::{RamseyTable, Row};
use crate::verify::cert::{sha256_hex, CertWriteError};
use std::path::Path;

/// Certificates with more text than this are gzipped in the folder.
const GZIP_ABOVE: usize = 64 << 10;

impl Row {
    /// The file name of this row's certificate in a certificate folder:
    /// `RULES-N-TARGET.cert` (`,` left out of the target, so `K1,3` is
    /// `K13`), `.cert.gz` above 64 KiB of text; `None` without one.
    pub fn certificate_file(&self) -> Option<String> {
        let cert = self.certificate.as_ref()?;
        let gz = if cert.text.len() > GZIP_ABOVE { ".gz" } else { "" };
        let n = self.board.trim_start_matches('K');
        Some(format!("{}-{n}-{}.cert{gz}", self.rules, self.target.replace(',', "")))
    }

    /// What the row's certificate claims, in words.
    fn claim(&self) -> String {
        match self.result {
            Some("draw") => "a draw: both players' non-losing strategies (format 5)".to_string(),
            Some(first_or_second) => {
                let winner = if first_or_second == "first" { "red" } else { "blue" };
                format!("{winner} ({first_or_second} player) wins (format 3)")
            }
            None => String::new(),
        }
    }
}

impl RamseyTable {
    /// Writes every row's certificate into `dir` (created if missing) and
    /// the index `dir/INDEX.md`; `command` is the command line that made
    /// the table. Returns the number of certificates written.
    pub fn write_certificates(&self, dir: &Path, command: &str) -> Result<usize, CertWriteError> {
        let fail = |path: &Path| {
            let path = path.to_path_buf();
            move |source| CertWriteError { path, source }
        };
        std::fs::create_dir_all(dir).map_err(fail(dir))?;
        let mut index = format!(
            "# Certificates of a Ramsey game table\n\n\
             Written by `{command}`. Each row solved by the exact solver has its certificate \
             here; `ramsey-verify check FILE` checks it with the independent checker, and the \
             command beside it writes the same certificate on its own \
             (`--cert FILE`). Formats: proofs/FORMAT.md.\n\n\
             | board | target | rules | claim | file | entries | bytes | SHA-256 | command |\n\
             |---|---|---|---|---|---|---|---|---|\n"
        );
        let mut written = 0;
        for row in &self.rows {
            let solve = format!(
                "solve --rules {} --board {} --target {}",
                row.rules,
                row.board.trim_start_matches('K'),
                row.target
            );
            let (Some(cert), Some(file)) = (&row.certificate, row.certificate_file()) else {
                let why = row.note.as_deref().unwrap_or("no verdict");
                index += &format!(
                    "| {} | {} | {} | none: {why} | | | | | `{solve}` |\n",
                    row.board, row.target, row.rules
                );
                continue;
            };
            let path = dir.join(&file);
            cert.write(&path)?;
            let bytes = std::fs::read(&path).map_err(fail(&path))?;
            index += &format!(
                "| {} | {} | {} | {} | `{file}` | {} | {} | `{}` | `{solve}` |\n",
                row.board,
                row.target,
                row.rules,
                row.claim(),
                cert.entries,
                bytes.len(),
                sha256_hex(&bytes)
            );
            written += 1;
        }
        let path = dir.join("INDEX.md");
        std::fs::write(&path, index).map_err(fail(&path))?;
        Ok(written)
    }
}
