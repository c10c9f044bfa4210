import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class SGDState:

  def __init__(self, params, momentum, step, *, axis, lr=0.01, beta=0.9):
    self.params, self.momentum, self.step = params, momentum, step
    self.axis, self.lr, self.beta = axis, lr, beta

  @classmethod
  def create(cls, params, axis):
    return cls(params, jax.tree.map(jnp.zeros_like, params), jnp.int32(0), axis=axis)

  def tree_flatten(self):
    return (self.params, self.momentum, self.step), (self.axis, self.lr, self.beta)

  @classmethod
  def tree_unflatten(cls, aux, children):
    axis, lr, beta = aux
    return cls(*children, axis=axis, lr=lr, beta=beta)

  def apply_gradients(self, grads):
    grads = jax.lax.pmean(grads, self.axis)
    mom = jax.tree.map(lambda m, g: self.beta * m + g, self.momentum, grads)
    params = jax.tree.map(lambda p, m: p - self.lr * m, self.params, mom)
    return SGDState(params, mom, self.step + 1, axis=self.axis, lr=self.lr, beta=self.beta)


def loss_fn(params, x, y):
  h = jnp.tanh(x @ params['w1'] + params['b1'])
  return jnp.mean((h @ params['w2'] - y) ** 2)


def make_train_step(mesh, state):
  def local_step(state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(state.params, x, y)
    return state.apply_gradients(grads), jax.lax.pmean(loss, state.axis)

  data = P(state.axis)
  return jax.jit(jax.shard_map(local_step, mesh=mesh, in_specs=(P(), data, data),
                               out_specs=(P(), P())), donate_argnums=0)


def main():
  mesh = Mesh(np.array(jax.devices()), ('replica',))
  params = {'w1': jnp.zeros((16, 32)), 'b1': jnp.zeros((32,)), 'w2': jnp.zeros((32, 1))}
  state = SGDState.create(params, axis=mesh.axis_names[0])
  train_step = make_train_step(mesh, state)
  x = jnp.ones((64, 16))
  y = jnp.ones((64, 1))
  train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
