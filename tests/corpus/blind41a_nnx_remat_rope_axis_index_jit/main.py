import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def rope(x, offset):
  t = x.shape[0]
  pos = offset + jnp.arange(t)[:, None]
  freqs = 1.0 / (10000 ** (jnp.arange(0, x.shape[-1], 2) / x.shape[-1]))
  ang = pos * freqs[None, :]
  x1, x2 = jnp.split(x, 2, axis=-1)
  return jnp.concatenate([x1 * jnp.cos(ang) - x2 * jnp.sin(ang),
                          x1 * jnp.sin(ang) + x2 * jnp.cos(ang)], axis=-1)


class RotaryBlock(nnx.Module):
  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    shard = jax.lax.axis_index('context')
    return self.proj(rope(x, shard * x.shape[0]))


mesh = Mesh(np.array(jax.devices()), ('context',))
block = RotaryBlock(8, nnx.Rngs(0))


@nnx.jit
def apply(block, x):
  ckpt = nnx.remat(lambda b, x: b(x), policy=jax.checkpoint_policies.nothing_saveable)
  return ckpt(block, x)


x = jax.device_put(jnp.ones((32, 8)), NamedSharding(mesh, P('context')))
apply.trace(block, x).lower(lowering_platforms=('cuda',))
print('lowered')
