"""Fails when two Lambda functions resolve a shared dependency with different
features.

Cargo unifies features per build and `sam build` builds each function alone,
so such a dependency (and everything above it, the AWS SDK included) would be
compiled once per feature set. shared/lambda-deps asks for the union; this
names what escapes it.

    python scripts/feature-sets.py BIN...   # binary names from template.yaml
"""
import json
import re
import subprocess
import sys

TREE_LINE = re.compile(r"(\S+ v\S+)(?: \(.*?\))? \[(.*)\]")


def package_of(binaries):
    meta = json.loads(subprocess.check_output(
        ["cargo", "metadata", "--no-deps", "--format-version", "1"]))
    owner = {}
    for package in meta["packages"]:
        for target in package["targets"]:
            if "bin" in target["kind"]:
                owner[target["name"]] = package["name"]
    return {b: owner[b] for b in binaries}


def feature_sets(package):
    tree = subprocess.check_output(
        ["cargo", "tree", "-p", package, "--target", "aarch64-unknown-linux-gnu",
         "-e", "normal,build", "-f", "{p} [{f}]", "--prefix", "none"], text=True)
    return {m.group(1): m.group(2) for m in map(TREE_LINE.match, tree.splitlines()) if m}


def main(binaries):
    seen = {}
    for binary, package in package_of(binaries).items():
        for dependency, features in feature_sets(package).items():
            seen.setdefault(dependency, {}).setdefault(features, []).append(binary)
    split = {d: sets for d, sets in seen.items() if len(sets) > 1}
    for dependency, sets in sorted(split.items()):
        print(f"  {dependency}:", file=sys.stderr)
        for features, functions in sets.items():
            print(f"    [{features}] in {', '.join(functions)}", file=sys.stderr)
    if split:
        sys.exit("these dependencies would compile once per feature set: "
                 "add their features to shared/lambda-deps/Cargo.toml")
    print(f"{len(seen)} packages, one feature set each")


if __name__ == "__main__":
    main(sys.argv[1:])
