import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
import equinox as eqx
from equinox import filter_jit as fj, filter_value_and_grad as fvg
from jax.sharding import Mesh, PartitionSpec as P


class CNN(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2, k3 = jr.split(key, 3)
        self.layers = [
            eqx.nn.Conv2d(1, 3, kernel_size=4, key=k1),
            eqx.nn.MaxPool2d(kernel_size=2),
            jax.nn.relu,
            jnp.ravel,
            eqx.nn.Linear(1728, 512, key=k2),
            jax.nn.sigmoid,
            eqx.nn.Linear(512, 10, key=k3),
            jax.nn.log_softmax,
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def make_train_step(mesh, optim, static, axis="batch"):
    @fj
    @fvg
    def loss(model, x, y):
        pred_y = jax.vmap(model)(x)
        return -jnp.mean(jnp.take_along_axis(pred_y, y[:, None], axis=1))

    def step(params, opt_state, x, y):
        value, grads = loss(eqx.combine(params, static), x, y)
        grads = jax.lax.pmean(grads, axis)
        updates, opt_state = optim.update(grads, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state, jax.lax.pmean(value, axis)

    return jax.jit(
        jax.shard_map(
            step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=(P(), P(), P())
        )
    )


mesh = Mesh(np.array(jax.devices()), ("data",))
model = CNN(jr.PRNGKey(5678))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adamw(3e-4)
opt_state = optim.init(params)
train_step = make_train_step(mesh, optim, static)

x = jnp.ones((64, 1, 28, 28))
y = jnp.zeros((64,), jnp.int32)
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
