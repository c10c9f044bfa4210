import os
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from models import create_model

MODEL_NAME = os.environ.get("MODEL", "tp_mlp")
DP, TP = 2, 2

mesh = Mesh(np.array(jax.devices()).reshape(DP, TP), ("dp", "tp"))
model = create_model(MODEL_NAME, d=64, rngs=nnx.Rngs(0), tp_axis="tp", tp_size=TP)
graphdef, state = nnx.split(model)


def step(state, x):
  def loss_fn(state):
    m = nnx.merge(graphdef, state)
    return jnp.mean(m(x) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state)
  # every tp rank holds its own weight shard: average grads over data only
  grads = jax.lax.pmean(grads, "dp")
  return jax.lax.pmean(loss, "dp"), grads


state_specs = jax.tree.map(lambda _: P("tp"), state)
step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(state_specs, P("dp")),
                             out_specs=(P(), state_specs)))

if __name__ == "__main__":
  # stack the per-rank local weights along a leading axis sharded over tp
  stacked = jax.tree.map(lambda a: jnp.concatenate([a] * TP, axis=0), state)
  x = jnp.ones((16, 64))
  step.trace(stacked, x).lower(lowering_platforms=("cuda",))
