import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from parallel import make_train_step


def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean(optax.l2_loss(pred, y))


mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Explicit,))
model = eqx.nn.MLP(in_size=8, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adamw(1e-3, weight_decay=1e-4)
opt_state = optim.init(params)

train_step = make_train_step(mesh, optim, static, loss_fn)
x = jax.device_put(jnp.zeros((32, 8)), jax.NamedSharding(mesh, jax.P("dp")))
y = jax.device_put(jnp.zeros((32, 1)), jax.NamedSharding(mesh, jax.P("dp")))
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
