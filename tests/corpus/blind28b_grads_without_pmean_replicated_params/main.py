"""shard_map DP step that forgets to pmean the grads (only the loss): grads of replicated params
come back already summed over 'data' under check_vma, so out_specs=P() holds."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))
tx = optax.sgd(1e-2)


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "data")


train_step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
                           out_specs=(P(), P(), P()))
train_step = jax.jit(train_step)

params = {"w": jnp.zeros((6, 1)), "b": jnp.zeros((1,))}
opt_state = tx.init(params)
sh = NamedSharding(mesh, P("data"))
x, y = jax.device_put(jnp.ones((8, 6)), sh), jax.device_put(jnp.ones((8, 1)), sh)
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
