import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class SPAttention(eqx.Module):
  qkv: eqx.nn.Linear
  axis_name: str = eqx.field(static=True, default='sp')

  def __call__(self, x):
    q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)
    k = lax.all_gather(k, self.axis_name, axis=0, tiled=True)
    v = lax.all_gather(v, self.axis_name, axis=0, tiled=True)
    w = jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), axis=-1)
    return w @ v


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'seq'))
attn = SPAttention(eqx.nn.Linear(32, 96, key=jax.random.key(0)))
params, static = eqx.partition(attn, eqx.is_array)


def local(params, x):
  return jax.vmap(eqx.combine(params, static))(x)


fwd = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P('data', 'seq')),
                            out_specs=P('data', 'seq')))
fwd.trace(params, jnp.ones((4, 64, 32))).lower(lowering_platforms=('cuda',))
