#include "progress/progress_line.hpp"

#include <unistd.h>

#include <iostream>

#include "util/duration_text.hpp"

namespace dimerlab::cli {
namespace {

constexpr std::chrono::milliseconds kTerminalInterval{200};
constexpr std::chrono::seconds kLogInterval{5};

}  // namespace

ProgressLine::ProgressLine(bool forced, bool allowed)
    : enabled_(allowed && (forced || ::isatty(STDERR_FILENO) != 0)),
      terminal_(::isatty(STDERR_FILENO) != 0) {}

ProgressLine::~ProgressLine() {
    finish();
}

bool ProgressLine::due(bool last) const {
    if (!enabled_) return false;
    if (last || !shown_) return true;
    const auto since = std::chrono::steady_clock::now() - last_;
    return terminal_ ? since >= kTerminalInterval : since >= kLogInterval;
}

void ProgressLine::show(const std::string& text, bool last) {
    if (!due(last)) return;
    last_ = std::chrono::steady_clock::now();
    shown_ = true;
    if (terminal_) {
        // Back to the line's start and clear it (ANSI erase-line), so a shorter text leaves no tail.
        std::cerr << "\r\033[2K" << text << std::flush;
        open_line_ = true;
    } else {
        std::cerr << text << '\n' << std::flush;
    }
}

void ProgressLine::finish() {
    if (open_line_) std::cerr << '\n' << std::flush;
    open_line_ = false;
    shown_ = false;  // what follows is a new report, shown at once
}

double ProgressLine::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string time_left_text(double fraction_done, double seconds_so_far) {
    if (!(fraction_done > 0) || fraction_done >= 1 || !(seconds_so_far > 0)) return "";
    return ", about " + duration_text(seconds_so_far * (1 - fraction_done) / fraction_done) + " left";
}

}  // namespace dimerlab::cli
