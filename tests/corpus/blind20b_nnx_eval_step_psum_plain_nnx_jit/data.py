import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh


def make_mesh(cfg):
  devices = np.array(jax.devices()[: cfg.num_devices])
  return Mesh(devices, (cfg.data_axis,))


def synthetic_batch(cfg):
  x = jnp.zeros((cfg.batch_size, cfg.din), jnp.float32)
  y = jnp.zeros((cfg.batch_size, cfg.dout), jnp.float32)
  return x, y
