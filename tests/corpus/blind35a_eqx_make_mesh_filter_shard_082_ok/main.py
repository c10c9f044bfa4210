import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from dp.sharding import make_shardings


class CNN(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.layers = [
            eqx.nn.Conv2d(1, 4, kernel_size=3, key=k1),
            jax.nn.relu,
            jnp.ravel,
            eqx.nn.Linear(4 * 6 * 6, 10, key=k2),
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def loss(model, x, y):
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


optim = optax.sgd(1e-2)


@eqx.filter_jit
def make_step(model, opt_state, x, y, data_sharding, replicated):
    x, y = eqx.filter_shard((x, y), data_sharding)
    model = eqx.filter_shard(model, replicated)
    l, grads = eqx.filter_value_and_grad(loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return l, model, opt_state


data_sharding, replicated = make_shardings(len(jax.devices()))
model = CNN(jr.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_array))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.zeros((8, 1, 8, 8))
y = jnp.zeros((8,), jnp.int32)


def step(params, opt_state, x, y):
    l, model, opt_state = make_step(eqx.combine(params, static), opt_state, x, y, data_sharding, replicated)
    return l, eqx.filter(model, eqx.is_array), opt_state


lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
