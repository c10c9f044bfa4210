import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import PartitionSpec as P, reshard

mesh = jax.make_mesh((len(jax.devices()),), ("batch",))
jax.set_mesh(mesh)

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


def make_step(static):
    @jax.jit
    def step(params, opt_state, x, y):
        model = eqx.combine(params, static)
        grads = eqx.filter_grad(compute_loss)(model, x, y)
        updates, opt_state = optim.update(grads, opt_state)
        model = eqx.apply_updates(model, updates)
        params = eqx.filter(model, eqx.is_array)
        params = jax.tree.map(lambda a: reshard(a, P()), params)
        return params, opt_state

    return step


params, static = eqx.partition(model, eqx.is_array)
step = make_step(static)
x = jax.device_put(jr.normal(jr.PRNGKey(1), (64, 8)), P("batch"))
y = jax.device_put(jr.normal(jr.PRNGKey(2), (64, 1)), P("batch"))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
