"""Strategy factories: each returns an un-jitted step for a given mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import pipeline

_REGISTRY = {}


def strategy(name):
  def wrap(builder):
    _REGISTRY[name] = builder
    return builder
  return wrap


def get_strategy(name):
  try:
    return _REGISTRY[name]
  except KeyError:
    raise ValueError(f"unknown strategy {name!r}; have {sorted(_REGISTRY)}")


@strategy("data_parallel")
def data_parallel(mesh, cfg):
  def step(w, x):
    y = jnp.tanh(x @ w)
    return jax.lax.psum(jnp.sum(y), "stage")
  return jax.shard_map(step, mesh=mesh, in_specs=(P(), P("stage")), out_specs=P())


@strategy("gpipe")
def gpipe(mesh, cfg):
  n = mesh.shape["stage"]
  fwd = lambda w, x: pipeline.spmd_pipeline(w, x, n_stages=n, n_micro=cfg["n_micro"])
  return jax.shard_map(fwd, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P())
