import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


class Pooler(nnx.Module):
  def __init__(self, rngs):
    self.proj = nnx.Linear(32, 32, rngs=rngs)
    self.out = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    h = nnx.tanh(self.proj(x))
    h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P()))
    return self.out(h)


model = Pooler(nnx.Rngs(0))


@nnx.jit
def eval_loss(model, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
  def per_device(model, x, y):
    return jax.lax.pmean(jnp.mean((model(x) - y) ** 2), 'data')
  return per_device(model, x, y)


jax.jit(lambda s, x, y: eval_loss(nnx.merge(nnx.graphdef(model), s), x, y)).trace(
    nnx.state(model), jnp.ones((16, 32)), jnp.ones((16, 1))).lower(lowering_platforms=('cuda',))
