"""Data-parallel training of a Linen LSTM (nn.scan over time) with the experimental shard_map
API of JAX 0.6, gradients averaged with pmean."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class SeqModel(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, xs):
        cell = nn.scan(nn.OptimizedLSTMCell, variable_broadcast="params", split_rngs={"params": False},
                       in_axes=1, out_axes=1)(self.hidden)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[:, 0].shape)
        _, ys = cell(carry, xs)
        return nn.Dense(1)(ys[:, -1])


mesh = Mesh(mesh_utils.create_device_mesh((4,)), axis_names=("batch",))
model = SeqModel()
xs = jnp.ones((16, 10, 8))
ys = jnp.ones((16, 1))
params = model.init(jax.random.PRNGKey(1), xs[:2])
tx = optax.adam(1e-3)
opt_state = tx.init(params)


def loss_fn(params, xs, ys):
    return jnp.mean((model.apply(params, xs) - ys) ** 2)


@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P("batch"), P("batch")), out_specs=(P(), P(), P()),
         check_rep=False)
def train_step(params, opt_state, xs, ys):
    loss, grads = jax.value_and_grad(loss_fn)(params, xs, ys)
    grads = jax.lax.pmean(grads, axis_name="batch")
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")


lowered = jax.jit(train_step).trace(params, opt_state, xs, ys).lower(lowering_platforms=("cuda",))
print("ok")
