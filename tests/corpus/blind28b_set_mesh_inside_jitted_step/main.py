"""The mesh context is entered inside the jitted step (so constraints can use bare PartitionSpecs)."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
tx = optax.adam(1e-3)


def loss_fn(params, x, y):
    pred = x @ params["w"]
    return optax.l2_loss(pred, y).mean()


@jax.jit
def train_step(params, opt_state, x, y):
    with jax.set_mesh(mesh):
        x = jax.lax.with_sharding_constraint(x, P("data"))
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    return params, opt_state, loss


params = {"w": jnp.zeros((8, 2))}
opt_state = tx.init(params)
x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((16, 2)), NamedSharding(mesh, P("data")))
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
