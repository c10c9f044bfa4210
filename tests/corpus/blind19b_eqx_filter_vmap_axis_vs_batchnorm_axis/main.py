import equinox as eqx
import jax
import jax.numpy as jnp
import optax

BATCH_AXIS = "data"


class Model(eqx.Module):
    lin1: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(8, 32, key=k1)
        self.bn = eqx.nn.BatchNorm(32, axis_name="batch")
        self.lin2 = eqx.nn.Linear(32, 2, key=k2)

    def __call__(self, x, state):
        h, state = self.bn(jax.nn.relu(self.lin1(x)), state)
        return self.lin2(h), state


def loss_fn(model, state, xs, ys):
    batched = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name=BATCH_AXIS)
    preds, state = batched(xs, state)
    return jnp.mean((preds - ys) ** 2), state


@eqx.filter_jit
def make_step(model, state, opt_state, xs, ys):
    (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, xs, ys)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return model, state, opt_state, loss


model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
xs, ys = jnp.ones((16, 8)), jnp.ones((16, 2))
make_step.lower(model, state, opt_state, xs, ys)
