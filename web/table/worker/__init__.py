"""The worker's service: what the page's JavaScript calls (start, event, bench,
steps), and the hooks the benchmarks time."""
