#!/usr/bin/env python3
"""The baseline masonry's streaming load is measured against (masonry-bench, part `stream`):
Python's orjson parsing every line of a JSON Lines feed and discarding it.

Prints one JSON object: {"lines": N, "seconds": S}. Needs orjson (pip install orjson).
"""
import json
import sys
import time

import orjson


def main() -> None:
    path = sys.argv[1]
    start = time.perf_counter()
    lines = 0
    with open(path, "rb") as feed:
        for line in feed:
            if line.strip():
                orjson.loads(line)
                lines += 1
    print(json.dumps({"lines": lines, "seconds": time.perf_counter() - start}))


if __name__ == "__main__":
    main()
