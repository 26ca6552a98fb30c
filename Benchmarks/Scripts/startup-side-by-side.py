#!/usr/bin/env python3
"""Start-up of commands side by side (issue 29): each is started directly (posix_spawn, no shell), its output sent
to /dev/null, in turns (A B C, then C B A, ...), so that a change in the machine's load touches every command alike;
prints each command's median wall time and its ratio to the last command's median.

    python3 Benchmarks/Scripts/startup-side-by-side.py 200 \\
        '.build/release/dnd-sim types identify picture.png' 'file --mime-type picture.png'

On a shared machine run it at real-time priority (`chrt -f 50 python3 ...`, as root), or waiting for a core puts
milliseconds into every figure. Arguments are split on spaces (no quoting).
"""
import os
import statistics
import sys
import time


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    commands = [argument.split() for argument in sys.argv[2:]]
    devnull = os.open(os.devnull, os.O_WRONLY)

    def run(command: list[str]) -> float:
        start = time.perf_counter()
        pid = os.posix_spawnp(command[0], command, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
        _, status = os.waitpid(pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(command)} failed: {os.waitstatus_to_exitcode(status)}")
        return elapsed

    for command in commands:  # warm-up: the page cache, the dynamic loader's cache
        for _ in range(5):
            run(command)
    times: list[list[float]] = [[] for _ in commands]
    for iteration in range(runs):
        order = range(len(commands)) if iteration % 2 == 0 else reversed(range(len(commands)))
        for index in order:
            times[index].append(run(commands[index]))
    reference = statistics.median(times[-1])
    for command, samples in zip(commands, times):
        median = statistics.median(samples)
        print(f"{median * 1000:7.2f} ms  {median / reference:5.2f}x  {' '.join(command)}")


if __name__ == "__main__":
    main()
