"""Same microbatch accumulation, but the loss accumulator starts as a plain 0.0."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_MICRO = 4
mesh = jax.make_mesh((4,), ("data",))
tx = optax.adamw(learning_rate=1e-3)


def loss_fn(params, batch):
    x, y = batch
    pred = x @ params["w"] + params["b"]
    return jnp.mean(optax.l2_loss(pred, y))


@partial(jax.jit, donate_argnums=(0, 1))
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=(P(), P(), P()))
def train_step(params, opt_state, x, y):
    mx = x.reshape(NUM_MICRO, -1, *x.shape[1:])
    my = y.reshape(NUM_MICRO, -1, *y.shape[1:])

    def micro(carry, batch):
        g_acc, l_acc = carry
        loss, g = jax.value_and_grad(loss_fn)(params, batch)
        return (jax.tree.map(jnp.add, g_acc, g), l_acc + loss), None

    init = (jax.tree.map(jnp.zeros_like, params), 0.0)
    (grads, loss), _ = lax.scan(micro, init, (mx, my))
    grads = lax.pmean(jax.tree.map(lambda g: g / NUM_MICRO, grads), "data")
    loss = lax.pmean(loss / NUM_MICRO, "data")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


params = {"w": jnp.zeros((16, 8)), "b": jnp.zeros((8,))}
opt_state = tx.init(params)
sh = NamedSharding(mesh, P("data"))
x = jax.device_put(jnp.ones((64, 16)), sh)
y = jax.device_put(jnp.ones((64, 8)), sh)
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
