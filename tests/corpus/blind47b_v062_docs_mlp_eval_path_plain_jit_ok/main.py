from functools import partial

import jax
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from parallel import model

mesh = Mesh(np.array(jax.devices()[:4]), ("batch",))

layer_sizes = [16, 32, 32, 4]
batch_size = 32
params, batch = model.init(jax.random.key(0), layer_sizes, batch_size)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P("batch", None)), out_specs=(P(), P()))
def train_step(params, batch):
    l, grads = jax.value_and_grad(model.loss)(params, batch)
    return l, grads


# evaluation reuses the same collective-averaged loss, so it needs the same wrapper
eval_step = jax.jit(
    shard_map(model.loss, mesh=mesh, in_specs=(P(), P("batch", None)), out_specs=P())
)

print(train_step.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(eval_step.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:40])
