"""Cross-device ("sync") BatchNorm: stats reduced over the vmap axis and the shard_map mesh axis."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Net(eqx.Module):
    lin: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    out: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin = eqx.nn.Linear(16, 32, key=k1)
        self.bn = eqx.nn.BatchNorm(32, axis_name=("batch", "data"), mode="batch")
        self.out = eqx.nn.Linear(32, 1, key=k2)

    def __call__(self, x, state):
        h, state = self.bn(self.lin(x), state)
        return self.out(jax.nn.relu(h)), state


model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
opt = optax.adam(1e-3)
opt_state = opt.init(params)
mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
rep = lambda tree: jax.tree.map(lambda _: P(), tree)


def local_step(params, state, opt_state, x, y):
    def loss_fn(params, state):
        m = eqx.combine(params, static)
        pred, state = jax.vmap(m, axis_name="batch", in_axes=(0, None), out_axes=(0, None))(x, state)
        return jnp.mean((pred - y) ** 2), state

    (loss, state), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, state)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = opt.update(grads, opt_state)
    return optax.apply_updates(params, updates), state, opt_state, jax.lax.pmean(loss, "data")


step = jax.jit(
    jax.shard_map(
        local_step,
        mesh=mesh,
        in_specs=(rep(params), rep(state), rep(opt_state), P("data"), P("data")),
        out_specs=(rep(params), rep(state), rep(opt_state), P()),
    )
)
x = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((64, 1)), NamedSharding(mesh, P("data")))
print(step.trace(params, state, opt_state, x, y).lower(lowering_platforms=("cuda",)) is not None)
