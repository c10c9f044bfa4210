import equinox as eqx
import jax
import jax.numpy as jnp


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


model, state = eqx.nn.make_with_state(Model)(jax.random.key(0))
model = eqx.nn.inference_mode(model)


@eqx.filter_jit
def evaluate(model, state, xs):
    out, _ = jax.vmap(model, in_axes=(0, None), out_axes=(0, None))(xs, state)
    return out


xs = jnp.ones((16, 8))
evaluate.lower(model, state, xs)
