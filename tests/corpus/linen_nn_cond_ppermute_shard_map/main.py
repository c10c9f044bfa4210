"""Linen's lifted nn.cond chooses between a ppermute rotation over 'ring' and a local layer;
applied under jax.shard_map."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('ring',))
ROTATE = [(i, (i + 1) % 4) for i in range(4)]


class MaybeRotate(nn.Module):
  def setup(self):
    self.dense = nn.Dense(16)

  def __call__(self, x, rotate):
    def rotated(mdl, x):
      return mdl.dense(jax.lax.ppermute(x, 'ring', ROTATE))

    def local(mdl, x):
      return mdl.dense(x)

    return nn.cond(rotate, rotated, local, self, x)


model = MaybeRotate()
params = {'params': {'dense': {'kernel': jax.ShapeDtypeStruct((16, 16), jnp.float32),
                               'bias': jax.ShapeDtypeStruct((16,), jnp.float32)}}}
x = jnp.ones((16, 16))


step = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P('ring'), P()), out_specs=P('ring')))
step.trace(params, x, jnp.array(True)).lower(lowering_platforms=("cuda",))
