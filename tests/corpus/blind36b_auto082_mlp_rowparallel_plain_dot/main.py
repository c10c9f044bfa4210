import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from mymodel import init_mlp, mlp_apply, PARAM_SPECS

mesh = jax.make_mesh((2, 2), ("dp", "tp"))
param_sh = jax.tree.map(lambda s: NamedSharding(mesh, s), PARAM_SPECS)
batch_sh = NamedSharding(mesh, P("dp", None))

params = jax.device_put(init_mlp(jax.random.key(0), 32, 128), param_sh)
tx = optax.adamw(3e-4)
opt_state = tx.init(params)


def train_step(params, opt_state, x, y):
    def loss_fn(p):
        return jnp.mean((mlp_apply(p, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(train_step, donate_argnums=(0, 1))

with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((16, 32)), batch_sh)
    y = jax.device_put(jnp.ones((16, 32)), batch_sh)
    lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
