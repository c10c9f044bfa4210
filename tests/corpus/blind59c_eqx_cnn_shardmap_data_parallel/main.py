import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from model import CNN, cross_entropy

BATCH_SIZE = 64
optim = optax.adamw(3e-4)


def build_step(static, mesh):
    @jax.jit
    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(P(), P(), P("dp"), P("dp")),
                       out_specs=(P(), P(), P()))
    def train_step(params, opt_state, x, y):
        model = eqx.combine(params, static)
        loss, grads = eqx.filter_value_and_grad(cross_entropy)(model, x, y)
        loss, grads = lax.pmean((loss, grads), "dp")
        updates, opt_state = optim.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, opt_state, loss

    return train_step


def main():
    mesh = Mesh(np.array(jax.devices()), ("dp",))
    model = CNN(jax.random.PRNGKey(42))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)
    train_step = build_step(static, mesh)

    x = jnp.zeros((BATCH_SIZE, 1, 28, 28), jnp.float32)
    y = jnp.zeros((BATCH_SIZE,), jnp.int32)
    train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
