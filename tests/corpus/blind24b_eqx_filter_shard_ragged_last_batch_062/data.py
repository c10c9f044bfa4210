import numpy as np


def batches(x, y, batch_size):
    """Sequential batches over one epoch; the last one keeps the remainder (drop_last=False)."""
    n = x.shape[0]
    for start in range(0, n, batch_size):
        yield x[start:start + batch_size], y[start:start + batch_size]


def make_dataset(n=70, d=8, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, d)).astype(np.float32)
    return x, (x.sum(-1, keepdims=True) > 0).astype(np.float32)
