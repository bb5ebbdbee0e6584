#ifndef QUIVER_CHEAP_STATS_H
#define QUIVER_CHEAP_STATS_H

#include <stddef.h>

/// Bytes the C heap has handed out and not taken back, over every arena (glibc's mallinfo2);
/// 0 where it is not available. For `QuiverLive --scale`: memory per request in flight.
size_t quiver_heap_in_use(void);

#endif
