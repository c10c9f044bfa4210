"""BatchNorm in Equinox: the batch axis is named by the vmap around the model, the state is
threaded through the loss as an aux output, and the whole step is lowered for GPU."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class Model(eqx.Module):
    norm1: eqx.nn.BatchNorm
    linear1: eqx.nn.Linear
    norm2: eqx.nn.BatchNorm
    linear2: eqx.nn.Linear

    def __init__(self, key):
        key1, key2 = jr.split(key)
        self.norm1 = eqx.nn.BatchNorm(input_size=3, axis_name="batch")
        self.linear1 = eqx.nn.Linear(in_features=3, out_features=32, key=key1)
        self.norm2 = eqx.nn.BatchNorm(input_size=32, axis_name="batch")
        self.linear2 = eqx.nn.Linear(in_features=32, out_features=3, key=key2)

    def __call__(self, x, state):
        x, state = self.norm1(x, state)
        x = jax.nn.relu(self.linear1(x))
        x, state = self.norm2(x, state)
        x = self.linear2(x)
        return x, state


def compute_loss(model, state, xs, ys):
    batch_model = jax.vmap(
        model, axis_name="batch", in_axes=(0, None), out_axes=(0, None)
    )
    pred_ys, state = batch_model(xs, state)
    loss = jnp.mean((pred_ys - ys) ** 2)
    return loss, state


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
    grads, state = eqx.filter_grad(compute_loss, has_aux=True)(model, state, xs, ys)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state


dataset_size = 10
learning_rate = 3e-4
key = jr.PRNGKey(0)
mkey, xkey, xkey2 = jr.split(key, 3)
model, state = eqx.nn.make_with_state(Model)(mkey)
xs = jr.normal(xkey, (dataset_size, 3))
ys = jnp.sin(xs) + 1
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))

# Lower the step for the GPU cluster from this (CPU) box: split out the arrays so plain
# jax.jit can take them, and rebuild the module inside.
params, static = eqx.partition(model, eqx.is_array)


def train_step(params, state, opt_state, xs, ys):
    model = eqx.combine(params, static)
    model, state, opt_state = make_step(model, state, opt_state, xs, ys)
    return eqx.filter(model, eqx.is_array), state, opt_state


lowered = jax.jit(train_step).trace(params, state, opt_state, xs, ys).lower(
    lowering_platforms=("cuda",)
)
