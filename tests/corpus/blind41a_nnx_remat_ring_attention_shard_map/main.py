import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P, AxisType

from ring import SEQ, ring_attention


class AttnBlock(nnx.Module):
  def __init__(self, d, rngs):
    self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
    self.out = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    return x + self.out(ring_attention(q, k, v))


class Model(nnx.Module):
  def __init__(self, d, depth, rngs):
    self.blocks = nnx.List([AttnBlock(d, rngs) for _ in range(depth)])

  def __call__(self, x):
    for blk in self.blocks:
      x = nnx.remat(lambda b, h: b(h))(blk, x)
    return x


mesh = jax.make_mesh((4,), (SEQ,), axis_types=(AxisType.Explicit,))
model = Model(16, 2, nnx.Rngs(0))


@nnx.jit
def loss_fn(model, x):
  fwd = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P(SEQ)), out_specs=P(SEQ))
  return jnp.mean(fwd(model, x) ** 2)


x = jax.device_put(jnp.ones((64, 16)), jax.NamedSharding(mesh, P(SEQ)))
loss_fn.trace(model, x).lower(lowering_platforms=('cuda',))
print('done')
