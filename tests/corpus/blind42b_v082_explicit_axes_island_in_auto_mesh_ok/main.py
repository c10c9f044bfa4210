from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P, explicit_axes

# the rest of the model is written for automatic sharding
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@partial(explicit_axes, in_sharding=(P('data', None), P(None, 'model')))
def logits_head(h, w):
  # inside: explicit types, so the product is typed P('data', 'model')
  return jnp.dot(h, w)


class Net(nnx.Module):
  def __init__(self, rngs):
    self.body = nnx.Linear(32, 64, rngs=rngs)
    self.w_out = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (64, 128)))

  def __call__(self, x):
    h = nnx.relu(self.body(x))
    return logits_head(h, self.w_out[...])


with jax.set_mesh(mesh):
  net = Net(nnx.Rngs(0))
  x = jnp.ones((8, 32))
  f = nnx.jit(lambda n, x: jax.nn.logsumexp(n(x), -1).mean())
  print(f.trace(net, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
