// The commands of the damatb tool. Each takes the arguments after its name
// and returns the exit code; a UsageError it throws exits with code 2.
#pragma once

#include "cli/options.h"

namespace damatb::cli {

int run_perft(const Args& args);
int run_moves(const Args& args);
int run_show(const Args& args);
int run_generate(const Args& args);
int run_plan(const Args& args);
int run_probe(const Args& args);
int run_line(const Args& args);
int run_info(const Args& args);
int run_verify(const Args& args);
int run_annotate(const Args& args);
int run_serve(const Args& args);

} // namespace damatb::cli
