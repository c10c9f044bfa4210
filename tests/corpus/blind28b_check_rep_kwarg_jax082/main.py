"""Ring-free data-parallel Adam step moved from jax.experimental.shard_map to jax.shard_map;
the old check_rep keyword came along."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Auto,))
tx = optax.adamw(optax.warmup_cosine_decay_schedule(0.0, 1e-3, 10, 100))


def step(params, opt_state, x, y):
    def loss_fn(p):
        return jnp.mean((jnp.tanh(x @ p["w1"]) @ p["w2"] - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads, loss = jax.lax.pmean((grads, loss), "dp")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


sharded_step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")),
                             out_specs=(P(), P(), P()), check_rep=False)
train_step = jax.jit(sharded_step)

params = {"w1": jnp.zeros((4, 16)), "w2": jnp.zeros((16, 1))}
opt_state = tx.init(params)
sh = NamedSharding(mesh, P("dp"))
x, y = jax.device_put(jnp.ones((32, 4)), sh), jax.device_put(jnp.ones((32, 1)), sh)
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
