#pragma once
// Progress of long CLI work on stderr, never on stdout (whose JSON stays one clean document). On a
// terminal the line is redrawn in place a few times a second; without one (pipes, CI, the ranks
// mpirun starts) it is printed only when asked (--progress), one line every few seconds, so a log
// gets a handful of lines rather than thousands. The first report and the last always show.
#include <chrono>
#include <string>

namespace dimerlab::cli {

class ProgressLine {
  public:
    // Shown when stderr is a terminal, or when `forced` (then as plain lines if it is not one);
    // never when not `allowed` (an MPI rank other than the lead).
    explicit ProgressLine(bool forced, bool allowed = true);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    bool enabled() const { return enabled_; }
    // Whether a report now would be shown: the first, `last`, or the interval has passed. Lets a
    // caller skip building the text.
    bool due(bool last = false) const;
    void show(const std::string& text, bool last = false);
    // Ends an in-place line, so that what follows starts on a fresh one; the next report is shown
    // at once, like a first.
    void finish();

    // Seconds since construction.
    double elapsed() const;

  private:
    bool enabled_, terminal_;
    bool shown_ = false, open_line_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

// ", about 12 s left" from the fraction done and the seconds so far; "" before anything is done
// or once it is all done.
std::string time_left_text(double fraction_done, double seconds_so_far);

}  // namespace dimerlab::cli
