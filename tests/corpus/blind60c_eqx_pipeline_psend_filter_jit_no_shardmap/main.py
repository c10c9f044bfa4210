"""GPipe-style forward: one Equinox block per device, activations hop to the next stage with psend/precv."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

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


@eqx.filter_jit
def pipeline(stages, microbatches):
  # stages are stacked along axis 0 and placed one per device with filter_shard
  stages = eqx.filter_shard(stages, NamedSharding(mesh, P("stage")))

  def tick(state, mb):
    out = eqx.filter_vmap(lambda s, x: s(x), in_axes=(eqx.if_array(0), None))(stages, mb)
    return send_to_next(out[-1]), out[-1]

  state0 = jnp.zeros_like(microbatches[0])
  _, outs = lax.scan(tick, state0, microbatches)
  return outs


def main():
  keys = jax.random.split(jax.random.key(0), STAGES)
  stages = eqx.filter_vmap(lambda k: Stage(64, key=k))(keys)
  params, static = eqx.partition(stages, eqx.is_array)
  microbatches = jax.ShapeDtypeStruct((8, 16, 64), jnp.float32)
  run = jax.jit(lambda p, mb: pipeline(eqx.combine(p, static), mb))
  run.trace(params, microbatches).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
