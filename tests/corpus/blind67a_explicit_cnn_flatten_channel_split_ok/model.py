import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

DN = ("NHWC", "HWIO", "NHWC")


def init(key, num_classes=10):
  k1, k2, k3 = jax.random.split(key, 3)
  return {
      "conv1": jax.random.normal(k1, (3, 3, 1, 32), out_sharding=P(None, None, None, "model")) * 0.1,
      "conv2": jax.random.normal(k2, (3, 3, 32, 64), out_sharding=P(None, None, None, "model")) * 0.05,
      "dense": jax.random.normal(k3, (7 * 7 * 64, num_classes)) * 0.01,
  }


def conv(x, w):
  # output channels follow the kernel's split over "model"
  return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=DN,
                                  out_sharding=P("data", None, None, "model"))


def avg_pool(x):
  y = lax.reduce_window(x, 0., lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
  return y / 4.


def apply(params, x):
  x = avg_pool(jax.nn.relu(conv(x, params["conv1"])))
  x = avg_pool(jax.nn.relu(conv(x, params["conv2"])))
  # flatten: merging H, W with the split channel dim needs an explicit output sharding
  x = jnp.reshape(x, (x.shape[0], -1), out_sharding=P("data", None))
  return x @ params["dense"]
