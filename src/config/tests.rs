use super::*;

fn serve_args(bind: &str, db: &str) -> ServeArgs {
    ServeArgs {
        bind: bind.into(),
        database: DatabaseArgs {
            database_url: db.into(),
        },
        demo: false,
        secure_cookies: false,
        redis_url: None,
        redis_prefix: "dashwire".into(),
        redis_cluster: false,
        ws_ping_secs: 25,
        ws_queue: 256,
        listen_backlog: 4096,
        tcp_send_buffer: 0,
        allowed_origins: Vec::new(),
        media_dir: "./data/media".into(),
        media_s3: None,
        allow_private_fetch: false,
        protected_recordings: None,
        smtp_url: None,
        mail_from: DEFAULT_MAIL_FROM.into(),
        public_url: None,
        ffmpeg: "ffmpeg".into(),
        video_workers: 1,
        video_timeout_secs: 900,
        video_memory_mb: 3072,
        video_retry_secs: 60,
        giphy_key: None,
        giphy_url: "https://api.giphy.com".into(),
        spotify_client_id: None,
        spotify_client_secret: None,
        spotify_api_url: "https://api.spotify.com".into(),
        spotify_accounts_url: "https://accounts.spotify.com".into(),
        soundcloud_client_id: None,
        soundcloud_api_url: "https://api-v2.soundcloud.com".into(),
        itunes_search: false,
        itunes_api_url: "https://itunes.apple.com".into(),
        youtube_api_key: None,
        youtube_api_url: "https://www.googleapis.com".into(),
    }
}

#[test]
fn a_redis_cluster_is_named_by_its_nodes_and_needs_one() {
    let with = |url: Option<&str>, cluster: bool| {
        let mut args = serve_args("127.0.0.1:1", DEFAULT_DATABASE_URL);
        args.redis_url = url.map(Into::into);
        args.redis_cluster = cluster;
        Config::try_from(args)
    };
    let nodes = "redis://127.0.0.1:7000, redis://127.0.0.1:7001";
    let config = with(Some(nodes), true).unwrap();
    assert!(config.realtime.redis_cluster);
    let err = with(None, true).unwrap_err();
    assert!(err.to_string().contains("--redis-cluster"), "{err}");
    let err = with(Some("redis://127.0.0.1:7000,tcp://x"), true).unwrap_err();
    assert!(err.to_string().contains("'tcp://x'"), "{err}");
    // One Redis is one URL: a list without --redis-cluster is not one.
    let err = with(Some(nodes), false).unwrap_err();
    assert!(err.to_string().contains("--redis-url"), "{err}");
}

#[test]
fn refuses_bad_settings_naming_them() {
    let err = Config::try_from(serve_args("nope", DEFAULT_DATABASE_URL)).unwrap_err();
    assert!(err.to_string().contains("--bind"));
    let err = Config::try_from(serve_args("127.0.0.1:1", "mysql://x")).unwrap_err();
    assert!(err.to_string().contains("DATABASE_URL"));
    assert!(Config::try_from(serve_args("127.0.0.1:1", "postgres://localhost/test")).is_ok());
    let mut args = serve_args("127.0.0.1:1", DEFAULT_DATABASE_URL);
    args.listen_backlog = 0;
    let err = Config::try_from(args).unwrap_err();
    assert!(err.to_string().contains("DASHWIRE_LISTEN_BACKLOG"), "{err}");
    for (smtp, from, public, named) in [
        (
            Some("http://mail"),
            DEFAULT_MAIL_FROM,
            None,
            "DASHWIRE_SMTP_URL",
        ),
        (None, "not an address", None, "DASHWIRE_MAIL_FROM"),
        (
            None,
            DEFAULT_MAIL_FROM,
            Some("dash.example"),
            "DASHWIRE_PUBLIC_URL",
        ),
    ] {
        let mut args = serve_args("127.0.0.1:1", DEFAULT_DATABASE_URL);
        args.smtp_url = smtp.map(Into::into);
        args.mail_from = from.into();
        args.public_url = public.map(Into::into);
        let err = Config::try_from(args).unwrap_err();
        assert!(err.to_string().contains(named), "{err}");
    }
    let mut args = serve_args("127.0.0.1:1", DEFAULT_DATABASE_URL);
    args.smtp_url = Some("smtp://127.0.0.1:2525".into());
    args.public_url = Some("https://dash.example/".into());
    let config = Config::try_from(args).unwrap();
    assert_eq!(
        config.public_url, "https://dash.example",
        "no trailing slash"
    );
    let config = Config::try_from(serve_args("127.0.0.1:1", DEFAULT_DATABASE_URL)).unwrap();
    assert_eq!(
        (config.public_url.as_str(), config.mail.smtp_url),
        ("", None),
        "the address is set by serve once it has bound"
    );
}

