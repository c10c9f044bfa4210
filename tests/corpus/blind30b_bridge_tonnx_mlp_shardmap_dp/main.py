"""Linen MLP brought into NNX with nnx.bridge.ToNNX, trained data-parallel under jax.shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax import nnx
from flax.nnx import bridge
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P


class LinenMLP(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden)(x)
        x = nn.relu(x)
        return nn.Dense(self.out)(x)


mesh = Mesh(mesh_utils.create_device_mesh((4,)), ('data',))

# no dropout: the init rngs are given to lazy_init only, so the wrapper keeps no RNG state
model = bridge.ToNNX(LinenMLP(64, 10))
bridge.lazy_init(model, jnp.ones((1, 32)), rngs=nnx.Rngs(0))
graphdef, params, rest = nnx.split(model, nnx.Param, ...)
tx = optax.adamw(1e-3)
opt_state = tx.init(params)


def loss_fn(params, rest, x, y):
    m = nnx.merge(graphdef, params, rest)
    logits = m(x)
    _, _, rest = nnx.split(m, nnx.Param, ...)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), rest


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P(), P(), P('data'), P('data')),
         out_specs=(P(), P(), P(), P()))
def train_step(params, rest, opt_state, x, y):
    (loss, rest), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, rest, x, y)
    grads = jax.lax.pmean(grads, 'data')
    loss = jax.lax.pmean(loss, 'data')
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, rest, opt_state, loss


x = jnp.ones((32, 32))
y = jnp.zeros((32,), jnp.int32)
lowered = train_step.trace(params, rest, opt_state, x, y).lower(lowering_platforms=('cuda',))
print("lowered", type(lowered).__name__)
