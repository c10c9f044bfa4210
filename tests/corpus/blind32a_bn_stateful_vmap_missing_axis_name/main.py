"""examples/stateful.ipynb style model; the batch vmap forgets axis_name."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class Model(eqx.Module):
    norm1: eqx.nn.BatchNorm
    spectral_linear: eqx.nn.SpectralNorm[eqx.nn.Linear]
    norm2: eqx.nn.BatchNorm
    linear1: eqx.nn.Linear
    linear2: eqx.nn.Linear

    def __init__(self, key):
        key1, key2, key3, key4 = jr.split(key, 4)
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


def compute_loss(model, state, xs, ys):
    batch_model = jax.vmap(model, in_axes=(0, None), out_axes=(0, None))
    pred_ys, state = batch_model(xs, state)
    loss = jnp.mean((pred_ys - ys) ** 2)
    return loss, state


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
    grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state


model, state = eqx.nn.make_with_state(Model)(jr.PRNGKey(0))
optim = optax.adam(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
xs = jnp.ones((32, 3))
ys = jnp.sin(xs)

params, static = eqx.partition(model, eqx.is_array)


def run(params, state, opt_state, xs, ys):
    model, state, opt_state = make_step(eqx.combine(params, static), state, opt_state, xs, ys)
    return eqx.filter(model, eqx.is_array), state, opt_state


lowered = jax.jit(run).trace(params, state, opt_state, xs, ys).lower(lowering_platforms=("cuda",))
print("done")
