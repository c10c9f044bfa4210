"""GPipe-style forward: one Equinox block per device, activations hop to the next stage with psend/precv."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
mesh = Mesh(np.array(jax.devices()[:STAGES]), ("stage",))


class Stage(eqx.Module):
  norm: eqx.nn.LayerNorm
  mlp: eqx.nn.MLP

  def __init__(self, d, *, key):
    self.norm = eqx.nn.LayerNorm(d)
    self.mlp = eqx.nn.MLP(d, d, 4 * d, 1, key=key)

  def __call__(self, x):
    return x + jax.vmap(self.mlp)(jax.vmap(self.norm)(x))


def send_to_next(x):
  perm = [(i, i + 1) for i in range(STAGES - 1)]
  tok = lax.psend(x, "stage", perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", perm)


def make_pipeline(static):
  def run(stacked_params, microbatches):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], stacked_params), static)
    idx = lax.axis_index("stage")

    def tick(state, mb):
      inp = jnp.where(idx == 0, mb, state)
      out = stage(inp)
      return send_to_next(out), out

    state0 = jnp.zeros_like(microbatches[0])
    _, outs = lax.scan(tick, state0, microbatches)
    return outs

  return jax.shard_map(run, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                       check_vma=False)


def main():
  keys = jax.random.split(jax.random.key(0), STAGES)
  stages = eqx.filter_vmap(lambda k: Stage(64, key=k))(keys)
  params, static = eqx.partition(stages, eqx.is_array)
  pipeline = make_pipeline(static)
  microbatches = jax.ShapeDtypeStruct((8, 16, 64), jnp.float32)
  jax.jit(pipeline).trace(params, microbatches).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
