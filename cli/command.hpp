#pragma once
// Each dimerlab-cli command registers its options on a CLI11 subcommand and leaves behind the
// action to run once parsing succeeded. Actions throw InputError (exit 2) or InfeasibleError
// (exit 3); main() turns exceptions into one `error:` line.
#include <CLI/CLI.hpp>
#include <functional>

namespace dimerlab::cli {

using CommandAction = std::function<int()>;

CommandAction add_graph_command(CLI::App& app);
CommandAction add_sample_command(CLI::App& app);
CommandAction add_bench_command(CLI::App& app);

}  // namespace dimerlab::cli
