#include "CHeapStats.h"

#if defined(__linux__)
#include <malloc.h>
#endif

size_t quiver_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks;
#else
    return 0;
#endif
}
