from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import struct
from jax.sharding import Mesh, PartitionSpec as P

N_MICRO = 4


@struct.dataclass
class TrainState:
  params: Any
  opt_state: Any
  tx: optax.GradientTransformation = struct.field(pytree_node=False)
  dp_axis: str = struct.field(pytree_node=False, default='data')

  @classmethod
  def create(cls, params, tx, **kw):
    return cls(params=params, opt_state=tx.init(params), tx=tx, **kw)

  def apply_gradients(self, grads):
    updates, opt_state = self.tx.update(grads, self.opt_state, self.params)
    return self.replace(params=optax.apply_updates(self.params, updates), opt_state=opt_state)


def loss_fn(params, x, y):
  return jnp.mean((jnp.tanh(x @ params['w']) @ params['v'] - y) ** 2)


def train_step(state, x, y):
  xs = x.reshape(N_MICRO, -1, x.shape[-1])
  ys = y.reshape(N_MICRO, -1, y.shape[-1])

  def body(i, acc):
    g = jax.grad(loss_fn)(state.params, xs[i], ys[i])
    return jax.tree.map(jnp.add, acc, g)

  zeros = jax.tree.map(jnp.zeros_like, state.params)
  grads = jax.lax.fori_loop(0, N_MICRO, body, zeros)
  grads = jax.tree.map(lambda g: g / N_MICRO, grads)
  grads = jax.lax.pmean(grads, state.dp_axis)
  return state.apply_gradients(grads)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('data',))
  params = {'w': jnp.zeros((8, 16)), 'v': jnp.zeros((16, 2))}
  state = TrainState.create(params, optax.adam(1e-3))
  step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                               out_specs=P()))
  step.trace(state, jnp.ones((64, 8)), jnp.ones((64, 2))).lower(lowering_platforms=('cuda',))
