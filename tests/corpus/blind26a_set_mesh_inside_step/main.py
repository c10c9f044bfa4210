import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))
model = eqx.nn.MLP(16, 16, 64, 2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)


def loss_fn(params, x):
    return jnp.mean(jax.vmap(eqx.combine(params, static))(x) ** 2)


@jax.jit
def train_step(params, opt_state, x):
    with jax.set_mesh(mesh):  # make sure the step sees the mesh
        loss, grads = jax.value_and_grad(loss_fn)(params, x)
        updates, opt_state = optim.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
    return params, opt_state, loss


x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("data")))
print(train_step.trace(params, opt_state, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
