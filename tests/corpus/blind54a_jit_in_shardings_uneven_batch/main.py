from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, ("data", "model"))

optimizer = optax.adamw(3e-4)


def loss_fn(params, batch):
    x, y = batch
    logits = x @ params["w"] + params["b"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def train_step(params, opt_state, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


param_sharding = {"w": NamedSharding(mesh, P(None, "model")), "b": NamedSharding(mesh, P("model"))}
batch_sharding = (NamedSharding(mesh, P(("data", "model"))), NamedSharding(mesh, P(("data", "model"))))

if __name__ == "__main__":
    params = {"w": jnp.zeros((784, 10)), "b": jnp.zeros((10,))}
    opt_state = optimizer.init(params)
    opt_sharding = jax.tree.map(lambda _: NamedSharding(mesh, P()), opt_state)
    step = jax.jit(train_step,
                   in_shardings=(param_sharding, opt_sharding, batch_sharding),
                   out_shardings=(param_sharding, opt_sharding, NamedSharding(mesh, P())))
    # last (partial) batch of the epoch
    batch = (jax.ShapeDtypeStruct((250, 784), jnp.float32), jax.ShapeDtypeStruct((250,), jnp.int32))
    step.trace(params, opt_state, batch).lower(lowering_platforms=("tpu",))
