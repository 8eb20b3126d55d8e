"""The resident memory of this process (the live gateway runs in a thread of it), sampled while a block runs:
its baseline, its peak, and what is left when the block ends."""

from __future__ import annotations

import threading
import time

import psutil


def rss_bytes() -> int:
    return psutil.Process().memory_info().rss


class PeakRss:
    def __enter__(self) -> PeakRss:
        self.baseline = self.peak = self.after = rss_bytes()
        self.running = True
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()
        return self

    def _sample(self) -> None:
        while self.running:
            self.peak = max(self.peak, rss_bytes())
            time.sleep(0.01)

    def __exit__(self, *exc) -> None:
        self.running = False
        self.thread.join()
        self.after = rss_bytes()
        self.peak = max(self.peak, self.after)

    @property
    def growth(self) -> int:
        return self.peak - self.baseline

    @property
    def kept(self) -> int:
        return self.after - self.baseline
