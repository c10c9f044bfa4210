import jax
import jax.numpy as jnp
import equinox as eqx


class Net(eqx.Module):
    lin1: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(8, 32, key=k1)
        self.bn = eqx.nn.BatchNorm(32, axis_name="batch")
        self.lin2 = eqx.nn.Linear(32, 1, key=k2)

    def __call__(self, x, state):
        x = jax.nn.relu(self.lin1(x))
        x, state = self.bn(x, state)
        return self.lin2(x), state


model, state = eqx.nn.make_with_state(Net)(jax.random.PRNGKey(0))


@eqx.filter_jit
def forward(model, state, xs):
    batched = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name="batch")
    return batched(xs, state)


xs = jnp.ones((16, 8))
# lower the filtered function for the GPU target, module closed over
out = jax.jit(lambda xs: forward(model, state, xs)).trace(xs).lower(lowering_platforms=("cuda",))
print(out.as_text()[:30])
