"""The layering of the tree: core < gen, probe < verify, answers < cli, server, python.

Each folder's sources include only its own headers and those of the folders below it, and the
targets of its CMakeLists.txt link only their libraries; no CMakeLists.txt outside cli/
compiles a source of cli/. Usage: test_layers.py SOURCE_DIR (exit code 1 naming what breaks it).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1])

# The folders each folder may use: its own and those below it. "damatb/" headers are the probe
# library's (probe/include, probe/bridge).
BELOW = {
    "core": {"core"},
    "gen": {"core", "gen"},
    "probe": {"core", "probe"},
    "verify": {"core", "probe", "verify"},
    "answers": {"core", "probe", "answers"},
    "server": {"server"},
    "cli": {"core", "gen", "probe", "verify", "answers", "server", "cli"},
    "python": {"core", "probe", "answers", "python"},
    "fuzz": {"core", "server", "fuzz"},
}
SOURCES = {".h", ".hpp", ".c", ".cpp"}
INCLUDE = re.compile(r'#include "([a-z_]+)/')
LINK = re.compile(r"target_link_libraries\(([^)]*)\)")
LIBRARY = re.compile(r"\bdamatb(?:::|_)([a-z]+)\w*")
NOT_LAYERS = {"warnings", "sanitizers", "native"}


def folder_of(include):
    return "probe" if include == "damatb" else include


def problems():
    for folder, allowed in BELOW.items():
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in SOURCES:
                continue
            for include in INCLUDE.findall(path.read_text(errors="replace")):
                if folder_of(include) not in allowed:
                    yield f"{path.relative_to(ROOT)} includes {include}/"
        for path in sorted((ROOT / folder).rglob("CMakeLists.txt")):
            for call in LINK.findall(path.read_text()):
                for layer in LIBRARY.findall(" ".join(call.split()[1:])):
                    if layer not in NOT_LAYERS and layer not in allowed:
                        yield f"{path.relative_to(ROOT)} links damatb's {layer}"
    for path in sorted(ROOT.rglob("CMakeLists.txt")):
        if "build" in path.relative_to(ROOT).parts[0] or path.parent == ROOT / "cli":
            continue
        if re.search(r"\bcli/\w+\.c", path.read_text()):
            yield f"{path.relative_to(ROOT)} compiles a source of cli/"


found = list(problems())
for p in found:
    print("layering:", p)
print(f"layering: {len(found)} problems")
sys.exit(1 if found else 0)
