#include "serve/process_memory.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace stratego::serve {

void cap_malloc_arenas() {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
  if (std::getenv("MALLOC_ARENA_MAX")) return;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  ::mallopt(M_ARENA_MAX, int(2 * cores));
#endif
}

void give_back_free_memory() {
#if defined(__GLIBC__)
  ::malloc_trim(0);
#endif
}

}  // namespace stratego::serve
