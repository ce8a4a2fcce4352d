#!/usr/bin/env python3
"""Checks the CMake build in CMakeLists-helpers/ against Package.swift, then builds and runs it.

1. Drift: every Swift file SwiftPM builds into the photozoom product (its targets and
   swift-argument-parser's) is in the CMake build, in the target of the same name, and the
   CMake build has no other; and a target that imports a system library (CSDL2, ...) has its
   module map folder on the -I path. SwiftPM's side is `swift package describe --type json`;
   CMake's is what it configured, read from its file API (codemodel), not from the CMakeLists
   text. One line per missing or extra file; stops there if any.
2. swift-argument-parser: CMake builds the commit SwiftPM checked out.
3. Builds with Ninja, runs `photozoom --help` and a snapshot, checks the PNG's size; installs
   to a temporary prefix and runs the installed one from another folder, through PATH, which
   must draw the same PNG (it found its photos and font); and when SwiftPM's release binary is
   there (.build/release/photozoom, as scripts/test.sh leaves it), so must that.

Usage: scripts/cmake-check.py [--drift-only] [--build-dir DIR]   (default DIR: build-cmake)
Needs cmake and ninja (scripts/setup.sh --cmake) and the Swift toolchain. Python stdlib only.
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CMAKE_DIR = ROOT / "CMakeLists-helpers"
SNAPSHOT_SIZE = (320, 480)


def say(message):
    print(f"cmake-check: {message}", flush=True)


def run(command, **kwargs):
    """Runs a command with its output passed through; returns its exit code."""
    say("$ " + " ".join(str(part) for part in command))
    return subprocess.run(command, **kwargs).returncode


def output(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs).stdout


# --- SwiftPM's side ---------------------------------------------------------------------------

def describe(package_dir):
    return json.loads(output(["swift", "package", "describe", "--type", "json"], cwd=package_dir))


def swiftpm_sources(package, product_names):
    """(target, path relative to the package) for every Swift file of the given products'
    targets and the targets they depend on within the package; (target, module map folder) for
    each system library a target imports; and the products of other packages they use."""
    targets = {t["name"]: t for t in package["targets"]}
    products = {p["name"]: p for p in package["products"]}
    todo = [name for product in product_names for name in products[product]["targets"]]
    seen, files, imports, external = set(), set(), set(), set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        target = targets[name]
        for source in target.get("sources", []):
            if source.endswith(".swift"):
                files.add((name, f"{target['path']}/{source}"))
        for dependency in target.get("target_dependencies", []):
            if targets[dependency].get("module_type") == "SystemLibraryTarget":
                imports.add((name, targets[dependency]["path"]))
        todo.extend(target.get("target_dependencies", []))
        external.update(target.get("product_dependencies", []))
    return files, imports, external


# --- CMake's side -----------------------------------------------------------------------------

def codemodel(build_dir):
    """name -> (source dir of the target, [absolute paths of its sources], [its -I folders])
    for every target that compiles something."""
    reply = build_dir / ".cmake" / "api" / "v1" / "reply"
    index = json.loads(max(reply.glob("index-*.json")).read_text())
    model_file = index["reply"]["codemodel-v2"]["jsonFile"]
    model = json.loads((reply / model_file).read_text())
    top = Path(model["paths"]["source"])
    targets = {}
    for entry in model["configurations"][0]["targets"]:
        target = json.loads((reply / entry["jsonFile"]).read_text())
        sources = [str((top / s["path"]).resolve()) for s in target.get("sources", [])]
        includes = {str(Path(i["path"]).resolve()) for g in target.get("compileGroups", []) for i in g.get("includes", [])}
        targets[target["name"]] = (str((top / target["paths"]["source"]).resolve()), sources, includes)
    return targets


def cmake_sources(targets, root, outside=None):
    """(target, path relative to root) for every Swift file of the CMake targets under root
    (and not under outside)."""
    files = set()
    for name, (_, sources, _) in targets.items():
        for source in sources:
            path = Path(source)
            if path.suffix == ".swift" and path.is_relative_to(root) and not (outside and path.is_relative_to(outside)):
                files.add((name, str(path.relative_to(root))))
    return files


def compare(label, swiftpm, cmake, hint):
    """Prints one line per file SwiftPM builds and CMake does not, and the reverse."""
    problems = 0
    for target, path in sorted(swiftpm - cmake):
        say(f"DRIFT {label}: {path}: SwiftPM builds it into {target}, CMake does not (list it in {hint(target)})")
        problems += 1
    for target, path in sorted(cmake - swiftpm):
        say(f"DRIFT {label}: {path}: CMake builds it into {target}, SwiftPM does not (take it out of {hint(target)})")
        problems += 1
    return problems


def check_drift(build_dir):
    problems = 0
    package = describe(ROOT)
    # The tests' own programs (under Tests/, as the fault-injecting loader) are SwiftPM's alone.
    paths = {t["name"]: t["path"] for t in package["targets"]}
    product_names = [
        p["name"] for p in package["products"] if not all(paths[t].startswith("Tests/") for t in p["targets"])
    ]
    ours, imports, external = swiftpm_sources(package, product_names)
    targets = codemodel(build_dir)

    # The build folder may be inside the package: argument-parser's fetched files are not ours.
    mine = cmake_sources(targets, ROOT, outside=build_dir)
    problems += compare("PhotoZoom", ours, mine,
                        lambda t: f"CMakeLists-helpers/Sources/{t}/CMakeLists.txt")
    # A system library's module map folder on the -I path of each target that imports it.
    for name, module_dir in sorted(imports):
        if name in targets and str(ROOT / module_dir) not in targets[name][2]:
            say(f"DRIFT PhotoZoom: {name} imports {module_dir} in SwiftPM but its CMake target does not "
                f"(link the {Path(module_dir).name} target in CMakeLists-helpers/Sources/{name}/CMakeLists.txt)")
            problems += 1

    # swift-argument-parser: SwiftPM's checkout against what CMake fetched and configured.
    if external - {"ArgumentParser"}:
        say(f"DRIFT PhotoZoom: products of other packages the CMake build does not know: {sorted(external - {'ArgumentParser'})}")
        problems += 1
    checkout = ROOT / ".build" / "checkouts" / "swift-argument-parser"
    fetched = Path(targets["ArgumentParser"][0]).parent.parent
    theirs, _, _ = swiftpm_sources(describe(checkout), ["ArgumentParser"])
    built = cmake_sources(targets, fetched)
    problems += compare("swift-argument-parser", theirs, built,
                        lambda t: "CMakeLists-helpers/cmake/modules/PhotoZoomArgumentParser.cmake")
    swiftpm_commit = output(["git", "-C", str(checkout), "rev-parse", "HEAD"]).strip()
    cmake_commit = output(["git", "-C", str(fetched), "rev-parse", "HEAD"]).strip()
    if swiftpm_commit != cmake_commit:
        say(f"DRIFT swift-argument-parser: SwiftPM builds {swiftpm_commit}, CMake {cmake_commit} ({fetched})")
        problems += 1
    counted = len(ours) + len(theirs)
    if problems == 0:
        say(f"no drift: the same {len(ours)} PhotoZoom and {len(theirs)} swift-argument-parser Swift files "
            f"in both builds, argument-parser at {swiftpm_commit[:12]}")
    return problems, counted


# --- Build and run ----------------------------------------------------------------------------

def png_size(path):
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--drift-only", action="store_true", help="configure and compare the sources; build nothing")
    parser.add_argument("--build-dir", default=str(ROOT / "build-cmake"))
    args = parser.parse_args()
    build_dir = Path(args.build_dir).resolve()
    passed, failed = 0, 0

    def result(ok, what):
        nonlocal passed, failed
        say(("ok: " if ok else "FAILED: ") + what)
        if ok:
            passed += 1
        else:
            failed += 1
        return ok

    # SwiftPM's pin and checkout of swift-argument-parser: the CMake build takes the same.
    if run(["swift", "package", "resolve"], cwd=ROOT) != 0:
        return 1
    # Ask CMake's file API for the code model, then configure.
    query = build_dir / ".cmake" / "api" / "v1" / "query"
    query.mkdir(parents=True, exist_ok=True)
    (query / "codemodel-v2").touch()
    if not result(run(["cmake", "-G", "Ninja", "-S", str(CMAKE_DIR), "-B", str(build_dir)]) == 0,
                  "cmake configures (a listed file that is not there is named above: 'Cannot find source file')"):
        say(f"{passed} passed, {failed} failed")
        return 1
    problems, counted = check_drift(build_dir)
    if not result(problems == 0, f"the CMake build's Swift sources are SwiftPM's ({problems} differences)"):
        say(f"{passed} passed, {failed} failed")
        return 1
    if args.drift_only:
        return 0

    if not result(run(["cmake", "--build", str(build_dir)]) == 0, "cmake --build"):
        say(f"{passed} passed, {failed} failed")
        return 1

    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_RENDER_DRIVER="software")
    work = Path(tempfile.mkdtemp(prefix="photozoom-cmake-"))
    env["XDG_CACHE_HOME"] = str(work / "cache")
    try:
        binary = build_dir / "bin" / "photozoom"
        help_text = subprocess.run([binary, "--help"], capture_output=True, text=True, env=env)
        result(help_text.returncode == 0 and "USAGE: photozoom" in help_text.stdout, "photozoom --help")

        size = f"{SNAPSHOT_SIZE[0]}x{SNAPSHOT_SIZE[1]}"
        built_png = work / "cmake.png"
        code = run([binary, "snapshot", "--out", built_png, "--size", size], env=env, cwd=work)
        got = png_size(built_png) if built_png.exists() else None
        result(code == 0 and got == SNAPSHOT_SIZE, f"photozoom snapshot: a {size} PNG (got {got})")

        prefix = work / "prefix"
        if result(run(["cmake", "--install", str(build_dir), "--prefix", prefix],
                      stdout=subprocess.DEVNULL) == 0, f"cmake --install to {prefix}"):
            installed_png = work / "installed.png"
            path_env = dict(env, PATH=f"{prefix / 'bin'}{os.pathsep}{env['PATH']}")
            run(["photozoom", "snapshot", "--out", installed_png, "--size", size], env=path_env, cwd=work)
            result(installed_png.exists() and installed_png.read_bytes() == built_png.read_bytes(),
                   "the installed photozoom, run through PATH from another folder, draws the same PNG")

        swiftpm_binary = ROOT / ".build" / "release" / "photozoom"
        if swiftpm_binary.exists() and built_png.exists():
            swiftpm_png = work / "swiftpm.png"
            run([swiftpm_binary, "snapshot", "--out", swiftpm_png, "--size", size], env=env, cwd=work)
            same = swiftpm_png.exists() and swiftpm_png.read_bytes() == built_png.read_bytes()
            result(same, "SwiftPM's release photozoom draws the same PNG, byte for byte")
        else:
            say("(no .build/release/photozoom: not compared with SwiftPM's snapshot)")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    say(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
