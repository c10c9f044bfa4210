import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import equinox as eqx
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import CNN
from train import make_step

BATCH_SIZE = 64

mesh = Mesh(np.array(jax.devices()), ("batch",))

model = CNN(jr.PRNGKey(5678))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adamw(3e-4)
opt_state = optim.init(params)

step = shard_map(
    make_step(static, optim, "batch"),
    mesh=mesh,
    in_specs=(P(), P(), P("batch"), P("batch")),
    out_specs=(P(), P(), P(), P()),
)
step = jax.jit(step)

x = jax.ShapeDtypeStruct((BATCH_SIZE, 1, 28, 28), jnp.float32)
y = jax.ShapeDtypeStruct((BATCH_SIZE,), jnp.int32)
step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
