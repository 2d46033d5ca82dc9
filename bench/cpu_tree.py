"""Run a command and print the CPU seconds (user + system) it and every process under it
used, with its wall time: ``python bench/cpu_tree.py CMD ARGS…``.

Why not ``/usr/bin/time``: it counts only the children a process waited for, and a test
run's Chromium processes are not among them (a browser test of minutes shows seconds).
Here /proc is read every 0.3 s and each process of the tree is counted at the most CPU it
was seen with, so a process shorter than a sample is missed: a floor, not an exact sum.
On a shared machine compare CPU, not wall time: other work stretches the wall far more."""

from __future__ import annotations

import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds so far) of ``pid``, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    fields = text[text.rfind(")") + 2:].split()  # (the name may hold spaces)
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.monotonic()
    proc = subprocess.Popen(argv)
    seen: dict[int, float] = {}
    while proc.poll() is None:
        procs = {int(d): s for d in os.listdir("/proc") if d.isdigit() and (s := stat(int(d))) is not None}
        tree, grew = {proc.pid}, True
        while grew:
            grew = False
            for pid, (ppid, _) in procs.items():
                if ppid in tree and pid not in tree:
                    tree.add(pid)
                    grew = True
        for pid in tree & procs.keys():
            seen[pid] = max(seen.get(pid, 0.0), procs[pid][1])
        time.sleep(0.3)
    print(f"CPU {sum(seen.values()):.1f} s over {len(seen)} processes, wall {time.monotonic() - started:.1f} s, "
          f"rc {proc.returncode}", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
