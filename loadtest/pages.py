#!/usr/bin/env python3
"""Reads a blog's pages of posts as a reader does, for the A/B of a change to their reads
(loadtest/RESULTS.md §25): a blog's page, the same page of a tag, and the blog's drafts, round
robin, over a few keep-alive connections, and prints each kind's latency p50 and p99.

    loadtest/pages.py --url http://127.0.0.1:18091 --token TOKEN --blog load-1 [--requests 3000]

TOKEN is a session of the blog's owner (a seed file's `token`), so the drafts page is theirs.
Only 127.0.0.1 is targeted; the count is bounded.
"""

import argparse
import http.client
import statistics
import threading
import time
import urllib.parse


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", default="http://127.0.0.1:18091")
    parser.add_argument("--token", required=True)
    parser.add_argument("--blog", required=True)
    parser.add_argument("--tag", default="load")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    target = urllib.parse.urlparse(args.url)
    assert target.hostname == "127.0.0.1", "only the loopback is a target"
    blog = urllib.parse.quote(args.blog)
    paths = {
        "blog": f"/svc/post/blog/after/0?blog={blog}",
        "tag": f"/svc/post/blog/after/0?blog={blog}&tag={urllib.parse.quote(args.tag)}",
        "drafts": f"/svc/post/drafts/after/0?blog={blog}",
    }
    kinds = list(paths)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    failed = []
    lock = threading.Lock()
    per_worker = args.requests // args.concurrency

    def worker(n: int) -> None:
        conn = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
        headers = {"cookie": f"dashwire_session={args.token}"}
        for i in range(per_worker):
            kind = kinds[(n + i) % len(kinds)]
            start = time.perf_counter()
            conn.request("GET", paths[kind], headers=headers)
            response = conn.getresponse()
            response.read()
            elapsed = (time.perf_counter() - start) * 1000
            with lock:
                if response.status == 200:
                    times[kind].append(elapsed)
                else:
                    failed.append(response.status)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(args.concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    parts = []
    for kind in kinds:
        got = sorted(times[kind])
        if not got:
            parts.append(f"{kind}: none")
            continue
        p99 = got[min(len(got) - 1, int(len(got) * 0.99))]
        parts.append(f"{kind} n={len(got)} p50={statistics.median(got):.2f}ms p99={p99:.2f}ms")
    print(f"pages: {len(failed)} failed; " + "; ".join(parts))


if __name__ == "__main__":
    main()
