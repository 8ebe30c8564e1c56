#pragma once
#include <string>
#include <string_view>

namespace dimerlab {

// Writes `contents` to `path` through a temporary file in the same folder and a rename, so a
// reader never sees a half-written file and a failure leaves no file behind. Throws InputError
// naming the path when the folder is missing or not writable, or the disk is full.
void write_file_atomically(const std::string& path, std::string_view contents);

// The first half of that: `contents` written, flushed to disk and made world-readable in a new
// temporary file next to `path`, whose name it returns; the caller renames it over `path` (or
// removes it). Throws InputError as above and leaves no temporary file then.
std::string write_temporary_beside(const std::string& path, std::string_view contents);

}  // namespace dimerlab
