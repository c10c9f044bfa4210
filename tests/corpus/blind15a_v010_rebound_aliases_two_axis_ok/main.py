import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as PS

smap = jax.shard_map
allreduce = lax.psum
average = lax.pmean


@dataclasses.dataclass(frozen=True)
class Axes:
  data: str = 'dp'
  model: str = 'mp'


AX = Axes()
mesh = jax.make_mesh((2, 2), (AX.data, AX.model))


def mlp_loss(w1, w2, x, y):
  h = jax.nn.gelu(x @ w1)              # [B/dp, H/mp]
  out = allreduce(h @ w2, AX.model)    # [B/dp, D], summed over mp
  loss = jnp.mean((out - y) ** 2)
  return average(loss, AX.data)


loss_fn = jax.jit(smap(mlp_loss, mesh=mesh,
                       in_specs=(PS(None, AX.model), PS(AX.model, None), PS(AX.data), PS(AX.data)),
                       out_specs=PS()))
put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
w1 = put(jnp.ones((16, 64)), PS(None, AX.model))
w2 = put(jnp.ones((64, 16)), PS(AX.model, None))
x = put(jnp.ones((8, 16)), PS(AX.data))
y = put(jnp.ones((8, 16)), PS(AX.data))
loss_fn.trace(w1, w2, x, y).lower(lowering_platforms=('cuda',))
