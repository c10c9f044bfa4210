from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import fsdp

devices = np.array(jax.devices())
mesh = Mesh(devices, (fsdp.AXIS,))


def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jax.random.normal(k2, (n_out,))
    return W, b


def init(key, layer_sizes, batch_size):
    key, *keys = jax.random.split(key, len(layer_sizes))
    params = list(map(init_layer, keys, layer_sizes[:-1], layer_sizes[1:]))
    key, *keys = jax.random.split(key, 3)
    inputs = jax.random.normal(keys[0], (batch_size, layer_sizes[0]))
    targets = jax.random.normal(keys[1], (batch_size, layer_sizes[-1]))
    return params, (inputs, targets)


layer_sizes = [784, 128, 128, 128, 128, 128, 8]
batch_size = 32
params, batch = init(jax.random.key(0), layer_sizes, batch_size)

loss_fsdp = jax.shard_map(fsdp.loss_fsdp_local, mesh=mesh,
                          in_specs=(P(fsdp.AXIS), P(fsdp.AXIS)), out_specs=P())


@jax.jit
def train_step(params, batch):
    grads = jax.grad(loss_fsdp)(params, batch)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)


print(train_step.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
