import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def loss_fn(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y, sharding):
    replicated = sharding.replicate() if hasattr(sharding, "replicate") else NamedSharding(sharding.mesh, P())
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(loss_fn)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


num_devices = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ("batch",))
sharding = NamedSharding(mesh, P("batch"))

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

x = jnp.ones((16, 8))
y = jnp.ones((16, 1))

params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    model = eqx.combine(params, static)
    model, opt_state = train_step(model, opt_state, x, y, sharding)
    return eqx.filter(model, eqx.is_array), opt_state


lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
