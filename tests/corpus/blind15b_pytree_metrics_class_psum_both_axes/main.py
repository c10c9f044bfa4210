import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Metrics:

  def __init__(self, loss_sum, count, axes=('data', 'model')):
    self.loss_sum = loss_sum
    self.count = count
    self.axes = axes

  def tree_flatten(self):
    return (self.loss_sum, self.count), self.axes

  @classmethod
  def tree_unflatten(cls, axes, children):
    return cls(*children, axes=axes)

  def reduce(self):
    return jax.tree.map(lambda v: jax.lax.psum(v, self.axes), self)

  def mean(self):
    return self.loss_sum / self.count


def forward(w1, w2, x):
  h = jax.nn.relu(x @ w1)
  return jax.lax.psum(h @ w2, 'model')


def eval_step(w1, w2, x, y):
  pred = forward(w1, w2, x)
  per_example = jnp.sum((pred - y) ** 2, axis=-1)
  metrics = Metrics(per_example.sum(), jnp.float32(per_example.shape[0]))
  return metrics.reduce().mean()


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  step = jax.jit(jax.shard_map(
      eval_step, mesh=mesh,
      in_specs=(P(None, 'model'), P('model', None), P('data'), P('data')),
      out_specs=P()))
  w1 = jnp.zeros((128, 256))
  w2 = jnp.zeros((256, 128))
  x = jnp.ones((16, 128))
  y = jnp.ones((16, 128))
  step.trace(w1, w2, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
