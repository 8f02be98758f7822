//! The languages of the interface, and how a locale chooses one. What each one says is
//! [`crate::i18n`]'s.

/// The languages of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// Its code in the settings file and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language whose code is exactly `code`.
    pub fn named(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language of a locale's value ("zh", "zh_CN.UTF-8", "en-GB" all count).
    fn of_locale(value: &str) -> Option<Lang> {
        let value = value.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| value.starts_with(l.code()))
    }

    /// The language of a locale as POSIX looks it up (LC_ALL, then LC_MESSAGES, then LANG),
    /// given the lookup; English when none is set or heibai does not speak it.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|v| !v.is_empty())
            .and_then(|v| Lang::of_locale(&v))
            .unwrap_or_default()
    }

    /// The language of this process's locale.
    pub fn from_env() -> Lang {
        Lang::from_locale(|name| std::env::var(name).ok())
    }
}
