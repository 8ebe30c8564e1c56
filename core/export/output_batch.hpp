#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace dimerlab {

// Several outputs of one export, written all or nothing as far as a file system allows: add()
// writes each to a temporary file beside its target (same folder, so the rename is atomic) and
// commit() renames them all at the end. A failing add() — full disk, missing or unwritable
// folder — or destruction before commit() removes every temporary and leaves any files that
// already had those names untouched, as does a target that is a folder (checked before any
// rename). Only a rename failing inside commit() for another reason (the folder changing under
// us) can leave some targets replaced and others not.
class OutputBatch {
  public:
    OutputBatch() = default;
    ~OutputBatch();
    OutputBatch(const OutputBatch&) = delete;
    OutputBatch& operator=(const OutputBatch&) = delete;

    // Throws InputError naming `path` and the system's reason; the batch stays usable for
    // discarding (its destructor still removes the earlier temporaries).
    void add(const std::string& path, std::string_view contents);
    // Renames every temporary onto its target, in the order added; InputError naming the path.
    void commit();
    // Removes the temporaries; also what the destructor does before commit().
    void discard() noexcept;

    std::vector<std::string> targets() const;

  private:
    struct Staged {
        std::string target;
        std::string temp;
    };
    std::vector<Staged> staged_;
};

}  // namespace dimerlab
