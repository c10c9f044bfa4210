import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_stages(key, n_stages, d):
  w = jax.random.normal(key, (n_stages, d, d), out_sharding=P("stage")) * d ** -0.5
  b = jnp.zeros((n_stages, d), out_sharding=P("stage"))
  return {"w": w, "b": b}


def stage_fn(p, x):
  return jnp.tanh(x @ p["w"] + p["b"])
