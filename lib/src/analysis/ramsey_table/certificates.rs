//! `ramsey-table --cert DIR`: a folder with one certificate per exactly
//! solved row (a win: format 3, a draw: format 5; proofs/FORMAT.md) and
//! an index, `INDEX.md` ([`CertFolder`]), that gives each file's claim,
//! size, SHA-256 and the `solve` command that writes the same certificate
//! on its own.

use super::{RamseyTable, Row};
use crate::verify::cert::folder::CertFolder;
use crate::verify::cert::CertWriteError;
use std::path::Path;

impl Row {
    /// The file name of this row's certificate in a certificate folder:
    /// `RULES-N-TARGET.cert` (`,` left out of the target, so `K1,3` is
    /// `K13`), `.cert.gz` above 64 KiB of text; `None` without one.
    pub fn certificate_file(&self) -> Option<String> {
        let cert = self.certificate.as_ref()?;
        let n = self.board.trim_start_matches('K');
        let stem = format!("{}-{n}-{}", self.rules, self.target.replace(',', ""));
        Some(CertFolder::file_name(&stem, cert))
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
        let mut folder = CertFolder::create(
            dir,
            "Certificates of a Ramsey game table",
            &format!("Written by `{command}`: each row solved by the exact solver has its certificate here."),
            &["board", "target", "rules"],
        )?;
        for row in &self.rows {
            let cells = [row.board.clone(), row.target.clone(), row.rules.clone()];
            let solve = format!(
                "solve --rules {} --board {} --target {}",
                row.rules,
                row.board.trim_start_matches('K'),
                row.target
            );
            match (&row.certificate, row.certificate_file()) {
                (Some(cert), Some(file)) => folder.add(&cells, &row.claim(), &file, cert, &solve)?,
                _ => folder.skip(&cells, row.note.as_deref().unwrap_or("no verdict"), &solve)?,
            }
        }
        Ok(folder.written())
    }
}
