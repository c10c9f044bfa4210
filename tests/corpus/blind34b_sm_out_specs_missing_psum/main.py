import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
def layer(x, weights, bias):
  def body(x_blk, w_blk, b):
    return jnp.dot(x_blk, w_blk) + b     # forgot lax.psum over 'x'
  return jax.shard_map(body, mesh=mesh, in_specs=(P(None, 'x'), P('x', None), P()),
                       out_specs=P())(x, weights, bias)


x = jnp.ones((8, 16)); w = jnp.ones((16, 4)); b = jnp.ones((4,))
print(layer.trace(x, w, b).lower(lowering_platforms=('cuda',)).as_text()[:60])
