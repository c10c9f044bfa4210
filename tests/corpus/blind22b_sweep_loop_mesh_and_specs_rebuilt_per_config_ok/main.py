"""Benchmark sweep: lower the same MLP step under several parallelism layouts."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

SWEEP = [
    {"name": "dp", "shape": (4,), "axes": ("data",), "w": P(), "x": P("data")},
    {"name": "dp_tp", "shape": (2, 2), "axes": ("data", "model"),
     "w": P(None, "model"), "x": P("data", None)},
    {"name": "tp", "shape": (4,), "axes": ("model",), "w": P(None, "model"), "x": P()},
]


def loss(w1, w2, x):
  return jnp.mean(jax.nn.relu(x @ w1) @ w2)


grad_fn = jax.grad(loss, argnums=(0, 1))

for cfg in SWEEP:
  mesh = Mesh(np.array(jax.devices()).reshape(cfg["shape"]), cfg["axes"])
  w_spec = cfg["w"]
  w2_spec = P(*reversed(tuple(w_spec) + (None,) * (2 - len(w_spec))))
  shard = partial(NamedSharding, mesh)
  step = jax.jit(grad_fn,
                 in_shardings=(shard(w_spec), shard(w2_spec), shard(cfg["x"])),
                 out_shardings=(shard(w_spec), shard(w2_spec)))
  w1 = jax.ShapeDtypeStruct((128, 512), jnp.float32)
  w2 = jax.ShapeDtypeStruct((512, 128), jnp.float32)
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  lowered = step.trace(w1, w2, x).lower(lowering_platforms=("cuda",))
  print(cfg["name"], "ok")
