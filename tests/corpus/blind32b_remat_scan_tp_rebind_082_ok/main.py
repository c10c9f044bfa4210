"""2D (data x model) parallel training of a remat'd, scanned Linen stack; shard_map by rebinding."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P


class Layer(nn.Module):
  d: int
  f_local: int

  @nn.compact
  def __call__(self, x, _):
    y = nn.LayerNorm(use_bias=False)(x)
    y = nn.Dense(self.f_local, use_bias=False)(y)
    y = nn.Dense(self.d, use_bias=False)(nn.gelu(y))
    return x + jax.lax.psum(y, 'model'), None


class Net(nn.Module):
  d: int = 64
  f_local: int = 128
  depth: int = 4

  @nn.compact
  def __call__(self, x):
    layer = nn.remat(Layer, prevent_cse=False,
                     policy=jax.checkpoint_policies.nothing_saveable)
    stack = nn.scan(layer, variable_axes={'params': 0}, split_rngs={'params': True},
                    length=self.depth)
    x, _ = stack(self.d, self.f_local, name='layers')(x, None)
    return x


def loss_and_update(state, x):
  def loss_fn(p):
    y = state.apply_fn({'params': p}, x)
    return jnp.mean(y ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.tree.map(lambda g: jax.lax.pmean(g, 'data'), grads)
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
net = Net()

specs = {'layers': {'LayerNorm_0': {'scale': P()},
                    'Dense_0': {'kernel': P(None, None, 'model')},
                    'Dense_1': {'kernel': P(None, 'model', None)}}}
# global arrays: the MLP width is f_local per 'model' shard
params = {'layers': {'LayerNorm_0': {'scale': jnp.ones((4, 64))},
                     'Dense_0': {'kernel': jnp.zeros((4, 64, 256))},
                     'Dense_1': {'kernel': jnp.zeros((4, 256, 64))}}}
state = train_state.TrainState.create(apply_fn=net.apply, params=params, tx=optax.sgd(0.1))
state_specs = train_state.TrainState(step=P(), apply_fn=net.apply, params=specs, tx=state.tx,
                                     opt_state=jax.tree.map(lambda _: P(), state.opt_state))

loss_and_update = jax.shard_map(loss_and_update, mesh=mesh, in_specs=(state_specs, P('data')),
                                out_specs=(state_specs, P()))
loss_and_update = jax.jit(loss_and_update)
print(loss_and_update.trace(state, jnp.ones((8, 64))).lower(
    lowering_platforms=('cuda',)).as_text()[:10])
