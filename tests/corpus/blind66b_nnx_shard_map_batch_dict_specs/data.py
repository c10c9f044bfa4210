import numpy as np


def synthetic_batch(batch_size: int, image_size: int = 28, seed: int = 0):
  rng = np.random.default_rng(seed)
  return {
      "image": rng.standard_normal((batch_size, image_size, image_size, 1)).astype(np.float32),
      "label": rng.integers(0, 10, size=(batch_size,)).astype(np.int32),
  }
