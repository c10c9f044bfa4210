"""Megatron-style tensor-parallel MLP: column-parallel fc1, row-parallel fc2, inside jax.shard_map."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class TPMLP(eqx.Module):
  fc1: eqx.nn.Linear
  fc2: eqx.nn.Linear

  def __init__(self, d_model, d_ff, *, key):
    k1, k2 = jax.random.split(key)
    self.fc1 = eqx.nn.Linear(d_model, d_ff, key=k1)
    self.fc2 = eqx.nn.Linear(d_ff, d_model, use_bias=False, key=k2)

  def __call__(self, x):
    # inside shard_map: fc1 holds d_ff/model rows, fc2 holds d_ff/model columns
    h = jax.nn.gelu(self.fc1(x))
    return self.fc2(h)


def tp_specs(params):
  specs = jax.tree.map(lambda _: P(), params)
  specs = eqx.tree_at(lambda m: m.fc1.weight, specs, P("model", None))
  specs = eqx.tree_at(lambda m: m.fc1.bias, specs, P("model"))
  specs = eqx.tree_at(lambda m: m.fc2.weight, specs, P(None, "model"))
  return specs


model = TPMLP(512, 2048, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
param_specs = tp_specs(params)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P("data", None)),
                   out_specs=P("data", None))
def forward(params, x):
  mlp = eqx.combine(params, static)
  out = jax.vmap(mlp)(x)
  return out


def main():
  x = jax.ShapeDtypeStruct((32, 512), jnp.float32)
  jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
