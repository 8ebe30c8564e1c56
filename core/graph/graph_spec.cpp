// Placeholder, replaced by the graph-families work.
