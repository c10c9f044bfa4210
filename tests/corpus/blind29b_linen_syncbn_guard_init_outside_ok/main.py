import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

if jax.__version_info__ >= (0, 7, 0):
    shard_map = functools.partial(jax.shard_map, check_vma=False)
else:
    from jax.experimental.shard_map import shard_map as _sm
    shard_map = functools.partial(_sm, check_rep=False)

BATCH_AXIS = "batch"


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(16, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, axis_name=BATCH_AXIS)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


model = ConvNet()
mesh = Mesh(np.array(jax.devices()), (BATCH_AXIS,))
x = jnp.ones((8, 8, 8, 3))
variables = model.init(jax.random.PRNGKey(0), x[:2])


def local_step(variables, x):
    logits, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    return logits, updates["batch_stats"]


step = shard_map(local_step, mesh=mesh, in_specs=(P(), P(BATCH_AXIS)),
                 out_specs=(P(BATCH_AXIS), P()))
lowered = jax.jit(step).trace(variables, x).lower(lowering_platforms=("cuda",))
print("lowered")
