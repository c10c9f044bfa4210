"""2D data x model TrainState step under shard_map: the classifier head's output dim is split over
'model' (gathered before the loss); the scalar loss is then summed over both mesh axes."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))
AXES = ('data', 'model')


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.relu(nn.Dense(64)(x))


backbone = Backbone()
params = backbone.init(jax.random.key(0), jnp.ones((1, 16)))['params']
state = train_state.TrainState.create(apply_fn=backbone.apply, params=params, tx=optax.sgd(0.1))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
def step(state, x, y):
    def loss_fn(p):
        feats = state.apply_fn({'params': p}, x)
        return jnp.sum((feats.mean(-1) - y) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    n = jax.lax.psum(x.shape[0], AXES)
    loss = jax.lax.psum(loss, AXES) / n
    grads = jax.tree_util.tree_map(lambda g: g / n, grads)
    return state.apply_gradients(grads=grads), loss


print(jax.jit(step).trace(state, jnp.ones((16, 16)), jnp.ones((16,))).lower(
    lowering_platforms=('cuda',)) is not None)
