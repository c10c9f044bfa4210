import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P
from equinox import filter_value_and_grad as fvg

devices = np.array(jax.devices())
mesh = Mesh(devices, axis_names=("data",))


class Regressor(eqx.Module):
    mlp: eqx.nn.MLP

    def __init__(self, key):
        self.mlp = eqx.nn.MLP(16, 1, 32, 2, activation=jax.nn.gelu, key=key)

    def __call__(self, x):
        return self.mlp(x)[0]


model = Regressor(jr.PRNGKey(1))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adamw(1e-3)
opt_state = optim.init(params)


@fvg
def loss_fn(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def train_step(params, opt_state, x, y):
    loss, grads = loss_fn(eqx.combine(params, static), x, y)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, loss


train_step = jax.shard_map(
    train_step,
    mesh=mesh,
    in_specs=(P(), P(), P("data"), P("data")),
    out_specs=(P(), P(), P()),
)

x = jnp.ones((64, 16))
y = jnp.zeros((64,))
print(jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
