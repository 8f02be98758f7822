//! The server's host key: made on first start and kept, so that clients can trust it.

use anyhow::{Context, Result};
use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};
use std::io::Write;
use std::path::Path;

/// The key at `path`, made (Ed25519, readable by the owner only) if there is none yet; and
/// whether it was just made.
pub fn load_or_make(path: &Path) -> Result<(PrivateKey, bool)> {
    if path.exists() {
        let key = russh::keys::load_secret_key(path, None)
            .with_context(|| format!("reading the host key {}", path.display()))?;
        return Ok((key, false));
    }
    let key = PrivateKey::random(&mut russh::keys::key::safe_rng(), Algorithm::Ed25519)
        .context("making a host key")?;
    let text = key
        .to_openssh(LineEnding::LF)
        .context("encoding the host key")?;
    if let Some(dir) = path.parent() {
        super::private_dir(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .with_context(|| format!("writing the host key {}", path.display()))?;
    Ok((key, true))
}

/// The fingerprint OpenSSH shows for a key ("SHA256:…").
pub fn fingerprint(key: &russh::keys::PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_once_then_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys/host_ed25519");
        let (made, new) = load_or_make(&path).unwrap();
        assert!(new);
        let (loaded, new) = load_or_make(&path).unwrap();
        assert!(!new);
        assert_eq!(
            fingerprint(made.public_key()),
            fingerprint(loaded.public_key())
        );
        assert!(fingerprint(made.public_key()).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_damaged_key_is_an_error_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("host_ed25519");
        std::fs::write(&path, "not a key").unwrap();
        let err = load_or_make(&path).unwrap_err();
        assert!(
            format!("{err:#}").contains("reading the host key"),
            "{err:#}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "not a key");
    }
}
