"""Data-parallel Equinox step with dropout; the PRNG key argument was added to the step
later, the in_specs tuple was not updated."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, PartitionSpec as P


class Classifier(eqx.Module):
    mlp: eqx.nn.MLP
    dropout: eqx.nn.Dropout

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(16, 4, 64, 2, key=key)
        self.dropout = eqx.nn.Dropout(0.1)

    def __call__(self, x, *, key):
        return self.mlp(self.dropout(x, key=key))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = Classifier(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def train_step(params, x, y, key):
    key = jr.fold_in(key, jax.lax.axis_index("data"))

    def loss_fn(params):
        model = eqx.combine(params, static)
        keys = jr.split(key, x.shape[0])
        logits = jax.vmap(lambda xi, k: model(xi, key=k))(x, keys)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, -1))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "data")
    return jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads), jax.lax.pmean(loss, "data")


x = jnp.ones((32, 16))
y = jax.nn.one_hot(jnp.zeros((32,), jnp.int32), 4)
lowered = jax.jit(train_step).trace(params, x, y, jr.PRNGKey(1)).lower(lowering_platforms=("cuda",))
print("ok")
