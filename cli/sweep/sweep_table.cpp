#include "sweep/sweep_table.hpp"

#include <sstream>

namespace dimerlab::cli {
namespace {

std::string csv_quoted(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

// Numbers as JSON writes them (shortest text that reads back to the same double), so equal rows
// are equal text; null as an empty cell.
std::string csv_cell(const nlohmann::ordered_json& v) {
    if (v.is_null()) return "";
    if (v.is_string()) return csv_quoted(v.get<std::string>());
    return v.dump();
}

std::string joined_command_line(const std::vector<std::string>& args) {
    std::string out;
    for (const std::string& a : args) {
        if (!out.empty()) out += ' ';
        out += a;
    }
    return out;
}

}  // namespace

std::string sweep_table_text(const std::string& path, const std::vector<std::string>& columns,
                             const std::vector<nlohmann::ordered_json>& rows, const SweepMetadata& meta) {
    if (path.ends_with(".json")) {
        nlohmann::ordered_json doc;
        doc["program"] = "dimerlab-cli";
        doc["version"] = DIMERLAB_VERSION;
        doc["command_line"] = meta.command_line;
        doc["ranks"] = meta.ranks;
        doc["transport"] = meta.transport;
        doc["inputs"] = meta.inputs;
        doc["columns"] = columns;
        nlohmann::ordered_json out_rows = nlohmann::ordered_json::array();
        for (const auto& row : rows) {
            nlohmann::ordered_json r;
            for (const std::string& c : columns) r[c] = row.contains(c) ? row[c] : nullptr;
            out_rows.push_back(r);
        }
        doc["rows"] = out_rows;
        return doc.dump(1) + "\n";
    }
    std::ostringstream out;
    out << "# program: dimerlab-cli " << DIMERLAB_VERSION << "\n"
        << "# command_line: " << joined_command_line(meta.command_line) << "\n"
        << "# ranks: " << meta.ranks << " (" << meta.transport << ")\n"
        << "# inputs: " << meta.inputs.dump() << "\n";
    for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << columns[i];
    out << "\n";
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < columns.size(); ++i) {
            out << (i ? "," : "") << (row.contains(columns[i]) ? csv_cell(row[columns[i]]) : "");
        }
        out << "\n";
    }
    return out.str();
}

}  // namespace dimerlab::cli