/// The on/off settings, each with its flag and its variable.
const SWITCHES: [(&str, &str); 3] = [
    ("--demo", "DASHWIRE_DEMO"),
    ("--secure-cookies", "DASHWIRE_SECURE_COOKIES"),
    ("--allow-private-fetch", "DASHWIRE_ALLOW_PRIVATE_FETCH"),
];

/// What operators write, and what it means.
const SPELLINGS: [(&str, bool); 12] = [
    ("1", true),
    ("0", false),
    ("true", true),
    ("false", false),
    ("yes", true),
    ("no", false),
    ("on", true),
    ("off", false),
    ("YES", true),
    ("Off", false),
    ("True", true),
    ("", false),
];

/// The three switches of `serve` parsed from `flags`, as `[demo, secure_cookies,
/// allow_private_fetch]`, or the first line of the error that stops the server.
fn switches(parsed: Result<Cli, clap::Error>) -> Result<[bool; 3], String> {
    match parsed {
        Ok(Cli {
            command: Command::Serve(args),
        }) => Ok([args.demo, args.secure_cookies, args.allow_private_fetch]),
        Ok(other) => panic!("not serve: {other:?}"),
        Err(err) => Err(err.render().to_string().lines().next().unwrap().to_owned()),
    }
}

fn parse_flags(flags: &[&str]) -> Result<[bool; 3], String> {
    switches(Cli::try_parse_from(
        ["dashwire", "serve"].iter().chain(flags),
    ))
}

#[test]
fn switches_take_every_spelling_from_the_flag() {
    for (spelling, meaning) in SPELLINGS {
        let flags: Vec<String> = SWITCHES
            .iter()
            .map(|(flag, _)| format!("{flag}={spelling}"))
            .collect();
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        assert_eq!(parse_flags(&flags), Ok([meaning; 3]), "{spelling:?}");
    }
    // A bare flag is on, and a flag takes its value after a space too.
    let bare = ["--demo", "--secure-cookies", "--allow-private-fetch"];
    assert_eq!(parse_flags(&bare), Ok([true; 3]));
    let spaced = [
        "--demo",
        "no",
        "--secure-cookies",
        "--allow-private-fetch",
        "on",
    ];
    assert_eq!(parse_flags(&spaced), Ok([false, true, true]));
    let err = parse_flags(&["--secure-cookies=maybe"]).unwrap_err();
    assert!(
        err.contains("--secure-cookies / DASHWIRE_SECURE_COOKIES") && err.contains("'maybe'"),
        "{err}"
    );
}

/// Set in a child process of this test binary: the arguments to parse, one per line.
const CHILD_FLAGS: &str = "DASHWIRE_CONFIG_TEST_FLAGS";
/// What comes before the child's answer on its stdout, among the test harness's words.
const CHILD_ANSWER: &str = "switches: ";

/// `serve` parsed with `variables` set, in a child process running
/// [`parse_in_this_process`]: clap reads the process's environment, and changing this
/// process's environment under the other tests' threads is unsound.
fn parse_with_env(flags: &[&str], variables: &[(&str, &str)]) -> Result<[bool; 3], String> {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap());
    child
        .args(["--exact", "config::tests::parse_in_this_process"])
        .args(["--ignored", "--nocapture", "--test-threads=1"])
        .env(CHILD_FLAGS, flags.join("\n"));
    for (_, variable) in SWITCHES {
        child.env_remove(variable);
    }
    let output = child.envs(variables.iter().copied()).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answer = stdout
        .lines()
        .find_map(|line| Some(line.split_once(CHILD_ANSWER)?.1))
        .unwrap_or_else(|| panic!("the child did not answer:\n{stdout}"));
    serde_json::from_str(answer).unwrap()
}

/// The child's half of [`parse_with_env`]; does nothing when run by hand.
#[test]
#[ignore = "run in a child process by the environment tests"]
fn parse_in_this_process() {
    let Ok(flags) = std::env::var(CHILD_FLAGS) else {
        return;
    };
    let flags: Vec<&str> = flags.lines().collect();
    let answer = serde_json::to_string(&parse_flags(&flags)).unwrap();
    println!("{CHILD_ANSWER}{answer}");
}

#[test]
fn switches_take_every_spelling_from_the_environment() {
    for (spelling, meaning) in SPELLINGS {
        let variables = SWITCHES.map(|(_, variable)| (variable, spelling));
        assert_eq!(
            parse_with_env(&[], &variables),
            Ok([meaning; 3]),
            "{spelling:?}"
        );
    }
    // Unset is off; a flag outranks its variable.
    assert_eq!(parse_with_env(&[], &[]), Ok([false; 3]));
    let variables = [("DASHWIRE_DEMO", "1"), ("DASHWIRE_SECURE_COOKIES", "yes")];
    assert_eq!(
        parse_with_env(&["--demo=off"], &variables),
        Ok([false, true, false])
    );
    let err = parse_with_env(&[], &[("DASHWIRE_DEMO", "maybe")]).unwrap_err();
    assert!(
        err.contains("--demo / DASHWIRE_DEMO") && err.contains("'maybe'"),
        "{err}"
    );
}
