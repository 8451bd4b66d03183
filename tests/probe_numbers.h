/* The numbers of damatb/probe.h seen from C (probe_numbers.c), for test_probe.cpp. */
#ifndef DAMATB_TEST_PROBE_NUMBERS_H
#define DAMATB_TEST_PROBE_NUMBERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct damatb_test_number {
    const char* name;
    int value;      /* as probe.h defines it */
    int documented; /* as probe.h and docs/probe.md say it is */
};

/* Every number of probe.h; sets *count. */
const struct damatb_test_number* damatb_test_numbers(size_t* count);

#ifdef __cplusplus
}
#endif

#endif
