from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from model import init_mlp, mlp_loss
from settings import OPTIM, PARALLEL

DATA = PARALLEL["data_axis"]
mesh = Mesh(jax.devices()[: PARALLEL["num_devices"]], (DATA,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(DATA), P(DATA)), out_specs=(P(), P()))
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(mlp_loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - OPTIM["lr"] * g, params, grads)
    # logged per host by the metrics writer
    return new_params, loss


params = init_mlp(jax.random.key(0), [32, 64, 10])
x = jnp.ones((16, 32))
y = jax.nn.one_hot(jnp.zeros((16,), jnp.int32), 10)
train_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
