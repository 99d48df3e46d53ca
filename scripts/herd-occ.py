#!/usr/bin/env python3
"""A plain event-heap reference of the AWS "Exponential Backoff And Jitter" experiment.

Marc Brooker, "Exponential Backoff And Jitter", AWS Architecture Blog, 2015; its simulator
is aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py (read at 095a0760;
the model is the same through the file's history). This is backoff's own code, written
from the model, not from that file, and kept in the paper's own terms so that it checks
backoff's reading of them (src/core/herd/occ.ts, occ-backoff.ts):

- N clients each update one row once: a read (the server answers with the row's version),
  then a write carrying that version, which succeeds only if the version is unchanged (the
  version then goes up by one); a failed write sends the client back to the read.
- Every message takes |normal(mean, sd)| ms of network time (the paper: 10 ms, sd 2 ms).
- After its n-th failed write (n = 1, 2, ...) the client's next read leaves after one network
  delay plus backoff(n), with expo(n) = min(cap, 2**n * b), b = 5 ms, cap = 2,000 ms:
  no-backoff 0; none (exponential) expo(n); full uniform(0, expo(n)); equal
  expo(n)/2 + uniform(0, expo(n)/2); decorrelated sleep = min(cap, uniform(b, 3 * sleep)),
  sleep starting at b, one per client.
- A run ends when every client has succeeded: its time is the last event's, its calls the
  writes the server received.

Events at the same time are handled in the order they were scheduled (a sequence number
breaks ties; the published simulator leaves ties to Python's tuple order), so with sd 0 the
deterministic modes give exactly what backoff gives.

Usage: herd-occ.py [--clients N] [--runs N] [--seed N] [--modes a,b] [--mean MS] [--sd MS]
                   [--b MS] [--cap MS]
Prints one JSON object: the set-up, per mode the calls' and completion times' mean and
sample sd over the runs and the events handled, and the seconds the simulation took.
"""

import argparse
import heapq
import json
import math
import random
import sys
import time

MODES = ("no-backoff", "none", "full", "equal", "decorrelated")

# What a pending event is: a message arriving at the server or back at its client.
READ, READ_REPLY, WRITE, WRITE_REPLY = 0, 1, 2, 3


def one_run(clients, mode, rng, mean, sd, b, cap):
    """One run of the experiment: (calls, completion ms, events)."""

    def delay():
        return abs(rng.normalvariate(mean, sd))

    def expo(n):
        return min(cap, 2 ** n * b)

    def backoff(client, n):
        if mode == "no-backoff":
            return 0.0
        if mode == "none":
            return expo(n)
        if mode == "full":
            return rng.uniform(0, expo(n))
        if mode == "equal":
            v = expo(n)
            return v / 2 + rng.uniform(0, v / 2)
        sleep[client] = min(cap, rng.uniform(b, sleep[client] * 3))
        return sleep[client]

    version = 0
    seen = [0] * clients
    won = [False] * clients
    failures = [0] * clients
    sleep = [b] * clients
    heap = []
    seq = 0
    for client in range(clients):
        heapq.heappush(heap, (delay(), seq, client, READ))
        seq += 1
    calls = 0
    events = 0
    now = 0.0
    while heap:
        now, _, client, kind = heapq.heappop(heap)
        events += 1
        if kind == READ:
            seen[client] = version
            at, nxt = now + delay(), READ_REPLY
        elif kind == READ_REPLY:
            at, nxt = now + delay(), WRITE
        elif kind == WRITE:
            calls += 1
            won[client] = seen[client] == version
            if won[client]:
                version += 1
            at, nxt = now + delay(), WRITE_REPLY
        else:
            if won[client]:
                continue
            failures[client] += 1
            # The read's network delay is drawn before the wait, as in the experiment.
            at = now + delay()
            at += backoff(client, failures[client])
            nxt = READ
        heapq.heappush(heap, (at, seq, client, nxt))
        seq += 1
    return calls, now, events


def spread(values):
    """Mean and sample standard deviation (0 for one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def main(argv):
    parser = argparse.ArgumentParser(description="The AWS backoff-and-jitter experiment, as an event heap.")
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--mean", type=float, default=10.0, help="network delay mean, ms")
    parser.add_argument("--sd", type=float, default=2.0, help="network delay sd, ms")
    parser.add_argument("--b", type=float, default=5.0, help="the paper's b in expo(n) = min(cap, 2**n * b), ms")
    parser.add_argument("--cap", type=float, default=2000.0, help="ms")
    args = parser.parse_args(argv)
    modes = args.modes.split(",")
    for mode in modes:
        if mode not in MODES:
            parser.error(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    if args.clients < 1 or args.runs < 1:
        parser.error("--clients and --runs must be at least 1")
    rng = random.Random(args.seed)
    started = time.perf_counter()
    results = []
    for mode in modes:
        calls, times, events = [], [], 0
        for _ in range(args.runs):
            c, t, e = one_run(args.clients, mode, rng, args.mean, args.sd, args.b, args.cap)
            calls.append(c)
            times.append(t)
            events += e
        calls_mean, calls_sd = spread(calls)
        time_mean, time_sd = spread(times)
        results.append({
            "mode": mode,
            "calls_mean": calls_mean,
            "calls_sd": calls_sd,
            "completion_ms_mean": time_mean,
            "completion_ms_sd": time_sd,
            "events": events,
        })
    seconds = time.perf_counter() - started
    json.dump({
        "clients": args.clients,
        "runs": args.runs,
        "seed": args.seed,
        "network": {"mean_ms": args.mean, "sd_ms": args.sd},
        "b_ms": args.b,
        "cap_ms": args.cap,
        "python": sys.version.split()[0],
        "seconds": seconds,
        "modes": results,
    }, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
