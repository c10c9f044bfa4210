import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np
import optax

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(8, 16, rngs=rngs)
    self.l2 = nnx.Linear(16, 4, rngs=rngs)

  def __call__(self, x):
    return self.l2(jax.nn.relu(self.l1(x)))


model = MLP(nnx.Rngs(0))
graphdef, state = nnx.split(model)


def train_step(state, x, y):
  def loss_fn(state):
    m = nnx.merge(graphdef, state)
    logits = m(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state)
  grads = jax.lax.pmean(grads, 'data')
  state = jax.tree.map(lambda p, g: p - 0.1 * g, state, grads)
  return state, jax.lax.pmean(loss, 'data')


step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                             out_specs=(P(), P()), axis_names={'data'}))

if __name__ == '__main__':
  x = jnp.ones((8, 8))
  y = jnp.zeros((8,), jnp.int32)
  step.trace(state, x, y).lower(lowering_platforms=('cuda',))
