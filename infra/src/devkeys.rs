//! The local runtime's token secret: made once per data directory, so
//! `arbiter token` and `arbiter serve` agree without configuration.

use std::io::Write;
use std::path::Path;

const SECRET_FILE: &str = "dev-secret";

/// Reads the data directory's dev-token secret, creating it (and the
/// directory) on first use.
pub fn load_or_create(data_dir: &Path) -> std::io::Result<Vec<u8>> {
    std::fs::create_dir_all(data_dir)?;
    let path = data_dir.join(SECRET_FILE);
    match std::fs::read_to_string(&path) {
        Ok(secret) if secret.trim().len() >= 32 => return Ok(secret.trim().as_bytes().to_vec()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    // Two v4 UUIDs: 244 random bits from the operating system.
    let secret = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    // Whoever reads the secret mints any token: the owner alone may.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&path)?;
    #[cfg(unix)]
    file.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    file.write_all(secret.as_bytes())?;
    Ok(secret.into_bytes())
}

#[cfg(test)]
mod tests {
    #[test]
    fn secret_is_made_once_and_reused() {
        let dir = tempdir();
        let first = super::load_or_create(&dir).unwrap();
        let second = super::load_or_create(&dir).unwrap();
        assert_eq!(first, second);
        assert_eq!(first.len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(super::SECRET_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "the secret is the owner's alone");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    fn tempdir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("arbiter-devkeys-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
