"""JAX 0.6-era data-parallel step: jax.experimental.shard_map with check_rep=False."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))
tx = optax.adamw(optax.warmup_cosine_decay_schedule(0.0, 1e-3, 10, 100))


@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")),
         out_specs=(P(), P(), P()), check_rep=False)
def step(params, opt_state, x, y):
    def loss_fn(p):
        return jnp.mean((jnp.tanh(x @ p["w1"]) @ p["w2"] - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads, loss = jax.lax.pmean((grads, loss), "dp")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(step, donate_argnums=(0, 1))
params = {"w1": jnp.zeros((4, 16)), "w2": jnp.zeros((16, 1))}
opt_state = tx.init(params)
sh = NamedSharding(mesh, P("dp"))
x, y = jax.device_put(jnp.ones((32, 4)), sh), jax.device_put(jnp.ones((32, 1)), sh)
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
