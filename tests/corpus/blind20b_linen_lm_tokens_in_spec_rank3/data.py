import numpy as np


def batch_iterator(batch_size, seq_len, vocab, seed=0):
  rng = np.random.default_rng(seed)
  while True:
    yield {"tokens": rng.integers(0, vocab, size=(batch_size, seq_len + 1), dtype=np.int32)}
