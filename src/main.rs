//! The `dashwire` command line: `serve`, `migrate`, `seed`, `admin`. (Load-test seeding is
//! `dashwire-loadgen seed`: the product carries no load-test code.)

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use dashwire::{BAD_CONFIG, Cli, run};

/// mimalloc keeps less resident than glibc's per-thread arenas for the many small, long-lived
/// allocations that tens of thousands of sockets make (measured in loadtest/RESULTS.md).
#[cfg(not(feature = "dhat-heap"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The heap-profiling build (Cargo.toml's `dhat-heap`): slower, for measuring memory only.
#[cfg(feature = "dhat-heap")]
#[global_allocator]
static ALLOCATOR: dhat::Alloc = dhat::Alloc;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            // clap's message, first line only: "error: unexpected argument '--x' found".
            let rendered = err.render().to_string();
            eprintln!(
                "dashwire: {}",
                rendered
                    .lines()
                    .next()
                    .unwrap_or("bad arguments")
                    .trim_start_matches("error: ")
            );
            return ExitCode::from(BAD_CONFIG);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    // Writes dhat-heap.json when dropped, after the runtime (declared later) is gone.
    #[cfg(feature = "dhat-heap")]
    let _profiler = dhat::Profiler::new_heap();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(err) => {
            eprintln!("dashwire: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(cli.command))
}
