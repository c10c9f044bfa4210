"""Data-parallel optax step: the batch is split over `data`, gradients and loss are pmean'ed
inside shard_map, the optimizer update runs replicated."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
opt = optax.adam(3e-4)


def loss_fn(params, x, y):
    logits = x @ params["w"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = opt.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, jax.lax.pmean(loss, "data")


params = {"w": jnp.zeros((32, 10))}
opt_state = opt.init(params)
step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
                             out_specs=(P(), P(), P())))
step.trace(params, opt_state, jax.ShapeDtypeStruct((64, 32), jnp.float32),
           jax.ShapeDtypeStruct((64,), jnp.int32)).lower(lowering_platforms=("cuda",))
