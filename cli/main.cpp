// dimerlab-cli: the headless batch tool (docs/architecture.md §7). Exit status 0 success, 2 bad
// input or usage, 3 infeasible request, 1 internal failure; errors are one stderr line
// starting with "error:".
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <vector>

#include "command.hpp"
#include "dimerlab_cluster/world.hpp"
#include "graph/graph_limits.hpp"
#include "util/errors.hpp"

namespace {

// Under mpirun every rank validates the same input and fails alike; one line is enough.
void print_error(const std::string& line) {
    if (dimerlab::cluster::world().is_lead()) std::cerr << line << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    using namespace dimerlab;
    // First: under a launcher this opens MPI (and may take its own arguments out of argv).
    const cluster::WorldSession world_session(argc, argv);
    cli::command_line().assign(argv, argv + argc);
    CLI::App app{"dimerlab-cli " DIMERLAB_VERSION
                 ": random matchings of graphs (monomer-dimer model), headless",
                 // A fixed name: usage lines (and the man page help2man makes of them) name the
                 // program, not the path it was started by.
                 "dimerlab-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "dimerlab-cli " DIMERLAB_VERSION);
    struct Entry {
        CLI::App* sub;
        cli::CommandAction action;
    };
    std::vector<Entry> commands;
    auto add = [&](cli::CommandAction (*adder)(CLI::App&)) {
        const std::size_t before = app.get_subcommands({}).size();
        cli::CommandAction action = adder(app);
        commands.push_back({app.get_subcommands({})[before], std::move(action)});
    };
    add(cli::add_graph_command);
    add(cli::add_sample_command);
    add(cli::add_bench_command);
    add(cli::add_count_command);
    add(cli::add_mix_command);
    add(cli::add_verify_command);
    add(cli::add_export_command);
    add(cli::add_render_command);
    add(cli::add_sweep_command);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        print_error(std::string("error: ") + e.what() + " (see dimerlab-cli --help)");
        return 2;
    }
    try {
        for (const Entry& c : commands) {
            if (c.sub->parsed()) return c.action();
        }
        print_error("error: no command given (see dimerlab-cli --help)");
        return 2;
    } catch (const MemoryLimitError& e) {
        print_error(std::string("error: ") + e.what());
        return 3;
    } catch (const InputError& e) {
        print_error(std::string("error: ") + e.what());
        return 2;
    } catch (const InfeasibleError& e) {
        print_error(std::string("error: ") + e.what());
        return 3;
    } catch (const std::bad_alloc&) {
        print_error("error: out of memory");
        return 3;
    } catch (const std::exception& e) {
        print_error(std::string("error: internal failure: ") + e.what());
        return 1;
    }
}
