// How `stratego serve` keeps its resident memory flat over many games (issue 58). What the
// server keeps of a finished game is small (its list entry, EndedGames); what grew was glibc's
// malloc: a thread that allocates may be given an arena of its own (up to 8 a core, 64 MB of
// address space each), and every arena keeps the pages its threads touched. With 64
// connection threads and a thread per game, 1,000 games made ten more arenas and 1.7 MB of
// resident memory in them. Each thread's own cache (glibc's tcache, freed when the thread
// ends) is not capped: a client that opens a connection per request fills those of all the
// connection threads (docs/serve.md, "Tests and figures").
#pragma once

namespace stratego::serve {

// At most two malloc arenas a core, unless MALLOC_ARENA_MAX (the environment) says otherwise:
// enough that the few threads running at once rarely wait for each other's allocations.
// Call before the server's threads start. Does nothing but on glibc.
void cap_malloc_arenas();
// Gives the free pages of every arena back to the system (after finished games let go of
// their players, views and records). Does nothing but on glibc.
void give_back_free_memory();

}  // namespace stratego::serve
