#pragma once
// Drawn regions live as `.region` files in the program's data folder, named by a hash of their
// text, so the same drawing is one file however often it is tiled. A session on a `region:PATH`
// spec also carries the text itself: opened where PATH is missing (another machine, a preset
// compiled into the program) the file is written again and the spec pointed at it.
#include <QString>
#include <string>

namespace dimerlab {

struct Session;

// QStandardPaths' AppDataLocation + "/regions" (the temporary folder's "dimerlab-regions" when
// that cannot be made).
QString region_store_folder();
// Writes `text` (atomically) to region_store_folder()/HASH.region unless that file already holds
// it, and returns the path. Throws InputError when the folder cannot be made or written.
QString store_region_text(const QString& text);
// The path of a `region:PATH` spec, or empty for any other spec.
QString region_spec_path(const std::string& spec);
// A session whose region_text is set and whose region file is missing or holds other text gets
// the file re-created in the store and its spec pointed there; any other session is left alone.
void restore_region_file(Session& session);
// Before a save: the text of the session's region file, when its spec names one and it has none.
void keep_region_text(Session& session);

}  // namespace dimerlab
