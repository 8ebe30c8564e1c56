#pragma once
// Each dimerlab-cli command registers its options on a CLI11 subcommand and leaves behind the
// action to run once parsing succeeded. Actions throw InputError (exit 2) or InfeasibleError
// (exit 3); main() turns exceptions into one `error:` line.
#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dimerlab::cli {

using CommandAction = std::function<int()>;

// CLI11 would silently wrap "-5" into a huge unsigned value; this validator refuses it with a
// short message (CLI11's own range validators print a 300-digit bound).
inline CLI::Validator non_negative_integer() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
                return "expected a non-negative integer, got '" + text + "'";
            }
            return {};
        },
        "UINT");
}

// What a file reader changed or suspects, one `notice:` line each on stderr: stdout stays the
// one JSON object with --json, and the user still sees why the graph differs from the file.
inline void print_graph_notices(const Graph& g) {
    for (const std::string& notice : g.notices()) std::cerr << "notice: " << notice << "\n";
}

// The program's arguments as given, set once by main(): recorded in a sweep's metadata.
inline std::vector<std::string>& command_line() {
    static std::vector<std::string> args;
    return args;
}

CommandAction add_graph_command(CLI::App& app);
CommandAction add_sample_command(CLI::App& app);
CommandAction add_bench_command(CLI::App& app);
CommandAction add_count_command(CLI::App& app);
CommandAction add_mix_command(CLI::App& app);
CommandAction add_verify_command(CLI::App& app);
CommandAction add_export_command(CLI::App& app);
CommandAction add_render_command(CLI::App& app);
CommandAction add_sweep_command(CLI::App& app);

}  // namespace dimerlab::cli
