import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Block(nnx.Module):
  def __init__(self, rngs):
    self.up = nnx.Linear(32, 128, rngs=rngs)
    self.down = nnx.Linear(128, 32, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    h = jax.lax.with_sharding_constraint(h, P(None, 'model'))
    return x + self.down(h)


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  graphdef, state = nnx.split(Block(nnx.Rngs(0)))

  def local_loss(state, x):
    block = nnx.merge(graphdef, state)
    y = nnx.remat(lambda b, x: b(x))(block, x)
    return jax.lax.psum(jnp.sum(y ** 2), 'data') / 16

  loss = jax.shard_map(local_loss, in_specs=(P(), P('data')), out_specs=P(),
                       axis_names={'data'})
  x = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P('data')))
  jax.jit(jax.grad(loss)).trace(state, x).lower(lowering_platforms=('cuda',))
