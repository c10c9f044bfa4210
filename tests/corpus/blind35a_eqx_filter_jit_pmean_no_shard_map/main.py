import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class RNN(eqx.Module):
    hidden_size: int
    cell: eqx.nn.GRUCell
    linear: eqx.nn.Linear

    def __init__(self, in_size, out_size, hidden_size, *, key):
        ckey, lkey = jr.split(key)
        self.hidden_size = hidden_size
        self.cell = eqx.nn.GRUCell(in_size, hidden_size, key=ckey)
        self.linear = eqx.nn.Linear(hidden_size, out_size, use_bias=False, key=lkey)

    def __call__(self, input):
        hidden = jnp.zeros((self.hidden_size,))

        def f(carry, inp):
            return self.cell(inp, carry), None

        out, _ = jax.lax.scan(f, hidden, input)
        return jax.nn.sigmoid(self.linear(out))


mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
optim = optax.adam(3e-3)


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return -jnp.mean(y * jnp.log(pred_y) + (1 - y) * jnp.log(1 - pred_y))


@eqx.filter_jit
def make_step(model, x, y, opt_state):
    x, y = eqx.filter_shard((x, y), data_sharding)
    loss, grads = compute_loss(model, x, y)
    grads = jax.lax.pmean(grads, axis_name="batch")
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return loss, model, opt_state


model = RNN(2, 1, 16, key=jr.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_array))
params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((8, 10, 2))
y = jnp.ones((8, 1)) * 0.5


def step(params, x, y, opt_state):
    loss, model, opt_state = make_step(eqx.combine(params, static), x, y, opt_state)
    return loss, eqx.filter(model, eqx.is_array), opt_state


jax.jit(step).trace(params, x, y, opt_state).lower(lowering_platforms=("cuda",))
print("ok")
