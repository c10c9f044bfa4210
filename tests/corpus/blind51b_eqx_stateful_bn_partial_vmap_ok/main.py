import functools

import equinox as eqx
import jax
import jax.numpy as jnp


class Model(eqx.Module):
    norm1: eqx.nn.BatchNorm
    spectral_linear: eqx.nn.SpectralNorm[eqx.nn.Linear]
    norm2: eqx.nn.BatchNorm
    linear1: eqx.nn.Linear
    linear2: eqx.nn.Linear

    def __init__(self, key):
        key1, key2, key3, key4 = jax.random.split(key, 4)
        self.norm1 = eqx.nn.BatchNorm(input_size=3, axis_name="batch")
        self.spectral_linear = eqx.nn.SpectralNorm(
            layer=eqx.nn.Linear(in_features=3, out_features=32, key=key1),
            weight_name="weight",
            key=key2,
        )
        self.norm2 = eqx.nn.BatchNorm(input_size=32, axis_name="batch")
        self.linear1 = eqx.nn.Linear(in_features=32, out_features=32, key=key3)
        self.linear2 = eqx.nn.Linear(in_features=32, out_features=3, key=key4)

    def __call__(self, x, state):
        x, state = self.norm1(x, state)
        x, state = self.spectral_linear(x, state)
        x = jax.nn.relu(x)
        x, state = self.norm2(x, state)
        x = self.linear1(x)
        x = jax.nn.relu(x)
        x = self.linear2(x)
        return x, state


batched = functools.partial(jax.vmap, axis_name="batch", in_axes=(0, None), out_axes=(0, None))


def compute_loss(params, static, state, xs, ys):
    model = eqx.combine(params, static)
    pred_ys, state = batched(model)(xs, state)
    loss = jnp.mean((pred_ys - ys) ** 2)
    return loss, state


def train_step(params, static, state, xs, ys):
    (loss, state), grads = jax.value_and_grad(compute_loss, has_aux=True)(params, static, state, xs, ys)
    params = jax.tree.map(lambda p, g: p - 3e-4 * g, params, grads)
    return params, state, loss


model, state = eqx.nn.make_with_state(Model)(jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
xs = jnp.ones((32, 3))
ys = jnp.zeros((32, 3))

step = jax.jit(functools.partial(train_step, static=static))
print(step.trace(params, state=state, xs=xs, ys=ys).lower(lowering_platforms=("cuda",)).as_text()[:40])
