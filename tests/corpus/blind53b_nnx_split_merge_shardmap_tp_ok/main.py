import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import FeedForward
from parallel.tp import make_forward

mesh = jax.make_mesh((2, 2), ('data', 'model'))

with jax.set_mesh(mesh):
  ffn = FeedForward(64, 256, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(ffn)
  forward = make_forward(graphdef, state, mesh)

  def loss(state, x, y):
    return jnp.mean((forward(state, x) - y) ** 2)

  rngs = nnx.Rngs(7)
  x = jax.sharding.reshard(rngs.normal((16, 64)), P('data', None))
  y = jax.sharding.reshard(rngs.normal((16, 64)), P('data', None))
  step = jax.jit(jax.value_and_grad(loss))
  print(step.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
