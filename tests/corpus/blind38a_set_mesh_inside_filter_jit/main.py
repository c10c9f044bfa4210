import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Explicit,))
model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))
optim = optax.sgd(1e-2)
params, static = eqx.partition(model, eqx.is_inexact_array)
opt_state = optim.init(params)


@eqx.filter_jit
def train_step(params, opt_state, x, y):
    with jax.set_mesh(mesh):
        x = jax.sharding.reshard(x, P("batch"))
        y = jax.sharding.reshard(y, P("batch"))

        def loss_fn(p):
            pred = jax.vmap(eqx.combine(p, static))(x)
            return jnp.mean((pred - y) ** 2)

        grads = jax.grad(loss_fn)(params)
        updates, opt_state = optim.update(grads, opt_state)
        return eqx.apply_updates(params, updates), opt_state


x = jnp.ones((32, 8))
y = jnp.ones((32, 1))
lowered = jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
