import functools

import jax
import numpy as np
from jax.sharding import Mesh

LOSSES = {}
MESH = Mesh(np.array(jax.devices()), ('batch',))


def register_loss(name):
  def deco(fn):
    LOSSES[name] = fn

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
      return fn(*args, **kwargs)

    return wrapper
  return deco


def get_loss(name):
  return LOSSES[name]
