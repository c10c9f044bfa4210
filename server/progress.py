"""What a long `shardlint check` shows while it runs: files done out of the total, rewritten in
place on stderr when stderr is a terminal (nothing otherwise), and the closing line with the
number of files and the wall time."""

from __future__ import annotations

import sys
import time

TYPE_CHECKING = False  # (see diagnostics.py: typing is not imported on the warm path)
if TYPE_CHECKING:
    from typing import TextIO

_EVERY_S = 0.1  # redraws at most this often
_AFTER_S = 0.5  # a run shorter than this shows no progress at all


class Progress:
    def __init__(self, stream: TextIO | None = None, after_s: float = _AFTER_S):
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.after_s = after_s
        try:
            self.live = self.stream.isatty()
        except (AttributeError, ValueError):
            self.live = False
        self._drawn = 0.0
        self._width = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.live:
            return
        now = time.perf_counter()
        if now - self.started < self.after_s or (now - self._drawn < _EVERY_S and done < total):
            return
        self._drawn = now
        text = f"shardlint: {done}/{total} files"
        self.stream.write("\r" + text.ljust(self._width))
        self.stream.flush()
        self._width = len(text)

    def finish(self, files: int) -> None:
        """Clear the progress line and write the closing one."""
        seconds = time.perf_counter() - self.started
        if self.live and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
        shown = f"{seconds:.2f}" if seconds < 0.1 else f"{seconds:.1f}"
        self.stream.write(f"Checked {files} file{'s' if files != 1 else ''} in {shown} s\n")
        self.stream.flush()
