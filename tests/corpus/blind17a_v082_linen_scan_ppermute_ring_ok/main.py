import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

RING = 4


class RotateCell(nn.Module):
  @nn.compact
  def __call__(self, carry, _):
    acc, blk = carry
    blk = lax.ppermute(blk, "ring", [(i, (i + 1) % RING) for i in range(RING)])
    return (acc + nn.Dense(blk.shape[-1], name="mix")(blk), blk), None


class RingReduce(nn.Module):
  @nn.compact
  def __call__(self, x):
    scan = nn.scan(RotateCell, variable_broadcast="params", split_rngs={"params": False},
                   length=RING - 1)
    (acc, _), _ = scan()((x, x), None)
    return acc


mesh = Mesh(np.array(jax.devices()), ("ring",))
model = RingReduce()


def fwd(x):
  params = model.init(jax.random.key(0), x)
  return model.apply(params, x)


f = jax.jit(jax.shard_map(fwd, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"),
                          check_vma=False))
f.trace(jnp.ones((16, 8))).lower(lowering_platforms=("cuda",))
