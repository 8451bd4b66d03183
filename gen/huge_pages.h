// The huge-page vector under the generator's old name: core/huge_pages.h holds it now. Kept only
// while gen/solver.cpp includes this header; to be removed with that include.
#pragma once

#include "core/huge_pages.h"

namespace damatb::gen {

using core::HUGE_PAGE;
using core::HugePageAllocator;
using core::HugeVector;

} // namespace damatb::gen
