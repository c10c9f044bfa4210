"""pjit-style TrainState step with explicit in/out shardings, donation and a static flag. The
eval loop feeds the last, smaller batch (6 examples) through the same jitted function."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((4,)), ('data',))
replicated = NamedSharding(mesh, P())
data_sharding = NamedSharding(mesh, P('data'))


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.Dense(32)(x)
        x = nn.Dropout(0.1, deterministic=deterministic)(x)
        return nn.Dense(2)(nn.relu(x))


net = Net()
params = net.init(jax.random.key(0), jnp.ones((1, 12)), deterministic=True)['params']
state = train_state.TrainState.create(apply_fn=net.apply, params=params, tx=optax.sgd(0.1))


@partial(jax.jit, in_shardings=(replicated, data_sharding, data_sharding, replicated),
         out_shardings=(replicated, replicated), static_argnames=('train',), donate_argnums=(0,))
def step(state, x, y, key, train=True):
    def loss_fn(p):
        logits = state.apply_fn({'params': p}, x, deterministic=not train, rngs={'dropout': key})
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    new_state = state.apply_gradients(grads=grads) if train else state
    return new_state, loss


x_full, y_full = jnp.ones((32, 12)), jnp.zeros((32,), jnp.int32)
step.trace(state, x_full, y_full, jax.random.key(1), True).lower(lowering_platforms=('cuda',))
x_last, y_last = jnp.ones((6, 12)), jnp.zeros((6,), jnp.int32)
lowered = step.trace(state, x_last, y_last, jax.random.key(2), False).lower(
    lowering_platforms=('cuda',))
print('ok')
