"""Data-parallel optax step jitted with batch shardings (no shard_map) while still calling
pmean on the gradients."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
opt = optax.adam(3e-4)
replicated = NamedSharding(mesh, P())
batch_sharded = NamedSharding(mesh, P("data"))


def loss_fn(params, x, y):
    logits = x @ params["w"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


params = {"w": jnp.zeros((32, 10))}
opt_state = opt.init(params)
x = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=batch_sharded)
y = jax.ShapeDtypeStruct((64,), jnp.int32, sharding=batch_sharded)
train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
