//! Checks on what people type when they register or log in.

use crate::error::{AppError, Code};

/// The shortest password we accept.
pub(crate) const MIN_PASSWORD_LEN: usize = 8;

/// Trims and lower-cases an email address and checks its shape: one `@`, something before it,
/// a dotted domain after it, no spaces, at most 254 characters.
pub(crate) fn email(raw: &str) -> Result<String, AppError> {
    let email = raw.trim().to_lowercase();
    if email.is_empty() {
        return Err(AppError::bad_request(
            Code::InvalidEmail,
            "Email is required.",
        ));
    }
    let valid = email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
            }
            None => false,
        };
    if valid {
        Ok(email)
    } else {
        Err(AppError::bad_request(
            Code::InvalidEmail,
            "That doesn't look like an email address.",
        ))
    }
}

/// A new password must be present and at least [`MIN_PASSWORD_LEN`] characters.
pub(crate) fn new_password(password: &str) -> Result<(), AppError> {
    if password.is_empty() {
        return Err(AppError::bad_request(
            Code::InvalidPassword,
            "Password is required.",
        ));
    }
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err(AppError::bad_request(
            Code::InvalidPassword,
            format!("Password must be at least {MIN_PASSWORD_LEN} characters."),
        ));
    }
    if password.len() > 1024 {
        return Err(AppError::bad_request(
            Code::InvalidPassword,
            "Password must be at most 1024 bytes.",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        assert_eq!(email("  Alice@Example.COM ").unwrap(), "alice@example.com");
        for bad in [
            "",
            "alice",
            "alice@",
            "@example.com",
            "a@b",
            "a b@c.d",
            "a@b@c.d",
            "a@.c",
        ] {
            assert!(email(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn passwords() {
        assert!(new_password("").is_err());
        assert!(new_password("short").is_err());
        assert!(new_password("long enough").is_ok());
    }
}
