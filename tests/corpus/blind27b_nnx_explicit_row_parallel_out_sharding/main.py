import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ('X', 'Y')))


class RowParallel(nnx.Module):
  def __init__(self, din, dout, rngs):
    w = nnx.initializers.lecun_normal()(rngs.params(), (din, dout))
    self.kernel = nnx.Param(jax.device_put(w, P('Y', None)))

  def __call__(self, x):
    return jnp.dot(x, self.kernel[...], out_sharding=P('X', None))


layer = RowParallel(16, 8, nnx.Rngs(0))
x = jax.device_put(jnp.ones((8, 16)), P('X', 'Y'))


@nnx.jit
def forward(layer, x):
  y = layer(x)
  print('y', jax.typeof(y))
  return jax.nn.relu(y)


print(forward.trace(layer, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
